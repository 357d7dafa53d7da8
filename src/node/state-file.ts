/**
 * The one door to Session Brief's own files in a vault (docs/design.md, "The trust boundary"):
 * whoever can put a file into the vault controls what lies at these paths, so nothing here follows
 * a planted link, waits on a FIFO or reads unbounded. Agent settings outside the vault go through
 * `writeAgentSettingsFile`; lint keeps file-system writes out of every other module.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const C = fs.constants;
// Windows has neither flag; there the lstat before each open stands in for O_NOFOLLOW, and Windows
// has no FIFOs to hang on.
const NOFOLLOW = C.O_NOFOLLOW ?? 0;
const NONBLOCK = C.O_NONBLOCK ?? 0;
const READ_FLAGS = C.O_RDONLY | NOFOLLOW | NONBLOCK;
const CREATE_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | NOFOLLOW;
// Read too: an append looks at the last byte to mend a line a crash tore (appendAt).
const APPEND_FLAGS = C.O_RDWR | C.O_APPEND | C.O_CREAT | NOFOLLOW | NONBLOCK;

/** A state path the boundary refuses, or a file at it that is not a regular file. Nothing was changed. */
export class StateFileError extends Error {
	constructor(
		readonly file: string,
		readonly reason: string,
	) {
		super(`${file}: ${reason}`);
	}
}

/** Test-only: every state path written is appended to this file (tests/reliability/state-paths.test.ts). */
const TRACE = process.env.SESSION_BRIEF_STATE_TRACE;

function trace(file: string): void {
	if (TRACE === undefined || TRACE === '') return;
	try {
		fs.appendFileSync(TRACE, `${file}\n`);
	} catch {
		// Tracing never changes what the code does.
	}
}

const realRoots = new Map<string, string | null>();

function realRoot(root: string): string | null {
	const key = normal(root);
	let real = realRoots.get(key);
	if (real === undefined) {
		try {
			real = fs.realpathSync.native(key);
		} catch {
			// Not kept: a vault folder made later must be found then.
			return null;
		}
		realRoots.set(key, real);
	}
	return real;
}

const foldCase = process.platform === 'darwin' || process.platform === 'win32';
const same = (a: string, b: string): boolean => (foldCase ? a.toLowerCase() === b.toLowerCase() : a === b);

// A path as the callers build it (path.join of an absolute root) needs no resolving; only another
// one goes through path.resolve. Resolving every path made path's normalizer hot enough for V8 to
// optimize it at every hook start (docs/bench/README.md, "State files").
const UNCLEAN = process.platform === 'win32' ? /(?:)/ : /\/\/|\/\.{1,2}(?:\/|$)|.\/$/;

function normal(p: string): string {
	return path.isAbsolute(p) && !UNCLEAN.test(p) ? p : path.resolve(p);
}

/** `rel` (from `under`) below the real root `top`: the real path a folder of the vault must have. */
function belowReal(top: string, rel: string): string {
	return rel === '' ? top : top.endsWith(path.sep) ? top + rel : top + path.sep + rel;
}

/** `dir` relative to `root` when it lies under it literally, else null. */
function under(root: string, dir: string): string | null {
	const r = normal(root);
	const d = normal(dir);
	if (d === r) return '';
	const prefix = r.endsWith(path.sep) ? r : r + path.sep;
	if (!(foldCase ? d.toLowerCase().startsWith(prefix.toLowerCase()) : d.startsWith(prefix))) return null;
	return d.slice(prefix.length);
}

type FolderState = 'ok' | 'missing' | { refused: string };

/**
 * Whether `dir` is a folder of the vault by its real path: under the root literally, and its real
 * path the root's real path plus the same names (so no link sits between them, even one pointing
 * back into the vault: a link can be swapped while a hook runs).
 */
