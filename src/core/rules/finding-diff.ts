/**
 * Which findings an edit introduced: the current check compared with the last one recorded
 * (docs/design.md, "Findings attributed to the edit"). A finding is the same finding when its check,
 * file and message match; its line is left out, since an edit above it moves it without changing it.
 */
import { translations, type Lang } from '../i18n';
import { findingLines, hookFindingsText, sortFindings } from './report-text';
import type { Finding } from './types';

interface EditReportText {
	/** The first line of the hook's report; `name` is shortened already. */
	header: (name: string) => string;
	noNewFindings: (n: number, command: string) => string;
	/** `shown`: how many of the `n` are listed below, when fewer than all. */
	alreadyThere: (n: number, shown: number) => string;
	noNewSystem: (n: number) => string;
	freshCount: (n: number) => string;
	system: (summary: string, fresh: string) => string;
	hookFailed: (reason: string, command: string) => string;
	hookFailedSystem: (reason: string) => string;
}

export const EDIT_REPORT_TEXT = translations<EditReportText>({
	en: {
		header: (name) => `Rule check after the edit of ${name}:`,
		noNewFindings: (n, command) => `No new findings from this edit; ${n} finding${n === 1 ? ' was' : 's were'} already there (run \`${command}\` to see ${n === 1 ? 'it' : 'them'}).`,
		alreadyThere: (n, shown) => `${n} finding${n === 1 ? ' was' : 's were'} already there before this edit${n > shown ? `; the first ${shown}` : ''}:`,
		noNewSystem: (n) => `Rule check: no new findings, ${n} already there`,
		freshCount: (n) => ` (${n} new)`,
		system: (summary, fresh) => `Rule check: ${summary}${fresh}`,
		hookFailed: (reason, command) =>
			`Rule check: the post-tool-use hook itself failed (${reason}), so the rule set is unchecked after this edit. Run \`${command}\` in a terminal to see the full error.`,
		hookFailedSystem: (reason) => `Rule check failed to run: ${reason}`,
	},
	de: {
		header: (name) => `Regelwerk-Check nach der Änderung von ${name}:`,
		noNewFindings: (n, command) => `Keine neuen Befunde durch diese Änderung; ${n} Befund${n === 1 ? '' : 'e'} gab es schon (\`${command}\` zeigt ${n === 1 ? 'ihn' : 'sie'}).`,
		alreadyThere: (n, shown) => `${n} Befund${n === 1 ? '' : 'e'} gab es schon vor dieser Änderung${n > shown ? `; die ersten ${shown}` : ''}:`,
		noNewSystem: (n) => `Regelwerk-Check: keine neuen Befunde, ${n} schon vorhanden`,
		freshCount: (n) => ` (${n} neu)`,
		system: (summary, fresh) => `Regelwerk-Check: ${summary}${fresh}`,
		hookFailed: (reason, command) =>
			`Regelwerk-Check: der post-tool-use-Hook ist selbst gescheitert (${reason}); das Regelwerk ist nach dieser Änderung ungeprüft. \`${command}\` im Terminal zeigt den ganzen Fehler.`,
		hookFailedSystem: (reason) => `Regelwerk-Check lief nicht: ${reason}`,
	},
});

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
		return [EDIT_REPORT_TEXT[lang].noNewFindings(n, fullCommand)];
	}
	const shown = sortFindings(old).slice(0, OLD_SHOWN);
	const head = EDIT_REPORT_TEXT[lang].alreadyThere(n, shown.length);
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
			system: EDIT_REPORT_TEXT[lang].noNewSystem(n),
		};
	}
	const after = diff.old.length > 0 ? oldLines(diff.old, lang, fullCommand, true) : [];
	const context = hookFindingsText(header, diff.fresh, checksRun, lang, fullCommand, { after, summary });
	const t = EDIT_REPORT_TEXT[lang];
	const freshSummary = diff.hadRecord && diff.old.length > 0 ? t.freshCount(diff.fresh.length) : '';
	return { context, system: t.system(summary, freshSummary) };
}
