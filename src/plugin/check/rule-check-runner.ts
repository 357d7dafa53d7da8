/**
 * Runs the rule check over the vault as Obsidian sees it, for the *Rule check* view. The external
 * checker runs as the `check` command runs it, never when the read-only live channel asks, and its
 * runner is imported only when it runs, so it never loads on mobile.
 */
import { Events, normalizePath, type App } from 'obsidian';
import type { Lang } from '../../core/i18n';
import { runRuleCheck, type RuleCheckResult } from '../../core/rules/engine';
import { externalStep, finishRuleCheck, ruleCheckReport, type RuleCheckReport as CoreReport } from '../../core/rules/finish';
import type { RuleInput } from '../../core/rules/types';
import { effectiveRuleScope, type ExternalCheck, type Settings } from '../../core/settings';
import { CHANGED } from '../index/brief-service';
import { vaultBasePath, vaultRuleInput } from './vault-rule-input';

/** The report of the core's finisher, with the time the run finished and what it looked at. */
export interface RuleCheckReport extends CoreReport {
	finishedAt: number;
	/** The rule scope's patterns and how many files matched them: the empty view says what was checked. */
	scope: string[];
	targets: number;
}

/**
 * The engine asks `exists` synchronously, the adapter answers asynchronously: a first run collects
 * the questions (script paths named in settings.json, `@` imports outside the listing), a second
 * run, only when there were any, gets the adapter's answers.
 */
export async function runWithAdapterExists(app: App, input: RuleInput): Promise<RuleCheckResult> {
	const asked = new Set<string>();
	const first = runRuleCheck({ ...input, exists: (path) => (asked.add(path), false) });
	if (asked.size === 0) return first;
	const answers = new Map<string, boolean>();
	await Promise.all(
		[...asked].map(async (path) => {
			answers.set(path, await app.vault.adapter.exists(normalizePath(path)).catch(() => false));
		}),
	);
	return runRuleCheck({ ...input, exists: (path) => answers.get(path) ?? false });
}

export class RuleCheckRunner extends Events {
	/** The last run of the command, for the view; null before the first. */
	last: RuleCheckReport | null = null;

	constructor(
		private readonly app: App,
		private readonly getSettings: () => Settings,
		private readonly getLang: () => Lang,
	) {
		super();
	}

	/** One run without keeping it (the live channel's `check` asks with `external: false`). */
	async check(options: { external: boolean }): Promise<RuleCheckReport> {
		const settings = this.getSettings();
		const lang = this.getLang();
		const { input, unreadable } = await vaultRuleInput(this.app, settings, lang);
		const result = await runWithAdapterExists(this.app, input);
		const root = vaultBasePath(this.app);
		const runner =
			options.external && root !== undefined
				? async (config: ExternalCheck) => (await import('../../node/check/external-check')).runExternalCheck(config, root, process.env)
				: undefined;
		const finished = finishRuleCheck(result, unreadable, await externalStep(settings.externalCheck, runner), lang);
		return { ...ruleCheckReport(finished, lang), finishedAt: Date.now(), scope: effectiveRuleScope(settings), targets: input.targets.length };
	}

	/** The command's run: kept for the view, which re-renders. */
	async run(): Promise<RuleCheckReport> {
		const report = await this.check({ external: true });
		this.last = report;
		this.trigger(CHANGED);
		return report;
	}
}
