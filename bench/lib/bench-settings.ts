// The settings of the bench's generated vaults, written into each one's data.json: they have a
// rules folder and excluded root folders to measure, which the neutral defaults do not.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const BENCH_SETTINGS = { rulesFolder: 'AI/Regelwerk', excludedRootFolders: ['Import', '_index'] } as const;

/** A vault's excluded root folders as its data.json names them (none without one, as by default). */
export function excludedRootFolders(root: string): string[] {
	try {
		const data = JSON.parse(fs.readFileSync(path.join(root, '.obsidian', 'plugins', 'session-brief', 'data.json'), 'utf8')) as { excludedRootFolders?: unknown };
		return Array.isArray(data.excludedRootFolders) ? data.excludedRootFolders.filter((f): f is string => typeof f === 'string') : [];
	} catch {
		return [];
	}
}
