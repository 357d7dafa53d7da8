/**
 * The bridge's own look at the vault: a walk that reads each note once (no per-note process, no
 * per-note pattern) and turns it into flags through the core. Unreadable files and folders are
 * reported and never stop the walk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NoteEntry } from '../../core/brief/brief';
import { flagsOf, frozenEmptyFlags, lowerTagNames, type NoteFlags } from '../../core/notes/flags';
import { frontmatterMayCount, noteFactsFromText, tagNeedle } from '../../core/notes/note-facts';
import { flagBytes, prefilterFolders, type FlagBytes } from '../../core/notes/prefilter';
import { entersFolder, isHiddenName, isNoteName } from '../../core/notes/paths';
import { quoteName } from '../../core/quote';
import type { StatStamp } from '../../core/brief/stat-stamp';
import { FedSplit, splitRead } from './scan-parallel';
import { linkTarget, openInVault } from '../real-path';
import { statStamp } from './stat-walk';
import { traceThreads } from './thread-trace';
import { tagNameList, type Settings, type TagNames } from '../../core/settings';

export interface WalkedNote {
	path: string;
	mtime: number;
	size: number;
	/** Why the note could not be looked at, when it could not. */
	error?: string;
}

export interface Walk {
	notes: WalkedNote[];
	errors: string[];
}

function errorText(error: unknown): string {
	const e = error as NodeJS.ErrnoException;
	return e.code ?? (e.message || String(error)).split('\n')[0] ?? 'error';
}

type NoteVisit = (path: string, mtime: number, size: number, error?: string) => void;

/**
 * The walk itself: every counted note to `visit`, with its mtime and size when `withStat`.
 * Its own loop rather than walkFolders' visitor, with paths joined by hand (path.join would
 * normalise every path, and none needs it). The rule of what counts is the core's, name by
 * name (src/core/notes/paths.ts); tier 3's stamp walk (stat-walk.ts) runs the same functions in its own
 * loop, which a second thread can run.
 */
