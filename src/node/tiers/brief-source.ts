/**
 * The tiers that need more than the cache file (brief-pipeline.ts orders them); a stale cache is
 * never served.
 */
// Daily-note formats with month or day names must come out in the user's language, as in Obsidian.
import 'moment/locale/de';
import * as path from 'node:path';
import { computeBrief, type Brief, type NoteEntry } from '../../core/brief/brief';
import { checkBrief } from '../../core/schemas/brief';
import { isoDate } from '../../core/brief/dates';
import { fromRow, toRow, type BriefCache, type BriefIndex } from '../../core/brief/cache-format';
import { DISCOVERY_FILE, type LiveBrief } from '../../core/live-protocol';
import { sameStamp } from '../../core/brief/stat-stamp';
import { readBriefCache, readBriefIndex, writeCache } from './cache';
import type { PipelineRun, TierOutcome } from './brief-pipeline';
import { exists, withDailyNoteChecked, type SourcedBrief } from './plugin-tier';
import { scanVault, walkStamp, walkVault, type WalkedNote } from '../scan/scan';
import type { VaultContext } from '../vault-config';
import { readSessionStarts } from '../journal/what-changed';
import { keepSessionStartsBounded } from '../journal/session-starts-log';
import { newsAnswers } from '../../core/trail/what-changed';
import { summarizeFiles } from '../journal/agent-summary';
import { countToReview } from '../../core/status/review-count';

export type { SourcedBrief } from './plugin-tier';
export { processAlive } from '../live/process-alive';

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

function rowsOf(index: BriefIndex, rows: Map<string, [number, number]>, previous: Map<string, NoteEntry>): void {
	for (const row of index.notes) {
		rows.set(row[0], [row[1], row[2]]);
		// Notes that could not be read last time are read again.
		if (row[3] !== null) previous.set(row[0], fromRow(row));
	}
}

/**
 * A current cache as a sourced brief. The file holds only what the hook prints (counts and the
 * first names); a full run rebuilds every path and detail from the index instead, without a scan.
 * Null when the full brief is asked and the index is gone.
 */
export function fromCacheIndex(run: PipelineRun, cache: BriefCache): SourcedBrief | null {
	const { ctx, now } = run;
	let served: Brief;
	if (run.full) {
		const index = run.index();
		if (index === null) return null;
		served = briefFrom(ctx, now, index.notes.map(fromRow), [], cache);
	} else {
		served = withDailyNoteChecked(cache.brief, ctx.root);
	}
	return { brief: served, source: 'cache', generatedAt: cache.writtenAt, notesRead: 0, cache, notes: [] };
}

function indexMissing(run: PipelineRun): { reason: string } {
	return { reason: run.indexRejected !== undefined ? `cache rejected: ${run.indexRejected}` : 'cache index missing or from another write' };
}

/**
 * Tier 3: today's cache under these settings, served when a stat walk finds every note as indexed.
 * A cache with a stamp is proven by the walk alone, so the hook never reads the index (the largest
 * file of a big vault, docs/cache-format.md); an older cache without one is compared with its index row by row.
 */
export function verifiedCache(run: PipelineRun): TierOutcome {
	const cache = run.cache.usable;
	if (cache === null) return null;
	const changed = { reason: 'notes changed since the cache was written' };
	if (cache.stamp !== undefined) {
		// On a mismatch the scan walks again (the folders are in the OS's cache by then): keeping
		// this walk's notes for it would slow down the common case, where nothing changed.
		const walked = walkStamp(run.ctx.root, run.ctx.settings.excludedRootFolders, cache.stamp.notes);
		if (walked === null || !sameStamp(walked, cache.stamp)) return changed;
		return fromCacheIndex(run, cache) ?? indexMissing(run);
	}
	const index = run.index();
	if (index === null) return indexMissing(run);
	const rows = new Map<string, [number, number]>();
	const previous = new Map<string, NoteEntry>();
	rowsOf(index, rows, previous);
	run.walk = walkVault(run.ctx.root, run.ctx.settings.excludedRootFolders);
	if (run.walk.errors.length === 0 && sameNotes(run.walk.notes, rows) && previous.size === rows.size) {
		const served = fromCacheIndex(run, cache);
		if (served !== null) return served;
	}
	return changed;
}

/**
 * Tier 4: the bridge's own scan. Notes whose size and mtime match the cache's index are not read
 * again; a cache from an earlier day is never served, but its notes' flags do not depend on the
 * date, so under the same settings the first scan of a new day re-reads only what changed overnight.
 */
