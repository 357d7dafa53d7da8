/**
 * The session net (docs/design.md, "What agents changed"): what a session changed that no tool
 * event reported, found by comparing the notes with a baseline at the end of each turn, minus what
 * the journal or the human's editor explains. Pure: the files and the walk are src/node/journal/.
 */
import { MAX_SESSION_CHARS, OTHER_TOOL, type JournalRecord } from './agent-journal';

export { BASELINE_FOLDER, EDITOR_WRITES_FILE } from '../state-names';
/** How many notes the editor record keeps, newest first; a burst of typing in more notes than this within one turn is rare. */
export const MAX_EDITOR_WRITES = 2000;
/** Editor writes older than this explain nothing any more: no turn lasts that long. */
export const EDITOR_WRITES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** One note as the stat walk sees it: vault-relative path with `/`, mtime in whole ms, size in bytes. */
export type NoteRow = [path: string, mtime: number, size: number];

export interface Baseline {
	/** The session it belongs to (null: the host gave none). */
	session: string | null;
	/** The hook clock when it was taken (ISO-8601): journal records from then on explain a change. */
	at: string;
	/** The file system's clock (ms) when it was taken: the editor's writes from then on explain a change. */
	takenMs: number;
	/**
	 * When the session start asked for it (ms), for a baseline a process of its own took a moment
	 * later: a note it saw modified from then on may have changed before the walk reached it. Null
	 * for the baseline an end of a turn leaves, whose walk began when the comparison did.
	 */
	since: number | null;
	notes: NoteRow[];
	/**
	 * What the walk could not look at (an unreadable or too deep folder, a note whose stat failed),
	 * vault-relative: nothing at or under these paths counts as changed, in this walk or the next.
	 */
	skipped: string[];
	/** Whether a turn of this session was ever recorded (src/core/trail/session-turns.ts): its host reports tool calls. */
	turnsSeen: boolean;
}

function isRow(v: unknown): v is NoteRow {
	return Array.isArray(v) && v.length === 3 && typeof v[0] === 'string' && v[0] !== '' && Number.isFinite(v[1]) && Number.isFinite(v[2]);
}

/** A baseline file read back; null when it is not one this code wrote. */
export function parseBaseline(v: unknown): Baseline | null {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const o = v as Record<string, unknown>;
	if (o.format !== 'session-brief-baseline' || o.version !== 1) return null;
	if (o.session !== null && typeof o.session !== 'string') return null;
	if (typeof o.at !== 'string' || Number.isNaN(Date.parse(o.at)) || typeof o.takenMs !== 'number' || !Array.isArray(o.notes)) return null;
	const notes = (o.notes as unknown[]).filter(isRow);
	const skipped = Array.isArray(o.skipped) ? (o.skipped as unknown[]).filter((p): p is string => typeof p === 'string') : [];
	return { session: o.session, at: o.at, takenMs: o.takenMs, since: typeof o.since === 'number' ? o.since : null, notes, skipped, turnsSeen: o.turnsSeen === true };
}

export function encodeBaseline(b: Baseline): string {
	const { session, at, takenMs, since, skipped, turnsSeen, notes } = b;
	return `${JSON.stringify({ format: 'session-brief-baseline', version: 1, session, at, takenMs, since, skipped, turnsSeen, notes })}\n`;
}

/** How many skipped places a walk names; past that it names the first and counts the rest. */
export const MAX_SKIPPED = 100;

/** Whether `p` is `place` or lies under it (`''` is the whole vault). */
function under(p: string, place: string): boolean {
	return place === '' || p === place || p.startsWith(`${place}/`);
}

/** The rows outside every skipped place: a place one walk could not see is compared by neither. */
export function outsideSkipped(rows: readonly NoteRow[], skipped: readonly string[]): NoteRow[] {
	if (skipped.length === 0) return [...rows];
	return rows.filter((r) => !skipped.some((place) => under(r[0], place)));
}

/** How long after its start a walk may still be running: a note modified in that window may have changed under it. */
const WALK_WINDOW_MS = 5 * 60 * 1000;

/** One difference between the baseline and now: a note added or changed (no `change`), deleted, or renamed from `from`. */
export interface NetChange {
	path: string;
	change?: 'deleted' | 'renamed';
	from?: string;
}

/**
 * The notes added, changed, deleted and renamed between two walks. A rename is a note gone and a
 * note new with the same size and modification time (`mv` keeps both), paired only when exactly
 * one gone note and one new note share them; anything else stays a deletion and an addition. A
 * note the first walk already saw modified at or after `since` (ms, when that walk began) counts
 * as changed too: it may have changed while the walk ran (a time far ahead is a clock's error, not that).
 */
