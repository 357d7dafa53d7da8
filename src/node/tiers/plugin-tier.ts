/**
 * Tier 1 (docs/design.md), kept apart from the scan so the hook's common case loads no YAML parser,
 * no date library and no socket code: the plugin wrote the cache, still runs and has no change
 * pending, so the cache is current and is served as written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Brief } from '../../core/brief/brief';
import type { BriefCache } from '../../core/brief/cache-format';
import { isoDate } from '../../core/brief/dates';
import type { BriefSource } from '../../core/brief/format';
import { sameProcess } from '../live/process-identity';
import { readBriefCacheChecked, type CacheRead } from './cache-read';
import type { VaultContext } from '../vault-config';

export interface SourcedBrief {
	brief: Brief;
	source: BriefSource;
	generatedAt: number;
	/** How many notes were read from disk for this brief (0 when served from the cache). */
	notesRead: number;
	cache: BriefCache | null;
	/** Why the cache was not served or not written; for `report` and `doctor`, not the hook text. */
	notes: string[];
	/**
	 * Tier 1 for the hook: the cached brief as written, its lists capped, and its keeper vouches
	 * that no note changed since (so the cache's agent changes summary may be used).
	 */
	kept?: boolean;
	/** Set when a cache file was there but failed its schema: the brief's source note says so. */
	cacheRejected?: string;
	/** The scan's own index, just written: it lists the notes as this brief saw them (the session net's baseline). */
	indexWritten?: string;
}

export function exists(root: string): (p: string) => boolean {
	return (p) => {
		try {
			return fs.statSync(path.join(root, p)).isFile();
		} catch {
			return false;
		}
	};
}

/**
 * The cache when it was written today under the current settings; otherwise null, with why.
 * `read` is the cache file when the caller has read it already.
 */
export function usableCache(ctx: VaultContext, now: Date, why: string[], rejected: string[] = [], read?: CacheRead<BriefCache>): BriefCache | null {
	if (ctx.pluginDir === null) {
		why.push('no Obsidian config folder found, so no cache');
		return null;
	}
	const got = read ?? readBriefCacheChecked(ctx.root, ctx.pluginDir);
	const cache = got.state === 'ok' ? got.value : null;
	if (got.state === 'rejected') {
		why.push(`cache rejected: ${got.why}`);
		rejected.push(got.why);
	} else if (cache === null) why.push('no readable cache');
	else if (cache.date !== isoDate(now)) why.push(`cache is from ${cache.date}`);
	else if (cache.key !== ctx.key) why.push('settings changed since the cache was written');
	else return cache;
	return null;
}

/**
 * A cached brief with its daily note looked up again: the note may have been made since, in a
 * folder no index covers, and one stat keeps it exact.
 */
export function withDailyNoteChecked(brief: Brief, root: string): Brief {
	const daily = brief.items.dailyNote;
	if (daily === null) return brief;
	return { ...brief, items: { ...brief.items, dailyNote: { path: daily.path, exists: exists(root)(daily.path) } } };
}

/**
 * Whether a cache kept current by a running process (the plugin, or `serve`) may be served as is:
 * that process runs with nothing pending. "Runs" means the pid names the very process that wrote
 * the file (same start time): after a crash the pid may be reused, and a sandboxed Obsidian numbers
 * its processes itself. Unknown is no.
 */
export function servedByPlugin(cache: BriefCache): boolean {
	return cache.plugin !== undefined && !cache.plugin.pending && sameProcess(cache.plugin.pid, cache.plugin.started);
}
