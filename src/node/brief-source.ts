/**
 * Where a brief comes from, cheapest first: a cache proven current by a stat-only walk,
 * else a scan that re-reads only the notes that changed since the cache and rewrites it. A stale
 * cache (other day, other settings, any note added, removed or changed) is never served.
 */
// Daily-note formats with month or day names must come out in the user's language, as in Obsidian.
import 'moment/locale/de';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeBrief, type Brief, type NoteEntry } from '../core/brief';
import { checkBrief } from '../core/schemas/brief';
import { isoDate } from '../core/dates';
import { fromRow, toRow, type BriefCache, type BriefIndex } from '../core/cache-format';
import { DISCOVERY_FILE, type LiveBrief } from '../core/live-protocol';
import { readBriefCache, readBriefIndex, writeCache } from './cache';
import { readBriefIndexChecked } from './cache-read';
import { exists, servedByPlugin, usableCache, withDailyNoteChecked, type SourcedBrief } from './plugin-tier';
import { scanVault, walkVault, type Walk, type WalkedNote } from './scan';
import type { VaultContext } from './vault-config';

export type SourceChoice = 'auto' | 'cache' | 'scan' | 'live';
export type LocalChoice = Exclude<SourceChoice, 'live'>;
export type { SourcedBrief } from './plugin-tier';
export { processAlive } from './live/process-alive';

export class NoCurrentCache extends Error {}
export class NoLiveAnswer extends Error {}

function momentLocale(ctx: VaultContext, cache: BriefCache | null): string {
	return cache?.locale ?? ctx.lang;
}

function briefFrom(ctx: VaultContext, now: Date, entries: NoteEntry[], scanErrors: string[], cache: BriefCache | null): Brief {
	return computeBrief({
		now,
		settings: ctx.settings,
		dailyNote: ctx.dailyNote,
		notes: entries,
		exists: exists(ctx.root),
		locale: momentLocale(ctx, cache),
		scanErrors,
	});
}

function sameNotes(walked: WalkedNote[], byPath: Map<string, [number, number]>): boolean {
	if (walked.length !== byPath.size) return false;
	for (const n of walked) {
		const seen = byPath.get(n.path);
		if (seen === undefined || seen[0] !== n.mtime || seen[1] !== n.size) return false;
	}
	return true;
}

/**
 * A cached brief as a sourced brief. The file holds only what the hook prints (counts and the
 * first names); `full` rebuilds every path and detail from the index instead, without a scan.
 * Null when `full` is asked and the index is gone.
 */
function fromCache(ctx: VaultContext, now: Date, cache: BriefCache, full: boolean, why: string[], index?: BriefIndex | null): SourcedBrief | null {
	let served: Brief;
	if (full) {
		const rows = index !== undefined ? index : ctx.pluginDir === null ? null : readBriefIndex(ctx.pluginDir, cache.indexId);
		if (rows === null) return null;
		served = briefFrom(ctx, now, rows.notes.map(fromRow), [], cache);
	} else {
		served = withDailyNoteChecked(cache.brief, ctx.root);
	}
	return { brief: served, source: 'cache', generatedAt: cache.writtenAt, notesRead: 0, cache, notes: why };
}

/**
 * A cache from an earlier day is never served, but its notes' flags do not depend on the date:
 * under the same settings, the first scan of a new day re-reads only what changed overnight.
 */
function reusableFromEarlierDay(ctx: VaultContext, rows: Map<string, [number, number]>, previous: Map<string, NoteEntry>): void {
	if (ctx.pluginDir === null) return;
	const old = readBriefCache(ctx.pluginDir);
	if (old === null || old.key !== ctx.key) return;
	const index = readBriefIndex(ctx.pluginDir, old.indexId);
	for (const row of index?.notes ?? []) {
		rows.set(row[0], [row[1], row[2]]);
		if (row[3] !== null) previous.set(row[0], fromRow(row));
	}
}

/**
 * Tiers 1, 3 and 4: everything that needs no socket. `full` (report, serve) needs every path and
 * the per-note detail; the hook (`full` false) needs only what it prints.
 */
