/**
 * Runs the rule check over the vault as Obsidian sees it and keeps the last result for
 * the *Rule check* view, which listens to its `changed` event. The built-in checks are the core's;
 * the user's external checker runs through the bridge's runner (a child process, desktop only),
 * exactly as the `check` command runs it, but never when the live channel asks (read-only channel).
 * The runner is imported only when it runs: on mobile there is no vault folder, so it never loads.
 */
import { Events, normalizePath, type App } from 'obsidian';
import type { Lang } from '../core/i18n';
import { runRuleCheck, type RuleCheckResult } from '../core/rules/engine';
import { judgeExternalRun } from '../core/rules/external';
import { sortFindings, summaryLine } from '../core/rules/report-text';
import type { Finding, RuleInput } from '../core/rules/types';
import type { Settings } from '../core/settings';
import { CHANGED } from './brief-service';
import { vaultBasePath, vaultRuleInput } from './vault-rule-input';

export interface RuleCheckReport {
	/** Sorted as every list of findings: by file, then line. */
	findings: Finding[];
	checksRun: string[];
	/** The summary line in the run's language. */
	summary: string;
	lang: Lang;
	finishedAt: number;
	/** The user's own checker: `ran`, `none` configured, or `skipped` (live channel, or no vault folder on disk). */
	external: 'ran' | 'none' | 'skipped';
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
		const findings = [...result.findings];
		for (const folder of unreadable) {
			findings.push({
				check: 'file-access',
				severity: 'warning',
				path: folder,
				line: 0,
				message: lang === 'de' ? 'Ordner ließ sich nicht lesen; Links in ihn hinein gelten als kaputt.' : 'Folder could not be listed; links into it count as broken.',
			});
		}
		const checksRun = [...result.checksRun];
		const configured = settings.externalCheck;
		const root = vaultBasePath(this.app);
		let external: RuleCheckReport['external'] = configured === null ? 'none' : 'skipped';
		if (configured !== null && options.external && root !== undefined) {
			checksRun.push('external');
			const { runExternalCheck } = await import('../node/external-check');
			const run = await runExternalCheck(configured, root, process.env);
			findings.push(...judgeExternalRun(run, configured, lang));
			external = 'ran';
		}
		return { findings: sortFindings(findings), checksRun, summary: summaryLine(findings, checksRun, lang), lang, finishedAt: Date.now(), external };
	}

	/** The command's run: kept for the view, which re-renders. */
	async run(): Promise<RuleCheckReport> {
		const report = await this.check({ external: true });
		this.last = report;
		this.trigger(CHANGED);
		return report;
	}
}
