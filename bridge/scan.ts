/**
 * The bridge's own look at the vault: a walk that reads each note once (no per-note process, no
 * per-note pattern) and turns it into flags through the core. Unreadable files and folders are
 * reported and never stop the walk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NoteEntry } from '../src/core/brief';
import { flagsOf, lowerTagNames } from '../src/core/flags';
import { noteFactsFromText } from '../src/core/note-facts';
import { isCountedNote, isSkippedFolder } from '../src/core/paths';
import type { Settings } from '../src/core/settings';

export interface WalkedNote {
	path: string;
	mtime: number;
	size: number;
}

export interface Walk {
	notes: WalkedNote[];
	errors: string[];
}

function errorText(error: unknown): string {
	const e = error as NodeJS.ErrnoException;
	return e.code ?? (e.message || String(error)).split('\n')[0] ?? 'error';
}

/**
 * Lists every counted note with its modification time and size, using only `readdir` and `stat`
 * (the stat-only walk of SPEC §4 tier 3). Symlinked folders are not followed, so a link loop
 * cannot trap the walk; a symlinked note is read through its link.
 */
export function walkVault(root: string, excludedRootFolders: readonly string[]): Walk {
	const notes: WalkedNote[] = [];
	const errors: string[] = [];
	const pending: string[] = [''];
	while (pending.length > 0) {
		const rel = pending.pop() ?? '';
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(rel === '' ? root : path.join(root, rel), { withFileTypes: true });
		} catch (error) {
			errors.push(`could not read folder ${rel === '' ? '.' : rel} (${errorText(error)})`);
			continue;
		}
		for (const entry of entries) {
			const name = entry.name;
			const childRel = rel === '' ? name : `${rel}/${name}`;
			if (entry.isDirectory()) {
				if (!isSkippedFolder(childRel, excludedRootFolders)) pending.push(childRel);
				continue;
			}
			if (!name.endsWith('.md') || !isCountedNote(childRel, excludedRootFolders)) continue;
			if (!entry.isFile() && !entry.isSymbolicLink()) continue;
			try {
				const st = fs.statSync(path.join(root, childRel));
				// Whole milliseconds: Obsidian reports `TFile.stat.mtime` so, and the plugin writes the index too.
				if (st.isFile()) notes.push({ path: childRel, mtime: Math.trunc(st.mtimeMs), size: st.size });
			} catch (error) {
				// A note that vanished between readdir and stat is simply gone; others are reported.
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') notes.push({ path: childRel, mtime: 0, size: -1 });
			}
		}
	}
	return { notes, errors };
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Reads one note and derives its flags; invalid UTF-8 is replaced, never fatal. */
export function readNote(root: string, note: WalkedNote, settings: Settings, tags = lowerTagNames(settings.tags)): NoteEntry {
	let text: string;
	try {
		text = decoder.decode(fs.readFileSync(path.join(root, note.path)));
	} catch (error) {
		return { path: note.path, mtime: note.mtime, flags: null, readError: errorText(error) };
	}
	const facts = noteFactsFromText(text, { needles: [tags.needsReview, tags.review, tags.reviewDone, tags.pendingReview] });
	return { path: note.path, mtime: note.mtime, flags: flagsOf(facts, tags) };
}

export interface Scan {
	walk: Walk;
	entries: NoteEntry[];
	/** How many notes were read (the rest came from the previous cache). */
	read: number;
}

/**
 * Walks the vault and reads the notes; `reuse` returns a previous entry for a note whose
 * modification time and size are unchanged, so only changed notes are read again.
 */
export function scanVault(
	root: string,
	settings: Settings,
	reuse?: (note: WalkedNote) => NoteEntry | undefined,
	walk: Walk = walkVault(root, settings.excludedRootFolders),
): Scan {
	const tags = lowerTagNames(settings.tags);
	const entries: NoteEntry[] = [];
	let read = 0;
	for (const note of walk.notes) {
		const previous = reuse?.(note);
		if (previous !== undefined) {
			entries.push(previous);
			continue;
		}
		read++;
		entries.push(note.size < 0 ? { path: note.path, mtime: note.mtime, flags: null, readError: 'cannot stat' } : readNote(root, note, settings, tags));
	}
	return { walk, entries, read };
}
