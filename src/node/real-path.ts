/**
 * Symlinks in the vault's path (docs/design.md, "Symlinks in the vault's path"). A vault kept in a
 * synced folder is often reached through a symlink, so the hook's root (from the script's place) and
 * the path an agent sends can name the same file by different paths. The literal comparison in
 * the core comes first; only when it says "outside" are the real paths compared.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { vaultRelative } from '../core/rules/scope';

/**
 * The real path of `p`: its nearest existing ancestor resolved through every symlink, with the
 * part that does not exist yet (a file a Write is about to create) appended. Null when nothing
 * along it can be resolved.
 */
export function realPathOf(p: string): string | null {
	let existing = path.resolve(p);
	const rest: string[] = [];
	for (;;) {
		try {
			return path.join(fs.realpathSync.native(existing), ...rest);
		} catch {
			const parent = path.dirname(existing);
			if (parent === existing) return null;
			rest.unshift(path.basename(existing));
			existing = parent;
		}
	}
}

/**
 * `vaultRelative`, but also through symlinks: the literal paths first, then each of root and file
 * by its real path. Null when no pairing puts the file inside the vault.
 */
export function vaultRelativeReal(root: string, filePath: string): string | null {
	const literal = vaultRelative(root, filePath);
	if (literal !== null || filePath.includes('\0')) return literal;
	const absolute = path.resolve(root, filePath);
	const realFile = realPathOf(absolute);
	const realRoot = realPathOf(root);
	for (const [r, f] of [
		[root, realFile],
		[realRoot, absolute],
		[realRoot, realFile],
	] as const) {
		if (r === null || f === null) continue;
		const rel = vaultRelative(r, f);
		if (rel !== null) return rel;
	}
	return null;
}

/** The first folder along `p` (from the top) that is a symlink, or null when there is none. */
export function firstSymlink(p: string): string | null {
	let current = path.parse(path.resolve(p)).root;
	for (const part of path.resolve(p).slice(current.length).split(path.sep).filter((x) => x !== '')) {
		current = path.join(current, part);
		try {
			if (fs.lstatSync(current).isSymbolicLink()) return current;
		} catch {
			return null;
		}
	}
	return null;
}
