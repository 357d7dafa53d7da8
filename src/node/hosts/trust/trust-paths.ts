/** Path and JSON helpers the hosts' trust checks share. */
import * as path from 'node:path';
import { readRegularFile } from '../../state-file';

/** A settings file larger than this is not one to read. */
const SETTINGS_MAX = 16 * 1024 * 1024;

export function readJson(file: string): unknown {
	try {
		return JSON.parse(readRegularFile(file, SETTINGS_MAX)?.toString('utf8') ?? '') as unknown;
	} catch {
		return undefined;
	}
}

export function isObj(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Case-folded on Windows and macOS, whose file systems usually are. */
export function same(a: string, b: string, platform: NodeJS.Platform): boolean {
	const norm = (p: string): string => path.resolve(p).replace(/[\\/]+$/, '');
	return platform === 'linux' ? norm(a) === norm(b) : norm(a).toLowerCase() === norm(b).toLowerCase();
}

export function inside(child: string, parent: string, platform: NodeJS.Platform): boolean {
	let dir = path.resolve(child);
	for (;;) {
		if (same(dir, parent, platform)) return true;
		const up = path.dirname(dir);
		if (up === dir) return false;
		dir = up;
	}
}
