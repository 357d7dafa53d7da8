/**
 * `settings-json`: `.claude/settings.json` (and `settings.local.json`) that is not strict JSON,
 * names a hook event Claude Code does not know, or has hooks of the wrong shape. Claude Code then
 * skips the file or the entry, and every hook in it (this one too) silently stops running.
 */
import { closestEvent, HANDLER_TYPES, HOOK_EVENTS } from './hook-events';
import type { JsonProblem } from './json-error';
import { isRecord, lineOfJsonString, parseSettings, settingsFiles } from './settings-file';
import { reporter, type CheckContext, type Finding, type RuleCheck, type RuleFile } from './types';
import { quoteAlways } from '../quote';

const PROBLEMS: Record<JsonProblem, [string, string]> = {
	end: ['the file ends too early (a missing `}` or `]`?)', 'die Datei endet zu früh (fehlt eine `}` oder `]`?)'],
	'property-name': [
		'a property name in double quotes is expected here (a comment or a comma before `}` is not allowed in strict JSON)',
		'hier wird ein Name in doppelten Anführungszeichen erwartet (Kommentare und ein Komma vor `}` sind in strengem JSON nicht erlaubt)',
	],
	colon: ['a `:` is expected after the property name', 'nach dem Namen wird ein `:` erwartet'],
	'comma-or-close': ['a `,` or a closing bracket is expected here', 'hier wird ein `,` oder eine schließende Klammer erwartet'],
	value: [
		'a value is expected here (a comma before `]`, or text without double quotes?)',
		'hier wird ein Wert erwartet (ein Komma vor `]` oder Text ohne doppelte Anführungszeichen?)',
	],
	string: ['a text value holds a line break, a tab or a bad `\\` escape', 'ein Text enthält einen Zeilenumbruch, einen Tabulator oder ein ungültiges `\\`-Escape'],
	trailing: ['there is more text after the end of the JSON object', 'nach dem Ende des JSON-Objekts folgt weiterer Text'],
};

export const settingsJsonCheck: RuleCheck = {
	id: 'settings-json',
	severity: 'error',
	explain: {
		en: 'Claude Code skips a settings file that is not strict JSON and hooks under an unknown event name, so hooks silently stop running. Fix the JSON or the event name at the reported line.',
		de: 'Claude Code überspringt eine Einstellungsdatei, die kein strenges JSON ist, und Hooks unter unbekannten Ereignisnamen; Hooks laufen dann stillschweigend nicht. JSON bzw. Ereignisnamen in der gemeldeten Zeile korrigieren.',
	},
	run(ctx) {
		return settingsFiles(ctx).flatMap((file) => checkFile(ctx, file));
	},
};

function checkFile(ctx: CheckContext, file: RuleFile): Finding[] {
	const found = reporter(settingsJsonCheck);
	const parsed = parseSettings(file);
	if (!parsed.ok) {
		const [en, de] = PROBLEMS[parsed.problem];
		return [
			found(
				file.path,
				parsed.line,
				ctx.say(
					`Not valid JSON at line ${parsed.line}, column ${parsed.column}: ${en}. Claude Code skips the whole file, hooks included.`,
					`Kein gültiges JSON in Zeile ${parsed.line}, Spalte ${parsed.column}: ${de}. Claude Code überspringt die ganze Datei samt Hooks.`,
				),
			),
		];
	}
	const settings = parsed.value;
	if (!isRecord(settings)) {
		return [found(file.path, 1, ctx.say('The file must hold one JSON object ({ … }).', 'Die Datei muss ein JSON-Objekt ({ … }) enthalten.'))];
	}
	if (settings.hooks === undefined) return [];
	const hooksLine = lineOfJsonString(file, 'hooks');
	if (!isRecord(settings.hooks)) {
		return [found(file.path, hooksLine, ctx.say('"hooks" must be an object of event names.', '"hooks" muss ein Objekt aus Ereignisnamen sein.'))];
	}
	const findings: Finding[] = [];
	for (const [event, groups] of Object.entries(settings.hooks)) {
		const line = lineOfJsonString(file, event, hooksLine);
		if (!HOOK_EVENTS.includes(event)) {
			const guess = closestEvent(event);
			const hint = guess === null ? '' : ctx.say(` Did you mean ${quoteAlways(guess)}?`, ` Gemeint ist wohl ${quoteAlways(guess)}.`);
			findings.push(
				found(
					file.path,
					line,
					ctx.say(`Unknown hook event ${quoteAlways(event)}: its hooks never run (names are case-sensitive).${hint}`, `Unbekanntes Hook-Ereignis ${quoteAlways(event)}: seine Hooks laufen nie (Groß- und Kleinschreibung zählt).${hint}`),
				),
			);
			continue;
		}
		findings.push(...checkGroups(ctx, file, event, groups, line));
	}
	return findings;
}

/** `"Event": [ { "matcher": "…", "hooks": [ { "type": "command", "command": "…" } ] } ]`. */
function checkGroups(ctx: CheckContext, file: RuleFile, event: string, groups: unknown, line: number): Finding[] {
	const found = reporter(settingsJsonCheck);
	if (!Array.isArray(groups)) {
		return [found(file.path, line, ctx.say(`${quoteAlways(event)} must be a list of matcher groups ([ { "hooks": [ … ] } ]).`, `${quoteAlways(event)} muss eine Liste von Matcher-Gruppen sein ([ { "hooks": [ … ] } ]).`))];
	}
	const findings: Finding[] = [];
	for (const group of groups) {
		if (!isRecord(group) || !Array.isArray(group.hooks)) {
			findings.push(found(file.path, line, ctx.say(`Each entry of ${quoteAlways(event)} needs a "hooks" list.`, `Jeder Eintrag unter ${quoteAlways(event)} braucht eine Liste "hooks".`)));
			continue;
		}
		for (const handler of group.hooks) {
			const problem = handlerProblem(handler);
			if (problem !== null) findings.push(found(file.path, line, ctx.say(`A hook under ${quoteAlways(event)}: ${problem[0]}`, `Ein Hook unter ${quoteAlways(event)}: ${problem[1]}`)));
		}
	}
	return findings;
}

function handlerProblem(handler: unknown): [string, string] | null {
	if (!isRecord(handler)) return ['is not an object.', 'ist kein Objekt.'];
	const type = handler.type;
	if (typeof type !== 'string' || !HANDLER_TYPES.includes(type)) {
		const types = HANDLER_TYPES.join(', ');
		return [`"type" must be one of ${types}, not ${JSON.stringify(type ?? null)}.`, `"type" muss einer von ${types} sein, nicht ${JSON.stringify(type ?? null)}.`];
	}
	const required: Record<string, string[]> = { command: ['command'], http: ['url'], prompt: ['prompt'], agent: ['prompt'], mcp_tool: ['server', 'tool'] };
	for (const key of required[type] ?? []) {
		const value = handler[key];
		if (typeof value !== 'string' || value.trim() === '') return [`type ${quoteAlways(type)} needs a non-empty ${quoteAlways(key)}.`, `Typ ${quoteAlways(type)} braucht ein nicht leeres ${quoteAlways(key)}.`];
	}
	if (handler.args !== undefined && !(Array.isArray(handler.args) && handler.args.every((a) => typeof a === 'string'))) {
		return ['"args" must be a list of texts.', '"args" muss eine Liste von Texten sein.'];
	}
	return null;
}
