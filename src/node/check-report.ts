/** The rule check as `check --json` prints it, shared by the `check` command and the MCP tool. */
import { ALL_CHECKS } from '../core/rules/engine';
import type { Lang } from '../core/i18n';
import { sortFindings, summaryLine } from '../core/rules/report-text';
import type { RuleCheckResult } from '../core/rules/engine';
import type { VaultContext } from './vault-config';

export function checkJson(ctx: VaultContext, result: RuleCheckResult, lang: Lang) {
	const explained = ALL_CHECKS.filter((c) => result.checksRun.includes(c.id)).map((c) => ({ id: c.id, severity: c.severity, explanation: c.explain[lang] }));
	return {
		schema: 1 as const,
		vault: ctx.root,
		checksRun: result.checksRun,
		checks: explained,
		findings: sortFindings(result.findings),
		summary: summaryLine(result.findings, result.checksRun, lang),
	};
}
