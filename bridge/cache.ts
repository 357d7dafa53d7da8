/**
 * The cached brief (docs/cache-format.md). Two files in the plugin's folder: a small brief file
 * that a hook can serve without looking at the notes, and an index of every note with its
 * modification time, size and flags, which proves the brief current (tier 3) and lets a rescan
 * read only the notes that changed. Both are written atomically (temp file + rename); a missing,
 * truncated or foreign file is a cache miss, never an error.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Brief, NoteEntry } from '../src/core/brief';
import type { NoteFlags } from '../src/core/flags';

export const CACHE_VERSION = 1;
export const BRIEF_FILE = 'brief-cache.json';
export const INDEX_FILE = 'brief-index.json';

export interface BriefCache {
	format: 'session-brief-cache';
	version: number;
	writer: 'bridge' | 'plugin';
	writtenAt: number;
	date: string;
	key: string;
	indexId: string;
	noteCount: number;
	brief: Brief;
	/** The language Obsidian's UI resolved `auto` to (plugin only). */
	lang?: 'en' | 'de';
	/** Obsidian's moment locale, for daily-note formats with names (plugin only). */
	locale?: string;
}

/** One note: path, mtime (ms), size (bytes), flags (0 when the note carries none), read error. */
export type IndexRow = [string, number, number, NoteFlags | 0 | null, string?];

export interface BriefIndex {
	format: 'session-brief-index';
	version: number;
	id: string;
	notes: IndexRow[];
}

const EMPTY_FLAGS_KEYS = ['needsReview', 'review', 'pendingReview'] as const;

function isEmptyFlags(flags: NoteFlags): boolean {
	return !flags.reviewDone && !flags.daily && EMPTY_FLAGS_KEYS.every((k) => flags[k].length === 0);
}

export function emptyFlags(): NoteFlags {
	return { needsReview: [], review: [], reviewDone: false, pendingReview: [], daily: false };
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

/** Writes through a temp file in the same folder and renames it over the target. */
export function writeAtomic(file: string, content: string): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
	try {
		fs.writeFileSync(tmp, content);
		fs.renameSync(tmp, file);
	} catch (error) {
		try {
			fs.unlinkSync(tmp);
		} catch {
			// The temp file was never created.
		}
		throw error;
	}
}

function readJsonFile(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	} catch {
		return undefined;
	}
}

function isRecord(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function readBriefCache(pluginDir: string): BriefCache | null {
	const c = readJsonFile(path.join(pluginDir, BRIEF_FILE));
	if (!isRecord(c) || c.format !== 'session-brief-cache' || c.version !== CACHE_VERSION) return null;
	if (typeof c.writtenAt !== 'number' || typeof c.date !== 'string' || typeof c.key !== 'string' || typeof c.indexId !== 'string') return null;
	if (!isRecord(c.brief) || !isRecord(c.brief.items) || !Array.isArray(c.brief.errors)) return null;
	return c as unknown as BriefCache;
}

export function readBriefIndex(pluginDir: string, id: string): BriefIndex | null {
	const c = readJsonFile(path.join(pluginDir, INDEX_FILE));
	if (!isRecord(c) || c.format !== 'session-brief-index' || c.version !== CACHE_VERSION || c.id !== id || !Array.isArray(c.notes)) return null;
	for (const row of c.notes as unknown[]) {
		if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'number' || typeof row[2] !== 'number') return null;
	}
	return c as unknown as BriefIndex;
}

/** Index first, brief second: a reader that sees the new brief always finds its index. */
export function writeCache(pluginDir: string, cache: Omit<BriefCache, 'format' | 'version' | 'indexId'>, rows: IndexRow[]): void {
	const id = crypto.randomBytes(8).toString('hex');
	const index: BriefIndex = { format: 'session-brief-index', version: CACHE_VERSION, id, notes: rows };
	writeAtomic(path.join(pluginDir, INDEX_FILE), JSON.stringify(index));
	const full: BriefCache = { format: 'session-brief-cache', version: CACHE_VERSION, indexId: id, ...cache };
	writeAtomic(path.join(pluginDir, BRIEF_FILE), JSON.stringify(full));
}
