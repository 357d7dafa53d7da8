/** Reading `.claude/settings.json` for the checks: strict JSON (Claude Code's rule), with lines. */
import { locateJsonError, type JsonProblem } from './json-error';
import { SETTINGS_FILES } from '../scope';
import type { CheckContext, RuleFile } from '../types';

export type ParsedSettings = { ok: true; value: unknown } | { ok: false; problem: JsonProblem; line: number; column: number };

export function parseSettings(file: RuleFile): ParsedSettings {
	try {
		return { ok: true, value: JSON.parse(file.text) as unknown };
	} catch {
		const at = locateJsonError(file.text) ?? { offset: 0, problem: 'value' as const };
		const before = file.text.slice(0, at.offset);
		const line = before.split('\n').length;
		return { ok: false, problem: at.problem, line, column: at.offset - before.lastIndexOf('\n') };
	}
}

export function settingsFiles(ctx: CheckContext): RuleFile[] {
	return ctx.files.filter((f) => (SETTINGS_FILES as readonly string[]).includes(f.path));
}

/** The first line holding `needle` as a JSON string, at or after `fromLine`; else `fromLine`. */
export function lineOfJsonString(file: RuleFile, needle: string, fromLine = 1): number {
	const quoted = JSON.stringify(needle);
	for (let i = Math.max(0, fromLine - 1); i < file.lines.length; i++) if ((file.lines[i] ?? '').includes(quoted)) return i + 1;
	return fromLine;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface HookHandler {
	event: string;
	/** Line of the event's key in the file. */
	eventLine: number;
	handler: Record<string, unknown>;
}

/** Every handler object under a known-shaped `hooks` map; shape errors are the settings check's. */
export function hookHandlers(file: RuleFile, settings: unknown): HookHandler[] {
	if (!isRecord(settings) || !isRecord(settings.hooks)) return [];
	const out: HookHandler[] = [];
	for (const [event, groups] of Object.entries(settings.hooks)) {
		if (!Array.isArray(groups)) continue;
		const eventLine = lineOfJsonString(file, event);
		for (const group of groups) {
			if (!isRecord(group) || !Array.isArray(group.hooks)) continue;
			for (const handler of group.hooks) if (isRecord(handler)) out.push({ event, eventLine, handler });
		}
	}
	return out;
}