function walkNotes(root: string, excludedRootFolders: readonly string[], withStat: boolean, visit: NoteVisit): string[] {
	const errors: string[] = [];
	const prefix = root.endsWith(path.sep) ? root : root + path.sep;
	const pending: string[] = [''];
	while (pending.length > 0) {
		const rel = pending.pop() ?? '';
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(rel === '' ? root : prefix + rel, { withFileTypes: true });
		} catch (error) {
			errors.push(`could not read folder ${rel === '' ? '.' : quoteName(rel)} (${errorText(error)})`);
			continue;
		}
		const base = rel === '' ? '' : `${rel}/`;
		for (const entry of entries) {
			const name = entry.name;
			// What counts as a note, name by name (src/core/notes/paths.ts).
			if (isHiddenName(name)) continue;
			if (entry.isDirectory()) {
				if (entersFolder(name, rel === '', excludedRootFolders)) pending.push(base + name);
				continue;
			}
			if (!isNoteName(name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
			const childRel = base + name;
			// A link counts only while its real path stays in the vault (docs/design.md, "Links do not open doors").
			if (entry.isSymbolicLink() && !listLink(root, prefix + childRel)) continue;
			if (!withStat) {
				visit(childRel, 0, -1);
				continue;
			}
			try {
				const st = fs.statSync(prefix + childRel, { throwIfNoEntry: false });
				// Whole milliseconds: Obsidian reports `TFile.stat.mtime` so, and the plugin writes the index too.
				if (st?.isFile() === true) visit(childRel, Math.trunc(st.mtimeMs), st.size);
			} catch (error) {
				// A note that vanished between readdir and stat is simply gone; others are reported.
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') visit(childRel, 0, -1, errorText(error));
			}
		}
	}
	return errors;
}

/**
 * Lists every counted note with its modification time and size (tier 3's stat-only walk).
 * Symlinked folders are not followed, so a link loop cannot trap the walk; a symlinked note counts
 * only while its real path lies in the vault. Without `withStat` it only lists (mtime 0, size -1).
 */
export function walkVault(root: string, excludedRootFolders: readonly string[], withStat = true, listed?: (path: string) => void): Walk {
	const notes: WalkedNote[] = [];
	const errors = walkNotes(root, excludedRootFolders, withStat, (p, mtime, size, error) => {
		notes.push(error === undefined ? { path: p, mtime, size } : { path: p, mtime, size, error });
		listed?.(p);
	});
	return { notes, errors };
}

/**
 * The same walk folded into a stamp (src/core/brief/stat-stamp.ts), keeping nothing per note, since
 * holding every path adds garbage collection and page faults to the walk.
 * Null when a folder or a note could not be looked at, which no stamp may hide. A vault expected
 * to be large (`expectedNotes`, the count of the stamp it is compared with) is walked on two
 * threads when a core is free (stat-walk.ts).
 */
export function walkStamp(root: string, excludedRootFolders: readonly string[], expectedNotes = 0): StatStamp | null {
	return statStamp(root, excludedRootFolders, expectedNotes);
}

/** Whether the walk lists the link `file`: not when it leads out; one that cannot be resolved is listed, and its read reports why. */
function listLink(root: string, file: string): boolean {
	try {
		return linkTarget(root, file) !== null;
	} catch {
		return true;
	}
}

const decoder = new TextDecoder('utf-8', { fatal: false });
// O_NONBLOCK: opening a FIFO named like a note must not wait for a writer; regular files ignore it.
// A note that is (or has just become) a link is opened only through openInVault's check.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
let buffer = Buffer.allocUnsafe(64 * 1024);

/** What readFile read last: the bytes in `buffer[0, readLength)`, and the open file's mtime and size. */
let readLength = 0;
let readMtime = 0;
let readSize = 0;

/**
 * Opens, stats and reads one note with one descriptor into the shared buffer; false when it is no
 * regular file. The bytes and readLength, readMtime, readSize stay valid until the next call (no
 * object per note: a full scan reads 100,000 of them).
 */
function readFile(root: string, file: string): boolean {
	const fd = openInVault(root, file, OPEN_FLAGS);
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile()) return false;
		if (st.size + 1 > buffer.length) buffer = Buffer.allocUnsafe(st.size + 1);
		let length = 0;
		for (;;) {
			// The note may grow while it is read: keep reading until the end, growing the buffer.
			if (length === buffer.length) {
				const bigger = Buffer.allocUnsafe(buffer.length * 2);
				buffer.copy(bigger, 0, 0, length);
				buffer = bigger;
			}
			const want = buffer.length - length;
			const n = fs.readSync(fd, buffer, length, want, null);
			length += n;
			// A read that stops short after the size fstat reported is at the end: saves the read
			// that would return 0. Short before it (a FUSE file system may do that), read on.
			if (n === 0 || (n < want && length >= st.size)) break;
		}
		readLength = length;
		readMtime = Math.trunc(st.mtimeMs);
		readSize = st.size;
		return true;
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * The flags of every note the prefilter proves flag-free: one frozen object shared by all of them
 * instead of a new one per note (most notes of a vault; nothing changes an entry's flags).
 */
const NO_FLAGS: NoteFlags = frozenEmptyFlags();

/** What reading a note needs from the settings, worked out once per run rather than per note. */
export interface ReadRules {
	tags: TagNames;
	decided: FlagBytes | null;
	needle: RegExp;
	mayCount: ((yaml: string) => boolean) | null;
}

let rulesCache: { key: string; rules: ReadRules } | null = null;

export function readRules(settings: Settings): ReadRules {
	// By what the rules depend on, not by object: `serve` may see the settings change in place.
	const key = [...tagNameList(settings.tags), ...prefilterFolders(settings)].join('\n');
	if (rulesCache?.key !== key) {
		const tags = lowerTagNames(settings.tags);
		const names = tagNameList(tags);
		rulesCache = { key, rules: { tags, decided: flagBytes(settings), needle: tagNeedle(names), mayCount: frontmatterMayCount(names) } };
	}
	return rulesCache.rules;
}

/** The size of the note readNote read last (-1 when it could not be read). */
let lastSize = -1;

/**
 * Reads one note and derives its flags; invalid UTF-8 is replaced, never fatal. The note's mtime
 * and size come from the open file, so they describe exactly the text that was read; the size is
 * left in `lastSize` (no object per note). Null when the note is gone or no regular file.
 */
function readNote(note: WalkedNote, rules: ReadRules, root: string, file: string): NoteEntry | null {
	let read: boolean;
	try {
		read = readFile(root, file);
	} catch (error) {
		// Gone since the walk listed it (deleted or renamed mid-scan, a dangling link, a folder on the
		// path replaced): not a note any more, so dropped silently as the walk drops it.
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return null;
		lastSize = -1;
		return { path: note.path, mtime: note.mtime, flags: null, readError: errorText(error) };
	}
	if (!read) return null;
	lastSize = readSize;
	let length = readLength;
	if (rules.decided !== null) {
		// Most notes carry nothing the brief counts: proven on the raw bytes, they are never decoded;
		// of the others only the part that decides their flags is (src/core/notes/prefilter.ts).
		length = rules.decided(buffer.subarray(0, readLength), note.path);
		if (length < 0) return { path: note.path, mtime: readMtime, flags: NO_FLAGS };
	}
	const text = decoder.decode(buffer.subarray(0, length));
	const facts = noteFactsFromText(text, rules.mayCount === null ? { needle: rules.needle } : { needle: rules.needle, mayCount: rules.mayCount });
	return { path: note.path, mtime: readMtime, flags: flagsOf(facts, rules.tags) };
}

export interface Scan {
	walk: Walk;
	entries: NoteEntry[];
	/** Size of each entry's note, in the same order, for the cache index. */
	sizes: number[];
	/** How many notes were read (the rest came from the previous cache). */
	read: number;
}

/** The result of reading a list of notes, in list order (notes gone meanwhile are left out). */
export interface ReadPart {
	entries: NoteEntry[];
	sizes: number[];
	read: number;
}

/** Reads the notes (those `reuse` cannot answer from a previous scan) in order. */
export function readNotes(root: string, settings: Settings, notes: readonly WalkedNote[], reuse?: (note: WalkedNote) => NoteEntry | undefined): ReadPart {
	const rules = readRules(settings);
	// Joined by hand: the walk's paths are already clean, and path.join would normalise each one.
	const prefix = root.endsWith(path.sep) ? root : root + path.sep;
	const part: ReadPart = { entries: [], sizes: [], read: 0 };
	for (const note of notes) {
		const previous = note.error === undefined ? reuse?.(note) : undefined;
		if (previous !== undefined) {
			part.entries.push(previous);
			part.sizes.push(note.size);
			continue;
		}
		part.read++;
		if (note.error !== undefined) {
			part.entries.push({ path: note.path, mtime: note.mtime, flags: null, readError: note.error });
			part.sizes.push(-1);
			continue;
		}
		const entry = readNote(note, rules, root, prefix + note.path);
		if (entry === null) continue;
		part.entries.push(entry);
		part.sizes.push(lastSize);
	}
	return part;
}

/**
 * Walks the vault and reads the notes; `reuse` returns a previous entry for a note whose
 * modification time and size are unchanged, so only changed notes are read again. A full scan of a
 * large vault reads on two threads (scan-parallel.ts).
 */
export function scanVault(root: string, settings: Settings, reuse?: (note: WalkedNote) => NoteEntry | undefined, given?: Walk, expectedNotes = 0): Scan {
	// A full scan's listing walk (no stat, so no note with an error) feeds the second thread as it goes.
	const fed = reuse === undefined && given === undefined ? FedSplit.start(root, settings, expectedNotes) : null;
	let walk: Walk;
	try {
		walk = given ?? walkVault(root, settings.excludedRootFolders, reuse !== undefined, fed === null ? undefined : (p) => fed.add(p));
	} catch (error) {
		fed?.cancel();
		throw error;
	}
	fed?.end();
	const split = reuse === undefined ? splitRead(root, settings, walk.notes, readNotes, fed) : null;
	const part = split?.part ?? readNotes(root, settings, walk.notes, reuse);
	traceThreads(split?.trace ?? { walk: 'scan', threads: 1, why: 'only changed notes read', notes: walk.notes.length });
	return { walk, ...part };
}
