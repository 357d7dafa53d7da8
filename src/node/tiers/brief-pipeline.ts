/**
 * The brief's tiers as one ordered list (docs/design.md, "Where the brief comes from: the tiers").
 * Light on purpose: tier 1 loads this file and plugin-tier.ts only; the other tiers load when a run
 * gets to them (local-tiers.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BriefCache, BriefIndex } from '../../core/brief/cache-format';
import { DISCOVERY_FILE } from '../../core/live-protocol';
import { readBriefCacheChecked, readBriefIndexChecked } from './cache-read';
import { servedByPlugin, usableCache, withDailyNoteChecked, type SourcedBrief } from './plugin-tier';
import type { Walk } from '../scan/scan';
import type { VaultContext } from '../vault-config';
import { attachWhatChanged } from '../journal/what-changed';
import { localTiers } from './local-tiers';

export type SourceChoice = 'auto' | 'cache' | 'scan' | 'live';
/** `local`: every tier but the live channel (for `serve`, which is the live channel). */
export type PipelineChoice = SourceChoice | 'local';

export class NoCurrentCache extends Error {}
export class NoLiveAnswer extends Error {}

/** The cache as this run found it, judged once. */
export interface CacheVerdict {
	/** The cache file as read, whatever its day or settings; null when missing or unreadable. */
	read: BriefCache | null;
	/** The same cache when it was written today under the current settings, else null. */
	usable: BriefCache | null;
	/** Why no cache is usable; null when one is, or when the cache was not asked. */
	reason: string | null;
	/** Why the cache file was ignored when it failed its schema. */
	rejected: string[];
}

const NOT_ASKED: CacheVerdict = { read: null, usable: null, reason: null, rejected: [] };

export function judgeCache(ctx: VaultContext, now: Date): CacheVerdict {
	const why: string[] = [];
	const rejected: string[] = [];
	if (ctx.pluginDir === null) return { read: null, usable: usableCache(ctx, now, why), reason: why[0] ?? null, rejected };
	const file = readBriefCacheChecked(ctx.root, ctx.pluginDir);
	const usable = usableCache(ctx, now, why, rejected, file);
	return { read: file.state === 'ok' ? file.value : null, usable, reason: why[0] ?? null, rejected };
}

export interface PipelineRun {
	ctx: VaultContext;
	now: Date;
	/** Report and serve need every path and the per-note detail; the hook only what it prints. */
	full: boolean;
	cache: CacheVerdict;
	/** The usable cache's index, read at most once whichever tiers ask for it. */
	index(): BriefIndex | null;
	/** Why the index was ignored when it failed its schema (set by `index()`). */
	indexRejected?: string;
	/** Every schema failure met so far (cache and index), for the brief's source note. */
	rejected: string[];
	/** The stat walk the verified-cache tier made, handed to the scan so it walks once. */
	walk?: Walk;
}

/** A brief; a reason the tier could not serve; or null when the tier does not apply to this run. */
export type TierOutcome = SourcedBrief | { reason: string } | null;

export interface Tier {
	name: string;
	run(run: PipelineRun): TierOutcome | Promise<TierOutcome>;
}

/** Tier 1: the plugin wrote the cache, still runs and has nothing pending, so it is current. */
export const pluginTier: Tier = {
	name: 'plugin',
	async run(run) {
		const cache = run.cache.usable;
		if (cache === null || !servedByPlugin(cache)) return null;
		if (!run.full) return { brief: withDailyNoteChecked(cache.brief, run.ctx.root), source: 'cache', generatedAt: cache.writtenAt, notesRead: 0, cache, notes: [], kept: true };
		// Every path and detail are rebuilt from the index; without it a later tier answers.
		return (await localTiers()).fromCacheIndex(run, cache);
	},
};

/** Tier 2: ask the running plugin (or `serve`) over the live channel. */
export const liveTier: Tier = { name: 'live', run: async (run) => (await localTiers()).liveBrief(run) };

