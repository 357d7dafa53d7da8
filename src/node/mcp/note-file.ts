/**
 * Reading and rewriting one note for `mark_reviewed` through the state-file module, so the write
 * lands in the vault even while a folder of it is swapped for a link out of it (docs/design.md,
 * "Links do not open doors").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHANGED_SINCE_READ, inspectStateFile, openStateFile, readRange, StateFileError, writeStateFile } from '../state-file';
import { PathRefused } from './vault-path';

/** Larger notes are not rewritten by a tool (Obsidian does not keep such notes in its cache either). */
export const MAX_NOTE_BYTES = 16 * 1024 * 1024;

const strict = new TextDecoder('utf-8', { fatal: true });

function inside(dir: string, file: string): boolean {
	const rel = path.relative(dir, file);
	return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export interface OpenNote {
	text: string;
	/** Writes `text` in place of the note, atomically, only while it is still the file read. */
	replace(text: string): void;
}

/** Why the note at `file` could not be opened, for the agent. */
function notOpened(realRoot: string, file: string, shown: string): PathRefused {
	const entry = inspectStateFile(realRoot, file);
	if (entry.kind === 'missing') return new PathRefused(`${shown} does not exist in the vault`);
	if (entry.kind === 'damaged' && entry.reason === 'is a symbolic link') return new PathRefused(`${shown} became a symbolic link while it was being marked; it was left unchanged`);
	if (entry.kind === 'damaged' && entry.reason.startsWith('its folder')) return movedOut(shown);
	return new PathRefused(`${shown} is not a regular file`);
}

function movedOut(shown: string): PathRefused {
	return new PathRefused(`${shown} was moved out of the vault (through a symbolic link) while it was being marked; it was left unchanged`);
}

/**
 * Opens the note at the real path `file` (already resolved, and inside the real vault root
 * `realRoot`) for one read and one replacement. `shown` names it in messages.
 */
export function openNote(realRoot: string, file: string, shown: string): OpenNote {
	if (!inside(realRoot, file)) throw new PathRefused(`${shown} is not inside the vault`);
	const fd = openStateFile(realRoot, file);
	if (fd === null) throw notOpened(realRoot, file, shown);
	let read: fs.Stats;
	let data: Buffer;
	try {
		read = fs.fstatSync(fd);
		if (read.size > MAX_NOTE_BYTES) throw new PathRefused(`${shown} is larger than ${MAX_NOTE_BYTES / 1024 / 1024} MB; mark it reviewed in Obsidian`);
		data = readRange(fd, 0, MAX_NOTE_BYTES);
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
		try {
			writeStateFile(realRoot, file, next, { mode: read.mode & 0o7777, unchanged: read });
		} catch (error) {
			if (!(error instanceof StateFileError)) throw error;
			if (error.reason === CHANGED_SINCE_READ) throw new PathRefused(`${shown} changed while it was being edited; it was left unchanged. Try again.`);
			throw movedOut(shown);
		}
	};
	return { text, replace };
}
