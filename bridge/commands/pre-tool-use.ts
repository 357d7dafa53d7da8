/**
 * The pre-tool hook (PreToolUse, Gemini CLI's BeforeTool): the fence around Session Brief's own
 * files, the opt-in Write guard (docs/design.md, "The Write guard"), and the before-versions of a
 * call it lets through. Anything it cannot read is allowed silently, so the host goes on with its
 * own permission flow; the setting is read each run, so toggling it needs no new registration.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringFlag, type Args } from '../args';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { agentOrDefault, DEFAULT_AGENT, translateHookInput, type AgentId, type ClaudeShapedInput } from '../../src/core/hosts/agent-contracts';
import { FENCED_FILE_TOOLS, fenceRefusal, SHELL_TOOL, type Fenced } from '../../src/core/fence/agent-fence';
import { vaultRelative } from '../../src/core/rules/scope';
import { denyOutput, freeName, guardApplies, GUARDED_TOOL, refusal } from '../../src/core/fence/write-guard';
import { agentPluginFolder, fencedFile, fencePlaces, fileMayBeFenced, sessionFileBehindLinks, type FencePlaces } from '../../src/node/fence/agent-fence';
import { commandMayBeFenced, fencedCommand } from '../../src/node/fence/fence-command';
import { userStateDir } from '../../src/node/journal/user-state-dir';
import { keepBeforeVersions, mayChangeNotes } from '../../src/node/review/before-version-hook';
import { recordToolCall } from '../../src/node/journal/session-turn-record';
import { parseHookJson } from '../../src/node/hosts/hook-input';
import { vaultRelativeReal } from '../../src/node/real-path';
import { defaultVaultRoot, type VaultContext } from '../../src/node/vault-config';

export interface ToolAttempt {
	tool: string;
	/** The file an edit tool names, or null. */
	filePath: string | null;
	/** Every file of the call: the one an edit tool names, or each file of a Codex patch (none for a shell command). */
	filePaths: string[];
	/** The command line of a shell tool, or null. */
	command: string | null;
	cwd: string | undefined;
	/** The hook input's session id, or null. */
	session: string | null;
}

/** At most this many files of one patch are looked at, so one hook run stays bounded. */
const MAX_PATCH_FILES = 200;

function usablePath(p: unknown): p is string {
	return typeof p === 'string' && p.trim() !== '' && !p.includes('\0');
}

/** A patch's relative path is read from the host's working folder, as the host reads it. */
function fromCwd(p: string, cwd: string | undefined): string {
	return !path.isAbsolute(p) && cwd !== undefined && path.isAbsolute(cwd) ? path.join(cwd, p) : p;
}

/** The tool and what it acts on from the host's hook input, under Claude Code's names; null for anything else. */
export function toolAttempt(stdin: Buffer, agent: AgentId = DEFAULT_AGENT): ToolAttempt | null {
	return attemptOf(translateHookInput(agent, parseHookJson(stdin)));
}

function attemptOf(hook: ClaudeShapedInput): ToolAttempt | null {
	const tool = hook.tool_name;
	if (tool === undefined) return null;
	const input = hook.tool_input ?? {};
	const file = input.file_path ?? input.notebook_path;
	// A Codex patch's paths are relative to the host's working folder; any other tool's, to the vault (as before).
	const patch = Array.isArray(input.file_paths) ? input.file_paths.filter(usablePath).slice(0, MAX_PATCH_FILES).map((p) => fromCwd(p, hook.cwd)) : [];
	const filePath = patch[0] ?? (usablePath(file) ? file : null);
	const filePaths = patch.length > 0 ? patch : filePath === null ? [] : [filePath];
	const command = typeof input.command === 'string' && input.command.trim() !== '' && tool !== 'Edit' ? input.command : null;
	if (filePath === null && command === null) return null;
	return { tool, filePath, filePaths, command, cwd: hook.cwd, session: hook.session_id ?? null };
}

function sessionOf(id: string | null | undefined): string | null {
	return id === undefined || id === null || id === '' ? null : id;
}

function isFile(p: string): boolean {
	try {
		return fs.statSync(p).isFile();
	} catch {
		return false;
	}
}

function exists(p: string): boolean {
	try {
		fs.lstatSync(p);
		return true;
	} catch (error) {
		// Anything but "not there" (no permission, a broken disk) counts as taken: never suggest it.
		return (error as NodeJS.ErrnoException).code !== 'ENOENT';
	}
}

/** The place a refusal names: vault-relative in the vault, else as it is. */
function shownPlace(ctx: VaultContext, places: FencePlaces, fenced: Fenced): string {
	const folder = (dir: string): string => `${(vaultRelative(ctx.root, dir) ?? dir).replace(/\\/g, '/')}/`;
	if (fenced === 'hooks' || (fenced === 'plugin' && ctx.pluginDir === null)) return '.claude/hooks/';
	if (fenced === 'plugin') return folder(ctx.pluginDir as string);
	return folder(places.wholeFolders.find((w) => w.fenced === fenced)?.dir ?? '');
}

