/**
 * What the status line shows, read as tier 1 reads (docs/status-line.md): the cache file, whether
 * the process that keeps it still runs, the agent changes journal and review marks, and the last
 * rule check's record. Never a walk of the vault: the line runs every few hundred milliseconds.
 */
import type { VaultStatus } from '../../core/status/status-line';
import { rulesState } from '../../core/rules/last-check-record';
import { judgeCache } from '../tiers/brief-pipeline';
import { servedByPlugin } from '../tiers/plugin-tier';
import { agentChanges } from '../journal/what-changed';
import { readLastCheck } from '../check/last-check';
import type { VaultContext } from '../vault-config';

/** The vault's status; every count the files cannot give is null, and each part fails on its own. */
export function readVaultStatus(ctx: VaultContext, now: Date): VaultStatus & { lang?: 'en' | 'de' } {
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
	const record = readLastCheck(ctx.root, ctx.pluginDir);
	return {
		toReview: read?.toReview ?? null,
		agentChanges: changes,
		rules: record === null ? null : rulesState(record),
		stale: !kept,
		...(read?.lang === undefined ? {} : { lang: read.lang }),
	};
}