function folderState(root: string, dir: string): FolderState {
	const rel = under(root, dir);
	if (rel === null) return { refused: 'lies outside the vault' };
	const top = realRoot(root);
	if (top === null) return { refused: 'the vault folder cannot be resolved' };
	let real: string;
	try {
		real = fs.realpathSync.native(normal(dir));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT') return 'missing';
		return { refused: code === 'ENOTDIR' ? 'a file stands where a folder belongs' : `cannot be resolved (${code ?? 'error'})` };
	}
	if (!same(real, belowReal(top, rel))) return { refused: `is reached through a symbolic link (it leads to ${real})` };
	return 'ok';
}

function refuse(file: string, state: FolderState): never {
	throw new StateFileError(file, typeof state === 'object' ? `refused: its folder ${state.refused}` : 'its folder does not exist');
}

let procFd: boolean | undefined;

/** Linux names an open folder `/proc/self/fd/N`: a path that a later swap of the folder cannot redirect. */
function hasProcFd(): boolean {
	if (procFd === undefined) {
		try {
			procFd = process.platform === 'linux' && fs.statSync('/proc/self/fd').isDirectory();
		} catch {
			procFd = false;
		}
	}
	return procFd;
}

/**
 * Runs `work` with `file` named through its folder held open, after checking that what was opened
 * is that folder of the vault by its real path. Checking a path and then writing to it leaves a
 * moment in which the folder could be swapped for a link out of the vault; the open folder closes
 * it. Where there is no `/proc/self/fd` (macOS, Windows) the check just made stands, and the
 * moment stays (docs/design.md, "The trust boundary").
 */
function throughFolder<T>(root: string, file: string, work: (at: string) => T): T {
	const held = holdFolder(root, file, true);
	return work(held?.at ?? file);
}

/**
 * The same for a write that awaits between its steps. It holds a folder of its own, closed when it
 * is done: a held folder shared with other writes could be let go (and its number reused) while it waits.
 */
async function throughFolderAsync<T>(root: string, file: string, work: (at: string) => Promise<T>): Promise<T> {
	const held = holdFolder(root, file, false);
	if (held === null) return work(file);
	try {
		return await work(held.at);
	} finally {
		fs.closeSync(held.fd);
	}
}

/**
 * Folders held open by synchronous writes, by path: a hook writes several files into one folder, and
 * opening it once saves an open and a close per write. Each use checks again where the folder is now.
 */
const heldFolders = new Map<string, number>();
/** A long-running process (the MCP server marking notes in many folders) keeps a few only. */
const MAX_HELD_FOLDERS = 16;

