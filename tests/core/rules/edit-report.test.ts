/** The report after an edit, from the pure split of one check's findings against the record. */
import { describe, expect, it } from 'vitest';
import { EDIT_REPORT_TEXT, editReport } from '../../../src/core/rules/edit-report';
import { recordedFinding, splitForEdit } from '../../../src/core/rules/finding-diff';
import type { Finding } from '../../../src/core/rules/types';

const f = (path: string, message: string, line = 1, check = 'broken-link', severity: Finding['severity'] = 'error'): Finding => ({ check, severity, path, line, message });
const record = (...fs: Finding[]) => ({ findings: fs.map(recordedFinding), complete: true });
const isA = (p: string) => p.toLowerCase() === 'a.md';
const settingsBroken = (x: Finding) => x.check === 'settings-json' && x.severity === 'error';
const run = ['broken-link', 'settings-json'];
const report = (prev: ReturnType<typeof record> | null, now: Finding[], lang: 'en' | 'de' = 'en') =>
	editReport('H:', splitForEdit(prev, now, isA, settingsBroken), run, lang, 'cmd', 'S.');

describe('splitForEdit', () => {
	it('no record: the edited file first as new, everything else as the block, nothing called changed or fixed', () => {
		const s = splitForEdit(null, [f('b.md', 'y'), f('A.md', 'x')], isA, settingsBroken);
		expect(s).toMatchObject({ hadRecord: false, mineStill: [], mineFixed: 0, othersNew: [] });
		expect(s.mineNew.map((x) => x.path)).toEqual(['A.md']);
		expect(s.othersOld.map((x) => x.path)).toEqual(['b.md']);
	});

	it('with a record: new and still in the edited file, new and old elsewhere, fixed counted', () => {
		const s = splitForEdit(record(f('a.md', 'x'), f('a.md', 'gone'), f('b.md', 'y')), [f('a.md', 'x', 7), f('a.md', 'z'), f('b.md', 'y'), f('c.md', 'w')], isA, settingsBroken);
		expect(s.mineStill.map((x) => x.message)).toEqual(['x']);
		expect(s.mineNew.map((x) => x.message)).toEqual(['z']);
		expect(s.mineFixed).toBe(1);
		expect(s.othersNew.map((x) => x.path)).toEqual(['c.md']);
		expect(s.othersOld.map((x) => x.path)).toEqual(['b.md']);
		expect(s.othersChanged).toBe(true);
	});

	it('a change in the edited file alone leaves the others unchanged', () => {
		const s = splitForEdit(record(f('b.md', 'y')), [f('a.md', 'x'), f('b.md', 'y')], isA, settingsBroken);
		expect(s.othersChanged).toBe(false);
	});

	it('a broken settings file elsewhere is kept apart from the old block', () => {
		const broken = f('.claude/settings.json', 'Not valid JSON', 3, 'settings-json');
		const s = splitForEdit(record(broken), [broken], isA, settingsBroken);
		expect(s.hooksOff).toEqual([broken]);
		expect(s.othersOld).toEqual([]);
	});
});

describe('editReport', () => {
	it('silent for a clean check, and for a clean edited file when nothing else changed', () => {
		expect(report(null, [])).toBeNull();
		expect(report(record(f('b.md', 'y')), [f('b.md', 'y')])).toBeNull();
	});

	it('a finding still in the edited file is shown again after every edit', () => {
		const r = report(record(f('a.md', 'x'), f('b.md', 'y')), [f('a.md', 'x'), f('b.md', 'y')]);
		expect(r?.context).toBe(['H:', EDIT_REPORT_TEXT.en.stillInFile, 'a.md:1: error [broken-link] x', 'S.'].join('\n'));
		expect(r?.system).toBe('Rule check: S.');
	});

	it('without a record the edited file comes first, then the others as the short block', () => {
		const r = report(null, [f('0-first.md', 'old'), f('a.md', 'x')]);
		expect(r?.context.split('\n')).toEqual(['H:', 'In this file:', 'a.md:1: error [broken-link] x', 'Also in the rule set: 1 finding:', '  0-first.md:1: error [broken-link] old', 'S.']);
	});

	it('a fix that leaves old findings elsewhere: the short block once', () => {
		const others = Array.from({ length: 5 }, (_, i) => f(`b${i}.md`, 'y'));
		const r = report(record(f('a.md', 'x'), ...others), others);
		expect(r?.context.split('\n')).toEqual([
			'H:',
			'This file has no findings left (1 finding fixed).',
			'Also in the rule set, already there before this edit: 5 findings, the first 3:',
			'  b0.md:1: error [broken-link] y',
			'  b1.md:1: error [broken-link] y',
			'  b2.md:1: error [broken-link] y',
			'  (run `cmd` to see all)',
			'S.',
		]);
		expect(r?.system).toBe('Rule check: the edited file is clean; 5 already there elsewhere');
		expect(report(record(...others), others)).toBeNull();
	});

	it('a settings file that disables the hooks is named after every edit', () => {
		const broken = f('.claude/settings.json', 'Not valid JSON', 3, 'settings-json');
		const r = report(record(broken), [broken]);
		expect(r?.context.split('\n')).toEqual(['H:', EDIT_REPORT_TEXT.en.hooksOff, '.claude/settings.json:3: error [settings-json] Not valid JSON', 'S.']);
		// An unknown event name is a warning: it costs only its own entry, so it is not repeated.
		const warning = f('.claude/settings.json', 'Unknown hook event', 3, 'settings-json', 'warning');
		expect(report(record(warning), [warning])).toBeNull();
	});

	it('a finding about no single file (the external check) is shown after every edit', () => {
		const external = f('', 'External check reported: ACHTUNG', 0, 'external');
		const r = report(record(external), [external]);
		expect(r?.context.split('\n')).toEqual(['H:', 'About the rule set as a whole:', 'error [external] External check reported: ACHTUNG', 'S.']);
	});

	it('new findings in the edited file: counted in the one-line message when old ones remain', () => {
		const r = report(record(f('b.md', 'y')), [f('a.md', 'x'), f('b.md', 'y')]);
		expect(r?.context.split('\n')).toEqual(['H:', 'New in this file:', 'a.md:1: error [broken-link] x', 'S.']);
		expect(r?.system).toBe('Rule check: S. (1 new)');
	});

	it('German words', () => {
		const r = report(record(f('a.md', 'x'), f('b.md', 'y')), [f('b.md', 'y')], 'de');
		expect(r?.context.split('\n').slice(1, 3)).toEqual(['Diese Datei hat keine Befunde mehr (1 Befund behoben).', 'Außerdem im Regelwerk, schon vor dieser Änderung: 1 Befund:']);
	});
});
