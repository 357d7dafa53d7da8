/**
 * `hook-mistakes`: `.claude/settings.json` entries Claude Code accepts but that silently never fire
 * or get no input (the cases: docs/rule-check.md; what counts is in hook-mistake-list.ts, which
 * `doctor` shares). Source: Claude Code's hooks reference.
 */
import { listHookMistakes, miscasedTools, type HookMistake } from '../settings/hook-mistake-list';
import { isRecord, lineOfJsonString, parseSettings, settingsFiles } from '../settings/settings-file';
import { reporter, type CheckContext, type Finding, type RuleCheck, type RuleFile } from '../types';
import { translations } from '../../i18n';

interface HookMistakesText {
	miscased: (event: string, matcher: string, wrong: string, right: string) => string;
	/** `shown`: the timeout as written, in JSON. */
	timeout: (event: string, shown: string) => string;
	/** `timeout`: a round thousand, milliseconds meant. */
	timeoutMs: (event: string, timeout: number) => string;
	unsetVariable: (event: string, name: string) => string;
	pluginVariable: (event: string, name: string) => string;
}

export const HOOK_MISTAKES_TEXT = translations<HookMistakesText>({
	en: {
		miscased: (event, matcher, wrong, right) => `"${event}" matcher ${JSON.stringify(matcher)}: tool names match case-sensitively, so "${wrong}" matches no tool. Write "${right}".`,
		timeout: (event, shown) => `A hook under "${event}" has "timeout": ${shown}; Claude Code wants a positive number of seconds (e.g. "timeout": 30, without quotes or units).`,
		timeoutMs: (event, timeout) =>
			`A hook under "${event}" has "timeout": ${timeout}, which Claude Code reads as seconds (${Math.round(timeout / 60)} minutes), not milliseconds. For ${timeout / 1000} seconds write "timeout": ${timeout / 1000}.`,
		unsetVariable: (event, name) =>
			`A hook under "${event}" reads $${name}, which Claude Code does not set (it expands to nothing). The input arrives as JSON on stdin: read it there, e.g. jq -r '.tool_input.file_path'.`,
		pluginVariable: (event, name) =>
			`A hook under "${event}" uses $${name}, which Claude Code sets only for a plugin's own hooks; from a settings file the hook fails. Use "$CLAUDE_PROJECT_DIR"/… or an absolute path.`,
	},
	de: {
		miscased: (event, matcher, wrong, right) =>
			`"${event}"-Matcher ${JSON.stringify(matcher)}: Werkzeugnamen werden mit Groß- und Kleinschreibung verglichen, "${wrong}" trifft kein Werkzeug. Richtig ist "${right}".`,
		timeout: (event, shown) => `Ein Hook unter "${event}" hat "timeout": ${shown}; Claude Code erwartet eine positive Sekundenzahl (z. B. "timeout": 30, ohne Anführungszeichen und Einheit).`,
		timeoutMs: (event, timeout) =>
			`Ein Hook unter "${event}" hat "timeout": ${timeout}; Claude Code liest das als Sekunden (${Math.round(timeout / 60)} Minuten), nicht als Millisekunden. Für ${timeout / 1000} Sekunden "timeout": ${timeout / 1000} schreiben.`,
		unsetVariable: (event, name) =>
			`Ein Hook unter "${event}" liest $${name}, das Claude Code nicht setzt (es ist leer). Die Eingabe kommt als JSON über stdin: dort lesen, z. B. jq -r '.tool_input.file_path'.`,
		pluginVariable: (event, name) =>
			`Ein Hook unter "${event}" nutzt $${name}, das Claude Code nur für die Hooks eines Plugins setzt; aus einer Einstellungsdatei scheitert der Hook. "$CLAUDE_PROJECT_DIR"/… oder einen absoluten Pfad verwenden.`,
	},
});

export const hookMistakesCheck: RuleCheck = {
	id: 'hook-mistakes',
	severity: 'warning',
	explain: {
		en: 'A hook entry Claude Code accepts but that never fires or gets no input: a tool-name matcher in the wrong case, a timeout that is not a number of seconds (or reads like milliseconds), or a command that reads a variable Claude Code does not set here.',
		de: 'Ein Hook-Eintrag, den Claude Code annimmt, der aber nie auslöst oder keine Eingabe bekommt: ein Werkzeugname im Matcher in falscher Schreibung, ein Timeout, das keine Sekundenzahl ist (oder nach Millisekunden aussieht), oder ein Befehl, der eine Variable liest, die Claude Code hier nicht setzt.',
	},
	run(ctx) {
		return settingsFiles(ctx).flatMap((file) => checkFile(ctx, file));
	},
};

export { miscasedTools };

function checkFile(ctx: CheckContext, file: RuleFile): Finding[] {
	const parsed = parseSettings(file);
	// A file that does not parse is the settings-json check's finding.
	if (!parsed.ok || !isRecord(parsed.value) || !isRecord(parsed.value.hooks)) return [];
	const found = reporter(hookMistakesCheck);
	const hooksLine = lineOfJsonString(file, 'hooks');
	return Object.entries(parsed.value.hooks).flatMap(([event, groups]) => {
		const line = lineOfJsonString(file, event, hooksLine);
		return listHookMistakes({ [event]: groups }).map((m) => found(file.path, line, message(ctx, m)));
	});
}

function message(ctx: CheckContext, m: HookMistake): string {
	const t = HOOK_MISTAKES_TEXT[ctx.lang];
	switch (m.kind) {
		case 'timeout':
			return t.timeout(m.event, JSON.stringify(m.timeout));
		case 'timeout-ms':
			return t.timeoutMs(m.event, m.timeout);
		case 'unset-variable':
			return t.unsetVariable(m.event, m.name);
		case 'plugin-variable':
			return t.pluginVariable(m.event, m.name);
		case 'matcher-case':
			return t.miscased(m.event, m.matcher, m.wrong, m.right);
	}
}
