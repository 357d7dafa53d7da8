/** The rule check as `check --json` prints it, shared by the `check` command and the MCP tool. */
import { ALL_CHECKS } from '../core/rules/engine';
import type { Lang } from '../core/i18n';
import { sortFindings, summaryLine } from '../core/rules/report-text';
import type { RuleCheckResult } from '../core/rules/engine';
import type { FindingDiff } from '../core/rules/finding-diff';
import type { VaultContext } from './vault-config';

/**
 * With `diff` (the comparison with the last recorded check), each finding says whether it is `new`:
 * not among the findings of the last check (docs/design.md, "Findings attributed to the edit").
 */
export function checkJson(ctx: VaultContext, result: RuleCheckResult, lang: Lang, diff?: FindingDiff) {
	const sorted = sortFindings(result.findings);
	const fresh = diff === undefined ? null : new Set(diff.fresh);
	const explained = ALL_CHECKS.filter((c) => result.checksRun.includes(c.id)).map((c) => ({ id: c.id, severity: c.severity, explanation: c.explain[lang] }));
	return {
		schema: 1 as const,
		vault: ctx.root,
		checksRun: result.checksRun,
		checks: explained,
		findings: fresh === null ? sorted : sorted.map((f) => ({ ...f, new: fresh.has(f) })),
		summary: summaryLine(result.findings, result.checksRun, lang),
	};
}