export function localBrief(ctx: VaultContext, choice: LocalChoice, now: Date, full = true): SourcedBrief {
	const why: string[] = [...ctx.warnings];
	const rejected: string[] = [];
	const cache = choice === 'scan' ? null : usableCache(ctx, now, why, rejected);
	if (cache !== null && servedByPlugin(cache)) {
		const served = fromCache(ctx, now, cache, full, why);
		if (served !== null) return served;
	}
	const indexRead = cache !== null && ctx.pluginDir !== null ? readBriefIndexChecked(ctx.pluginDir, cache.indexId) : null;
	const index = indexRead?.state === 'ok' ? indexRead.value : null;
	if (indexRead?.state === 'rejected') {
		why.push(`cache rejected: ${indexRead.why}`);
		rejected.push(indexRead.why);
	} else if (cache !== null && index === null) why.push('cache index missing or from another write');

	const rows = new Map<string, [number, number]>();
	let walk: Walk | undefined;
	const previous = new Map<string, NoteEntry>();
	if (cache !== null && index !== null) {
		for (const row of index.notes) {
			rows.set(row[0], [row[1], row[2]]);
			// Notes that could not be read last time are read again.
			if (row[3] !== null) previous.set(row[0], fromRow(row));
		}
		walk = walkVault(ctx.root, ctx.settings.excludedRootFolders);
		if (walk.errors.length === 0 && sameNotes(walk.notes, rows) && previous.size === rows.size) {
			const served = fromCache(ctx, now, cache, full, why, index);
			if (served !== null) return served;
		}
		why.push('notes changed since the cache was written');
	}
	if (choice === 'cache') throw new NoCurrentCache(why.join('; ') || 'no current cache');
	const cacheRejected = rejected.length > 0 ? rejected.join('; ') : undefined;
	if (cache === null && choice === 'auto') reusableFromEarlierDay(ctx, rows, previous);

	// Without an index there is nothing to reuse: a full scan, which stats each note through its open file.
	const reuse =
		rows.size === 0
			? undefined
			: (note: WalkedNote): NoteEntry | undefined => {
					const seen = rows.get(note.path);
					return seen !== undefined && seen[0] === note.mtime && seen[1] === note.size ? previous.get(note.path) : undefined;
				};
	const scan = scanVault(ctx.root, ctx.settings, reuse, walk);
	const brief = briefFrom(ctx, now, scan.entries, scan.walk.errors, cache);
	const generatedAt = now.getTime();
	if (ctx.pluginDir !== null) {
		try {
			writeCache(
				ctx.pluginDir,
				{ writer: 'bridge', writtenAt: generatedAt, date: brief.date, key: ctx.key, noteCount: scan.entries.length, brief, namesPerItem: ctx.settings.maxNamesPerItem, lang: cache?.lang, locale: cache?.locale },
				scan.entries.map((e, i) => toRow(e, scan.sizes[i] ?? -1)),
			);
		} catch (error) {
			why.push(`could not write the cache: ${(error as Error).message}`);
		}
	}
	return { brief, source: 'scan', generatedAt, notesRead: scan.read, cache: null, notes: why, cacheRejected };
}

/** Short: a hook must not wait long for a plugin that is busy or gone. */
export const LIVE_BUDGET_MS = 400;

/**
 * Tier 2: ask the running plugin over the live channel. The answer counts only when it
 * was made today under the settings this run reads; anything else falls through.
 */
async function liveBrief(ctx: VaultContext, now: Date, why: string[]): Promise<SourcedBrief | null> {
	if (ctx.pluginDir === null) return null;
	// Loaded only here, so runs that never ask pay nothing for the WebSocket client.
	const { askLive } = await import('./live/client');
	const answer = await askLive(path.join(ctx.pluginDir, DISCOVERY_FILE), 'brief', LIVE_BUDGET_MS);
	if (!answer.ok) {
		why.push(`live channel: ${answer.reason}`);
		return null;
	}
	const live = answer.result as Partial<LiveBrief> | null;
	if (live === null || typeof live !== 'object' || live.key !== ctx.key || live.date !== isoDate(now)) {
		why.push('live channel answered for other settings or another day');
		return null;
	}
	const problem = checkBrief(live.brief, 'brief');
	if (problem !== null) {
		why.push(`live channel answer rejected: ${problem}`);
		return null;
	}
	const cacheLike = { lang: live.lang, locale: live.locale } as BriefCache;
	return { brief: live.brief as Brief, source: 'live', generatedAt: live.generatedAt ?? now.getTime(), notesRead: 0, cache: cacheLike, notes: why };
}

/** Every tier, cheapest first. `live` forces tier 2 and says so when nothing answers. */
export async function getBrief(ctx: VaultContext, choice: SourceChoice, now: Date, full = true): Promise<SourcedBrief> {
	if (choice === 'scan' || choice === 'cache') return localBrief(ctx, choice, now, full);
	const why: string[] = [];
	if (choice === 'auto') {
		// Without a live channel there is nothing to ask: the local tiers decide, tier 1 first.
		if (ctx.pluginDir === null || !fs.existsSync(path.join(ctx.pluginDir, DISCOVERY_FILE))) return localBrief(ctx, 'auto', now, full);
		const cache = usableCache(ctx, now, why);
		const served = cache !== null && servedByPlugin(cache) ? fromCache(ctx, now, cache, full, [...ctx.warnings]) : null;
		if (served !== null) return served;
	}
	const live = await liveBrief(ctx, now, why);
	if (live !== null) return live;
	if (choice === 'live') throw new NoLiveAnswer(why.join('; ') || 'no live channel');
	const local = localBrief(ctx, 'auto', now, full);
	local.notes.unshift(...why);
	return local;
}
