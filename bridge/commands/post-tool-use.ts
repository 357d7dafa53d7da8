/**
 * The PostToolUse hook (docs/design.md, "The rule check after an edit"): silent unless an edit in
 * the rule scope broke something, exit 0 always. Most edits are not rule edits, so the check engine
 * loads (src/node/check/edit-check-source.ts) only for an edit in scope.
 */
import * as path from 'node:path';
import { stringFlag, type Args } from '../args';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { agentOrDefault, DEFAULT_AGENT, hostOf, translateHookInput, type AgentId } from '../../src/core/hosts/agent-contracts';
import type { Lang } from '../../src/core/i18n';
import { safeLines } from '../../src/core/quote';
import { checkScope, inScope, vaultRelative } from '../../src/core/rules/scope';
import { parseHookJson } from '../../src/node/hosts/hook-input';
import { defaultVaultRoot } from '../../src/node/vault-config';
import { recordAgentEdit } from '../../src/node/journal/agent-journal';
import { recordAfterVersion } from '../../src/node/review/before-version-hook';
import { editCheck } from '../../src/node/check/edit-check-source';
import { checkCommand, postToolUseCrashEnvelope, postToolUseEnvelope } from '../hook-output';

export { postToolUseCrashEnvelope, postToolUseEnvelope } from '../hook-output';

/**
 * The edited file from the host's input, read through its descriptor: `tool_input.file_path` (Edit,
 * Write, MultiEdit, or the host's own name for it) or `tool_input.notebook_path` (NotebookEdit).
 */
export function editedPath(stdin: Buffer, agent: AgentId = DEFAULT_AGENT): string | null {
	return editOf(stdin, agent)?.filePath ?? null;
}

/**
 * The tools that write files, under Claude Code's names (each host's own are translated to these).
 * A host that runs the hook after every tool (Copilot CLI's postToolUse has no matcher) reaches
 * the journal only with these: `view` names a file too. The others' matchers choose the tools.
 */
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** At most this many files of one patch are recorded, so one hook run stays bounded. */
const MAX_PATCH_FILES = 200;

export interface EditFacts {
	filePath: string;
	/** Every file of the edit: one, or each file of a Codex patch. */
	filePaths: string[];
	/** The tool as the host named it. */
	tool?: string;
	session?: string;
	/** The host's working folder, which relative paths (a Codex patch's) are relative to. */
	cwd?: string;
}

/** The edited file with the tool and session that made the edit (for the agent changes journal). */
export function editOf(stdin: Buffer, agent: AgentId = DEFAULT_AGENT): EditFacts | null {
	const hook = translateHookInput(agent, parseHookJson(stdin));
	const input = hook.tool_input;
	if (input === undefined) return null;
	if (hostOf(agent).afterEveryTool === true && (hook.tool_name === undefined || !EDIT_TOOLS.has(hook.tool_name))) return null;
	for (const key of ['file_path', 'notebook_path']) {
		const value = input[key];
		if (typeof value !== 'string' || value.trim() === '') continue;
		const more = Array.isArray(input.file_paths) ? input.file_paths.filter((p): p is string => typeof p === 'string' && p.trim() !== '').slice(0, MAX_PATCH_FILES) : [];
		// The journal names the host's own tool; which tools are edits was decided by the translated name.
		return { filePath: value, filePaths: more.length > 0 ? more : [value], tool: hook.host_tool_name ?? hook.tool_name, session: hook.session_id, cwd: hook.cwd };
	}
	return null;
}

/** A path of the edit, vault-relative, or null outside the vault. A relative path is read from the host's working folder. */
async function relativeToVault(root: string, filePath: string, cwd: string | undefined): Promise<string | null> {
	const given = !path.isAbsolute(filePath) && cwd !== undefined && path.isAbsolute(cwd) ? path.join(cwd, filePath) : filePath;
	// Through a symlinked vault path the literal paths differ; the real ones are compared only then.
	return vaultRelative(root, given) ?? (await import('../../src/node/real-path')).vaultRelativeReal(root, given);
}

export async function postToolUse(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const stdin = await readStdin(2000);
	const agent = agentOrDefault(stringFlag(args, 'agent'));
	const edit = editOf(stdin, agent);
	if (edit === null) return 0;
	// The root comes from the script's place (or --vault), never from the input's `cwd` (docs/design.md, "Where the vault is"):
	// the `cwd` only places a relative path, which must still land inside that root.
	const given = stringFlag(args, 'vault');
	const root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
	if (root === null) return 0;
	const rels: string[] = [];
	for (const p of edit.filePaths) {
		const rel = await relativeToVault(root, p, edit.cwd);
		if (rel !== null && !rels.includes(rel)) rels.push(rel);
	}
	if (rels.length === 0) return 0;
	let lang: Lang = 'en';
	try {
		const ctx = contextFor(args, scriptPath, env);
		lang = ctx.lang;
		const now = clock(env);
		for (const r of rels) {
			await recordAgentEdit(ctx, { rel: r, tool: edit.tool, session: edit.session, now });
			await recordAfterVersion(ctx, r, edit.session, now);
		}
		const scope = checkScope(ctx.settings);
		const rel = rels.find((r) => inScope(r, scope));
		if (rel === undefined) return 0;
		const command = checkCommand(scriptPath);
		const report = await (await editCheck()).checkEdit(ctx, rel, { env, lang, command, now: () => clock(env) });
		if (report !== null) writeOut(postToolUseEnvelope(safeLines(report.context), report.system, agent));
	} catch (error) {
		writeOut(postToolUseCrashEnvelope(error, scriptPath, lang, agent));
	}
	return 0;
}
