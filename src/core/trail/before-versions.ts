/**
 * Before-versions (docs/design.md, "Reviewing what agents changed"): a note's bytes before an
 * agent's first change to it in a session, and the hash of what the agent left, so the human can see
 * the change and take it back only while nobody edited since. Pure: the files are src/node/review/'s.
 */
import { MAX_AGE_MS } from './agent-journal';
import { fileKey } from '../file-key';

export { BEFORE_FOLDER } from '../state-names';
/** A note larger than this keeps no before-version; the header says so (`too-large`). */
export const MAX_NOTE_BYTES = 1024 * 1024;
/** All before-versions together stay below this: the oldest go first. */
export const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** And no more than this many files (each listing of the folder is bounded by it). */
export const MAX_FILES = 4000;
/** Pruned after the journal's own age limit: a change the journal forgot has no row to review. */
export const MAX_BEFORE_AGE_MS = MAX_AGE_MS;
/** A header line is short: a path, a session id and a time. */
export const MAX_HEADER_BYTES = 4096;
export const BEFORE_SUFFIX = '.before';
export const AFTER_SUFFIX = '.after';

/**
 * - `kept`: the bytes after the header are the note as it was;
 * - `new`: the note did not exist (its before-version is empty);
 * - `too-large`: the note was larger than MAX_NOTE_BYTES, nothing kept.
 */
export type BeforeState = 'kept' | 'new' | 'too-large';

export interface BeforeHeader {
	path: string;
	session: string | null;
	/** ISO-8601: when it was taken. */
	at: string;
	state: BeforeState;
	/** The tool that was about to change the note (`Edit`, `Bash`, …). */
	tool: string | null;
}

/** The file name stem of a session's before-version of `path` (src/core/file-key.ts); the header names both, so a collision is seen. */
export function beforeStem(session: string | null, path: string): string {
	return fileKey(`${session ?? ''}\0${path}`);
}

export function encodeHeader(h: BeforeHeader): string {
	return `${JSON.stringify({ v: 1, path: h.path, session: h.session, at: h.at, state: h.state, tool: h.tool })}\n`;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STATES: ReadonlySet<string> = new Set(['kept', 'new', 'too-large']);

/** The file is anyone's to edit: a header that is not ours, or names a path out of the vault, is none. */
export function parseHeader(line: string): BeforeHeader | null {
	let v: unknown;
	try {
		v = JSON.parse(line);
	} catch {
		return null;
	}
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const o = v as Record<string, unknown>;
	if (o.v !== 1 || typeof o.path !== 'string' || !isVaultPath(o.path)) return null;
	if (o.session !== null && typeof o.session !== 'string') return null;
	if (o.tool !== null && o.tool !== undefined && typeof o.tool !== 'string') return null;
	if (typeof o.at !== 'string' || !ISO.test(o.at) || typeof o.state !== 'string' || !STATES.has(o.state)) return null;
	return { path: o.path, session: o.session, at: o.at, state: o.state as BeforeState, tool: typeof o.tool === 'string' ? o.tool : null };
}

function isVaultPath(p: string): boolean {
	if (p === '' || p.includes('\0') || p.includes('\\') || p.startsWith('/') || /^[a-zA-Z]:/.test(p)) return false;
	return !p.split('/').some((part) => part === '' || part === '.' || part === '..');
}

/** The state a note of `size` bytes (null: it does not exist) gets. */
export function stateFor(size: number | null): BeforeState {
	if (size === null) return 'new';
	return size > MAX_NOTE_BYTES ? 'too-large' : 'kept';
}

/** One file of the folder as a listing sees it. */
export interface BeforeEntry {
	name: string;
	size: number;
	mtimeMs: number;
}

/**
 * Which files to remove so that, with `incoming` bytes more, the folder holds at most
 * MAX_TOTAL_BYTES and MAX_FILES − 1 files, none older than MAX_BEFORE_AGE_MS: the old ones first,
 * then the oldest until it fits. A `.before` and its `.after` go together.
 */
export function pruneChoice(entries: readonly BeforeEntry[], nowMs: number, incoming: number): string[] {
	const stems = new Map<string, { names: string[]; size: number; mtimeMs: number }>();
	for (const e of entries) {
		const stem = e.name.endsWith(BEFORE_SUFFIX) ? e.name.slice(0, -BEFORE_SUFFIX.length) : e.name.endsWith(AFTER_SUFFIX) ? e.name.slice(0, -AFTER_SUFFIX.length) : e.name;
		const s = stems.get(stem) ?? { names: [], size: 0, mtimeMs: 0 };
		s.names.push(e.name);
		s.size += e.size;
		if (e.name.endsWith(BEFORE_SUFFIX) || s.mtimeMs === 0) s.mtimeMs = e.mtimeMs;
		stems.set(stem, s);
	}
	const groups = [...stems.values()].sort((a, b) => a.mtimeMs - b.mtimeMs);
	let total = incoming + groups.reduce((n, g) => n + g.size, 0);
	let files = 2 + groups.reduce((n, g) => n + g.names.length, 0);
	const out: string[] = [];
	for (const g of groups) {
		const old = nowMs - g.mtimeMs > MAX_BEFORE_AGE_MS;
		if (!old && total <= MAX_TOTAL_BYTES && files <= MAX_FILES) break;
		out.push(...g.names);
		total -= g.size;
		files -= g.names.length;
	}
	return out;
}
