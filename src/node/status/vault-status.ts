/**
 * What the status line shows, read as tier 1 reads (docs/status-line.md): the cache file, whether
 * the process that keeps it still runs, the agent changes journal and review marks, and the last
 * rule check's counts. Never a walk of the vault: the line runs every few hundred milliseconds.
 */
import type { Lang } from '../../core/i18n';
import type { VaultStatus } from '../../core/status/status-line';
import { judgeCache } from '../tiers/brief-pipeline';
import { servedByPlugin } from '../tiers/plugin-tier';
import { agentChanges } from '../journal/what-changed';
import { readCheckSummary } from '../check/last-check';
import type { VaultContext } from '../vault-config';

/** The vault's status; every count the files cannot give is null, and each part fails on its own. */
export function readVaultStatus(ctx: VaultContext, now: Date): VaultStatus & { lang?: Lang } {
	if (ctx.pluginDir === null) return { toReview: null, agentChanges: null, rules: null, stale: true };
	const verdict = judgeCache(ctx, now);
	const read = verdict.read;
	const kept = verdict.usable !== null && servedByPlugin(verdict.usable);
	let changes: number | null = null;
	try {
		changes = agentChanges(ctx, { cache: verdict.usable, kept }, now).count;
	} catch {
		// An unreadable journal leaves the count out rather than show a wrong one.
	}
	return {
		toReview: read?.toReview ?? null,
		agentChanges: changes,
		rules: readCheckSummary(ctx.root, ctx.pluginDir),
		stale: !kept,
		...(read?.lang === undefined ? {} : { lang: read.lang }),
	};
}

/** The language of the words: `--lang`, else the setting, where "auto" is the language the plugin's cache was written in. */
export function statusLang(ctx: VaultContext, status: { lang?: Lang }, langGiven: boolean): Lang {
	return ctx.settings.language === 'auto' && !langGiven ? (status.lang ?? ctx.lang) : ctx.lang;
}
