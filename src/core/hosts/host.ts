/**
 * What one agent host is, as far as the pure core needs to know: the names it gives our two events,
 * how its hook input maps onto Claude Code's field names, the output envelope it reads and the
 * most context it passes on, and the shell it runs a command line in. One descriptor per host
 * beside this file, collected by `index.ts`; where a host keeps its registrations (file system)
 * is `src/node/hosts/<host>.ts` (docs/contributing.md, "An agent host").
 */

/**
 * `PreToolUse` runs before an edit tool or a shell command: the fence around Session Brief's own
 * files (src/core/fence/agent-fence.ts), the opt-in Write guard (src/core/fence/write-guard.ts) and the
 * before-versions for the review (src/core/trail/before-versions.ts). `Stop` is
 * the end of a turn, where the session net runs (src/core/trail/session-net.ts); `SessionEnd` the end
 * of a session, for hosts where a turn can end without `Stop` (an interrupt).
 */
export type HookEvent = 'SessionStart' | 'PostToolUse' | 'PreToolUse' | 'Stop' | 'SessionEnd';

/** The bridge command that answers each event: what install registers and the plugin's hook file runs. */
export const HOOK_COMMANDS: Readonly<Record<HookEvent, string>> = { SessionStart: 'session-start', PostToolUse: 'post-tool-use', PreToolUse: 'pre-tool-use', Stop: 'turn-end', SessionEnd: 'turn-end' };

export type Raw = Record<string, unknown>;

/** The part of Claude Code's hook input the bridge reads, whatever host sent it. */
export interface ClaudeShapedInput {
	hook_event_name?: string;
	session_id?: string;
	cwd?: string;
	source?: string;
	tool_name?: string;
	/** The tool's own name where the host's differs from `tool_name` (`replace`, `apply_patch`): what the review trail shows. */
	host_tool_name?: string;
	tool_input?: Record<string, unknown>;
}

/** `sh`: a POSIX shell (`sh -c`, Git Bash on Windows); `powershell`: PowerShell, which needs the call operator. */
export type HostShell = 'sh' | 'powershell';

export interface HostContract<Id extends string = string> {
	id: Id;
	name: string;
	/** The command that starts the host's agent in a terminal (doctor's advice, `launcher`). */
	cli: string;
	/** Other spellings `--agent` accepts for this host. */
	aliases?: readonly string[];
	/** The host's name for each event we use; absent = the host has no such hook we can use. */
	events: Partial<Record<HookEvent, string>>;
	/** Event names the host puts in `hook_event_name` besides the shared ones (SessionStart, sessionStart, PostToolUse, postToolUse). */
	inputEvents?: Readonly<Record<string, HookEvent>>;
	/** The host's file-writing tools under the Claude Code name whose input shape they share; none = Claude Code's own names. */
	toolNames?: Readonly<Record<string, string>>;
	/**
	 * The host runs the after-tool hook after every tool (its entries take no matcher): only its
	 * file-writing tools (those `toolNames` maps to Claude Code's) are edits; a `view` names a file too.
	 */
	afterEveryTool?: boolean;
	/** Characters of context the host hands to the model unchanged; longer text is cut by us first. */
	limit: number;
	/** Where the contract was read from (docs/install.md and docs/agents.md cite these). */
	docs: string;
	/** The object the host reads `text` from; `note` is a one-line message for the user, where the host shows one. */
	envelope(event: HookEvent, text: string, note?: string): Raw;
	/** The pre-tool hook's answer that refuses the call: `reason` for the model, `message` for the user; none = Claude Code's. */
	denyEnvelope?(reason: string, message: string): Raw;
	/** The host's own quirks on top of the shared field mapping (`translateHookInput`). */
	adaptInput?(raw: Raw, out: ClaudeShapedInput): void;
	/** The shell the host runs a hook's command line in on Windows; on macOS and Linux every host uses `sh -c`. */
	windowsShell: HostShell;
}

/** Keeps the literal id, so the registry can derive `AgentId` from its list. */
export function defineHost<const Id extends string>(host: HostContract<Id>): HostContract<Id> {
	return host;
}

/** Claude Code's envelope, which Codex, Qwen Code, Devin and CodeBuddy read too. */
export function claudeEnvelope(event: HookEvent, text: string, note?: string): Raw {
	const out: Raw = { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
	if (note !== undefined) out.systemMessage = note;
	return out;
}

/** Claude Code's PreToolUse refusal, which Codex reads too. */
export function claudeDeny(reason: string, message: string): Raw {
	return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason }, systemMessage: message };
}

/** The file-writing tools of Gemini CLI, Qwen Code, Copilot and Codex, mapped once for all of them. */
export const SHARED_TOOL_NAMES: Readonly<Record<string, string>> = {
	write_file: 'Write',
	replace: 'Edit',
	edit: 'Edit',
	create: 'Write',
	apply_patch: 'Edit',
};

export function str(v: unknown): string | undefined {
	return typeof v === 'string' ? v : undefined;
}

export function obj(v: unknown): Raw | undefined {
	return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : undefined;
}
