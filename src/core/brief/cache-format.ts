/**
 * The cached brief's data format (docs/cache-format.md), shared by the plugin (which writes it
 * through the vault adapter) and the bridge (which reads and writes it with `fs`). Only shapes and
 * validation live here; each front end does its own I/O.
 */
import type { Brief, NoteEntry } from './brief';
import { emptyFlags, isEmptyFlags, type NoteFlags } from '../notes/flags';
import type { AgentChangesSummary } from '../trail/agent-summary';
import type { NewsAnswer } from '../trail/what-changed';
import { LIST_ITEM_IDS } from './item-ids';
import { checkBriefCache } from '../schemas/brief-cache';
import { checkBriefIndex } from '../schemas/brief-index';
import { StampBuilder, type StatStamp } from './stat-stamp';
import { BRIEF_FILE, INDEX_FILE } from '../state-names';

/** The brief file's version (docs/cache-format.md). */
export const CACHE_VERSION = 3;
/** The index file's version: its rows have not changed since version 2, so an index of then still serves. */
export const INDEX_VERSION = 2;
export { BRIEF_FILE, INDEX_FILE };

export interface PluginState {
	/** Obsidian's process id, so the bridge can tell whether the writer still runs. */
	pid: number;
	/** True while the plugin knows of a change that is not in this file yet (debounce pending). */
	pending: boolean;
	/**
	 * When that process started, as `processIdentity()` reads it: a pid alone may have been reused
	 * after a crash, or name another process in another pid namespace (a sandbox). Missing: unknown.
	 */
	started?: string;
}

export interface BriefCache {
	format: 'session-brief-cache';
	version: number;
	writer: 'bridge' | 'plugin';
	/** ms since the epoch. */
	writtenAt: number;
	/** Local date the brief was made for, `YYYY-MM-DD`. */
	date: string;
	/** `settingsKey()` of the settings it was made under. */
	key: string;
	/** Must equal the index file's `id`; otherwise the two files are from different writes. */
	indexId: string;
	noteCount: number;
	/** Notes in the sidebar sections that can be marked as reviewed, each once (src/core/status/review-count.ts); missing in files from before it existed. */
	toReview?: number;
	/**
	 * The brief as the hook prints it: counts, the first `namesPerItem` paths of each list and no
	 * per-note detail, so reading it costs the same for 100 notes or 100,000. Everything else is
	 * rebuilt from the index.
	 */
	brief: Brief;
	namesPerItem: number;
	/** The language Obsidian's UI resolved `auto` to (plugin only). */
	lang?: 'en' | 'de';
	/** Obsidian's moment locale, for daily-note formats with names (plugin only). */
	locale?: string;
	/** Present when the plugin wrote the file. */
	plugin?: PluginState;
	/**
	 * `sinceLastSession` answered for each session start a hook may ask about (the recorded previous
	 * and current start), capped like the lists (src/core/trail/what-changed.ts).
	 */
	news?: NewsAnswer[];
	/** The unreviewed agent changes, with the journal and marks they were made from (src/core/trail/agent-summary.ts). */
	agentChanges?: AgentChangesSummary;
	/**
	 * The index's notes as a stat walk would see them (src/core/brief/stat-stamp.ts): a hook proves the
	 * cache current with a walk and this, without reading the index. Missing when some note could
	 * not be read (it must be read again) and in files from before it existed.
	 */
	stamp?: StatStamp;
}

/** One note: path, mtime (ms), size (bytes, -1 unknown), flags (0 when it carries none; one field per row of flag-table.ts), read error. */
export type IndexRow = [string, number, number, NoteFlags | 0 | null, string?];

export interface BriefIndex {
	format: 'session-brief-index';
	version: number;
	id: string;
	notes: IndexRow[];
}

export { emptyFlags };

export function toRow(entry: NoteEntry, size: number): IndexRow {
	if (entry.flags === null) return [entry.path, entry.mtime, size, null, entry.readError ?? 'unreadable'];
	return [entry.path, entry.mtime, size, isEmptyFlags(entry.flags) ? 0 : entry.flags];
}

export function fromRow(row: IndexRow): NoteEntry {
	const [p, mtime, , flags, readError] = row;
	if (flags === null) return { path: p, mtime, flags: null, readError: readError ?? 'unreadable' };
	return { path: p, mtime, flags: flags === 0 ? emptyFlags() : flags };
}

/** The stamp of an index's rows; undefined when a row is unreadable or of unknown size, which no walk can match. */
export function stampOfRows(rows: readonly IndexRow[]): StatStamp | undefined {
	const stamp = new StampBuilder();
	for (const row of rows) {
		if (row[3] === null || row[2] < 0) return undefined;
		stamp.add(row[0], row[1], row[2]);
	}
	return stamp.done();
}

export type Checked<T> = { ok: true; value: T } | { ok: false; why: string };

/** The parsed brief file checked field by field against its schema; anything else is a cache miss, with why. */
export function checkedBriefCache(c: unknown): Checked<BriefCache> {
	if (c === undefined) return { ok: false, why: 'no cache file, or not JSON' };
	const problem = checkBriefCache(CACHE_VERSION)(c, '');
	return problem === null ? { ok: true, value: c as BriefCache } : { ok: false, why: problem };
}

/** The parsed index checked row by row against its schema, and against the id the brief names. */
export function checkedBriefIndex(c: unknown, id: string): Checked<BriefIndex> {
	if (c === undefined) return { ok: false, why: 'no index file, or not JSON' };
	const problem = checkBriefIndex(INDEX_VERSION)(c, '');
	if (problem !== null) return { ok: false, why: problem };
	if ((c as BriefIndex).id !== id) return { ok: false, why: 'index from another write' };
	return { ok: true, value: c as BriefIndex };
}

export function asBriefCache(c: unknown): BriefCache | null {
	const checked = checkedBriefCache(c);
	return checked.ok ? checked.value : null;
}

export function asBriefIndex(c: unknown, id: string): BriefIndex | null {
	const checked = checkedBriefIndex(c, id);
	return checked.ok ? checked.value : null;
}

/** Writers check what they write with the readers' schema: a file they make is never a miss. */
function assertShape(problem: string | null, file: string): void {
	if (problem !== null) throw new Error(`refusing to write ${file}: ${problem}`);
}

export function makeIndex(id: string, rows: IndexRow[]): BriefIndex {
	const index: BriefIndex = { format: 'session-brief-index', version: INDEX_VERSION, id, notes: rows };
	assertShape(checkBriefIndex(INDEX_VERSION)(index, ''), INDEX_FILE);
	return index;
}

/** The brief cut to what the hook's text shows: counts and the first `max` paths, no detail. */
export function capBrief(brief: Brief, max: number): Brief {
	const items = { ...brief.items };
	for (const id of LIST_ITEM_IDS) {
		const item = items[id];
		if (item !== null) items[id] = { count: item.count, paths: item.paths.slice(0, max), entries: [] };
	}
	return { ...brief, items };
}

/** `fields.brief` is the full brief; the file gets it capped to `fields.namesPerItem`. */
export function makeBriefCache(indexId: string, fields: Omit<BriefCache, 'format' | 'version' | 'indexId'>): BriefCache {
	const cache: BriefCache = { format: 'session-brief-cache', version: CACHE_VERSION, indexId, ...fields, brief: capBrief(fields.brief, fields.namesPerItem) };
	assertShape(checkBriefCache(CACHE_VERSION)(cache, ''), BRIEF_FILE);
	return cache;
}
