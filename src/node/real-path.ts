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

let realRootOf: { root: string; real: string } | null = null;

/**
 * The real path of the link `file` when it lies inside the vault at `root` (by real paths), else
 * null: a note that is a link out of the vault is never counted or read (docs/design.md, "Links do
 * not open doors"). Throws when the link cannot be resolved (a loop, a dangling link), as opening
 * it would.
 */
export function linkTarget(root: string, file: string): string | null {
	if (realRootOf?.root !== root) realRootOf = { root, real: fs.realpathSync.native(root) };
	const top = realRootOf.real;
	const real = fs.realpathSync.native(file);
	return real.startsWith(top.endsWith(path.sep) ? top : top + path.sep) ? real : null;
}

const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
/** Flags that would let an open change the file: refused here, as every write goes through state-file.ts. */
const WRITING = fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND;

/**
 * Opens a file of the vault for reading (`flags` plus O_NOFOLLOW) without following a link out of
 * it: a link inside the vault is opened at its real path, one that leads out fails as ENOENT (no
 * such note). A file swapped for a link after it was listed is caught the same way.
 */
export function openInVault(root: string, file: string, flags: number): number {
	if ((flags & WRITING) !== 0) throw new Error('openInVault opens notes for reading only; writes go through the state-file module');
	try {
		return fs.openSync(file, flags | NO_FOLLOW);
	} catch (error) {
		// ELOOP: the last part is a link (EMLINK on FreeBSD, EFTYPE on some BSDs).
		const code = (error as NodeJS.ErrnoException).code;
		if (NO_FOLLOW === 0 || (code !== 'ELOOP' && code !== 'EMLINK' && code !== 'EFTYPE')) throw error;
		const real = linkTarget(root, file);
		if (real === null) throw Object.assign(new Error(`${file} links out of the vault`), { code: 'ENOENT' });
		return fs.openSync(real, flags | NO_FOLLOW);
	}
}
