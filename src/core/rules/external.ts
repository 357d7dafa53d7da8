/**
 * `external`: the user's own checker. The bridge runs it; this module judges the run.
 * Clean only when it exited 0, its last non-empty line matches the configured clean line, and no
 * line matches the alarm pattern. Every other outcome is a finding with its own message, because
 * a checker that silently failed must never look like a clean rule set (docs/design.md, "The rule check after an edit").
 */
import type { Lang } from '../i18n';
import type { ExternalCheck } from '../settings';
import { say } from './report-text';
import { reporter, type Finding, type RuleCheck } from './types';
import { quoteAlways } from '../quote';

export type ExternalRun =
	| { outcome: 'missing'; program: string }
	| { outcome: 'start-failed'; program: string; reason: string }
	| { outcome: 'timeout'; seconds: number; tail: string[] }
	| { outcome: 'exited'; code: number | null; signal: string | null; lastLine: string | null; alarms: string[]; tail: string[] };

export const externalCheck: RuleCheck = {
	id: 'external',
	severity: 'error',
	explain: {
		en: 'Your own rule checker (settings: externalCheck) did not report a clean run. Read its output below and fix what it names, or fix its command in the settings.',
		de: 'Der eigene Regelwerk-Check (Einstellung externalCheck) hat keinen sauberen Lauf gemeldet. Seine Ausgabe unten lesen und beheben, was er nennt, oder den Befehl in den Einstellungen korrigieren.',
	},
	// The bridge runs it; `judgeExternalRun` turns the run into findings.
	run: () => [],
};

/** The clean line as a pattern: a standalone `N` stands for the number of checks. */
export function cleanLinePattern(cleanLine: string): RegExp {
	const parts = cleanLine.trim().split(/\bN\b/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
	return new RegExp(`^${parts.join('[0-9]+')}$`);
}

/** The alarm pattern as a regular expression, or null when it is not one. */
export function alarmPattern(pattern: string): RegExp | null {
	try {
		return new RegExp(pattern);
	} catch {
		return null;
	}
}

export function describeCommand(config: ExternalCheck): string {
	return [config.command, ...config.args].map((w) => (/\s/.test(w) ? `${quoteAlways(w)}` : w)).join(' ');
}

export function judgeExternalRun(run: ExternalRun, config: ExternalCheck, lang: Lang): Finding[] {
	const found = reporter(externalCheck);
	const command = describeCommand(config);
	const output = (tail: string[]): string[] | undefined =>
		tail.length === 0 ? undefined : [say(lang, 'Last lines of its output:', 'Letzte Zeilen seiner Ausgabe:'), ...tail];
	switch (run.outcome) {
		case 'missing':
			return [
				found(
					'',
					0,
					say(
						lang,
						`External check: ${quoteAlways(run.program)} was not found, so the check did not run. Install it or fix "externalCheck" in the plugin settings.`,
						`Externer Check: ${quoteAlways(run.program)} wurde nicht gefunden, der Check lief nicht. Installieren oder "externalCheck" in den Plugin-Einstellungen korrigieren.`,
					),
				),
			];
		case 'start-failed':
			return [
				found(
					'',
					0,
					say(
						lang,
						`External check: ${quoteAlways(command)} could not be started (${run.reason}). Check that the program is executable.`,
						`Externer Check: ${quoteAlways(command)} ließ sich nicht starten (${run.reason}). Prüfen, ob das Programm ausführbar ist.`,
					),
				),
			];
		case 'timeout':
			return [
				found(
					'',
					0,
					say(
						lang,
						`External check: ${quoteAlways(command)} did not finish within ${run.seconds} s and was stopped. Make it faster, or find where it hangs (waiting for input?).`,
						`Externer Check: ${quoteAlways(command)} war nach ${run.seconds} s nicht fertig und wurde abgebrochen. Schneller machen oder prüfen, wo er hängt (wartet er auf Eingabe?).`,
					),
					output(run.tail),
				),
			];
		case 'exited':
			return judgeExit(run, config, lang, command, output);
	}
}

function judgeExit(
	run: Extract<ExternalRun, { outcome: 'exited' }>,
	config: ExternalCheck,
	lang: Lang,
	command: string,
	output: (tail: string[]) => string[] | undefined,
): Finding[] {
	const found = reporter(externalCheck);
	const findings: Finding[] = [];
	if (run.code !== 0) {
		const how = run.code === null ? say(lang, `was killed by ${run.signal ?? 'a signal'}`, `wurde durch ${run.signal ?? 'ein Signal'} beendet`) : say(lang, `exited with code ${run.code}`, `endete mit Code ${run.code}`);
		findings.push(found('', 0, say(lang, `External check: ${quoteAlways(command)} ${how}.`, `Externer Check: ${quoteAlways(command)} ${how}.`), output(run.tail)));
		return findings;
	}
	if (alarmPattern(config.alarmPattern) === null) {
		findings.push(
			found(
				'',
				0,
				say(
					lang,
					`External check: the alarm pattern ${quoteAlways(config.alarmPattern)} is not a valid regular expression. Fix "externalCheck.alarmPattern" in the plugin settings.`,
					`Externer Check: das Alarmmuster ${quoteAlways(config.alarmPattern)} ist kein gültiger regulärer Ausdruck. "externalCheck.alarmPattern" in den Plugin-Einstellungen korrigieren.`,
				),
			),
		);
	}
	for (const alarm of run.alarms) {
		findings.push(found('', 0, say(lang, `External check reported: ${alarm}`, `Externer Check meldet: ${alarm}`)));
	}
	if (run.lastLine === null || !cleanLinePattern(config.cleanLine).test(run.lastLine.trim())) {
		const seen = run.lastLine === null ? say(lang, 'it printed nothing', 'er gab nichts aus') : say(lang, `its last line was ${quoteAlways(run.lastLine.trim())}`, `seine letzte Zeile war ${quoteAlways(run.lastLine.trim())}`);
		findings.push(
			found(
				'',
				0,
				say(
					lang,
					`External check: ${quoteAlways(command)} exited 0 but did not end with the clean line ${quoteAlways(config.cleanLine)} (${seen}); it may have stopped early.`,
					`Externer Check: ${quoteAlways(command)} endete mit 0, aber nicht mit der Schlusszeile ${quoteAlways(config.cleanLine)} (${seen}); er brach womöglich vorzeitig ab.`,
				),
				run.alarms.length === 0 ? output(run.tail) : undefined,
			),
		);
	}
	return findings;
}
