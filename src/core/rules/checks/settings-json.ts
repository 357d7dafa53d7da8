/**
 * `settings-json`: `.claude/settings.json` (and `settings.local.json`) that is not strict JSON or
 * has hooks of the wrong shape (errors: Claude Code skips the whole file, and every hook in it, this
 * one too, silently stops running), or names a hook event Claude Code does not know (a warning:
 * only that entry is skipped, and a newer Claude Code may know the event; docs/claude-code-events.md).
 */
import { HANDLER_TYPES, HOOK_EVENTS, HOOK_EVENTS_CLIENT, nearestEvent } from '../settings/hook-events';
import type { JsonProblem } from '../settings/json-error';
import { isRecord, lineOfJsonString, parseSettings, settingsFiles } from '../settings/settings-file';
import { reporter, type CheckContext, type Finding, type RuleCheck, type RuleFile } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

interface SettingsJsonText {
	problems: Record<JsonProblem, string>;
	notJson: (line: number, column: number, problem: string) => string;
	notObject: string;
	hooksNotObject: string;
	/** A name that is most likely a misspelling of `guess`. */
	misspeltEvent: (event: string, guess: string, client: string) => string;
	/** A name far from every known one: maybe an event of a newer release. */
	unknownEvent: (event: string, nearest: string, client: string) => string;
	notList: (event: string) => string;
	noHooksList: (event: string) => string;
	badHook: (event: string, problem: string) => string;
	handlerNotObject: string;
	/** `type`: what the file has, in JSON. */
	badType: (types: string, type: string) => string;
	needs: (type: string, key: string) => string;
	badArgs: string;
}

export const SETTINGS_JSON_TEXT = translations<SettingsJsonText>({
	en: {
		problems: {
			end: 'the file ends too early (a missing `}` or `]`?)',
			'property-name': 'a property name in double quotes is expected here (a comment or a comma before `}` is not allowed in strict JSON)',
			colon: 'a `:` is expected after the property name',
			'comma-or-close': 'a `,` or a closing bracket is expected here',
			value: 'a value is expected here (a comma before `]`, or text without double quotes?)',
			string: 'a text value holds a line break, a tab or a bad `\\` escape',
			trailing: 'there is more text after the end of the JSON object',
		},
		notJson: (line, column, problem) => `Not valid JSON at line ${line}, column ${column}: ${problem}. Claude Code skips the whole file, hooks included.`,
		notObject: 'The file must hold one JSON object ({ … }).',
		hooksNotObject: '"hooks" must be an object of event names.',
		misspeltEvent: (event, guess, client) =>
			`Unknown hook event ${quoteAlways(event)}: Claude Code (${client}) skips its hooks, they never run (names are case-sensitive). Did you mean ${quoteAlways(guess)}?`,
		unknownEvent: (event, nearest, client) =>
			`Hook event ${quoteAlways(event)} is not one Claude Code ${client} knows: its hooks run only in a Claude Code that has this event (a newer one, if it is new); older ones skip them. The closest known event is ${quoteAlways(nearest)}.`,
		notList: (event) => `${quoteAlways(event)} must be a list of matcher groups ([ { "hooks": [ … ] } ]).`,
		noHooksList: (event) => `Each entry of ${quoteAlways(event)} needs a "hooks" list.`,
		badHook: (event, problem) => `A hook under ${quoteAlways(event)}: ${problem}`,
		handlerNotObject: 'is not an object.',
		badType: (types, type) => `"type" must be one of ${types}, not ${type}.`,
		needs: (type, key) => `type ${quoteAlways(type)} needs a non-empty ${quoteAlways(key)}.`,
		badArgs: '"args" must be a list of texts.',
	},
	de: {
		problems: {
			end: 'die Datei endet zu früh (fehlt eine `}` oder `]`?)',
			'property-name': 'hier wird ein Name in doppelten Anführungszeichen erwartet (Kommentare und ein Komma vor `}` sind in strengem JSON nicht erlaubt)',
			colon: 'nach dem Namen wird ein `:` erwartet',
			'comma-or-close': 'hier wird ein `,` oder eine schließende Klammer erwartet',
			value: 'hier wird ein Wert erwartet (ein Komma vor `]` oder Text ohne doppelte Anführungszeichen?)',
			string: 'ein Text enthält einen Zeilenumbruch, einen Tabulator oder ein ungültiges `\\`-Escape',
			trailing: 'nach dem Ende des JSON-Objekts folgt weiterer Text',
		},
		notJson: (line, column, problem) => `Kein gültiges JSON in Zeile ${line}, Spalte ${column}: ${problem}. Claude Code überspringt die ganze Datei samt Hooks.`,
		notObject: 'Die Datei muss ein JSON-Objekt ({ … }) enthalten.',
		hooksNotObject: '"hooks" muss ein Objekt aus Ereignisnamen sein.',
		misspeltEvent: (event, guess, client) =>
			`Unbekanntes Hook-Ereignis ${quoteAlways(event)}: Claude Code (${client}) überspringt seine Hooks, sie laufen nie (Groß- und Kleinschreibung zählt). Gemeint ist wohl ${quoteAlways(guess)}.`,
		unknownEvent: (event, nearest, client) =>
			`Das Hook-Ereignis ${quoteAlways(event)} kennt Claude Code ${client} nicht: seine Hooks laufen nur in einem Claude Code, das dieses Ereignis hat (einem neueren, falls es neu ist); ältere überspringen sie. Das nächstliegende bekannte Ereignis ist ${quoteAlways(nearest)}.`,
		notList: (event) => `${quoteAlways(event)} muss eine Liste von Matcher-Gruppen sein ([ { "hooks": [ … ] } ]).`,
		noHooksList: (event) => `Jeder Eintrag unter ${quoteAlways(event)} braucht eine Liste "hooks".`,
		badHook: (event, problem) => `Ein Hook unter ${quoteAlways(event)}: ${problem}`,
		handlerNotObject: 'ist kein Objekt.',
		badType: (types, type) => `"type" muss einer von ${types} sein, nicht ${type}.`,
		needs: (type, key) => `Typ ${quoteAlways(type)} braucht ein nicht leeres ${quoteAlways(key)}.`,
		badArgs: '"args" muss eine Liste von Texten sein.',
	},
});

