/**
 * `hook-mistakes`: entries in `.claude/settings.json` that Claude Code accepts but that do not do
 * what their author meant, so a hook silently never fires or gets nothing to work on:
 *
 * - a tool-name matcher in the wrong case (`edit|write`): tool names match case-sensitively, so
 *   it matches no tool;
 * - a `timeout` that is not a positive number of seconds (`"30"`, `"30s"`);
 * - a command that reads `$FILEPATH`, `$TOOL_INPUT` or a similar variable: Claude Code passes the
 *   hook's input as JSON on stdin and sets no such variable, so it expands to nothing.
 *
 * Source: Claude Code's hooks reference (matcher patterns, hook handler fields, hook input).
 */
import { isRecord, lineOfJsonString, parseSettings, settingsFiles } from './settings-file';
import { reporter, type CheckContext, type Finding, type RuleCheck, type RuleFile } from './types';

/** Events whose matcher is tested against the tool's name. */
const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

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

/** Variables people expect from other tools' hooks (or older guides); Claude Code sets none of them. */
const UNSET_VARIABLES = /\$\{?(FILEPATH|FILE_PATH|FILE|TOOL_INPUT|TOOL_NAME|TOOL_OUTPUT|CLAUDE_FILE_PATHS|CLAUDE_TOOL_INPUT|CLAUDE_TOOL_NAME)\b/;

export const hookMistakesCheck: RuleCheck = {
	id: 'hook-mistakes',
	severity: 'warning',
	explain: {
		en: 'A hook entry Claude Code accepts but that never fires or gets no input: a tool-name matcher in the wrong case, a timeout that is not a number of seconds, or a command that reads a variable Claude Code does not set.',
		de: 'Ein Hook-Eintrag, den Claude Code annimmt, der aber nie auslöst oder keine Eingabe bekommt: ein Werkzeugname im Matcher in falscher Schreibung, ein Timeout, das keine Sekundenzahl ist, oder ein Befehl, der eine Variable liest, die Claude Code nicht setzt.',
	},
	run(ctx) {
		return settingsFiles(ctx).flatMap((file) => checkFile(ctx, file));
	},
};

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

function checkFile(ctx: CheckContext, file: RuleFile): Finding[] {
	const parsed = parseSettings(file);
	// A file that does not parse is the settings-json check's finding.
	if (!parsed.ok || !isRecord(parsed.value) || !isRecord(parsed.value.hooks)) return [];
	const found = reporter(hookMistakesCheck);
	const hooksLine = lineOfJsonString(file, 'hooks');
	const findings: Finding[] = [];
	for (const [event, groups] of Object.entries(parsed.value.hooks)) {
		if (!Array.isArray(groups)) continue;
		const line = lineOfJsonString(file, event, hooksLine);
		for (const group of groups) {
			if (!isRecord(group)) continue;
			if (TOOL_EVENTS.has(event) && typeof group.matcher === 'string') {
				for (const [wrong, right] of miscasedTools(group.matcher)) {
					findings.push(
						found(
							file.path,
							line,
							ctx.say(
								`"${event}" matcher ${JSON.stringify(group.matcher)}: tool names match case-sensitively, so "${wrong}" matches no tool. Write "${right}".`,
								`"${event}"-Matcher ${JSON.stringify(group.matcher)}: Werkzeugnamen werden mit Groß- und Kleinschreibung verglichen, "${wrong}" trifft kein Werkzeug. Richtig ist "${right}".`,
							),
						),
					);
				}
			}
			if (!Array.isArray(group.hooks)) continue;
			for (const handler of group.hooks) {
				if (!isRecord(handler)) continue;
				findings.push(...handlerMistakes(ctx, file, event, line, handler));
			}
		}
	}
	return findings;
}

function handlerMistakes(ctx: CheckContext, file: RuleFile, event: string, line: number, handler: Record<string, unknown>): Finding[] {
	const found = reporter(hookMistakesCheck);
	const out: Finding[] = [];
	const timeout = handler.timeout;
	if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
		const shown = JSON.stringify(timeout);
		out.push(
			found(
				file.path,
				line,
				ctx.say(
					`A hook under "${event}" has "timeout": ${shown}; Claude Code wants a positive number of seconds (e.g. "timeout": 30, without quotes or units).`,
					`Ein Hook unter "${event}" hat "timeout": ${shown}; Claude Code erwartet eine positive Sekundenzahl (z. B. "timeout": 30, ohne Anführungszeichen und Einheit).`,
				),
			),
		);
	}
	const command = handler.command;
	const variable = typeof command === 'string' ? UNSET_VARIABLES.exec(command) : null;
	if (variable !== null) {
		const name = variable[1] ?? '';
		out.push(
			found(
				file.path,
				line,
				ctx.say(
					`A hook under "${event}" reads $${name}, which Claude Code does not set (it expands to nothing). The input arrives as JSON on stdin: read it there, e.g. jq -r '.tool_input.file_path'.`,
					`Ein Hook unter "${event}" liest $${name}, das Claude Code nicht setzt (es ist leer). Die Eingabe kommt als JSON über stdin: dort lesen, z. B. jq -r '.tool_input.file_path'.`,
				),
			),
		);
	}
	return out;
}
