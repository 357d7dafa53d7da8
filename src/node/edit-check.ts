/**
 * The rule check after an edit inside the rule scope (docs/design.md, "The rule check after an
 * edit"): the whole check, what this edit introduced, and the report the PostToolUse hook prints.
 * It is the heavy part of that hook (the check engine and everything it reads), so it sits apart
 * from the hook's common path and is loaded only for an edit in scope (edit-check-source.ts).
 */
import type { Lang } from '../core/i18n';
import { shortenName } from '../core/quote';
import { EDIT_REPORT_TEXT, editReport, type EditReport } from '../core/rules/finding-diff';
import { summaryLine } from '../core/rules/report-text';
import { attributeFindings } from './last-check';
import { checkVault } from './rule-files';
import type { VaultContext } from './vault-config';

export interface EditCheckOptions {
	env: NodeJS.ProcessEnv;
	lang: Lang;
	/** The command line that runs the full check, for the report's last line. */
	command: string;
	/** Read after the check, so the record of this edit's findings carries the time it finished. */
	now: () => Date;
}

/** The check's report on the edit of `rel` (vault-relative); null when there is nothing to say. */
export async function checkEdit(ctx: VaultContext, rel: string, o: EditCheckOptions): Promise<EditReport | null> {
	const timeout = Number(o.env.SESSION_BRIEF_EXTERNAL_TIMEOUT_MS);
	const result = await checkVault(ctx, { env: o.env, lang: o.lang, externalTimeoutMs: timeout > 0 ? timeout : undefined });
	// What this edit introduced comes first; findings that were already there are counted (docs/design.md, "Findings attributed to the edit").
	const diff = attributeFindings(ctx.root, ctx.pluginDir, o.lang, result.findings, o.now());
	const header = EDIT_REPORT_TEXT[o.lang].header(shortenName(rel, 600));
	return editReport(header, diff, result.findings, result.checksRun, o.lang, o.command, summaryLine(result.findings, result.checksRun, o.lang));
}
