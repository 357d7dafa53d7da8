/**
 * The PostToolUse hook (docs/design.md, "The rule check after an edit"): after an edit to a rule file,
 * run the rule check and tell the agent what broke. Silent for anything it cannot read as an edit
 * inside the rule scope, silent for a clean check, and exit 0 always.
 *
 * Most edits are not rule edits, so the common path must stay near the cost of a bare Node start:
 * it reads stdin, compares strings and, only for a path inside the vault, the plugin's settings.
 * The check engine (and everything it pulls in) is loaded by a dynamic import that esbuild keeps
 * in the same bundle as a lazily initialised module, evaluated only for an edit in scope.
 */
import * as path from 'node:path';
import { stringFlag, type Args } from '../args';
import { contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { asciiJson } from '../../src/core/format';
import type { Lang } from '../../src/core/i18n';
import { hookFindingsText, say, summaryLine } from '../../src/core/rules/report-text';
import { escapeControls, safeLines, shortenName } from '../../src/core/quote';
import { checkScope, inScope, vaultRelative } from '../../src/core/rules/scope';
import { defaultVaultRoot } from '../../src/node/vault-config';

export function postToolUseEnvelope(context: string, systemMessage: string): string {
	const oneLine = escapeControls(systemMessage.replace(/\s+/g, ' ').trim().slice(0, 300));
	return `${asciiJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: context }, systemMessage: oneLine })}\n`;
}

/** The envelope for the hook's own failure: that is a finding too (docs/design.md, "The rule check after an edit"). */
export function postToolUseCrashEnvelope(error: unknown, scriptPath: string, lang: Lang = 'en'): string {
	const reason = escapeControls((error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '') || 'unknown error';
	const command = `node ${quote(scriptPath)} check`;
	const text = say(
		lang,
		`Rule check: the post-tool-use hook itself failed (${reason}), so the rule set is unchecked after this edit. Run \`${command}\` in a terminal to see the full error.`,
		`Regelwerk-Check: der post-tool-use-Hook ist selbst gescheitert (${reason}); das Regelwerk ist nach dieser Änderung ungeprüft. \`${command}\` im Terminal zeigt den ganzen Fehler.`,
	);
	return postToolUseEnvelope(text, say(lang, `Rule check failed to run: ${reason}`, `Regelwerk-Check lief nicht: ${reason}`));
}

function quote(p: string): string {
	return /[\s"']/.test(p) ? `"${p.replace(/"/g, '\\"')}"` : p;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `tool_input.file_path` (Edit, Write, MultiEdit) or `tool_input.notebook_path` (NotebookEdit). */
export function editedPath(stdin: Buffer): string | null {
	let input: unknown;
	try {
		input = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(stdin)) as unknown;
	} catch {
		return null;
	}
	if (!isRecord(input) || !isRecord(input.tool_input)) return null;
	for (const key of ['file_path', 'notebook_path']) {
		const value = input.tool_input[key];
		if (typeof value === 'string' && value.trim() !== '') return value;
	}
	return null;
}

export async function postToolUse(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const stdin = await readStdin(2000);
	const filePath = editedPath(stdin);
	if (filePath === null) return 0;
	// The root comes from the script's place (or --vault), never from the input's `cwd` (docs/design.md, "Where the vault is").
	const given = stringFlag(args, 'vault');
	const root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
	if (root === null) return 0;
	const rel = vaultRelative(root, filePath);
	if (rel === null) return 0;
	let lang: Lang = 'en';
	try {
		const ctx = contextFor(args, scriptPath, env);
		lang = ctx.lang;
		if (!inScope(rel, checkScope(ctx.settings))) return 0;
		const { checkVault } = await import('../../src/node/rule-files');
		const timeout = Number(env.SESSION_BRIEF_EXTERNAL_TIMEOUT_MS);
		const result = await checkVault(ctx, { env, lang, externalTimeoutMs: timeout > 0 ? timeout : undefined });
		if (result.findings.length === 0) return 0;
		const command = `node ${quote(scriptPath)} check`;
		const name = shortenName(rel, 600);
		const header = say(lang, `Rule check after the edit of ${name}:`, `Regelwerk-Check nach der Änderung von ${name}:`);
		const summary = summaryLine(result.findings, result.checksRun, lang);
		const text = hookFindingsText(header, result.findings, result.checksRun, lang, command);
		writeOut(postToolUseEnvelope(safeLines(text), say(lang, `Rule check: ${summary}`, `Regelwerk-Check: ${summary}`)));
	} catch (error) {
		writeOut(postToolUseCrashEnvelope(error, scriptPath, lang));
	}
	return 0;
}
