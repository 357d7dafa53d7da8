/**
 * What changed, for the human (`agentChanges`: unreviewed agent changes) and for the agent
 * (`sinceLastSession`: news since the previous conversation started); docs/design.md, "What agents
 * changed". Pure: the files are read by src/node/journal/what-changed.ts and the plugin.
 */
import type { JournalRecord } from './agent-journal';
import { MAX_AGE_MS } from './agent-journal';
import type { Brief } from '../brief/brief';
import { LIST_ITEM_TABLE, type ListItemId } from '../brief/brief-items';
import { comparePaths } from '../notes/paths';

export { REVIEW_FILE, SESSION_STARTS_FILE } from '../state-names';

export interface AgentChangesItem {
	count: number;
	/** Sorted by path; text output caps them, JSON does not. */
	paths: string[];
	/**
	 * The review marks file differs from what the plugin last wrote (src/core/review/review-seal.ts): when
	 * it was changed (ISO-8601, null when unknown), and how many of these notes it would have hidden.
	 */
	changedOutside?: { at: string | null; hidden: number };
	/**
	 * How many records the vault's journal lost (deleted, shortened or rewritten there) that its copy
	 * outside the vault still holds: they are listed again (src/node/journal/agent-journal-copy.ts).
	 */
	journalLost?: number;
	/**
	 * Lines added and removed by the note's unreviewed change, for the notes named whose
	 * before-version is kept (src/node/review/change-lines.ts): what the human's diff view shows.
	 */
	lines?: Record<string, { added: number; removed: number }>;
	/** Of the notes named, those whose change is too large to count (src/core/trail/line-counts.ts): the bytes before and now. */
	large?: Record<string, { before: number; after: number }>;
	/** The notes (of `paths`) an unreviewed change deleted: listed under the old path, gone now. */
	deleted?: string[];
	/** The notes (of `paths`) an unreviewed change renamed, with the path before it. */
	renamed?: RenamedNote[];
}

export interface RenamedNote {
	path: string;
	from: string;
}

export interface SinceLastSessionItem {
	/** When the previous session started (ISO-8601), or null before the second recorded session. */
	since: string | null;
	count: number;
	paths: string[];
}

// ------------------------------------------------------------------------------------------------
// Review marks

export interface Rename {
	from: string;
	to: string;
	at: string;
}

/**
 * The human's review marks. A record is reviewed when a mark at or after its time covers it: the
 * note's own, its session's, or the mark for all. Times, not flags, so a later edit of a reviewed
 * note shows up again.
 */
