/**
 * What each agent host sends a hook and what it reads back (docs/agents.md), driven by the host
 * descriptors in `hosts/`: the input translated to Claude Code's field names, which the bridge's
 * commands read, and the output envelope in the host's own shape, capped at the size the host
 * passes on to the model unchanged. Where each host keeps its hook registrations is
 * src/node/hosts/ (that part needs fs).
 */
import { asciiJson, capText } from '../brief/format';
import { safeLines } from '../quote';
import type { Lang } from '../i18n';
import { hostOf, isAgentId, DEFAULT_AGENT, type AgentId } from './index';
import { obj, str, type ClaudeShapedInput, type HookEvent, type Raw } from './host';

export { AGENT_IDS, HOSTS, hostOf, DEFAULT_AGENT, agentArgs, agentNamed, isAgentId, type AgentId } from './index';
export type { ClaudeShapedInput, HookEvent, HostContract, HostShell } from './host';
export { HOOK_COMMANDS } from './host';
export { UNSUPPORTED_AGENTS } from './unsupported';
export { patchPaths } from './codex';

/** An unknown or missing `--agent` means Claude Code: a hook never fails its host. */
export function agentOrDefault(agent: string | undefined): AgentId {
	return agent !== undefined && isAgentId(agent) ? agent : DEFAULT_AGENT;
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

/** Event names every host's input may carry; a host adds its own in `inputEvents`. */
const EVENT_NAMES: Readonly<Record<string, HookEvent>> = {
	SessionStart: 'SessionStart',
	sessionStart: 'SessionStart',
	PostToolUse: 'PostToolUse',
	postToolUse: 'PostToolUse',
};

/** A map's own entry only: an input naming `constructor` or `__proto__` gets no inherited value. */
function own<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
	return map !== undefined && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
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
	const host = hostOf(agent);
	if (event !== undefined) out.hook_event_name = own(host.inputEvents, event) ?? own(EVENT_NAMES, event) ?? event;
	const session = str(r.session_id) ?? str(r.sessionId) ?? str(r.conversation_id);
	if (session !== undefined) out.session_id = session;
	const roots = Array.isArray(r.workspace_roots) ? r.workspace_roots : [];
	const cwd = str(r.cwd) ?? str(roots[0]);
	if (cwd !== undefined) out.cwd = cwd;
	let source = str(r.source) ?? str(r.trigger);
	if (source === 'new') source = 'startup';
	if (source !== undefined) out.source = source;
	const rawTool = str(r.tool_name) ?? str(r.toolName);
	if (rawTool !== undefined) {
		out.tool_name = own(host.toolNames, rawTool) ?? rawTool;
		if (out.tool_name !== rawTool) out.host_tool_name = rawTool;
	}
	const translated = toolInput(obj(r.tool_input) ?? argsObject(r.toolArgs));
	if (translated !== undefined) out.tool_input = translated;
	host.adaptInput?.(r, out);
	return out;
}

/** The envelope the host reads, as one pure-ASCII JSON line (no code page can garble it; docs/design.md, "Hook output"). */
export function hookEnvelope(agent: AgentId, event: HookEvent, text: string, note?: string): Raw {
	return hostOf(agent).envelope(event, text, note);
}

/** The most characters of context the host passes on (unknown agents: Claude Code's). */
export function hostTextLimit(agent: string | undefined): number {
	return hostOf(agentOrDefault(agent)).limit;
}

/**
 * The SessionStart output for `session-start --agent X`: capped at the host's limit, in its
 * envelope. An unknown or missing agent gets Claude Code's envelope: a hook never fails its host.
 */
export function sessionStartOutput(agent: string | undefined, text: string, lang: Lang): string {
	const id = agentOrDefault(agent);
	const capped = capText(safeLines(text), hostOf(id).limit, lang);
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
	if (text.length > hostOf(agent).limit) return { ok: false, problem: `the context has ${text.length} characters; ${hostOf(agent).name} passes on at most ${hostOf(agent).limit}` };
	return { ok: true, text };
}
