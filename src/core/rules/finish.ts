/**
 * The rule check's last steps, the same for both front ends: the engine's result plus the folders
 * the front end could not list (a `file-access` warning each) plus the user's external checker
 * (run, skipped, or not configured), then the report with sorted findings and the summary line.
 * The front ends only do the I/O: the bridge lists and runs with Node, the plugin through the
 * vault adapter (src/node/check/rule-files.ts, src/plugin/check/rule-check-runner.ts).
 */
import { translations, type Lang } from '../i18n';
import type { LiveCheck } from '../live-protocol';
import type { ExternalCheck } from '../settings';
import type { RuleCheckResult } from './engine';
import { judgeExternalRun, type ExternalRun } from './checks/external';
import { sortFindings, summaryLine } from './report-text';
import type { Finding } from './types';

interface FinishText {
	folderNotListed: string;
}

export const FINISH_TEXT = translations<FinishText>({
	en: { folderNotListed: 'Folder could not be listed; links into it count as broken.' },
	de: { folderNotListed: 'Ordner ließ sich nicht lesen; Links in ihn hinein gelten als kaputt.' },
});

/** The user's checker: `ran`, `none` configured, or `skipped` (not allowed here, or no vault folder on disk). */
export type ExternalState = 'ran' | 'none' | 'skipped';

export type ExternalStep = { state: 'none' } | { state: 'skipped' } | { state: 'ran'; run: ExternalRun; config: ExternalCheck };

/** The engine's findings, then one per folder not listed, then the external checker's, in that order. */
export interface FinishedRuleCheck extends RuleCheckResult {
	external: ExternalState;
}

/**
 * Runs the external step through the front end's runner: `none` when nothing is configured,
 * `skipped` when the front end gives no runner (the live channel and MCP never start a program;
 * the plugin on mobile has no vault folder to run it in).
 */
export async function externalStep(config: ExternalCheck | null, run: ((config: ExternalCheck) => Promise<ExternalRun>) | undefined): Promise<ExternalStep> {
	if (config === null) return { state: 'none' };
	if (run === undefined) return { state: 'skipped' };
	return { state: 'ran', run: await run(config), config };
}

export function finishRuleCheck(result: RuleCheckResult, unlisted: readonly string[], external: ExternalStep, lang: Lang): FinishedRuleCheck {
	const findings: Finding[] = [...result.findings];
	for (const folder of unlisted) {
		findings.push({ check: 'file-access', severity: 'warning', path: folder, line: 0, message: FINISH_TEXT[lang].folderNotListed });
	}
	const checksRun = [...result.checksRun];
	if (external.state === 'ran') {
		checksRun.push('external');
		findings.push(...judgeExternalRun(external.run, external.config, lang));
	}
	return { findings, checksRun, external: external.state };
}

/** What a front end shows: the findings sorted as every list of them, and the summary line in the run's language. */
export interface RuleCheckReport {
	findings: Finding[];
	checksRun: string[];
	summary: string;
	lang: Lang;
	external: ExternalState;
}

export function ruleCheckReport(finished: FinishedRuleCheck, lang: Lang): RuleCheckReport {
	return {
		findings: sortFindings(finished.findings),
		checksRun: finished.checksRun,
		summary: summaryLine(finished.findings, finished.checksRun, lang),
		lang,
		external: finished.external,
	};
}

/** The report as the live channel sends it: built-in checks only, so the external checker is never `ran` there. */
export function liveCheckOf(report: RuleCheckReport): LiveCheck {
	return { findings: report.findings, checksRun: report.checksRun, summary: report.summary, lang: report.lang, external: report.external === 'none' ? 'none' : 'skipped' };
}