export function netChanges(before: readonly NoteRow[], after: readonly NoteRow[], since: number | null = null): NetChange[] {
	const old = new Map<string, NoteRow>();
	for (const r of before) old.set(r[0], r);
	const added: NoteRow[] = [];
	const out: NetChange[] = [];
	const seen = new Set<string>();
	for (const r of after) {
		seen.add(r[0]);
		const was = old.get(r[0]);
		if (was === undefined) added.push(r);
		else if (was[1] !== r[1] || was[2] !== r[2] || (since !== null && was[1] >= since && was[1] - since < WALK_WINDOW_MS)) out.push({ path: r[0] });
	}
	const gone = before.filter((r) => !seen.has(r[0]));
	const sig = (r: NoteRow): string => `${r[1]}:${r[2]}`;
	const count = (rows: readonly NoteRow[]): Map<string, number> => {
		const m = new Map<string, number>();
		for (const r of rows) m.set(sig(r), (m.get(sig(r)) ?? 0) + 1);
		return m;
	};
	const goneBySig = count(gone);
	const addedBySig = count(added);
	const renamedFrom = new Map<string, string>();
	for (const g of gone) if (goneBySig.get(sig(g)) === 1 && addedBySig.get(sig(g)) === 1) renamedFrom.set(sig(g), g[0]);
	for (const a of added) {
		const from = renamedFrom.get(sig(a));
		out.push(from === undefined ? { path: a[0] } : { path: a[0], change: 'renamed', from });
	}
	for (const g of gone) if (renamedFrom.get(sig(g)) !== g[0]) out.push({ path: g[0], change: 'deleted' });
	return out;
}

/** The plugin's editor writes: path → the last time (ms) its editor changed the note. Tolerant: a wrong entry is skipped. */
export function parseEditorWrites(v: unknown): Map<string, number> {
	const out = new Map<string, number>();
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
	const notes = (v as Record<string, unknown>).notes;
	if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) return out;
	for (const [p, t] of Object.entries(notes)) if (typeof t === 'number' && Number.isFinite(t)) out.set(p, t);
	return out;
}

/** The editor record as the plugin writes it: the newest entries, none older than a day. */
export function encodeEditorWrites(writes: ReadonlyMap<string, number>, now: number): string {
	const entries = [...writes].filter(([, t]) => now - t < EDITOR_WRITES_MAX_AGE_MS).sort((a, b) => b[1] - a[1]);
	return `${JSON.stringify({ notes: Object.fromEntries(entries.slice(0, MAX_EDITOR_WRITES)) })}\n`;
}

/**
 * The changes no one else accounts for: not one a journaled record (of any session, since the
 * baseline) names, and not a note Obsidian's editor changed since the baseline. A deletion or a
 * rename is explained only by a record of that very kind; an edit record before an `rm` does not
 * explain the deletion.
 */
export function unexplained(changes: readonly NetChange[], baseline: Baseline, journal: readonly JournalRecord[], editorWrites: ReadonlyMap<string, number>): NetChange[] {
	const since = journal.filter((r) => r.at >= baseline.at);
	const edited = new Set(since.filter((r) => r.change === undefined).map((r) => r.path));
	const deleted = new Set(since.filter((r) => r.change === 'deleted').map((r) => r.path));
	const renamed = new Set(since.filter((r) => r.change === 'renamed').map((r) => `${r.from ?? ''}\0${r.path}`));
	const byEditor = (p: string): boolean => (editorWrites.get(p) ?? -Infinity) >= baseline.takenMs;
	return changes.filter((c) => {
		if (c.change === 'deleted') return !deleted.has(c.path);
		if (c.change === 'renamed') return !renamed.has(`${c.from ?? ''}\0${c.path}`) && !edited.has(c.path);
		return !edited.has(c.path) && !byEditor(c.path);
	});
}

/** The journal records of a turn's unexplained changes, made by the session through "another tool". */
export function netRecords(changes: readonly NetChange[], session: string | null, now: Date): JournalRecord[] {
	const at = now.toISOString();
	const id = session === null || session === '' ? null : session.slice(0, MAX_SESSION_CHARS);
	return changes.map((c) => {
		const r: JournalRecord = { path: c.path, tool: OTHER_TOOL, session: id, at };
		if (c.change !== undefined) r.change = c.change;
		if (c.from !== undefined) r.from = c.from;
		return r;
	});
}
