/**
 * What the PostToolUse hook says after an edit in the rule scope: the edited file's findings first,
 * after every edit while they remain, so silence always means the edited file is clean
 * (docs/design.md, "Findings after an edit").
 */
import { translations, type Lang } from '../i18n';
import type { EditSplit } from './finding-diff';
import { findingLines, hookFindingsText, sortFindings, type FindingSection } from './report-text';
import type { Finding } from './types';

interface EditReportText {
	/** The first line of the hook's report; `name` is shortened already. */
	header: (name: string) => string;
	/** Headings over the edited file's findings: without a record, new, still there. */
	inFile: string;
	newInFile: string;
	stillInFile: string;
	/** The edited file has none left; `n` of its recorded findings are gone. */
	fixedInFile: (n: number) => string;
	wholeSet: string;
	hooksOff: string;
	newElsewhere: string;
	/** `shown`: how many of the `n` are listed below, when fewer than all. */
	alreadyThere: (n: number, shown: number) => string;
	/** The same block when there is no record to tell old from new. */
	alsoThere: (n: number, shown: number) => string;
	seeAll: (command: string) => string;
	oldOnlySystem: (n: number) => string;
	freshCount: (n: number) => string;
	system: (summary: string, fresh: string) => string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const EDIT_REPORT_TEXT = translations<EditReportText>({
	en: {
		header: (name) => `Rule check after the edit of ${name}:`,
		inFile: 'In this file:',
		newInFile: 'New in this file:',
		stillInFile: 'Still there in this file (this edit did not fix them):',
		fixedInFile: (n) => `This file has no findings left (${plural(n, 'finding', 'findings')} fixed).`,
		wholeSet: 'About the rule set as a whole:',
		hooksOff: 'Claude Code skips a settings file like this at the next session start, and every hook in it (this rule check too):',
		newElsewhere: 'New in other files of the rule set:',
		alreadyThere: (n, shown) => `Also in the rule set, already there before this edit: ${plural(n, 'finding', 'findings')}${n > shown ? `, the first ${shown}` : ''}:`,
		alsoThere: (n, shown) => `Also in the rule set: ${plural(n, 'finding', 'findings')}${n > shown ? `, the first ${shown}` : ''}:`,
		seeAll: (command) => `  (run \`${command}\` to see all)`,
		oldOnlySystem: (n) => `Rule check: the edited file is clean; ${n} already there elsewhere`,
		freshCount: (n) => ` (${n} new)`,
		system: (summary, fresh) => `Rule check: ${summary}${fresh}`,
	},
	de: {
		header: (name) => `Regelwerk-Check nach der Änderung von ${name}:`,
		inFile: 'In dieser Datei:',
		newInFile: 'Neu in dieser Datei:',
		stillInFile: 'Weiterhin in dieser Datei (diese Änderung hat sie nicht behoben):',
		fixedInFile: (n) => `Diese Datei hat keine Befunde mehr (${plural(n, 'Befund', 'Befunde')} behoben).`,
		wholeSet: 'Zum Regelwerk als Ganzem:',
		hooksOff: 'Claude Code überspringt eine solche Einstellungsdatei beim nächsten Sitzungsstart samt aller Hooks darin (auch diesen Regelwerk-Check):',
		newElsewhere: 'Neu in anderen Dateien des Regelwerks:',
		alreadyThere: (n, shown) => `Außerdem im Regelwerk, schon vor dieser Änderung: ${plural(n, 'Befund', 'Befunde')}${n > shown ? `, die ersten ${shown}` : ''}:`,
		alsoThere: (n, shown) => `Außerdem im Regelwerk: ${plural(n, 'Befund', 'Befunde')}${n > shown ? `, die ersten ${shown}` : ''}:`,
		seeAll: (command) => `  (alle zeigt \`${command}\`)`,
		oldOnlySystem: (n) => `Regelwerk-Check: die geänderte Datei ist sauber; ${n} schon vorhanden anderswo`,
		freshCount: (n) => ` (${n} neu)`,
		system: (summary, fresh) => `Regelwerk-Check: ${summary}${fresh}`,
	},
});

/** How many of the findings that were already there elsewhere the report lists. */
export const OLD_SHOWN = 3;

function cut(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The short block: a count, the first few with short names and messages, and where to see all. */
function oldBlock(old: readonly Finding[], hadRecord: boolean, lang: Lang, fullCommand: string): string[] {
	const t = EDIT_REPORT_TEXT[lang];
	const shown = sortFindings(old).slice(0, OLD_SHOWN);
	const head = hadRecord ? t.alreadyThere(old.length, shown.length) : t.alsoThere(old.length, shown.length);
	// Short: these lines must never push the edited file's findings out of the hook's cap.
	const lines = shown.map((f) => `  ${findingLines({ ...f, message: cut(f.message, 160), detail: undefined }, lang, 60)[0] ?? ''}`);
	return [head, ...lines, ...(old.length > shown.length ? [t.seeAll(fullCommand)] : [])];
}

export interface EditReport {
	context: string;
	/** The one-line message for the user. */
	system: string;
}

/**
 * The report after an edit, or null for silence: a clean check, or an edited file without findings
 * when nothing else changed since the last check and no settings file disables the hooks.
 */
export function editReport(header: string, split: EditSplit, checksRun: readonly string[], lang: Lang, fullCommand: string, summary: string): EditReport | null {
	const t = EDIT_REPORT_TEXT[lang];
	const sections: FindingSection[] = split.hadRecord
		? [
				{ heading: t.stillInFile, findings: split.mineStill },
				{ heading: t.newInFile, findings: split.mineNew },
			]
		: [{ heading: t.inFile, findings: split.mineNew }];
	sections.push({ heading: t.wholeSet, findings: split.whole }, { heading: t.hooksOff, findings: split.hooksOff }, { heading: t.newElsewhere, findings: split.othersNew });
	const mine = split.mineNew.length + split.mineStill.length;
	const listed = sections.reduce((n, s) => n + s.findings.length, 0);
	const showOld = split.othersOld.length > 0 && (!split.hadRecord || split.othersChanged || split.mineFixed > 0);
	if (listed === 0 && !showOld) return null;
	const before = mine === 0 && split.mineFixed > 0 ? [t.fixedInFile(split.mineFixed)] : [];
	const after = showOld ? oldBlock(split.othersOld, split.hadRecord, lang, fullCommand) : [];
	const context = hookFindingsText(header, sections, checksRun, lang, fullCommand, { before, after, summary });
	if (listed === 0) return { context, system: t.oldOnlySystem(split.othersOld.length) };
	const fresh = split.hadRecord ? split.mineNew.length + split.othersNew.length : 0;
	const total = listed + split.othersOld.length;
	return { context, system: t.system(summary, fresh > 0 && fresh < total ? t.freshCount(fresh) : '') };
}
