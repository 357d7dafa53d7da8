/**
 * The rule check after an edit inside the rule scope (docs/design.md, "The rule check after an
 * edit"): the whole check, its findings sorted for the edited file, and the report the PostToolUse
 * hook prints. It is the heavy part of that hook (the check engine and everything it reads), so it
 * sits apart from the hook's common path and is loaded only for an edit in scope
 * (edit-check-source.ts).
 */
import * as path from 'node:path';
import type { Lang } from '../../core/i18n';
import { shortenName } from '../../core/quote';
import { EDIT_REPORT_TEXT, editReport, type EditReport } from '../../core/rules/edit-report';
import { splitForEdit } from '../../core/rules/finding-diff';
import { summaryLine } from '../../core/rules/report-text';
import { normalizePath, vaultRelative } from '../../core/rules/scope';
import { disablesHooks } from '../../core/rules/checks/settings-json';
import { previousCheck } from './last-check';
import { realPathOf } from '../real-path';
import { checkVault } from './rule-files';
import type { VaultContext } from '../vault-config';

export interface EditCheckOptions {
	env: NodeJS.ProcessEnv;
	lang: Lang;
	/** The command line that runs the full check, for the report's last line. */
	command: string;
	/** Read after the check, so the record of this edit's findings carries the time it finished. */
	now: () => Date;
}

/**
 * Whether a finding's path names the edited file: `rel` as the hook found it (letter case may
 * differ from the file's), or the file a symlink inside the vault points to.
 */
function editedFile(root: string, rel: string): (p: string) => boolean {
	const names = new Set([normalizePath(rel).toLowerCase()]);
	const realRoot = realPathOf(root);
	const realFile = realPathOf(path.join(root, rel));
	const through = realRoot === null || realFile === null ? null : vaultRelative(realRoot, realFile);
	if (through !== null) names.add(through.toLowerCase());
	return (p) => names.has(p.toLowerCase());
}

/** The check's report on the edit of `rel` (vault-relative); null when there is nothing to say. */
export async function checkEdit(ctx: VaultContext, rel: string, o: EditCheckOptions): Promise<EditReport | null> {
	const timeout = Number(o.env.SESSION_BRIEF_EXTERNAL_TIMEOUT_MS);
	const result = await checkVault(ctx, { env: o.env, lang: o.lang, externalTimeoutMs: timeout > 0 ? timeout : undefined });
	const previous = previousCheck(ctx.root, ctx.pluginDir, o.lang, result.findings, o.now());
	const split = splitForEdit(previous, result.findings, editedFile(ctx.root, rel), disablesHooks);
	const header = EDIT_REPORT_TEXT[o.lang].header(shortenName(rel, 600));
	return editReport(header, split, result.checksRun, o.lang, o.command, summaryLine(result.findings, result.checksRun, o.lang));
}
