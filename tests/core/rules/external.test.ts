import { describe, expect, it } from 'vitest';
import { cleanLinePattern, judgeExternalRun, type ExternalRun } from '../../../src/core/rules/checks/external';
import type { ExternalCheck } from '../../../src/core/settings';

const CONFIG: ExternalCheck = { command: 'python', args: ['regelwerk_check.py'], cleanLine: 'Keine der N gelaufenen Prüfungen hat angeschlagen.', alarmPattern: 'ACHTUNG' };
const exited = (over: Partial<Extract<ExternalRun, { outcome: 'exited' }>> = {}): ExternalRun => ({
	outcome: 'exited',
	code: 0,
	signal: null,
	lastLine: 'Keine der 12 gelaufenen Prüfungen hat angeschlagen.',
	alarms: [],
	tail: ['x'],
	...over,
});

describe('external check judgement', () => {
	it('is clean only with exit 0, the clean last line and no alarm', () => {
		expect(judgeExternalRun(exited(), CONFIG, 'en')).toEqual([]);
	});

	it('reads a standalone N in the clean line as any number, and nothing else as a pattern', () => {
		const en = cleanLinePattern('None of the N checks that ran found anything.');
		expect(en.test('None of the 7 checks that ran found anything.')).toBe(true);
		expect(en.test('None of the N checks that ran found anything.')).toBe(false);
		expect(en.test('None of the 7 checks that ran found anythingX')).toBe(false);
		expect(cleanLinePattern('All (N) fine.').test('All (3) fine.')).toBe(true);
	});

	it('gives each failure its own message', () => {
		const messages = (run: ExternalRun) => judgeExternalRun(run, CONFIG, 'en').map((f) => f.message);
		expect(messages({ outcome: 'missing', program: 'python' })).toEqual([expect.stringContaining('"python" was not found')]);
		expect(messages({ outcome: 'start-failed', program: 'python', reason: 'EACCES' })).toEqual([expect.stringContaining('could not be started (EACCES)')]);
		expect(messages({ outcome: 'timeout', seconds: 20, tail: [] })).toEqual([expect.stringContaining('did not finish within 20 s')]);
		expect(messages(exited({ code: 2 }))).toEqual([expect.stringContaining('exited with code 2')]);
		expect(messages(exited({ code: null, signal: 'SIGSEGV' }))).toEqual([expect.stringContaining('was killed by SIGSEGV')]);
		expect(messages(exited({ lastLine: null }))).toEqual([expect.stringContaining('it printed nothing')]);
		expect(messages(exited({ lastLine: 'Prüfung 3 von 12 …' }))).toEqual([expect.stringContaining('its last line was "Prüfung 3 von 12 …"')]);
		expect(messages(exited({ alarms: ['ACHTUNG: tags.md fehlt'] }))).toEqual([expect.stringContaining('External check reported: ACHTUNG: tags.md fehlt')]);
	});

	it('shows the tail of the output under a failure, in the user\'s language', () => {
		const [f] = judgeExternalRun(exited({ code: 1, tail: ['Traceback …', 'KeyError: x'] }), CONFIG, 'de');
		expect(f?.message).toMatch(/endete mit Code 1/);
		expect(f?.detail).toEqual(['Letzte Zeilen seiner Ausgabe:', 'Traceback …', 'KeyError: x']);
	});

	it('reports an alarm pattern that is no regular expression', () => {
		const found = judgeExternalRun(exited(), { ...CONFIG, alarmPattern: '([' }, 'en');
		expect(found.map((f) => f.message)).toEqual([expect.stringContaining('not a valid regular expression')]);
	});
});