export interface ReviewMarks {
	all: string | null;
	sessions: Record<string, string>;
	notes: Record<string, string>;
	/** Renames made in Obsidian, oldest first: a record before a rename follows the note. */
	renames: Rename[];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

function isoOrNull(v: unknown): string | null {
	// One spelling (with milliseconds), so times compare as strings.
	return typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;
}

function isoMap(v: unknown): Record<string, string> {
	const out: Record<string, string> = Object.create(null) as Record<string, string>;
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
	for (const [k, t] of Object.entries(v)) {
		const iso = isoOrNull(t);
		if (iso !== null) out[k] = iso;
	}
	return out;
}

export function emptyMarks(): ReviewMarks {
	return { all: null, sessions: Object.create(null) as Record<string, string>, notes: Object.create(null) as Record<string, string>, renames: [] };
}

/** The marks file read tolerantly: a wrong part is ignored, never the rest (a lost mark only shows a note again). */
export function parseReviewMarks(v: unknown): ReviewMarks {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return emptyMarks();
	const o = v as Record<string, unknown>;
	const renames: Rename[] = [];
	if (Array.isArray(o.renames)) {
		for (const r of o.renames as unknown[]) {
			if (typeof r !== 'object' || r === null) continue;
			const { from, to, at } = r as Record<string, unknown>;
			const iso = isoOrNull(at);
			if (typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && iso !== null) renames.push({ from, to, at: iso });
		}
	}
	return { all: isoOrNull(o.all), sessions: isoMap(o.sessions), notes: isoMap(o.notes), renames };
}

/** The session key of the marks: sessions without an id share one. */
export function sessionKey(session: string | null): string {
	return session ?? '';
}

function later(a: string | null | undefined, b: string): string {
	return a !== null && a !== undefined && a > b ? a : b;
}

export function markNote(marks: ReviewMarks, path: string, at: string): ReviewMarks {
	return { ...marks, notes: { ...marks.notes, [path]: later(marks.notes[path], at) } };
}

export function markSession(marks: ReviewMarks, session: string | null, at: string): ReviewMarks {
	const key = sessionKey(session);
	return { ...marks, sessions: { ...marks.sessions, [key]: later(marks.sessions[key], at) } };
}

export function markAll(marks: ReviewMarks, at: string): ReviewMarks {
	return { ...marks, all: later(marks.all, at) };
}

/** A note renamed in Obsidian: its marks move with it, and its records follow it (`renames`). */
export function renameInMarks(marks: ReviewMarks, from: string, to: string, at: string): ReviewMarks {
	const notes = { ...marks.notes };
	const mark = notes[from];
	if (mark !== undefined) {
		delete notes[from];
		notes[to] = later(notes[to], mark);
	}
	return { ...marks, notes, renames: [...marks.renames, { from, to, at }] };
}

/** Marks older than the journal keeps are dropped, so the file stays as bounded as the journal. */
export function pruneMarks(marks: ReviewMarks, now: Date): ReviewMarks {
	const oldest = new Date(now.getTime() - MAX_AGE_MS).toISOString();
	const keep = (m: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(m).filter(([, t]) => t >= oldest));
	return { all: marks.all, sessions: keep(marks.sessions), notes: keep(marks.notes), renames: marks.renames.filter((r) => r.at >= oldest) };
}

// ------------------------------------------------------------------------------------------------
// Unreviewed changes

export interface AgentChange {
	path: string;
	session: string | null;
	/** The tool of the latest edit. */
	tool: string | null;
	/** The latest edit in this session. */
	at: string;
	edits: number;
	/** The note is gone (`deleted`, listed under its old path) or was moved here (`renamed`, from `from`); absent for an edit. */
	change?: 'deleted' | 'renamed';
	/** The path a renamed note had before its first rename in this session. */
	from?: string;
}

export interface ChangeSession {
	session: string | null;
	/** The latest edit of the session. */
	latest: string;
	/** Newest first. */
	changes: AgentChange[];
}

/** The records with each path carried through the renames made after it, in order. */
export function followRenames(records: readonly JournalRecord[], renames: readonly Rename[]): JournalRecord[] {
	if (renames.length === 0) return [...records];
	return records.map((r) => {
		let p = r.path;
		for (const rn of renames) if (rn.at >= r.at && rn.from === p) p = rn.to;
		return p === r.path ? r : { ...r, path: p };
	});
}

export function isReviewed(r: JournalRecord, marks: ReviewMarks): boolean {
	const mark = [marks.all, marks.sessions[sessionKey(r.session)], marks.notes[r.path]].reduce<string | null>((a, b) => (b !== undefined && b !== null && (a === null || b > a) ? b : a), null);
	return mark !== null && r.at <= mark;
}

/** The renames made in Obsidian and those the journal recorded, oldest first: records before either follow the note. */
export function allRenames(records: readonly JournalRecord[], renames: readonly Rename[]): Rename[] {
	const recorded = records.filter((r) => r.change === 'renamed' && r.from !== undefined).map((r) => ({ from: r.from ?? '', to: r.path, at: r.at }));
	if (recorded.length === 0) return [...renames];
	return [...renames, ...recorded].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The unreviewed changes grouped by session, newest session first, each note once per session
 * (newest first). `exists` drops notes deleted since (the caller's file system or vault); a
 * recorded deletion shows, under the old path, while nothing is there again.
 */
export function unreviewedSessions(records: readonly JournalRecord[], marks: ReviewMarks, exists: (path: string) => boolean): ChangeSession[] {
	const bySession = new Map<string, { session: string | null; notes: Map<string, AgentChange> }>();
	const existing = new Map<string, boolean>();
	for (const r of followRenames(records, allRenames(records, marks.renames))) {
		if (isReviewed(r, marks)) continue;
		let there = existing.get(r.path);
		if (there === undefined) {
			there = exists(r.path);
			existing.set(r.path, there);
		}
		if (r.change === 'deleted' ? there : !there) continue;
		const key = sessionKey(r.session);
		let group = bySession.get(key);
		if (group === undefined) {
			group = { session: r.session, notes: new Map() };
			bySession.set(key, group);
		}
		let seen = group.notes.get(r.path);
		if (seen === undefined) {
			seen = { path: r.path, session: r.session, tool: r.tool, at: r.at, edits: 1 };
			group.notes.set(r.path, seen);
		} else {
			seen.edits++;
			if (r.at >= seen.at) {
				seen.at = r.at;
				seen.tool = r.tool;
			}
		}
		// Records come oldest first: the first rename names where the note was before this session moved it.
		if (r.change === 'renamed' && seen.from === undefined && r.from !== undefined) seen.from = r.from;
		if (r.at >= seen.at) {
			if (r.change === 'deleted') seen.change = 'deleted';
			else if (seen.from !== undefined) seen.change = 'renamed';
			else delete seen.change;
		}
	}
	const sessions: ChangeSession[] = [];
	for (const g of bySession.values()) {
		const changes = [...g.notes.values()].sort((a, b) => (a.at !== b.at ? (a.at > b.at ? -1 : 1) : comparePaths(a.path, b.path)));
		sessions.push({ session: g.session, latest: changes[0]?.at ?? '', changes });
	}
	return sessions.sort((a, b) => (a.latest > b.latest ? -1 : a.latest < b.latest ? 1 : 0));
}

/** The brief item: every note with an unreviewed change, once, sorted by path, and which of them were deleted or renamed. */
export function agentChangesItem(sessions: readonly ChangeSession[]): AgentChangesItem {
	const paths = [...new Set(sessions.flatMap((s) => s.changes.map((c) => c.path)))].sort(comparePaths);
	return withKinds({ count: paths.length, paths }, changeKinds(sessions));
}

/**
 * Which notes are gone (a listed note that is not there was deleted: records of a missing note
 * count only when they delete it) and which were renamed by an unreviewed change, with the path
 * they had before the oldest such change. Neither depends on the order of the sessions, so a
 * summary of the journal keeps them while records of other notes are appended.
 */
export function changeKinds(sessions: readonly ChangeSession[]): { deleted: string[]; renamed: RenamedNote[] } {
	const deleted = new Set<string>();
	const from = new Map<string, { from: string; at: string }>();
	for (const s of sessions) {
		for (const c of s.changes) {
			if (c.change === 'deleted') deleted.add(c.path);
			else if (c.from !== undefined) {
				const seen = from.get(c.path);
				if (seen === undefined || c.at < seen.at || (c.at === seen.at && comparePaths(c.from, seen.from) < 0)) from.set(c.path, { from: c.from, at: c.at });
			}
		}
	}
	const renamed = [...from].filter(([p]) => !deleted.has(p)).map(([path, was]) => ({ path, from: was.from }));
	return { deleted: [...deleted].sort(comparePaths), renamed: renamed.sort((a, b) => comparePaths(a.path, b.path)) };
}

/** `item` with the kinds of its listed notes (none: the fields left out). */
export function withKinds<T extends { paths: string[] }>(item: T, kinds: { deleted?: readonly string[]; renamed?: readonly RenamedNote[] }): T & Pick<AgentChangesItem, 'deleted' | 'renamed'> {
	const listed = new Set(item.paths);
	const deleted = (kinds.deleted ?? []).filter((p) => listed.has(p));
	const renamed = (kinds.renamed ?? []).filter((r) => listed.has(r.path));
	return { ...item, ...(deleted.length > 0 ? { deleted } : {}), ...(renamed.length > 0 ? { renamed } : {}) };
}

// ------------------------------------------------------------------------------------------------
// Since the last session

/** When the previous and the current session started. */
export interface SessionStarts {
	previous: string | null;
	current: string | null;
}

export function parseSessionStarts(v: unknown): SessionStarts {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return { previous: null, current: null };
	const o = v as Record<string, unknown>;
	return { previous: isoOrNull(o.previous), current: isoOrNull(o.current) };
}

/**
 * The last two conversation starts: those of the old file (`conversations.json`, older than any of
 * the log's) and then the log's (src/core/trail/session-starts.ts), oldest first. Only a new conversation
 * (`startup`, `clear`) adds one; `resume` and `compact` continue one, so they show the same news again.
 */
export function conversationStarts(old: SessionStarts, fromLog: readonly string[]): SessionStarts {
	const all: string[] = [];
	for (const at of [old.previous, old.current, ...fromLog]) {
		const iso = isoOrNull(at);
		if (iso !== null && all[all.length - 1] !== iso) all.push(iso);
	}
	return { previous: all[all.length - 2] ?? null, current: all[all.length - 1] ?? null };
}

/** The items whose news the agent gets: what waits for someone, the sidebar's items (not today's session files). */
export const NEWS_ITEMS: readonly ListItemId[] = LIST_ITEM_TABLE.filter((d) => d.sidebar !== undefined).map((d) => d.id);

/** A note of those items and its modification time (ms). */
export type NewsNote = [path: string, mtime: number];

/** The notes of the news items with their times, or null when the brief holds no per-note detail (a capped cache). */
export function newsNotes(brief: Brief): NewsNote[] | null {
	const out = new Map<string, number>();
	for (const id of NEWS_ITEMS) {
		const item = brief.items[id];
		if (item === null) continue;
		if (item.entries.length !== item.count) return null;
		for (const e of item.entries) out.set(e.path, e.mtime);
	}
	return [...out];
}

export function sinceLastSessionItem(since: string | null, notes: Iterable<NewsNote>): SinceLastSessionItem {
	if (since === null) return { since, count: 0, paths: [] };
	const after = Date.parse(since);
	const paths: string[] = [];
	for (const [p, mtime] of notes) if (mtime > after) paths.push(p);
	paths.sort(comparePaths);
	return { since, count: paths.length, paths };
}

/**
 * What a cache writer stores so a hook can answer `sinceLastSession` without the index: the answer
 * for the recorded `previous` start and the `current` one that becomes it, so only a start the
 * writer did not see needs the index (docs/design.md, "What agents changed", tier 1 stays cheap).
 */
export type NewsAnswer = SinceLastSessionItem & { since: string };

export function newsAnswers(brief: Brief, starts: SessionStarts, cap: number): NewsAnswer[] | undefined {
	const notes = newsNotes(brief);
	if (notes === null) return undefined;
	const out: NewsAnswer[] = [];
	for (const since of [starts.previous, starts.current]) {
		if (since === null || out.some((a) => a.since === since)) continue;
		const item = sinceLastSessionItem(since, notes);
		out.push({ since, count: item.count, paths: item.paths.slice(0, cap) });
	}
	return out.length === 0 ? undefined : out;
}

/** `sinceLastSession` (paths capped as stored) from a current cache alone, or null when the cache cannot answer for `since`. */
export function sinceFromCache(since: string, cache: { writtenAt: number; news?: readonly NewsAnswer[] }): SinceLastSessionItem | null {
	const stored = cache.news?.find((a) => a.since === since);
	if (stored !== undefined) return { since, count: stored.count, paths: [...stored.paths] };
	if (Date.parse(since) >= cache.writtenAt) return { since, count: 0, paths: [] };
	return null;
}
