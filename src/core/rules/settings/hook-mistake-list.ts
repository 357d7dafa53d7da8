/**
 * The hook-entry mistakes of Claude Code settings as plain facts, shared by the rule check and
 * `doctor`. Source: Claude Code's hooks reference. Pure.
 */
/** Events whose matcher is tested against the tool's name. */
export const TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

/** Claude Code's built-in tools, as their names are matched. */
const TOOLS = [
	'Agent',
	'Bash',
	'BashOutput',
	'Edit',
	'ExitPlanMode',
	'Glob',
	'Grep',
	'KillShell',
	'LS',
	'MultiEdit',
	'NotebookEdit',
	'NotebookRead',
	'PowerShell',
	'Read',
	'Skill',
	'SlashCommand',
	'Task',
	'TodoWrite',
	'WebFetch',
	'WebSearch',
	'Write',
];
const BY_LOWER = new Map(TOOLS.map((t) => [t.toLowerCase(), t]));


/** The wrongly cased tool names in an exact-list matcher, with the right spelling. */
export function miscasedTools(matcher: string): Array<[string, string]> {
	// A matcher with other characters is a regular expression: its case is the author's business.
	if (!/^[\w\s,|-]*$/.test(matcher)) return [];
	const out: Array<[string, string]> = [];
	for (const word of matcher.split(/[|,]/).map((w) => w.trim())) {
		const right = BY_LOWER.get(word.toLowerCase());
		if (right !== undefined && right !== word) out.push([word, right]);
	}
	return out;
}


/** Variables people expect from other tools' hooks (or older guides); Claude Code sets none of them. */
const UNSET = /\$\{?(FILEPATH|FILE_PATH|FILE|TOOL_INPUT|TOOL_NAME|TOOL_OUTPUT|CLAUDE_FILE_PATHS|CLAUDE_TOOL_INPUT|CLAUDE_TOOL_NAME)\b/g;

/** Set for a plugin's own hooks only; a settings-file hook that names one fails. */
const PLUGIN_ONLY = /\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\b/;

/** Whether the command sets `name` itself (`FILE=$(jq …)`, `read -r FILE`, `for FILE in …`) before using it. */
function assignsItself(command: string, name: string): boolean {
	return new RegExp(`(?:^|[\\s;&|(])(?:export\\s+|local\\s+|declare\\s+)?${name}=|\\bread\\b[^;&|\\n]*\\s${name}\\b|\\bfor\\s+${name}\\s+in\\b`).test(command);
}

/** The first variable the command reads that Claude Code never sets (and the command does not set either). */
export function unsetVariable(command: string): string | null {
	for (const m of command.matchAll(UNSET)) {
		const name = m[1] ?? '';
		if (!assignsItself(command, name)) return name;
	}
	return null;
}

/** `CLAUDE_PLUGIN_ROOT` or `CLAUDE_PLUGIN_DATA` when the command names one. */
export function pluginVariable(command: string): string | null {
	return PLUGIN_ONLY.exec(command)?.[1] ?? null;
}

/**
 * What is wrong with a handler's `timeout`: not a positive number of seconds, or a round thousand
 * (`30000`) that reads like milliseconds (Gemini CLI's unit) and is hours in Claude Code.
 */
export function timeoutProblem(timeout: unknown): 'not-seconds' | 'milliseconds' | null {
	if (timeout === undefined) return null;
	if (!(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) return 'not-seconds';
	return timeout >= 1000 && timeout % 1000 === 0 ? 'milliseconds' : null;
}

export type HookMistake =
	| { kind: 'matcher-case'; event: string; matcher: string; wrong: string; right: string }
	| { kind: 'timeout'; event: string; timeout: unknown }
	| { kind: 'timeout-ms'; event: string; timeout: number }
	| { kind: 'unset-variable'; event: string; name: string }
	| { kind: 'plugin-variable'; event: string; name: string };

function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The mistakes of one handler (its `timeout` and `command`). */
export function handlerMistakes(event: string, handler: Record<string, unknown>): HookMistake[] {
	const out: HookMistake[] = [];
	const timeout = handler.timeout;
	const problem = timeoutProblem(timeout);
	if (problem === 'not-seconds') out.push({ kind: 'timeout', event, timeout });
	else if (problem === 'milliseconds') out.push({ kind: 'timeout-ms', event, timeout: timeout as number });
	const command = handler.command;
	if (typeof command === 'string') {
		const unset = unsetVariable(command);
		if (unset !== null) out.push({ kind: 'unset-variable', event, name: unset });
		const plugin = pluginVariable(command);
		if (plugin !== null) out.push({ kind: 'plugin-variable', event, name: plugin });
	}
	return out;
}

/** Every mistake under a settings file's `hooks` value (Claude Code's `{Event: [{matcher, hooks: [handler]}]}`). */
export function listHookMistakes(hooks: unknown): HookMistake[] {
	if (!isRecord(hooks)) return [];
	const out: HookMistake[] = [];
	for (const [event, groups] of Object.entries(hooks)) {
		if (!Array.isArray(groups)) continue;
		for (const group of groups) {
			if (!isRecord(group)) continue;
			if (TOOL_EVENTS.has(event) && typeof group.matcher === 'string') {
				for (const [wrong, right] of miscasedTools(group.matcher)) out.push({ kind: 'matcher-case', event, matcher: group.matcher, wrong, right });
			}
			if (!Array.isArray(group.hooks)) continue;
			for (const handler of group.hooks) if (isRecord(handler)) out.push(...handlerMistakes(event, handler));
		}
	}
	return out;
}
