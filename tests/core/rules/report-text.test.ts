import { describe, expect, it } from 'vitest';
import { capHookContext, formatFindings, HOOK_CONTEXT_MAX_CHARS, HOOK_CONTEXT_MAX_LINES, summaryLine } from '../../../src/core/rules/report-text';
import type { Finding } from '../../../src/core/rules/types';

const RAN = ['a', 'b', 'c'];
const finding = (over: Partial<Finding> = {}): Finding => ({ check: 'a', severity: 'error', path: 'x.md', line: 3, message: 'broken', ...over });

describe('summary line', () => {
	it('is the exact clean line in English and German', () => {
		expect(summaryLine([], RAN, 'en')).toBe('None of the 3 checks that ran found anything.');
		expect(summaryLine([], RAN, 'de')).toBe('Keine der 3 gelaufenen Prüfungen hat angeschlagen.');
	});

	it('counts the checks that fired, errors and warnings', () => {
		const found = [finding(), finding({ line: 4 }), finding({ check: 'b', severity: 'warning' })];
		expect(summaryLine(found, RAN, 'en')).toBe('2 of the 3 checks that ran found something: 2 errors, 1 warning.');
		expect(summaryLine(found.slice(0, 1), RAN, 'de')).toBe('1 der 3 gelaufenen Prüfungen hat angeschlagen: 1 Fehler, 0 Warnungen.');
	});
});

describe('finding lines', () => {
	it('sorts by path and line, puts findings about no file last, and ends with the summary', () => {
		const lines = formatFindings([finding({ path: '', line: 0, message: 'external' }), finding({ path: 'b.md' }), finding({ path: 'a.md', line: 9 }), finding({ path: 'a.md', line: 2, detail: ['out'] })], RAN, 'en');
		expect(lines).toEqual([
			'a.md:2: error [a] broken',
			'    out',
			'a.md:9: error [a] broken',
			'b.md:3: error [a] broken',
			'error [a] external',
			'1 of the 3 checks that ran found something: 4 errors, 0 warnings.',
		]);
	});
});

describe('hook context cap', () => {
	it('leaves 40 lines alone', () => {
		const lines = Array.from({ length: HOOK_CONTEXT_MAX_LINES }, (_, i) => `line ${i}`);
		expect(capHookContext(lines, 'en', 'node x check')).toBe(lines.join('\n'));
	});

	it('cuts 41 lines to 40 with the summary kept, then a note', () => {
		const lines = Array.from({ length: 41 }, (_, i) => `line ${i}`);
		const out = capHookContext(lines, 'en', 'node x check').split('\n');
		expect(out).toHaveLength(HOOK_CONTEXT_MAX_LINES + 1);
		expect(out[HOOK_CONTEXT_MAX_LINES - 1]).toBe('line 40');
		expect(out[HOOK_CONTEXT_MAX_LINES]).toMatch(/^\[cut: 1 more line\(s\) not shown; run `node x check`/);
	});

	it('keeps at most 4,000 characters before the note', () => {
		const lines = [...Array.from({ length: 30 }, () => 'y'.repeat(300)), 'summary'];
		const out = capHookContext(lines, 'de', 'node x check').split('\n');
		const note = out.pop() ?? '';
		expect(out.join('\n').length).toBeLessThanOrEqual(HOOK_CONTEXT_MAX_CHARS);
		expect(out[out.length - 1]).toBe('summary');
		expect(note).toMatch(/^\[gekürzt: \d+ weitere/);
	});
});
