/** The rule check's words: the summary line that ends every run, finding lines, the hook's cap. */
import { translations, type Lang } from '../i18n';
import { comparePaths } from '../notes/paths';
import { escapeControls, shortenName } from '../quote';
import type { Finding, Severity } from './types';

interface ReportText {
	clean: (checks: number) => string;
	/** `counts`: the errors and warnings, as `errors` and `warnings` say them. */
	fired: (fired: number, checks: number, counts: string) => string;
	errors: (n: number) => string;
	warnings: (n: number) => string;
	severity: Record<Severity, string>;
	cutLines: (left: number, command: string) => string;
	cutFindings: (left: number, command: string) => string;
}

export const REPORT_TEXT = translations<ReportText>({
	en: {
		clean: (n) => `None of the ${n} checks that ran found anything.`,
		fired: (fired, n, counts) => `${fired} of the ${n} checks that ran found something: ${counts}.`,
		errors: (n) => `${n} ${n === 1 ? 'error' : 'errors'}`,
		warnings: (n) => `${n} ${n === 1 ? 'warning' : 'warnings'}`,
		severity: { error: 'error', warning: 'warning' },
		cutLines: (left, command) => `[cut: ${left} more line(s) not shown; run \`${command}\` for all findings]`,
		cutFindings: (left, command) => `[cut: ${left} more finding(s) not shown; run \`${command}\` for all findings]`,
	},
	de: {
		clean: (n) => `Keine der ${n} gelaufenen Prüfungen hat angeschlagen.`,
		fired: (fired, n, counts) => `${fired} der ${n} gelaufenen Prüfungen ${fired === 1 ? 'hat' : 'haben'} angeschlagen: ${counts}.`,
		errors: (n) => `${n} Fehler`,
		warnings: (n) => `${n} ${n === 1 ? 'Warnung' : 'Warnungen'}`,
		severity: { error: 'Fehler', warning: 'Warnung' },
		cutLines: (left, command) => `[gekürzt: ${left} weitere Zeile(n) nicht gezeigt; alle Befunde zeigt \`${command}\`]`,
		cutFindings: (left, command) => `[gekürzt: ${left} weitere Befund(e) nicht gezeigt; alle Befunde zeigt \`${command}\`]`,
	},
});

/**
 * `None of the N checks that ran found anything.` when clean; otherwise how many checks found
 * something and how many errors and warnings. An external checker configured with the clean line
 * can be this very bridge.
 */
export function summaryLine(findings: readonly Finding[], checksRun: readonly string[], lang: Lang): string {
	const t = REPORT_TEXT[lang];
	const n = checksRun.length;
	if (findings.length === 0) return t.clean(n);
	const fired = new Set(findings.map((f) => f.check).filter((id) => checksRun.includes(id))).size;
	const errors = findings.filter((f) => f.severity === 'error').length;
	const warnings = findings.length - errors;
	return t.fired(fired, n, `${t.errors(errors)}, ${t.warnings(warnings)}`);
}

/** Files first (sorted as every list), then by line; findings about no file come last. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
	return [...findings].sort((a, b) => {
		if ((a.path === '') !== (b.path === '')) return a.path === '' ? 1 : -1;
		return comparePaths(a.path, b.path) || a.line - b.line || a.check.localeCompare(b.check);
	});
}

/** `path:line: error [check] message`, the shape editors and CI logs turn into links. */
export function findingLines(finding: Finding, lang: Lang, nameMax = Number.POSITIVE_INFINITY): string[] {
	const name = shortenName(finding.path, nameMax);
	const where = finding.path === '' ? '' : finding.line > 0 ? `${name}:${finding.line}: ` : `${name}: `;
	const severity = REPORT_TEXT[lang].severity[finding.severity];
	return [`${where}${severity} [${escapeControls(finding.check)}] ${escapeControls(finding.message)}`, ...(finding.detail ?? []).map((d) => `    ${escapeControls(d)}`)];
}

export function formatFindings(findings: readonly Finding[], checksRun: readonly string[], lang: Lang): string[] {
	return [...sortFindings(findings).flatMap((f) => findingLines(f, lang)), summaryLine(findings, checksRun, lang)];
}

export const HOOK_CONTEXT_MAX_LINES = 40;
export const HOOK_CONTEXT_MAX_CHARS = 4000;

/**
 * At most 40 lines and 4,000 characters (docs/design.md, "The rule check after an edit"), keeping the head and the final
 * summary line, then a note saying how to see everything. The summary survives the cut, so the
 * agent always learns the counts.
 */
