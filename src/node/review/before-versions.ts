/**
 * The before-versions on disk (what they are and their bounds: src/core/trail/before-versions.ts), every
 * file and the note itself through the state-file module, so a note behind a link out of the vault
 * keeps none (it is no note of the vault).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
	AFTER_SUFFIX,
	BEFORE_FOLDER,
	BEFORE_SUFFIX,
	beforeStem,
	encodeHeader,
	MAX_FILES,
	MAX_HEADER_BYTES,
	MAX_NOTE_BYTES,
	parseHeader,
	pruneChoice,
	stateFor,
	type BeforeEntry,
	type BeforeHeader,
} from '../../core/trail/before-versions';
import { inspectStateFile, listStateFolder, openStateFile, readRange, readStateFile, removeStateFile, statStateFile, writeStateFile } from '../state-file';

export interface BeforePlace {
	root: string;
	pluginDir: string;
}

export interface BeforeVersion extends BeforeHeader {
	/** The note's bytes as they were; empty for a new note, null when not kept. */
	bytes: Buffer | null;
	/** The hash of what the agent's last edit seen by a hook left (hex SHA-256), or null. */
	afterHash: string | null;
	/** What that edit left, when kept (for the three versions of a note the human edited since). */
	afterBytes: Buffer | null;
}

export function beforeFolder(place: BeforePlace): string {
	return path.join(place.pluginDir, BEFORE_FOLDER);
}

function fileOf(place: BeforePlace, session: string | null, rel: string, suffix: string): string {
	return path.join(beforeFolder(place), `${beforeStem(session, rel)}${suffix}`);
}

/** Hex SHA-256 (src/node/review/sha256.ts), passed in: the pre-tool hook never hashes, so it never loads `node:crypto`. */
export type Hash = (data: Buffer) => string;

function notePath(place: BeforePlace, rel: string): string {
	return path.join(place.root, ...rel.split('/'));
}

/** The listing of the folder, for the bound. */
function entries(place: BeforePlace): BeforeEntry[] {
	const dir = beforeFolder(place);
	const out: BeforeEntry[] = [];
	// The folder is checked once by the listing; each entry is only lstat'ed (never followed).
	for (const d of listStateFolder(place.root, dir, MAX_FILES * 2)) {
		// A planted link or FIFO is counted as nothing and left alone: removing it is the human's choice.
		if (!d.isFile()) continue;
		const st = fs.lstatSync(path.join(dir, d.name), { throwIfNoEntry: false });
		if (st !== undefined && st.isFile()) out.push({ name: d.name, size: st.size, mtimeMs: st.mtimeMs });
	}
	return out;
}

/**
 * Keeps the note's content as it is now, unless this session kept one already (the first change's
 * before-version is the one the human reviews). Returns whether it wrote one. Throws on a file
 * error; the hook catches it, so a failure never blocks the edit.
 */
export function keepBeforeVersion(place: BeforePlace, rel: string, session: string | null, tool: string | null, now: Date): boolean {
	const file = fileOf(place, session, rel, BEFORE_SUFFIX);
	if (statStateFile(place.root, file) !== null) return false;
	const note = notePath(place, rel);
	const entry = inspectStateFile(place.root, note);
	// A link, a FIFO or a folder where the note would be (or a folder behind a link) is no note of the vault: nothing to keep.
	if (entry.kind === 'damaged') return false;
	let state = stateFor(entry.kind === 'missing' ? null : entry.stat.size);
	let bytes: Buffer | null = null;
	if (state === 'kept') {
		bytes = readStateFile(place.root, note, MAX_NOTE_BYTES);
		// Grown past the cap between the stat and the read.
		if (bytes === null) state = 'too-large';
	}
	const header = encodeHeader({ path: rel, session, at: now.toISOString(), state, tool });
	const data = bytes === null ? Buffer.from(header) : Buffer.concat([Buffer.from(header), bytes]);
	const dir = beforeFolder(place);
	for (const name of pruneChoice(entries(place), now.getTime(), data.length)) removeStateFile(place.root, path.join(dir, name));
	writeStateFile(place.root, file, data);
	return true;
}

/** Writes the hash of the note as the agent left it, when this session keeps a before-version of it. */
export function hasBeforeVersion(place: BeforePlace, rel: string, session: string | null): boolean {
	return statStateFile(place.root, fileOf(place, session, rel, BEFORE_SUFFIX)) !== null;
}

export function recordAfter(place: BeforePlace, rel: string, session: string | null, now: Date, sha256: Hash): boolean {
	if (!hasBeforeVersion(place, rel, session)) return false;
	const bytes = readStateFile(place.root, notePath(place, rel), MAX_NOTE_BYTES);
	const hash = bytes === null ? null : sha256(bytes);
	writeStateFile(place.root, fileOf(place, session, rel, AFTER_SUFFIX), afterData(hash, now.toISOString(), bytes));
	return true;
}

function afterData(hash: string | null, at: string, bytes: Buffer | null): Buffer {
	return Buffer.concat([Buffer.from(`${JSON.stringify({ sha256: hash, at, kept: bytes !== null })}\n`), bytes ?? Buffer.alloc(0)]);
}

