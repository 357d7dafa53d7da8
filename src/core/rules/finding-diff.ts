/**
 * Which findings an edit introduced: the current check compared with the last one recorded
 * (docs/design.md, "Findings attributed to the edit"). A finding is the same finding when its check,
 * file and message match; its line is left out, since an edit above it moves it without changing it.
 */
import type { Lang } from '../i18n';
import { findingLines, hookFindingsText, say, sortFindings } from './report-text';
import type { Finding } from './types';

/** The part of a finding the record keeps; messages are cut so a record stays bounded. */
export interface RecordedFinding {
	check: string;
	path: string;
	message: string;
}

export const RECORDED_MESSAGE_MAX = 300;
/** Findings beyond this many are not recorded; the record says it is incomplete. */
export const RECORDED_FINDINGS_MAX = 2000;
/** How many of the findings that were already there an edit's report shows. */
export const OLD_SHOWN = 3;

export function recordedFinding(f: Finding): RecordedFinding {
	return { check: f.check, path: f.path, message: f.message.slice(0, RECORDED_MESSAGE_MAX) };
}

function key(f: RecordedFinding): string {
	return `${f.check}\u0000${f.path}\u0000${f.message.slice(0, RECORDED_MESSAGE_MAX)}`;
}

export interface FindingDiff {
	/** Findings no earlier check recorded (all of them when there is no record). */
	fresh: Finding[];
	/** Findings the last check recorded too. */
	old: Finding[];
	/** True when there was a record and the findings are exactly those it holds. */
	unchanged: boolean;
	/** False when there was no usable record to compare with. */
	hadRecord: boolean;
}

/**
 * Splits `current` into fresh and old against `previous` (null: no record). Counted as a multiset,
 * so a second identical broken link in the same file is fresh. An incomplete record (cut at
 * `RECORDED_FINDINGS_MAX`) cannot call a finding fresh that it may have left out: those count as old.
 */
export function diffFindings(previous: { findings: readonly RecordedFinding[]; complete: boolean } | null, current: readonly Finding[]): FindingDiff {
	if (previous === null) return { fresh: [...current], old: [], unchanged: false, hadRecord: false };
	const counts = new Map<string, number>();
	for (const f of previous.findings) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
	const fresh: Finding[] = [];
	const old: Finding[] = [];
	for (const f of current) {
		const k = key(f);
		const left = counts.get(k) ?? 0;
		if (left > 0) {
			counts.set(k, left - 1);
			old.push(f);
		} else if (!previous.complete) old.push(f);
		else fresh.push(f);
	}
	const gone = [...counts.values()].some((n) => n > 0);
	return { fresh, old, unchanged: previous.complete && fresh.length === 0 && !gone, hadRecord: true };
}

function cut(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function oldLines(old: readonly Finding[], lang: Lang, fullCommand: string, withList: boolean): string[] {
	const n = old.length;
	if (!withList) {
		return [
			say(
				lang,
				`No new findings from this edit; ${n} finding${n === 1 ? ' was' : 's were'} already there (run \`${fullCommand}\` to see ${n === 1 ? 'it' : 'them'}).`,
				`Keine neuen Befunde durch diese Änderung; ${n} Befund${n === 1 ? '' : 'e'} gab es schon (\`${fullCommand}\` zeigt ${n === 1 ? 'ihn' : 'sie'}).`,
			),
		];
	}
	const shown = sortFindings(old).slice(0, OLD_SHOWN);
	const head = say(
		lang,
		`${n} finding${n === 1 ? ' was' : 's were'} already there before this edit${n > shown.length ? `; the first ${shown.length}` : ''}:`,
		`${n} Befund${n === 1 ? '' : 'e'} gab es schon vor dieser Änderung${n > shown.length ? `; die ersten ${shown.length}` : ''}:`,
	);
	// Short names and messages: these lines must never push a fresh finding out of the hook's cap.
	return [head, ...shown.map((f) => `  ${(findingLines({ ...f, message: cut(f.message, 160), detail: undefined }, lang, 60)[0] ?? '')}`)];
}

export interface EditReport {
	context: string;
	/** The one-line message for the user. */
	system: string;
}

/**
 * What the PostToolUse hook says after an edit, or null for silence: what this edit introduced first,
 * then how many were already there with the first few. An edit that adds nothing says only the
 * count, and only when the set of findings changed since the last check (a fix elsewhere); an
 * unchanged set, or a clean one, is silence.
 */
export function editReport(header: string, diff: FindingDiff, all: readonly Finding[], checksRun: readonly string[], lang: Lang, fullCommand: string, summary: string): EditReport | null {
	if (all.length === 0) return null;
	if (diff.fresh.length === 0) {
		if (diff.unchanged || !diff.hadRecord) return null;
		const n = diff.old.length;
		return {
			context: [header, ...oldLines(diff.old, lang, fullCommand, false)].join('\n'),
			system: say(lang, `Rule check: no new findings, ${n} already there`, `Regelwerk-Check: keine neuen Befunde, ${n} schon vorhanden`),
		};
	}
	const after = diff.old.length > 0 ? oldLines(diff.old, lang, fullCommand, true) : [];
	const context = hookFindingsText(header, diff.fresh, checksRun, lang, fullCommand, { after, summary });
	const freshSummary = diff.hadRecord && diff.old.length > 0 ? say(lang, ` (${diff.fresh.length} new)`, ` (${diff.fresh.length} neu)`) : '';
	return { context, system: say(lang, `Rule check: ${summary}${freshSummary}`, `Regelwerk-Check: ${summary}${freshSummary}`) };
}