export function scanTier(run: PipelineRun): SourcedBrief {
	const { ctx, now } = run;
	const notes: string[] = [];
	const cache = run.cache.usable;
	const rows = new Map<string, [number, number]>();
	const previous = new Map<string, NoteEntry>();
	const index = run.index();
	if (index !== null) rowsOf(index, rows, previous);
	else if (cache === null && run.cache.read !== null && run.cache.read.key === ctx.key && ctx.pluginDir !== null) {
		const earlier = readBriefIndex(ctx.root, ctx.pluginDir, run.cache.read.indexId);
		if (earlier !== null) rowsOf(earlier, rows, previous);
	}

	// Without an index there is nothing to reuse: a full scan, which stats each note through its open file.
	const reuse =
		rows.size === 0
			? undefined
			: (note: WalkedNote): NoteEntry | undefined => {
					const seen = rows.get(note.path);
					return seen !== undefined && seen[0] === note.mtime && seen[1] === note.size ? previous.get(note.path) : undefined;
				};
	// A full scan's second thread starts before the walk when the last cache says the vault is large.
	const expected = reuse === undefined && run.walk === undefined && ctx.pluginDir !== null ? (run.cache.read ?? readBriefCache(ctx.root, ctx.pluginDir))?.noteCount : undefined;
	const scan = scanVault(ctx.root, ctx.settings, reuse, run.walk, expected ?? 0);
	const brief = briefFrom(ctx, now, scan.entries, scan.walk.errors, cache);
	const generatedAt = now.getTime();
	let indexWritten: string | undefined;
	if (ctx.pluginDir !== null) {
		// Off a session start's answer path: keep the session starts record bounded (src/node/journal/session-starts-log.ts).
		keepSessionStartsBounded(ctx.root, ctx.pluginDir);
		try {
			indexWritten = writeCache(
				ctx.root,
				ctx.pluginDir,
				{
					writer: 'bridge',
					writtenAt: generatedAt,
					date: brief.date,
					key: ctx.key,
					noteCount: scan.entries.length,
					toReview: countToReview(scan.entries, ctx.settings),
					brief,
					namesPerItem: ctx.settings.maxNamesPerItem,
					lang: cache?.lang,
					locale: cache?.locale,
					news: newsAnswers(brief, readSessionStarts(ctx.root, ctx.pluginDir), ctx.settings.maxNamesPerItem),
					agentChanges: summarizeFiles({ root: ctx.root, pluginDir: ctx.pluginDir, excludedRootFolders: ctx.settings.excludedRootFolders }, now, ctx.settings.maxNamesPerItem),
				},
				scan.entries.map((e, i) => toRow(e, scan.sizes[i] ?? -1)),
			);
		} catch (error) {
			notes.push(`could not write the cache: ${(error as Error).message}`);
		}
	}
	const cacheRejected = run.rejected.length > 0 ? run.rejected.join('; ') : undefined;
	return { brief, source: 'scan', generatedAt, notesRead: scan.read, cache: null, notes, cacheRejected, indexWritten };
}

/** Short: a hook must not wait long for a plugin that is busy or gone. */
export const LIVE_BUDGET_MS = 400;

/**
 * Tier 2: ask the running plugin over the live channel. The answer counts only when it
 * was made today under the settings this run reads; anything else falls through.
 */
export async function liveBrief(run: PipelineRun): Promise<TierOutcome> {
	const { ctx, now } = run;
	if (ctx.pluginDir === null) return null;
	// Loaded only here, so runs that never ask pay nothing for the WebSocket client.
	const { askLive } = await import('../live/client');
	const answer = await askLive(ctx.root, path.join(ctx.pluginDir, DISCOVERY_FILE), 'brief', LIVE_BUDGET_MS);
	if (!answer.ok) return { reason: `live channel: ${answer.reason}` };
	const live = answer.result as Partial<LiveBrief> | null;
	if (live === null || typeof live !== 'object' || live.key !== ctx.key || live.date !== isoDate(now)) {
		return { reason: 'live channel answered for other settings or another day' };
	}
	const problem = checkBrief(live.brief, 'brief');
	if (problem !== null) return { reason: `live channel answer rejected: ${problem}` };
	const cacheLike = { lang: live.lang, locale: live.locale } as BriefCache;
	return { brief: live.brief as Brief, source: 'live', generatedAt: live.generatedAt ?? now.getTime(), notesRead: 0, cache: cacheLike, notes: [] };
}