/** The header line at the start of a before-version file's bytes, and what follows it; null when there is none. */
function splitHeader(data: Buffer): { header: BeforeHeader; body: Buffer } | null {
	const nl = data.indexOf(0x0a);
	if (nl < 0 || nl > MAX_HEADER_BYTES) return null;
	const header = parseHeader(data.subarray(0, nl).toString('utf8'));
	return header === null ? null : { header, body: data.subarray(nl + 1) };
}

/** A before-version from its file's bytes; null when they are not one (or one of another note). */
export function parseBeforeFile(data: Buffer, expect?: { path: string; session: string | null }): Omit<BeforeVersion, 'afterHash' | 'afterBytes'> | null {
	const split = splitHeader(data);
	if (split === null) return null;
	const { header, body } = split;
	if (expect !== undefined && (header.path !== expect.path || header.session !== expect.session)) return null;
	if (header.state === 'kept') return { ...header, bytes: body };
	return { ...header, bytes: header.state === 'new' ? Buffer.alloc(0) : null };
}

/** The after-file; its bytes only when `sha256` is given and they match their hash. */
function readAfter(place: BeforePlace, file: string, sha256?: Hash): { afterHash: string | null; afterBytes: Buffer | null } {
	const none = { afterHash: null, afterBytes: null };
	const data = readStateFile(place.root, file, MAX_NOTE_BYTES + MAX_HEADER_BYTES + 1);
	if (data === null) return none;
	const nl = data.indexOf(0x0a);
	if (nl < 0 || nl > MAX_HEADER_BYTES) return none;
	let v: { sha256?: unknown; kept?: unknown };
	try {
		v = JSON.parse(data.subarray(0, nl).toString('utf8')) as { sha256?: unknown; kept?: unknown };
	} catch {
		return none;
	}
	if (typeof v !== 'object' || v === null || typeof v.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(v.sha256)) return none;
	const bytes = v.kept === true ? data.subarray(nl + 1) : null;
	// Bytes that are not what the hash says are no after-version.
	return { afterHash: v.sha256, afterBytes: bytes !== null && sha256 !== undefined && sha256(bytes) === v.sha256 ? bytes : null };
}

/** The session's before-version of `rel`; null when none was kept (or its file is damaged). Without `sha256`, no after-bytes. */
export function readBeforeVersion(place: BeforePlace, rel: string, session: string | null, sha256?: Hash): BeforeVersion | null {
	const data = readStateFile(place.root, fileOf(place, session, rel, BEFORE_SUFFIX), MAX_NOTE_BYTES + MAX_HEADER_BYTES + 1);
	if (data === null) return null;
	const parsed = parseBeforeFile(data, { path: rel, session });
	if (parsed === null) return null;
	return { ...parsed, ...readAfter(place, fileOf(place, session, rel, AFTER_SUFFIX), sha256) };
}

/** A before-version file's header, read from its first bytes alone (never the note's bytes). */
function readHeader(root: string, file: string): BeforeHeader | null {
	const fd = openStateFile(root, file);
	if (fd === null) return null;
	try {
		return splitHeader(readRange(fd, 0, MAX_HEADER_BYTES + 1))?.header ?? null;
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * The header of every before-version kept (which note, session, time and state), oldest first,
 * without reading a note's bytes: a file whose name is not its header's is none.
 */
export function listBeforeHeaders(place: BeforePlace): BeforeHeader[] {
	const dir = beforeFolder(place);
	const out: BeforeHeader[] = [];
	for (const d of listStateFolder(place.root, dir, MAX_FILES * 2)) {
		if (!d.name.endsWith(BEFORE_SUFFIX)) continue;
		const header = readHeader(place.root, path.join(dir, d.name));
		if (header === null || `${beforeStem(header.session, header.path)}${BEFORE_SUFFIX}` !== d.name) continue;
		out.push(header);
	}
	return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Removes a session's before-version of `rel` (reviewed, or reverted). */
export function dropBeforeVersion(place: BeforePlace, rel: string, session: string | null): void {
	removeStateFile(place.root, fileOf(place, session, rel, BEFORE_SUFFIX));
	removeStateFile(place.root, fileOf(place, session, rel, AFTER_SUFFIX));
}

/** Takes a before-version back in place exactly as it was (the undo of a drop). */
export function restoreBeforeVersion(place: BeforePlace, v: BeforeVersion): void {
	const header = encodeHeader(v);
	writeStateFile(place.root, fileOf(place, v.session, v.path, BEFORE_SUFFIX), v.bytes === null ? header : Buffer.concat([Buffer.from(header), v.bytes]));
	if (v.afterHash !== null) writeStateFile(place.root, fileOf(place, v.session, v.path, AFTER_SUFFIX), afterData(v.afterHash, v.at, v.afterBytes));
}

/** The total bytes and files the folder holds now (doctor, tests). */
export function beforeFolderSize(place: BeforePlace): { bytes: number; files: number } {
	const list = entries(place);
	return { bytes: list.reduce((n, e) => n + e.size, 0), files: list.length };
}
