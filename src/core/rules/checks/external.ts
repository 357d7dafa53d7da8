/**
 * `external`: the user's own checker. The bridge runs it; this module judges the run.
 * Clean only when it exited 0, its last non-empty line matches the configured clean line, and no
 * line matches the alarm pattern. Every other outcome is a finding with its own message, because
 * a checker that silently failed must never look like a clean rule set (docs/design.md, "The rule check after an edit").
 */
import { translations, type Lang } from '../../i18n';
import type { ExternalCheck } from '../../settings';
import { reporter, type Finding, type RuleCheck } from '../types';
import { quoteAlways } from '../../quote';

export type ExternalRun =
	| { outcome: 'missing'; program: string }
	| { outcome: 'start-failed'; program: string; reason: string }
	| { outcome: 'timeout'; seconds: number; tail: string[] }
	| { outcome: 'exited'; code: number | null; signal: string | null; lastLine: string | null; alarms: string[]; tail: string[] };

interface ExternalText {
	outputHead: string;
	missing: (program: string) => string;
	startFailed: (command: string, reason: string) => string;
	timeout: (command: string, seconds: number) => string;
	killed: (signal: string | null) => string;
	exitCode: (code: number) => string;
	/** `how`: `killed` or `exitCode`. */
	failed: (command: string, how: string) => string;
	badAlarm: (pattern: string) => string;
	alarm: (line: string) => string;
	printedNothing: string;
	lastLine: (line: string) => string;
	/** `seen`: `printedNothing` or `lastLine`. */
	noCleanLine: (command: string, cleanLine: string, seen: string) => string;
}

export const EXTERNAL_TEXT = translations<ExternalText>({
	en: {
		outputHead: 'Last lines of its output:',
		missing: (program) => `External check: ${quoteAlways(program)} was not found, so the check did not run. Install it or fix "externalCheck" in the plugin settings.`,
		startFailed: (command, reason) => `External check: ${quoteAlways(command)} could not be started (${reason}). Check that the program is executable.`,
		timeout: (command, seconds) =>
			`External check: ${quoteAlways(command)} did not finish within ${seconds} s and was stopped. Make it faster, or find where it hangs (waiting for input?).`,
		killed: (signal) => `was killed by ${signal ?? 'a signal'}`,
		exitCode: (code) => `exited with code ${code}`,
		failed: (command, how) => `External check: ${quoteAlways(command)} ${how}.`,
		badAlarm: (pattern) => `External check: the alarm pattern ${quoteAlways(pattern)} is not a valid regular expression. Fix "externalCheck.alarmPattern" in the plugin settings.`,
		alarm: (line) => `External check reported: ${line}`,
		printedNothing: 'it printed nothing',
		lastLine: (line) => `its last line was ${quoteAlways(line)}`,
		noCleanLine: (command, cleanLine, seen) => `External check: ${quoteAlways(command)} exited 0 but did not end with the clean line ${quoteAlways(cleanLine)} (${seen}); it may have stopped early.`,
	},
	de: {
		outputHead: 'Letzte Zeilen seiner Ausgabe:',
		missing: (program) =>
			`Externer Check: ${quoteAlways(program)} wurde nicht gefunden, der Check lief nicht. Installieren oder "externalCheck" in den Plugin-Einstellungen korrigieren.`,
		startFailed: (command, reason) => `Externer Check: ${quoteAlways(command)} ließ sich nicht starten (${reason}). Prüfen, ob das Programm ausführbar ist.`,
		timeout: (command, seconds) =>
			`Externer Check: ${quoteAlways(command)} war nach ${seconds} s nicht fertig und wurde abgebrochen. Schneller machen oder prüfen, wo er hängt (wartet er auf Eingabe?).`,
		killed: (signal) => `wurde durch ${signal ?? 'ein Signal'} beendet`,
		exitCode: (code) => `endete mit Code ${code}`,
		failed: (command, how) => `Externer Check: ${quoteAlways(command)} ${how}.`,
		badAlarm: (pattern) =>
			`Externer Check: das Alarmmuster ${quoteAlways(pattern)} ist kein gültiger regulärer Ausdruck. "externalCheck.alarmPattern" in den Plugin-Einstellungen korrigieren.`,
		alarm: (line) => `Externer Check meldet: ${line}`,
		printedNothing: 'er gab nichts aus',
		lastLine: (line) => `seine letzte Zeile war ${quoteAlways(line)}`,
		noCleanLine: (command, cleanLine, seen) =>
			`Externer Check: ${quoteAlways(command)} endete mit 0, aber nicht mit der Schlusszeile ${quoteAlways(cleanLine)} (${seen}); er brach womöglich vorzeitig ab.`,
	},
});

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

/** The alarm pattern as a regular expression, or null when it is not one. Empty: no line is an alarm. */
export function alarmPattern(pattern: string): RegExp | null {
	if (pattern === '') return /(?!)/;
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
	const t = EXTERNAL_TEXT[lang];
	const command = describeCommand(config);
	const output = (tail: string[]): string[] | undefined => (tail.length === 0 ? undefined : [t.outputHead, ...tail]);
	switch (run.outcome) {
		case 'missing':
			return [found('', 0, t.missing(run.program))];
		case 'start-failed':
			return [found('', 0, t.startFailed(command, run.reason))];
		case 'timeout':
			return [found('', 0, t.timeout(command, run.seconds), output(run.tail))];
		case 'exited':
			return judgeExit(run, config, t, command, output);
	}
}

function judgeExit(
	run: Extract<ExternalRun, { outcome: 'exited' }>,
	config: ExternalCheck,
	t: ExternalText,
	command: string,
	output: (tail: string[]) => string[] | undefined,
): Finding[] {
	const found = reporter(externalCheck);
	const findings: Finding[] = [];
	if (run.code !== 0) {
		const how = run.code === null ? t.killed(run.signal) : t.exitCode(run.code);
		findings.push(found('', 0, t.failed(command, how), output(run.tail)));
		return findings;
	}
	if (alarmPattern(config.alarmPattern) === null) {
		findings.push(found('', 0, t.badAlarm(config.alarmPattern)));
	}
	for (const alarm of run.alarms) {
		findings.push(found('', 0, t.alarm(alarm)));
	}
	// An empty clean line: the exit code alone says the checker ran to its end.
	if (config.cleanLine.trim() !== '' && (run.lastLine === null || !cleanLinePattern(config.cleanLine).test(run.lastLine.trim()))) {
		const seen = run.lastLine === null ? t.printedNothing : t.lastLine(run.lastLine.trim());
		findings.push(found('', 0, t.noCleanLine(command, config.cleanLine, seen), run.alarms.length === 0 ? output(run.tail) : undefined));
	}
	return findings;
}
