/** The rule check as `check --json` prints it, shared by the `check` command and the MCP tool. */
import { ALL_CHECKS } from '../../core/rules/engine';
import type { Lang } from '../../core/i18n';
import { sortFindings, summaryLine } from '../../core/rules/report-text';
import type { RuleCheckResult } from '../../core/rules/engine';
import type { FindingDiff } from '../../core/rules/finding-diff';
import type { Finding } from '../../core/rules/types';
import type { VaultContext } from '../vault-config';

/**
 * With `diff` (the comparison with the last recorded check), each finding has a `status`: `new`
 * when the last check did not have it (or there is no record), `still` when it did; and `new` as a
 * boolean, as before (docs/design.md, "Findings after an edit").
 */
export function checkJson(ctx: VaultContext, result: RuleCheckResult, lang: Lang, diff?: FindingDiff) {
	const sorted = sortFindings(result.findings);
	const fresh = diff === undefined ? null : new Set(diff.fresh);
	const status = (f: Finding): 'new' | 'still' => (fresh?.has(f) === true ? 'new' : 'still');
	const explained = ALL_CHECKS.filter((c) => result.checksRun.includes(c.id)).map((c) => ({ id: c.id, severity: c.severity, explanation: c.explain[lang] }));
	return {
		schema: 1 as const,
		vault: ctx.root,
		checksRun: result.checksRun,
		checks: explained,
		findings: fresh === null ? sorted : sorted.map((f) => ({ ...f, status: status(f), new: fresh.has(f) })),
		summary: summaryLine(result.findings, result.checksRun, lang),
	};
}
