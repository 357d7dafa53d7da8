/**
 * The cached brief's data format (docs/cache-format.md), shared by the plugin (which writes it
 * through the vault adapter) and the bridge (which reads and writes it with `fs`). Only shapes and
 * validation live here; each front end does its own I/O.
 */
import type { Brief, NoteEntry } from './brief';
import type { NoteFlags } from './flags';
import { LIST_ITEM_IDS } from './item-ids';

export const CACHE_VERSION = 2;
export const BRIEF_FILE = 'brief-cache.json';
export const INDEX_FILE = 'brief-index.json';

export interface PluginState {
	/** Obsidian's process id, so the bridge can tell whether the writer still runs. */
	pid: number;
	/** True while the plugin knows of a change that is not in this file yet (debounce pending). */
	pending: boolean;
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
}

/** One note: path, mtime (ms), size (bytes, -1 unknown), flags (0 when it carries none), read error. */
export type IndexRow = [string, number, number, NoteFlags | 0 | null, string?];

export interface BriefIndex {
	format: 'session-brief-index';
	version: number;
	id: string;
	notes: IndexRow[];
}

export function emptyFlags(): NoteFlags {
	return { needsReview: [], review: [], reviewDone: false, pendingReview: [], daily: false };
}

function isEmptyFlags(flags: NoteFlags): boolean {
	return !flags.reviewDone && !flags.daily && flags.needsReview.length === 0 && flags.review.length === 0 && flags.pendingReview.length === 0;
}

export function toRow(entry: NoteEntry, size: number): IndexRow {
	if (entry.flags === null) return [entry.path, entry.mtime, size, null, entry.readError ?? 'unreadable'];
	return [entry.path, entry.mtime, size, isEmptyFlags(entry.flags) ? 0 : entry.flags];
}

export function fromRow(row: IndexRow): NoteEntry {
	const [p, mtime, , flags, readError] = row;
	if (flags === null) return { path: p, mtime, flags: null, readError: readError ?? 'unreadable' };
	return { path: p, mtime, flags: flags === 0 ? emptyFlags() : flags };
}

function isRecord(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The parsed brief file when it has this version's shape; anything else is a cache miss. */
export function asBriefCache(c: unknown): BriefCache | null {
	if (!isRecord(c) || c.format !== 'session-brief-cache' || c.version !== CACHE_VERSION) return null;
	if (typeof c.writtenAt !== 'number' || typeof c.date !== 'string' || typeof c.key !== 'string' || typeof c.indexId !== 'string' || typeof c.namesPerItem !== 'number') return null;
	if (!isRecord(c.brief) || !isRecord(c.brief.items) || !Array.isArray(c.brief.errors)) return null;
	if (c.plugin !== undefined && (!isRecord(c.plugin) || typeof c.plugin.pid !== 'number' || typeof c.plugin.pending !== 'boolean')) return null;
	return c as unknown as BriefCache;
}

/** The parsed index file when it has this version's shape and the expected id. */
export function asBriefIndex(c: unknown, id: string): BriefIndex | null {
	if (!isRecord(c) || c.format !== 'session-brief-index' || c.version !== CACHE_VERSION || c.id !== id || !Array.isArray(c.notes)) return null;
	for (const row of c.notes as unknown[]) {
		if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'number' || typeof row[2] !== 'number') return null;
	}
	return c as unknown as BriefIndex;
}

export function makeIndex(id: string, rows: IndexRow[]): BriefIndex {
	return { format: 'session-brief-index', version: CACHE_VERSION, id, notes: rows };
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
	return { format: 'session-brief-cache', version: CACHE_VERSION, indexId, ...fields, brief: capBrief(fields.brief, fields.namesPerItem) };
}