function openFolder(file: string, dir: string): number {
	try {
		return fs.openSync(dir, C.O_RDONLY | (C.O_DIRECTORY ?? 0) | NOFOLLOW);
	} catch (error) {
		throw new StateFileError(file, `refused: its folder cannot be opened as a folder of the vault (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
	}
}

/**
 * `file`'s folder held open (`shared`: from the per-process set, else one the caller closes), after
 * checking its real path; `at` names `file` through it. Null without /proc/self/fd.
 */
function holdFolder(root: string, file: string, shared: boolean): { fd: number; at: string } | null {
	if (!hasProcFd()) return null;
	const dir = path.dirname(normal(file));
	const top = realRoot(root);
	const rel = under(root, dir);
	const want = top === null || rel === null ? null : belowReal(top, rel);
	let real: string | null = null;
	for (let attempt = 0; attempt < 2; attempt++) {
		let fd = shared ? heldFolders.get(dir) : undefined;
		if (fd === undefined) {
			fd = openFolder(file, dir);
			if (shared) {
				heldFolders.set(dir, fd);
				if (heldFolders.size > MAX_HELD_FOLDERS) {
					const [oldest, oldFd] = heldFolders.entries().next().value as [string, number];
					heldFolders.delete(oldest);
					fs.closeSync(oldFd);
				}
			}
		}
		try {
			real = fs.readlinkSync(`/proc/self/fd/${fd}`);
		} catch {
			real = null;
		}
		if (real !== null && want !== null && same(real, want)) return { fd, at: `/proc/self/fd/${fd}/${path.basename(file)}` };
		// Moved, replaced or removed since it was held: let it go and open the path again, once.
		if (shared) heldFolders.delete(dir);
		fs.closeSync(fd);
	}
	throw new StateFileError(file, `refused: its folder was replaced by a link${real === null ? '' : ` (it leads to ${real})`}`);
}

/** Makes `dir` and the folders above it up to the root, each one checked; throws when one is refused. */
export function ensureStateFolder(root: string, dir: string): void {
	const state = folderState(root, dir);
	if (state === 'ok') return;
	if (state !== 'missing') refuse(dir, state);
	const parent = path.dirname(normal(dir));
	if (parent === normal(dir) || under(root, parent) === null) refuse(dir, state);
	ensureStateFolder(root, parent);
	try {
		fs.mkdirSync(dir, { mode: 0o777 });
		trace(dir);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
	}
	const made = folderState(root, dir);
	if (made !== 'ok') refuse(dir, made);
}

/** What lies at a state path: a regular file, nothing, or something else (doctor lists the last). */
export type StateEntry = { kind: 'file'; stat: fs.Stats } | { kind: 'missing' } | { kind: 'damaged'; reason: string };

/** Looks at `file` without following or opening it. */
export function inspectStateFile(root: string, file: string): StateEntry {
	const folder = folderState(root, path.dirname(normal(file)));
	if (folder === 'missing') return { kind: 'missing' };
	if (folder !== 'ok') return { kind: 'damaged', reason: `its folder ${folder.refused}` };
	let st: fs.Stats;
	try {
		st = fs.lstatSync(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'damaged', reason: `cannot be read (${code ?? 'error'})` };
	}
	if (st.isFile()) return { kind: 'file', stat: st };
	return { kind: 'damaged', reason: describe(st) };
}

function describe(st: fs.Stats): string {
	if (st.isSymbolicLink()) return 'is a symbolic link';
	if (st.isDirectory()) return 'is a folder';
	if (st.isFIFO()) return 'is a FIFO (named pipe)';
	if (st.isSocket()) return 'is a socket';
	if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device';
	return 'is not a regular file';
}

/** The file's stats when it is a regular file of the vault, else null (missing or damaged). */
export function statStateFile(root: string, file: string): fs.Stats | null {
	const entry = inspectStateFile(root, file);
	return entry.kind === 'file' ? entry.stat : null;
}

/**
 * Opens a regular state file for reading; null when it is missing or damaged. The caller closes
 * the descriptor (the journal reads ranges of it).
 */
export function openStateFile(root: string, file: string): number | null {
	const folder = folderState(root, path.dirname(normal(file)));
	if (folder !== 'ok') return null;
	if (NOFOLLOW === 0 && statStateFile(root, file) === null) return null;
	let fd: number;
	try {
		fd = fs.openSync(file, READ_FLAGS);
	} catch {
		return null;
	}
	try {
		if (fs.fstatSync(fd).isFile()) return fd;
	} catch {
		// Fall through: closed below.
	}
	fs.closeSync(fd);
	return null;
}

/** Reads up to `maxBytes` of an open file from `from`. */
export function readRange(fd: number, from: number, maxBytes: number): Buffer {
	const size = fs.fstatSync(fd).size;
	const length = Math.max(0, Math.min(size - from, maxBytes));
	const buf = Buffer.allocUnsafe(length);
	let got = 0;
	while (got < length) {
		const n = fs.readSync(fd, buf, got, length - got, from + got);
		if (n === 0) break;
		got += n;
	}
	return buf.subarray(0, got);
}

/** A regular state file's bytes; null when it is missing, damaged or larger than `maxBytes`. */
export function readStateFile(root: string, file: string, maxBytes: number): Buffer | null {
	const fd = openStateFile(root, file);
	if (fd === null) return null;
	try {
		if (fs.fstatSync(fd).size > maxBytes) return null;
		return readRange(fd, 0, maxBytes);
	} catch {
		return null;
	} finally {
		fs.closeSync(fd);
	}
}

/** The same as UTF-8 text (a leading byte-order mark dropped). */
export function readStateText(root: string, file: string, maxBytes: number): string | null {
	const data = readStateFile(root, file, maxBytes);
	return data === null ? null : data.toString('utf8').replace(/^\uFEFF/, '');
}

/** The same parsed as JSON; undefined when missing, damaged or not JSON. */
export function readStateJson(root: string, file: string, maxBytes: number): unknown {
	const text = readStateText(root, file, maxBytes);
	if (text === null) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

function randomPart(): string {
	// Math.random rather than the crypto module, which every hook start would pay to load: with
	// O_EXCL a guessed name can only make a write try another name, never redirect it.
	return `${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}`;
}

function writeAll(fd: number, data: string | Buffer): void {
	const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
	let done = 0;
	while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done);
}

/** Creates a new temp file beside `file` (exclusively, a fresh random name each try). */
function createTemp(file: string, mode: number): { fd: number; tmp: string } {
	for (let attempt = 0; ; attempt++) {
		const tmp = `${file}.${process.pid}.${randomPart()}.tmp`;
		try {
			return { fd: fs.openSync(tmp, CREATE_FLAGS, mode), tmp };
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw error;
		}
	}
}

export interface StateWriteOptions {
	/**
	 * The new file's permission bits: a number sets them exactly (the discovery file holds a token:
	 * 0600); `'keep'` asks for those of the file replaced (an executable script). Left out: the
	 * process's default for a new file.
	 */
	mode?: number | 'keep';
	/**
	 * Replace the file only while it is still the one read (the same file, size and modification
	 * time), checked just before the rename; a file changed meanwhile is left as it is.
	 */
	unchanged?: fs.Stats;
}

/** The reason a write refused to replace a file that changed since it was read (`unchanged`). */
export const CHANGED_SINCE_READ = 'changed since it was read';

function modeOf(file: string, options: StateWriteOptions): { create: number; exact: number | undefined } {
	if (options.mode === 'keep') {
		try {
			const st = fs.lstatSync(file);
			if (st.isFile()) return { create: st.mode & 0o777, exact: undefined };
		} catch {
			// A new file.
		}
		return { create: 0o666, exact: undefined };
	}
	return { create: options.mode ?? 0o666, exact: options.mode };
}

/** Writes `data` through a temp file and a rename, so a reader sees the old file or the new one. */
function replaceFile(file: string, data: string | Buffer, options: StateWriteOptions): void {
	const mode = modeOf(file, options);
	const { fd, tmp } = createTemp(file, mode.create);
	try {
		try {
			writeAll(fd, data);
			if (mode.exact !== undefined) fs.fchmodSync(fd, mode.exact);
		} finally {
			fs.closeSync(fd);
		}
		const was = options.unchanged;
		if (was !== undefined) {
			const now = fs.lstatSync(file, { throwIfNoEntry: false });
			if (now === undefined || !now.isFile() || now.dev !== was.dev || now.ino !== was.ino || now.size !== was.size || now.mtimeMs !== was.mtimeMs) throw new StateFileError(file, CHANGED_SINCE_READ);
		}
		// rename() replaces whatever lies at `file` (a planted link included) and never writes through it.
		fs.renameSync(tmp, file);
	} catch (error) {
		try {
			fs.unlinkSync(tmp);
		} catch {
			// Renamed already, or the folder went away.
		}
		throw error;
	}
}

/** Replaces a state file atomically; throws StateFileError when the boundary refuses the path. */
export function writeStateFile(root: string, file: string, data: string | Buffer, options: StateWriteOptions = {}): void {
	const dir = path.dirname(normal(file));
	ensureStateFolder(root, dir);
	const target = inspectStateFile(root, file);
	if (target.kind === 'damaged' && target.reason === 'is a folder') throw new StateFileError(file, 'refused: a folder stands where the file belongs');
	throughFolder(root, file, (at) => replaceFile(at, data, options));
	trace(file);
}

/** The same for the plugin, which must not block Obsidian's window on a large write. */
export async function writeStateFileAsync(root: string, file: string, data: string | Buffer, options: StateWriteOptions = {}): Promise<void> {
	// The checks are a handful of system calls; only the data write is worth doing off the thread.
	ensureStateFolder(root, path.dirname(normal(file)));
	await throughFolderAsync(root, file, async (at) => {
		const mode = modeOf(at, options);
		const { fd, tmp } = createTemp(at, mode.create);
		let open = true;
		try {
			const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
			let done = 0;
			while (done < bytes.length) {
				done += await new Promise<number>((resolve, reject) => {
					fs.write(fd, bytes, done, bytes.length - done, null, (error, written) => (error === null ? resolve(written) : reject(error)));
				});
			}
			if (mode.exact !== undefined) fs.fchmodSync(fd, mode.exact);
			open = false;
			fs.closeSync(fd);
			await fs.promises.rename(tmp, at);
		} catch (error) {
			// Closed once only: a descriptor number closed twice may by then be another file's.
			if (open) fs.closeSync(fd);
			await fs.promises.rm(tmp, { force: true });
			throw error;
		}
	});
	trace(file);
}

/**
 * Appends whole lines in one `O_APPEND` write (records of concurrent writers never interleave).
 * Returns whether the path still names the file written to, and its size after the write.
 */
export function appendStateFile(root: string, file: string, text: string): { landed: boolean; size: number } {
	ensureStateFolder(root, path.dirname(normal(file)));
	if (NOFOLLOW === 0 && inspectStateFile(root, file).kind === 'damaged') throw new StateFileError(file, 'refused: not a regular file');
	return throughFolder(root, file, (at) => appendAt(file, at, text));
}

/**
 * Appends `text` until it lands in the file the path names, at most `tries` times: lines written
 * into a log that a compaction has just replaced by a rename went with the old file, so they are
 * written again (each lost race needs a compaction in between). Returns the size after the last write.
 */
export function appendLanded(root: string, file: string, text: string, tries = 3): number {
	let size = 0;
	for (let i = 0; i < tries; i++) {
		const r = appendStateFile(root, file, text);
		size = r.size;
		if (r.landed) break;
	}
	return size;
}

/**
 * Whether the file's last line lacks its newline (a writer died mid-line, or the file was edited):
 * a line appended to it would be glued on and both read as one broken line. Writers append whole
 * lines only, so a racing append can at worst add an empty line, which readers skip.
 */
function endsTorn(fd: number, size: number): boolean {
	if (size === 0) return false;
	const last = Buffer.alloc(1);
	return fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
}

function appendAt(file: string, at: string, text: string): { landed: boolean; size: number } {
	const fd = fs.openSync(at, APPEND_FLAGS, 0o666);
	try {
		const before = fs.fstatSync(fd);
		if (!before.isFile()) throw new StateFileError(file, `refused: ${describe(before)}`);
		writeAll(fd, endsTorn(fd, before.size) ? `\n${text}` : text);
		trace(file);
		const mine = fs.fstatSync(fd);
		let now: fs.Stats | null = null;
		try {
			now = fs.lstatSync(at);
		} catch {
			now = null;
		}
		return { landed: now !== null && now.ino === mine.ino && now.dev === mine.dev, size: mine.size };
	} finally {
		fs.closeSync(fd);
	}
}

/** Creates `file` with `data` only when nothing lies there yet; false when something does. */
export function createStateFile(root: string, file: string, data: string, mode = 0o666): boolean {
	ensureStateFolder(root, path.dirname(normal(file)));
	return throughFolder(root, file, (at) => createAt(file, at, data, mode));
}

function createAt(file: string, at: string, data: string, mode: number): boolean {
	let fd: number;
	try {
		fd = fs.openSync(at, CREATE_FLAGS, mode);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw error;
	}
	try {
		writeAll(fd, data);
	} finally {
		fs.closeSync(fd);
	}
	trace(file);
	return true;
}

/**
 * Writes `data` whole under a temp name and links it into place at `file` unless something lies
 * there: a racing reader never sees it half-written. False when something was there first. Where
 * the file system has no hard links, the file is created in place.
 */
export function placeStateFile(root: string, file: string, data: string): boolean {
	ensureStateFolder(root, path.dirname(normal(file)));
	return throughFolder(root, file, (at) => placeAt(file, at, data));
}

function placeAt(file: string, at: string, data: string): boolean {
	let tmp: string | null = null;
	try {
		const made = createTemp(at, 0o666);
		tmp = made.tmp;
		try {
			writeAll(made.fd, data);
		} finally {
			fs.closeSync(made.fd);
		}
		fs.linkSync(tmp, at);
		trace(file);
		return true;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'EEXIST') return false;
		if (tmp !== null && (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS')) return createAt(file, at, data, 0o666);
		throw error;
	} finally {
		if (tmp !== null) {
			try {
				fs.unlinkSync(tmp);
			} catch {
				// Never made, or gone.
			}
		}
	}
}

/** Removes a state file (a link is removed itself, never what it points to); false when none was there. */
export function removeStateFile(root: string, file: string): boolean {
	const entry = inspectStateFile(root, file);
	if (entry.kind === 'missing') return false;
	if (entry.kind === 'damaged') {
		if (entry.reason.startsWith('its folder')) throw new StateFileError(file, `refused: ${entry.reason}`);
		if (entry.reason === 'is a folder') throw new StateFileError(file, 'refused: a folder stands where the file belongs');
	}
	try {
		throughFolder(root, file, (at) => fs.unlinkSync(at));
		trace(file);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
		throw error;
	}
}

/** Removes a folder of the vault when it is empty; anything else leaves it. */
export function removeStateFolderIfEmpty(root: string, dir: string): void {
	if (under(root, dir) === '' || folderState(root, dir) !== 'ok') return;
	try {
		if (!fs.lstatSync(dir).isDirectory()) return;
		fs.rmdirSync(dir);
		trace(dir);
	} catch {
		// Not empty, gone already, or not ours to judge.
	}
}

/** The names in a state folder (at most `max`); empty when it is missing or refused. */
export function listStateFolder(root: string, dir: string, max: number): fs.Dirent[] {
	if (folderState(root, dir) !== 'ok') return [];
	try {
		return fs.readdirSync(dir, { withFileTypes: true }).slice(0, max);
	} catch {
		return [];
	}
}

/** Whether `dir` exists as a folder of the vault by its real path. */
export function isStateFolder(root: string, dir: string): boolean {
	if (folderState(root, dir) !== 'ok') return false;
	try {
		return fs.lstatSync(dir).isDirectory();
	} catch {
		return false;
	}
}

/** Why `dir` is refused as a folder of the vault, or null when it is not (doctor explains a refusal). */
export function stateFolderProblem(root: string, dir: string): string | null {
	const state = folderState(root, dir);
	return typeof state === 'object' ? state.refused : null;
}

/** The file a link outside the vault points to (a dotfile manager's), or the path itself. */
export function resolveLink(file: string): string {
	try {
		return fs.realpathSync(file);
	} catch {
		return file;
	}
}

/** An agent settings file outside the vault (its links followed: they are the user's); null when missing. */
export function agentSettingsStat(file: string): fs.Stats | null {
	try {
		return fs.statSync(file);
	} catch {
		return null;
	}
}

/**
 * Reads an agent settings file outside the vault: only a regular file, without waiting, at most
 * `maxBytes`. Null when it does not exist; throws for anything else that cannot be read.
 */
export function readAgentSettingsFile(file: string, maxBytes: number): Buffer | null {
	let fd: number;
	try {
		fd = fs.openSync(file, C.O_RDONLY | NONBLOCK);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
		throw error;
	}
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile()) throw new Error(describe(st));
		if (st.size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
		return readRange(fd, 0, maxBytes);
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * A regular file anywhere, for what is not a state file of a vault: the user's own settings, the
 * review seal in Session Brief's per-user folder, and Session Brief's own program files (which
 * may lie in a clone or an npm folder). Like every read
 * here it never waits on a FIFO and is bounded; null when missing, not a regular file or too large.
 */
export function readRegularFile(file: string, maxBytes: number): Buffer | null {
	try {
		return readAgentSettingsFile(file, maxBytes);
	} catch {
		return null;
	}
}

/** Removes a folder made for an agent settings file outside the vault, only when empty. */
export function removeAgentFolderIfEmpty(dir: string): void {
	try {
		if (fs.readdirSync(dir).length === 0) {
			fs.rmdirSync(dir);
			trace(dir);
		}
	} catch {
		// Gone already or not ours to judge.
	}
}

/**
 * Replaces a file in Session Brief's per-user folder outside every vault (the review seal,
 * src/node/journal/review-seal.ts): made private (0700 folder, 0600 file), atomic like the rest.
 */
export function writeUserStateFile(file: string, data: string): void {
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	replaceFile(file, data, { mode: 0o600 });
	trace(file);
}

/** Opens a regular file in Session Brief's per-user folder for reading (never a link, never waiting); null when missing or not one. */
export function openUserStateFile(file: string): number | null {
	let fd: number;
	try {
		fd = fs.openSync(file, READ_FLAGS);
	} catch {
		return null;
	}
	if (fs.fstatSync(fd).isFile()) return fd;
	fs.closeSync(fd);
	return null;
}

/**
 * Appends whole lines to a file in Session Brief's per-user folder in one `O_APPEND` write, as
 * `appendLanded` does in a vault: written again (at most `tries` times) while a compaction's
 * rename took the file written to away. Returns the size after the last write.
 */
export function appendUserStateFile(file: string, text: string, tries = 3): number {
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	let size = 0;
	for (let i = 0; i < tries; i++) {
		const fd = fs.openSync(file, APPEND_FLAGS, 0o600);
		try {
			const before = fs.fstatSync(fd);
			if (!before.isFile()) throw new StateFileError(file, `refused: ${describe(before)}`);
			writeAll(fd, text);
			trace(file);
			const mine = fs.fstatSync(fd);
			size = mine.size;
			const now = fs.lstatSync(file, { throwIfNoEntry: false });
			if (now !== undefined && now.ino === mine.ino && now.dev === mine.dev) break;
		} finally {
			fs.closeSync(fd);
		}
	}
	return size;
}

/** Creates a file in Session Brief's per-user folder only when nothing lies there yet (a lock); false when something does. */
export function createUserStateFile(file: string, data: string): boolean {
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	return createAt(file, file, data, 0o600);
}

/** Removes a file in Session Brief's per-user folder (a link itself, never what it points to); false when none was there. */
export function removeUserStateFile(file: string): boolean {
	return unlinkTraced(file);
}

/**
 * Replaces an agent settings file that `install` or `uninstall` was asked to change, which may lie
 * outside the vault (the user scope). Atomic like the rest; the temp file is created exclusively.
 */
export function writeAgentSettingsFile(file: string, data: string | Buffer, options: StateWriteOptions = {}): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	replaceFile(file, data, options);
	trace(file);
}

/** Removes an agent settings file `install` had created (user scope: outside the vault); false when none was there. */
export function removeAgentSettingsFile(file: string): boolean {
	return unlinkTraced(file);
}

/** Unlinks `file` itself (never what a link points to); false when nothing was there. */
function unlinkTraced(file: string): boolean {
	try {
		fs.unlinkSync(file);
		trace(file);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
		throw error;
	}
}