/**
 * Our folders outside the vault: the per-user state folder (where the review seals live) and the
 * agent plugin's folder when the hook runs from one. Neither needs the settings.
 */
function outsideFolders(scriptPath: string, env: NodeJS.ProcessEnv): { stateDir: string | null; outside: string[] } {
	let stateDir: string | null = null;
	try {
		stateDir = userStateDir(env);
	} catch {
		// No home folder: nothing there to fence.
	}
	const agentPlugin = agentPluginFolder(scriptPath);
	return { stateDir, outside: [stateDir, agentPlugin].filter((d): d is string => d !== null && path.isAbsolute(d)) };
}

/** The fence's refusal, or null: settings are read only when strings say the call may reach our files. */
function fenceAnswer(attempt: ToolAttempt, root: string, scriptPath: string, context: () => VaultContext, agent: AgentId, env: NodeJS.ProcessEnv): string | null {
	const { stateDir, outside } = outsideFolders(scriptPath, env);
	const placesFor = (ctx: VaultContext): FencePlaces => fencePlaces(root, ctx.pluginDir, scriptPath, stateDir, env.HOME || env.USERPROFILE || null);
	if (FENCED_FILE_TOOLS.has(attempt.tool)) {
		for (const file of attempt.filePaths) {
			if (!fileMayBeFenced(root, file, outside)) continue;
			const ctx = context();
			const places = placesFor(ctx);
			const fenced = fencedFile(places, file);
			if (fenced !== null) return denyOutput(fenceRefusal(fenced, file, shownPlace(ctx, places, fenced), false, ctx.lang), agent);
		}
		return null;
	}
	if (attempt.tool === SHELL_TOOL && attempt.command !== null) {
		if (!commandMayBeFenced(attempt.command, attempt.cwd, root, outside)) return null;
		const ctx = context();
		const places = placesFor(ctx);
		const hit = fencedCommand(places, attempt.command, attempt.cwd);
		return hit === null ? null : denyOutput(fenceRefusal(hit.fenced, hit.word, shownPlace(ctx, places, hit.fenced), true, ctx.lang), agent);
	}
	return null;
}

export async function preToolUse(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	try {
		const stdin = await readStdin(2000);
		const agent = agentOrDefault(stringFlag(args, 'agent'));
		const hook = translateHookInput(agent, parseHookJson(stdin));
		const attempt = attemptOf(hook);
		// The root comes from the script's place (or --vault), never from the input's `cwd` (docs/design.md, "Where the vault is").
		const given = stringFlag(args, 'vault');
		const root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
		if (root === null) return 0;
		// The session net's record of the turn: any tool call of this session's began it (src/core/trail/session-turns.ts).
		if (attempt === null) {
			recordToolCall(root, sessionOf(hook.session_id), [], Date.now(), env);
			return 0;
		}
		const session = sessionOf(attempt.session);
		let named: string[] = [];
		let ctx: VaultContext | null = null;
		const context = (): VaultContext => (ctx ??= contextFor(args, scriptPath, env));
		try {
			const fence = fenceAnswer(attempt, root, scriptPath, context, agent, env);
			if (fence !== null) {
				writeOut(fence);
				return 0;
			}
			if (guardAnswer(attempt, root, context, agent)) return 0;
			// Allowed: the notes it may change are kept as they are now, for the review (src/node/review/before-version-hook.ts).
			if (mayChangeNotes(attempt)) named = keepBeforeVersions(context(), attempt, clock(env));
		} finally {
			recordToolCall(root, session, named, Date.now(), env);
		}
	} catch {
		// Fail open: a hook that cannot decide lets the call through.
	}
	return 0;
}

/** The Write guard: writes its refusal and returns true when it refuses. */
function guardAnswer(attempt: ToolAttempt, root: string, context: () => VaultContext, agent: AgentId): boolean {
	if (attempt.tool !== GUARDED_TOOL || attempt.filePath === null) return false;
	const settings = context().settings;
	if (!settings.writeGuard) return false;
	const literal = vaultRelative(root, attempt.filePath) ?? vaultRelativeReal(root, attempt.filePath);
	const target = path.resolve(root, attempt.filePath);
	// By the path as given first; then through links, which no name shows.
	const rel = guardApplies(attempt.tool, literal, settings) && literal !== null ? (isFile(target) ? literal : null) : sessionFileBehindLinks(root, settings.sessionsFolder, attempt.filePath);
	if (rel === null) return false;
	const dir = path.dirname(target);
	const name = freeName(path.basename(target), (candidate) => exists(path.join(dir, candidate)));
	writeOut(denyOutput(refusal(attempt.filePath, rel, settings.sessionsFolder, name === null ? null : path.join(dir, name), context().lang), agent));
	return true;
}
