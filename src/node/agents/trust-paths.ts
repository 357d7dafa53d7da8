/** Path and JSON helpers the hosts' trust checks share. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export function readJson(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
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