/**
 * Whether a finding makes Claude Code skip its settings file as a whole ("Settings Error": not JSON,
 * or a value its schema rejects), every hook in it included. Warnings (an unknown event name)
 * cost only their own entry.
 */
export function disablesHooks(f: Finding): boolean {
	return f.check === settingsJsonCheck.id && f.severity === 'error';
}

export const settingsJsonCheck: RuleCheck = {
	id: 'settings-json',
	severity: 'error',
	explain: {
		en: 'Claude Code skips a settings file that is not strict JSON or has hooks of the wrong shape (errors), and the hooks under an event name it does not know (a warning: a newer Claude Code may know it), so hooks silently stop running. Fix the JSON or the event name at the reported line.',
		de: 'Claude Code überspringt eine Einstellungsdatei, die kein strenges JSON ist oder Hooks falscher Form enthält (Fehler), und die Hooks unter einem Ereignisnamen, den es nicht kennt (Warnung: ein neueres Claude Code kennt ihn vielleicht); Hooks laufen dann stillschweigend nicht. JSON bzw. Ereignisnamen in der gemeldeten Zeile korrigieren.',
	},
	run(ctx) {
		return settingsFiles(ctx).flatMap((file) => checkFile(ctx, file));
	},
};

function checkFile(ctx: CheckContext, file: RuleFile): Finding[] {
	const found = reporter(settingsJsonCheck);
	const t = SETTINGS_JSON_TEXT[ctx.lang];
	const parsed = parseSettings(file);
	if (!parsed.ok) {
		return [found(file.path, parsed.line, t.notJson(parsed.line, parsed.column, t.problems[parsed.problem]))];
	}
	const settings = parsed.value;
	if (!isRecord(settings)) {
		return [found(file.path, 1, t.notObject)];
	}
	if (settings.hooks === undefined) return [];
	const hooksLine = lineOfJsonString(file, 'hooks');
	if (!isRecord(settings.hooks)) {
		return [found(file.path, hooksLine, t.hooksNotObject)];
	}
	const findings: Finding[] = [];
	for (const [event, groups] of Object.entries(settings.hooks)) {
		const line = lineOfJsonString(file, event, hooksLine);
		if (!HOOK_EVENTS.includes(event)) {
			// A warning, never an error: Claude Code skips only this entry, and the name may be an
			// event of a release newer than the list (a new event is not a broken rule set).
			const nearest = nearestEvent(event);
			const message = nearest.typo ? t.misspeltEvent(event, nearest.event, HOOK_EVENTS_CLIENT) : t.unknownEvent(event, nearest.event, HOOK_EVENTS_CLIENT);
			findings.push({ ...found(file.path, line, message), severity: 'warning' });
			continue;
		}
		findings.push(...checkGroups(ctx, file, event, groups, line));
	}
	return findings;
}

/** `"Event": [ { "matcher": "…", "hooks": [ { "type": "command", "command": "…" } ] } ]`. */
function checkGroups(ctx: CheckContext, file: RuleFile, event: string, groups: unknown, line: number): Finding[] {
	const t = SETTINGS_JSON_TEXT[ctx.lang];
	const found = reporter(settingsJsonCheck);
	if (!Array.isArray(groups)) {
		return [found(file.path, line, t.notList(event))];
	}
	const findings: Finding[] = [];
	for (const group of groups) {
		if (!isRecord(group) || !Array.isArray(group.hooks)) {
			findings.push(found(file.path, line, t.noHooksList(event)));
			continue;
		}
		for (const handler of group.hooks) {
			const problem = handlerProblem(handler, t);
			if (problem !== null) findings.push(found(file.path, line, t.badHook(event, problem)));
		}
	}
	return findings;
}

function handlerProblem(handler: unknown, t: SettingsJsonText): string | null {
	if (!isRecord(handler)) return t.handlerNotObject;
	const type = handler.type;
	if (typeof type !== 'string' || !HANDLER_TYPES.includes(type)) {
		const types = HANDLER_TYPES.join(', ');
		return t.badType(types, JSON.stringify(type ?? null));
	}
	const required: Record<string, string[]> = { command: ['command'], http: ['url'], prompt: ['prompt'], agent: ['prompt'], mcp_tool: ['server', 'tool'] };
	for (const key of required[type] ?? []) {
		const value = handler[key];
		if (typeof value !== 'string' || value.trim() === '') return t.needs(type, key);
	}
	if (handler.args !== undefined && !(Array.isArray(handler.args) && handler.args.every((a) => typeof a === 'string'))) {
		return t.badArgs;
	}
	return null;
}
