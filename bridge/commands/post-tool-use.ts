/**
 * The PostToolUse hook (docs/design.md, "The rule check after an edit"): after an edit to a rule file,
 * run the rule check and tell the agent what broke. Silent for anything it cannot read as an edit
 * inside the rule scope, silent for a clean check, and exit 0 always.
 *
 * Most edits are not rule edits, so the common path must stay near the cost of a bare Node start:
 * it reads stdin, compares strings and, only for a path inside the vault, the plugin's settings.
 * The check engine (and everything it pulls in) comes through src/node/edit-check-source.ts, only
 * for an edit in scope: from the bridge's own bundle, or, in session-brief.edit.cjs, from the
 * bridge file beside it (bridge/edit-file.ts).
 */
import * as path from 'node:path';
import { stringFlag, type Args } from '../args';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { agentOrDefault, DEFAULT_AGENT, translateHookInput, type AgentId } from '../../src/core/agent-contracts';
import type { Lang } from '../../src/core/i18n';
import { safeLines } from '../../src/core/quote';
import { checkScope, inScope, vaultRelative } from '../../src/core/rules/scope';
import { parseHookJson } from '../../src/node/hook-input';
import { defaultVaultRoot } from '../../src/node/vault-config';
import { recordAgentEdit } from '../../src/node/agent-journal';
import { recordAfterVersion } from '../../src/node/before-version-hook';
import { editCheck } from '../../src/node/edit-check-source';
import { checkCommand, postToolUseCrashEnvelope, postToolUseEnvelope } from '../hook-output';

export { postToolUseCrashEnvelope, postToolUseEnvelope } from '../hook-output';

/**
 * The edited file from the host's input, read through its descriptor: `tool_input.file_path` (Edit,
 * Write, MultiEdit, or the host's own name for it) or `tool_input.notebook_path` (NotebookEdit).
 */
export function editedPath(stdin: Buffer, agent: AgentId = DEFAULT_AGENT): string | null {
	return editOf(stdin, agent)?.filePath ?? null;
}

/** The edited file with the tool and session that made the edit (for the agent changes journal). */
export function editOf(stdin: Buffer, agent: AgentId = DEFAULT_AGENT): { filePath: string; tool?: string; session?: string } | null {
	const hook = translateHookInput(agent, parseHookJson(stdin));
	const input = hook.tool_input;
	if (input === undefined) return null;
	for (const key of ['file_path', 'notebook_path']) {
		const value = input[key];
		if (typeof value === 'string' && value.trim() !== '') return { filePath: value, tool: hook.tool_name, session: hook.session_id };
	}
	return null;
}

export async function postToolUse(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const stdin = await readStdin(2000);
	const agent = agentOrDefault(stringFlag(args, 'agent'));
	const edit = editOf(stdin, agent);
	if (edit === null) return 0;
	const filePath = edit.filePath;
	// The root comes from the script's place (or --vault), never from the input's `cwd` (docs/design.md, "Where the vault is").
	const given = stringFlag(args, 'vault');
	const root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
	if (root === null) return 0;
	// Through a symlinked vault path the literal paths differ; the real ones are compared only then.
	const rel = vaultRelative(root, filePath) ?? (await import('../../src/node/real-path')).vaultRelativeReal(root, filePath);
	if (rel === null) return 0;
	let lang: Lang = 'en';
	try {
		const ctx = contextFor(args, scriptPath, env);
		lang = ctx.lang;
		await recordAgentEdit(ctx, { rel, tool: edit.tool, session: edit.session, now: clock(env) });
		await recordAfterVersion(ctx, rel, edit.session, clock(env));
		if (!inScope(rel, checkScope(ctx.settings))) return 0;
		const command = checkCommand(scriptPath);
		const report = await (await editCheck()).checkEdit(ctx, rel, { env, lang, command, now: () => clock(env) });
		if (report !== null) writeOut(postToolUseEnvelope(safeLines(report.context), report.system, agent));
	} catch (error) {
		writeOut(postToolUseCrashEnvelope(error, scriptPath, lang, agent));
	}
	return 0;
}
