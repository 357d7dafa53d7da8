/**
 * Reading and rewriting one note for `mark_reviewed` so that the write lands in the vault even
 * while someone swaps a folder of it for a symbolic link out of it. Checking a path and then
 * writing to it leaves a moment in between; so the note's folder is opened once (refusing a link
 * as its last part), the real path of what was opened is checked against the vault, and every
 * later step names the note through that open folder (`/proc/self/fd/N/<name>` on Linux), which a
 * rename or a new link can no longer redirect. The note itself is opened without following a link
 * and only when it is a regular file (a FIFO would block the server). Where the system has no
 * `/proc/self/fd` (macOS, Windows) the folder's real path is checked just before the write instead,
 * which narrows the moment but cannot close it (docs/design.md, "Links do not open doors").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PathRefused } from './vault-path';

/** Larger notes are not rewritten by a tool (Obsidian does not keep such notes in its cache either). */
export const MAX_NOTE_BYTES = 16 * 1024 * 1024;

const strict = new TextDecoder('utf-8', { fatal: true });

function inside(dir: string, file: string): boolean {
	const rel = path.relative(dir, file);
	return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function flag(name: 'O_NOFOLLOW' | 'O_DIRECTORY' | 'O_NONBLOCK'): number {
	return (fs.constants as Record<string, number | undefined>)[name] ?? 0;
}

export interface OpenNote {
	text: string;
	/** Writes `text` in place of the note, atomically, only while it is still the file read. */
	replace(text: string): void;
	close(): void;
}

interface Folder {
	/** How later steps name the folder: through its open descriptor when the system allows. */
	via: string;
	fd: number | null;
	/** Checks, again, that the folder is inside the vault; throws when not. */
	recheck(): void;
}

function openFolder(realRoot: string, dir: string, shown: string): Folder {
	const away = (): PathRefused => new PathRefused(`${shown} was moved out of the vault (through a symbolic link) while it was being marked; it was left unchanged`);
	let fd: number;
	try {
		fd = fs.openSync(dir, fs.constants.O_RDONLY | flag('O_DIRECTORY') | flag('O_NOFOLLOW'));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ELOOP' || code === 'ENOTDIR') throw away();
		// Windows cannot open a folder: check its real path instead.
		if (code === 'EISDIR' || code === 'EPERM' || code === 'EACCES') return byPath(realRoot, dir, away);
		throw new PathRefused(`${shown} cannot be opened: ${(error as Error).message}`);
	}
	const pinned = `/proc/self/fd/${fd}`;
	let real: string | null = null;
	try {
		real = fs.readlinkSync(pinned);
	} catch {
		real = null;
	}
	if (real === null) {
		fs.closeSync(fd);
		return byPath(realRoot, dir, away);
	}
	if (real !== realRoot && !inside(realRoot, real)) {
		fs.closeSync(fd);
		throw away();
	}
	return { via: pinned, fd, recheck: () => undefined };
}

function byPath(realRoot: string, dir: string, away: () => PathRefused): Folder {
	const recheck = (): void => {
		let real: string;
		try {
			real = fs.realpathSync.native(dir);
		} catch {
			throw away();
		}
		if (real !== realRoot && !inside(realRoot, real)) throw away();
	};
	recheck();
	return { via: dir, fd: null, recheck };
}

function sameFile(a: fs.Stats, b: fs.Stats): boolean {
	return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/**
 * Opens the note at the real path `file` (already resolved, and inside the real vault root
 * `realRoot`) for one read and one replacement. `shown` names it in messages.
 */
export function openNote(realRoot: string, file: string, shown: string): OpenNote {
	if (!inside(realRoot, file)) throw new PathRefused(`${shown} is not inside the vault`);
	const folder = openFolder(realRoot, path.dirname(file), shown);
	const name = path.basename(file);
	const at = (n: string): string => `${folder.via}/${n}`;
	const close = (): void => {
		if (folder.fd !== null) fs.closeSync(folder.fd);
	};
	try {
		let fd: number;
		try {
			fd = fs.openSync(at(name), fs.constants.O_RDONLY | flag('O_NOFOLLOW') | flag('O_NONBLOCK'));
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ELOOP') throw new PathRefused(`${shown} became a symbolic link while it was being marked; it was left unchanged`);
			if (code === 'ENOENT') throw new PathRefused(`${shown} does not exist in the vault`);
			throw new PathRefused(`${shown} cannot be opened: ${(error as Error).message}`);
		}
		let read: fs.Stats;
		let data: Buffer;
		try {
			read = fs.fstatSync(fd);
			if (!read.isFile()) throw new PathRefused(`${shown} is not a regular file`);
			if (read.size > MAX_NOTE_BYTES) throw new PathRefused(`${shown} is larger than ${MAX_NOTE_BYTES / 1024 / 1024} MB; mark it reviewed in Obsidian`);
			data = Buffer.alloc(read.size);
			let got = 0;
			while (got < data.length) {
				const n = fs.readSync(fd, data, got, data.length - got, got);
				if (n === 0) break;
				got += n;
			}
			data = data.subarray(0, got);
		} finally {
			fs.closeSync(fd);
		}
		let text: string;
		try {
			text = strict.decode(data);
		} catch {
			throw new PathRefused(`${shown} is not valid UTF-8 text; it was left unchanged (edit it in Obsidian)`);
		}
		const replace = (next: string): void => {
			folder.recheck();
			const now = fs.lstatSync(at(name), { throwIfNoEntry: false });
			if (now === undefined || !now.isFile() || !sameFile(now, read)) throw new PathRefused(`${shown} changed while it was being edited; it was left unchanged. Try again.`);
			const tmp = `.${name}.${process.pid}.${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}.tmp`;
			// Exclusive and not through a link: a name planted in the folder is never written through.
			const out = fs.openSync(at(tmp), fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | flag('O_NOFOLLOW'), read.mode & 0o777);
			try {
				try {
					fs.writeSync(out, next);
					fs.fchmodSync(out, read.mode & 0o7777);
				} finally {
					fs.closeSync(out);
				}
				folder.recheck();
				fs.renameSync(at(tmp), at(name));
			} catch (error) {
				fs.rmSync(at(tmp), { force: true });
				throw error;
			}
		};
		return { text, replace, close };
	} catch (error) {
		close();
		throw error;
	}
}
