/**
 * What each agent host sends a hook and what it reads back (docs/agents.md):
 * the input translated to Claude Code's field names, which the bridge's commands read, and the
 * output envelope in the host's own shape, capped at the size the host passes on to the model
 * unchanged. Where each host keeps its hook registrations is src/node/agents/ (that part needs fs).
 */
import { asciiJson, capText } from './format';
import { safeLines } from './quote';
import type { Lang } from './i18n';

export const AGENT_IDS = ['claude-code', 'codex', 'gemini', 'qwen', 'cursor', 'copilot'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** Hosts a user may ask for that have no session-start hook we could use; `install` says so. */
export const UNSUPPORTED_AGENTS: Readonly<Record<string, string>> = {
	windsurf:
		'Windsurf (Cascade) hooks have no session-start event and no documented way to hand text to the model, so there is nothing to register.',
};

/** `PreToolUse` is the opt-in Write guard's (src/core/write-guard.ts), Claude Code only. */
export type HookEvent = 'SessionStart' | 'PostToolUse' | 'PreToolUse';

export interface HostContract {
	id: AgentId;
	name: string;
	/** The host's name for each event we use; absent = the host has no such hook we can use. */
	events: Partial<Record<HookEvent, string>>;
	/** Characters of context the host hands to the model unchanged; longer text is cut by us first. */
	limit: number;
	/** Where the contract was read from (README and docs/agents.md cite these). */
	docs: string;
	/** The object the host reads `text` from; `note` is a one-line message for the user, where the host shows one. */
	envelope(event: HookEvent, text: string, note?: string): Raw;
	/** The host's own quirks on top of the shared field mapping (`translateHookInput`). */
	adaptInput?(raw: Raw, out: ClaudeShapedInput): void;
	/** Tool names are translated to Claude Code's; a host that is Claude Code keeps its own. */
	ownToolNames?: boolean;
}

/** Claude Code's envelope, which Codex and Qwen Code read too. */
function claudeEnvelope(event: HookEvent, text: string, note?: string): Raw {
	const out: Raw = { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
	if (note !== undefined) out.systemMessage = note;
	return out;
}

export const HOSTS: Readonly<Record<AgentId, HostContract>> = {
	'claude-code': {
		id: 'claude-code',
		name: 'Claude Code',
		events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', PreToolUse: 'PreToolUse' },
		// Longer output is moved to a file and the model sees a ~2 KB preview.
		limit: 10_000,
		docs: 'https://code.claude.com/docs/en/hooks',
		envelope: claudeEnvelope,
		ownToolNames: true,
	},
	codex: {
		id: 'codex',
		name: 'OpenAI Codex CLI',
		events: { SessionStart: 'SessionStart' },
		// Codex spills hook output over 2,500 tokens to a file; paths and dates run near 3 characters a
		// token, so 7,000 characters stays under it.
		limit: 7_000,
		docs: 'https://developers.openai.com/codex/hooks',
		envelope: claudeEnvelope,
		adaptInput(raw, out) {
			// Codex reports edits as `apply_patch` with the patch and no file_path.
			if (str(raw.tool_name) !== 'apply_patch' || out.tool_input === undefined) return;
			const input = out.tool_input;
			const paths = patchPaths(str(input.command) ?? str(input.patch) ?? str(input.input) ?? '');
			if (paths.length > 0) {
				input.file_path = paths[0];
				input.file_paths = paths;
			}
		},
	},
	gemini: {
		id: 'gemini',
		name: 'Gemini CLI',
		events: { SessionStart: 'SessionStart' },
		limit: 10_000,
		docs: 'https://geminicli.com/docs/hooks/reference',
		envelope: (event, text) => ({ hookSpecificOutput: { hookEventName: event === 'PostToolUse' ? 'AfterTool' : event, additionalContext: text } }),
	},
	qwen: {
		id: 'qwen',
		name: 'Qwen Code',
		events: { SessionStart: 'SessionStart' },
		limit: 10_000,
		docs: 'https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/',
		envelope: claudeEnvelope,
	},
	cursor: {
		id: 'cursor',
		name: 'Cursor',
		events: { SessionStart: 'sessionStart' },
		limit: 10_000,
		docs: 'https://cursor.com/docs/agent/hooks',
		envelope: (_event, text) => ({ additional_context: text }),
		adaptInput(raw, out) {
			// Cursor starts every session fresh and does not say so.
			if (out.source === undefined && out.hook_event_name === 'SessionStart') out.source = 'startup';
			// Its afterFileEdit names the file at the top level.
			if (out.tool_input === undefined && str(raw.file_path) !== undefined) {
				out.tool_input = { file_path: raw.file_path };
				out.tool_name ??= 'Edit';
			}
		},
	},
	copilot: {
		id: 'copilot',
		name: 'GitHub Copilot CLI',
		events: { SessionStart: 'sessionStart' },
		// Copilot joins context values and caps them at 10 KB (bytes); 8,000 characters leaves room for
		// the few non-ASCII characters a note name may carry.
		limit: 8_000,
		docs: 'https://docs.github.com/en/copilot/reference/hooks-reference',
		envelope: (_event, text) => ({ additionalContext: text }),
	},
};

export function isAgentId(value: string): value is AgentId {
	return (AGENT_IDS as readonly string[]).includes(value);
}

/** An unknown or missing `--agent` means Claude Code: a hook never fails its host. */
export function agentOrDefault(agent: string | undefined): AgentId {
	return agent !== undefined && isAgentId(agent) ? agent : 'claude-code';
}

/** The part of Claude Code's hook input the bridge reads, whatever host sent it. */
export interface ClaudeShapedInput {
	hook_event_name?: string;
	session_id?: string;
	cwd?: string;
	source?: string;
	tool_name?: string;
	tool_input?: Record<string, unknown>;
}

type Raw = Record<string, unknown>;

function str(v: unknown): string | undefined {
	return typeof v === 'string' ? v : undefined;
}

function obj(v: unknown): Raw | undefined {
	return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : undefined;
}

/** Copilot sends tool arguments as a JSON string in some versions and as an object in others. */
function argsObject(v: unknown): Raw | undefined {
	if (typeof v === 'string') {
		try {
			return obj(JSON.parse(v));
		} catch {
			return undefined;
		}
	}
	return obj(v);
}

const EVENT_NAMES: Record<string, HookEvent> = {
	SessionStart: 'SessionStart',
	sessionStart: 'SessionStart',
	PostToolUse: 'PostToolUse',
	postToolUse: 'PostToolUse',
	AfterTool: 'PostToolUse',
	afterFileEdit: 'PostToolUse',
};

/** Each host's file-writing tools under the Claude Code name whose input shape they share. */
const TOOL_NAMES: Record<string, string> = {
	write_file: 'Write',
	replace: 'Edit',
	edit: 'Edit',
	create: 'Write',
	apply_patch: 'Edit',
};

/** The files an `apply_patch` patch touches (Codex reports edits this way, with no file_path). */
export function patchPaths(patch: string): string[] {
	const out: string[] = [];
	for (const m of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) out.push((m[1] ?? '').trim());
	for (const m of patch.matchAll(/^\*\*\* Move to: (.+)$/gm)) out.push((m[1] ?? '').trim());
	return out;
}

function toolInput(input: Raw | undefined): Raw | undefined {
	if (input === undefined) return undefined;
	const out: Raw = { ...input };
	const filePath = str(input.file_path) ?? str(input.absolute_path) ?? str(input.path) ?? str(input.filePath);
	if (filePath !== undefined && out.file_path === undefined) out.file_path = filePath;
	return out;
}

/**
 * A host's hook input under Claude Code's field names. Anything missing stays missing (the
 * commands treat that as they treat a missing field from Claude Code); nothing is invented but
 * `source: "startup"` for hosts that start every session fresh or call it `new`.
 */
export function translateHookInput(agent: AgentId, raw: unknown): ClaudeShapedInput {
	const r = obj(raw);
	if (r === undefined) return {};
	const event = str(r.hook_event_name) ?? str(r.hookEventName);
	const out: ClaudeShapedInput = {};
	if (event !== undefined) out.hook_event_name = EVENT_NAMES[event] ?? event;
	const session = str(r.session_id) ?? str(r.sessionId) ?? str(r.conversation_id);
	if (session !== undefined) out.session_id = session;
	const roots = Array.isArray(r.workspace_roots) ? r.workspace_roots : [];
	const cwd = str(r.cwd) ?? str(roots[0]);
	if (cwd !== undefined) out.cwd = cwd;
	let source = str(r.source) ?? str(r.trigger);
	if (source === 'new') source = 'startup';
	if (source !== undefined) out.source = source;
	const host = HOSTS[agent];
	const rawTool = str(r.tool_name) ?? str(r.toolName);
	if (rawTool !== undefined) out.tool_name = host.ownToolNames === true ? rawTool : (TOOL_NAMES[rawTool] ?? rawTool);
	const translated = toolInput(obj(r.tool_input) ?? argsObject(r.toolArgs));
	if (translated !== undefined) out.tool_input = translated;
	host.adaptInput?.(r, out);
	return out;
}

/** The envelope the host reads, as one pure-ASCII JSON line (no code page can garble it; docs/design.md, "Hook output"). */
export function hookEnvelope(agent: AgentId, event: HookEvent, text: string, note?: string): Raw {
	return HOSTS[agent].envelope(event, text, note);
}

/** The most characters of context the host passes on (unknown agents: Claude Code's). */
export function hostTextLimit(agent: string | undefined): number {
	return HOSTS[agentOrDefault(agent)].limit;
}

/**
 * The SessionStart output for `session-start --agent X`: capped at the host's limit, in its
 * envelope. An unknown or missing agent gets Claude Code's envelope: a hook never fails its host.
 */
export function sessionStartOutput(agent: string | undefined, text: string, lang: Lang): string {
	const id = agentOrDefault(agent);
	const capped = capText(safeLines(text), HOSTS[id].limit, lang);
	return `${asciiJson(hookEnvelope(id, 'SessionStart', capped))}\n`;
}

export interface ParsedHookOutput {
	ok: boolean;
	/** The context text the host would hand the model. */
	text?: string;
	problem?: string;
}

/** Checks hook stdout the way the host reads it: one JSON object, in its envelope, within its limit. */
export function parseHookOutput(agent: AgentId, event: HookEvent, stdout: string): ParsedHookOutput {
	const trimmed = stdout.trim();
	if (trimmed === '') return { ok: false, problem: 'the hook printed nothing' };
	let value: unknown;
	try {
		value = JSON.parse(trimmed);
	} catch {
		return { ok: false, problem: 'the output is not one JSON object (something else was printed to stdout)' };
	}
	const o = obj(value);
	if (o === undefined) return { ok: false, problem: 'the output is JSON but not an object' };
	const expected = hookEnvelope(agent, event, '');
	let text: unknown;
	const wrapper = obj(expected.hookSpecificOutput);
	if (wrapper !== undefined) {
		const got = obj(o.hookSpecificOutput);
		if (got === undefined) return { ok: false, problem: 'no hookSpecificOutput object' };
		if (got.hookEventName !== wrapper.hookEventName) return { ok: false, problem: `hookEventName is ${JSON.stringify(got.hookEventName)}, not "${String(wrapper.hookEventName)}"` };
		text = got.additionalContext;
	} else {
		const key = Object.keys(expected)[0] ?? 'additionalContext';
		text = o[key];
		if (text === undefined) return { ok: false, problem: `no "${key}" field` };
	}
	if (typeof text !== 'string') return { ok: false, problem: 'the context is not a string' };
	if (text.length > HOSTS[agent].limit) return { ok: false, problem: `the context has ${text.length} characters; ${HOSTS[agent].name} passes on at most ${HOSTS[agent].limit}` };
	return { ok: true, text };
}