export function capHookContext(lines: readonly string[], lang: Lang, fullCommand: string): string {
	const all = lines.join('\n');
	if (lines.length <= HOOK_CONTEXT_MAX_LINES && all.length <= HOOK_CONTEXT_MAX_CHARS) return all;
	const summary = (lines[lines.length - 1] ?? '').slice(0, 600);
	const head = lines.slice(0, -1);
	const kept: string[] = [];
	let chars = summary.length;
	for (const line of head) {
		const text = line.length > 600 ? `${line.slice(0, 599)}…` : line;
		if (kept.length + 1 >= HOOK_CONTEXT_MAX_LINES || chars + text.length + 1 > HOOK_CONTEXT_MAX_CHARS) break;
		kept.push(text);
		chars += text.length + 1;
	}
	const left = head.length - kept.length;
	return [...kept, summary, REPORT_TEXT[lang].cutLines(left, fullCommand)].join('\n');
}

/** Paths in the hook's findings are not shortened below this; below it, findings are left out instead. */
const MIN_NAME_CHARS = 24;
/** A finding's message beyond this length is shortened in the middle when the text must shrink. */
const MAX_MESSAGE_CHARS = 300;

function shortMessage(f: Finding): Finding {
	if (f.message.length <= MAX_MESSAGE_CHARS) return f;
	const half = Math.floor((MAX_MESSAGE_CHARS - 3) / 2);
	return { ...f, message: `${f.message.slice(0, half)} … ${f.message.slice(f.message.length - half)}` };
}

function fits(lines: readonly string[]): boolean {
	return lines.length <= HOOK_CONTEXT_MAX_LINES && lines.join('\n').length <= HOOK_CONTEXT_MAX_CHARS;
}

/** Findings under an optional heading line, in the order the report gives them. */
export interface FindingSection {
	heading?: string;
	findings: readonly Finding[];
}

/**
 * The PostToolUse context within its line and character cap, cutting names before findings so
 * every finding keeps its line as long as it can; when findings must go, the last line says how
 * many. `before` lines follow the header, `after` lines come before the summary.
 */
export function hookFindingsText(
	header: string,
	sections: readonly FindingSection[],
	checksRun: readonly string[],
	lang: Lang,
	fullCommand: string,
	extra: { before?: readonly string[]; after?: readonly string[]; summary?: string } = {},
): string {
	const sorted = sections.map((s) => ({ heading: s.heading, findings: sortFindings(s.findings) })).filter((s) => s.findings.length > 0);
	const all = sorted.flatMap((s) => s.findings);
	const summary = extra.summary ?? summaryLine(all, checksRun, lang);
	const before = extra.before ?? [];
	const after = extra.after ?? [];
	const render = (keep: ReadonlySet<Finding> | null, line: (f: Finding) => string[]): string[] => [
		header,
		...before,
		...sorted.flatMap((s) => {
			const list = keep === null ? s.findings : s.findings.filter((f) => keep.has(f));
			return list.length === 0 ? [] : [...(s.heading === undefined ? [] : [s.heading]), ...list.flatMap(line)];
		}),
		...after,
		summary,
	];
	const full = render(null, (f) => findingLines(f, lang));
	if (fits(full)) return full.join('\n');
	const short = (nameMax: number) => (f: Finding) => findingLines({ ...shortMessage(f), detail: undefined }, lang, nameMax);
	const longest = Math.max(MIN_NAME_CHARS, ...all.map((f) => shortenName(f.path, Number.POSITIVE_INFINITY).length));
	for (let nameMax = longest; ; nameMax = Math.max(MIN_NAME_CHARS, Math.floor(nameMax * 0.8))) {
		const lines = render(null, short(nameMax));
		if (fits(lines)) return lines.join('\n');
		if (nameMax === MIN_NAME_CHARS) break;
	}
	// Too many findings for the cap even with short names: keep the first sections, errors first.
	const ranked = sorted.flatMap((s) => [...s.findings.filter((f) => f.severity === 'error'), ...s.findings.filter((f) => f.severity !== 'error')]);
	let keep = ranked.length;
	const noteFor = (left: number): string => REPORT_TEXT[lang].cutFindings(left, fullCommand);
	while (keep > 0) {
		const lines = [...render(new Set(ranked.slice(0, keep)), short(MIN_NAME_CHARS)), noteFor(ranked.length - keep)];
		if (fits(lines)) return lines.join('\n');
		keep--;
	}
	return capHookContext([header, ...before, summary], lang, fullCommand);
}