/** Tier 2 as `auto` uses it: only when a discovery file says something may be listening. */
export const liveIfListening: Tier = {
	name: 'live',
	run: (run) => (run.ctx.pluginDir !== null && fs.existsSync(path.join(run.ctx.pluginDir, DISCOVERY_FILE)) ? liveTier.run(run) : null),
};

/** Tier 3: a cache of today, proven current by a stat-only walk of the vault. */
export const verifiedCacheTier: Tier = { name: 'verified cache', run: async (run) => (await localTiers()).verifiedCache(run) };

/** Tier 4: the bridge's own scan, re-reading only the notes that changed; it always answers. */
export const scanTier: Tier = { name: 'scan', run: async (run) => (await localTiers()).scanTier(run) };

/** The ordered tiers per choice, cheapest first. */
export function tiersFor(choice: PipelineChoice): readonly Tier[] {
	switch (choice) {
		case 'scan':
			return [scanTier];
		case 'cache':
			return [pluginTier, verifiedCacheTier];
		case 'live':
			return [liveTier];
		case 'local':
			return [pluginTier, verifiedCacheTier, scanTier];
		case 'auto':
			return [pluginTier, liveIfListening, verifiedCacheTier, scanTier];
	}
}

export interface PipelineResult {
	sourced: SourcedBrief | null;
	/** Why each tier before the answer (or every tier, when none answered) could not serve. */
	reasons: string[];
}

export async function runTiers(run: PipelineRun, tiers: readonly Tier[]): Promise<PipelineResult> {
	const reasons = run.cache.reason === null ? [] : [run.cache.reason];
	for (const tier of tiers) {
		const out = await tier.run(run);
		if (out === null) continue;
		if ('reason' in out) {
			reasons.push(out.reason);
			continue;
		}
		return { sourced: { ...out, notes: [...run.ctx.warnings, ...reasons, ...out.notes] }, reasons };
	}
	return { sourced: null, reasons };
}

export function startRun(ctx: VaultContext, choice: PipelineChoice, now: Date, full: boolean): PipelineRun {
	// A forced scan or live answer does not look at the cache at all.
	const cache = choice === 'scan' || choice === 'live' ? NOT_ASKED : judgeCache(ctx, now);
	let index: BriefIndex | null | undefined;
	const run: PipelineRun = {
		ctx,
		now,
		full,
		cache,
		rejected: [...cache.rejected],
		index: () => {
			if (index !== undefined) return index;
			index = null;
			if (cache.usable === null || ctx.pluginDir === null) return index;
			const got = readBriefIndexChecked(ctx.root, ctx.pluginDir, cache.usable.indexId);
			if (got.state === 'ok') index = got.value;
			else if (got.state === 'rejected') {
				run.indexRejected = got.why;
				run.rejected.push(got.why);
			}
			return index;
		},
	};
	return run;
}

/** The brief from the first tier that serves; `cache` and `live` say why when none does. */
export async function getBrief(ctx: VaultContext, choice: PipelineChoice, now: Date, full = true): Promise<SourcedBrief> {
	const { sourced, reasons } = await runTiers(startRun(ctx, choice, now, full), tiersFor(choice));
	if (sourced !== null) {
		// `local` is `serve` answering the live channel: the asking bridge adds these items itself.
		if (choice !== 'local') await attachWhatChanged(ctx, sourced, now, async () => (full ? sourced.brief : (await getBrief(ctx, choice, now, true)).brief));
		return sourced;
	}
	if (choice === 'live') throw new NoLiveAnswer(reasons.join('; ') || 'no live channel');
	if (choice === 'cache') throw new NoCurrentCache([...ctx.warnings, ...reasons].join('; ') || 'no current cache');
	// The scan tier always answers; reaching here means a tier list without it.
	throw new Error(`no tier served the brief: ${reasons.join('; ') || 'no reason given'}`);
}
