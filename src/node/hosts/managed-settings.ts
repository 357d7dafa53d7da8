/**
 * Claude Code's managed settings folder: `managed-settings.json` and the drop-in files of
 * `managed-settings.d/` beside it (every `*.json` not starting with a dot, merged after the base
 * file in name order). Per platform: `/Library/Application Support/ClaudeCode` (macOS),
 * `C:\Program Files\ClaudeCode` (Windows), `/etc/claude-code` (Linux and WSL).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReadFile } from './host-spec';

export function managedSettingsDir(platform: NodeJS.Platform): string {
	if (platform === 'darwin') return '/Library/Application Support/ClaudeCode';
	if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
	return '/etc/claude-code';
}

/** The base file, then each drop-in in the order Claude Code merges them. Read-only for us. */
export function managedSettingsFiles(dir: string): ReadFile[] {
	let names: string[] = [];
	try {
		names = fs
			.readdirSync(path.join(dir, 'managed-settings.d'))
			.filter((n) => n.endsWith('.json') && !n.startsWith('.'))
			.sort();
	} catch {
		// No drop-in folder (the usual case), or one we may not list: only the base file.
	}
	return [
		{ file: path.join(dir, 'managed-settings.json'), label: 'managed', managed: true },
		...names.map((n) => ({ file: path.join(dir, 'managed-settings.d', n), label: 'managed', managed: true })),
	];
}
