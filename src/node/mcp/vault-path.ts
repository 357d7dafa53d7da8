/**
 * Paths an MCP client names. They are untrusted: only a path that stays inside the vault, both
 * as written and after symlinks are followed, is accepted; anything else is refused with a reason
 * the agent can act on.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { vaultRelative } from '../../core/rules/scope';

export class PathRefused extends Error {}

export interface VaultPath {
	/** Vault-relative with `/`; '' for the vault itself. */
	rel: string;
	absolute: string;
}

function inside(dir: string, file: string): boolean {
	const rel = path.relative(dir, file);
	return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The deepest existing ancestor's real path, with the missing rest appended. */
function realPathOf(absolute: string): string {
	let current = absolute;
	const missing: string[] = [];
	for (;;) {
		try {
			return path.join(fs.realpathSync(current), ...missing);
		} catch (error) {
			const parent = path.dirname(current);
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
			missing.unshift(path.basename(current));
			current = parent;
		}
	}
}

export function resolveVaultPath(root: string, given: string): VaultPath {
	const shown = JSON.stringify(given);
	if (given.trim() === '' || given.includes('\0')) throw new PathRefused(`${shown} is not a path`);
	const slashed = given.replace(/\\/g, '/');
	if (slashed.split('/').includes('..')) {
		throw new PathRefused(`${shown} contains "..": name the file by its path inside the vault (for example "Notes/a.md")`);
	}
	const isAbs = path.isAbsolute(given) || /^[A-Za-z]:\//.test(slashed);
	const trimmed = slashed.replace(/^(\.\/)+/, '');
	const rel = trimmed === '' || trimmed === '.' ? '' : isAbs ? vaultRelative(root, slashed) : vaultRelative(root, trimmed);
	if (rel === null) {
		if (isAbs && path.resolve(given) === path.resolve(root)) return { rel: '', absolute: path.resolve(root) };
		throw new PathRefused(`${shown} is outside the vault ${root}; only paths inside the vault are allowed`);
	}
	const absolute = rel === '' ? path.resolve(root) : path.join(root, ...rel.split('/'));
	let real: string;
	let realRoot: string;
	try {
		realRoot = fs.realpathSync(root);
		real = realPathOf(absolute);
	} catch (error) {
		throw new PathRefused(`${shown} cannot be resolved: ${(error as Error).message}`);
	}
	if (!inside(realRoot, real)) throw new PathRefused(`${shown} leads out of the vault through a symbolic link (to ${real}); only files inside the vault are allowed`);
	return { rel, absolute };
}
