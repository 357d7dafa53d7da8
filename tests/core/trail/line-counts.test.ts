/** The brief's line counts (src/core/trail/line-counts.ts) are the diff view's: checked against jsdiff's `diffLines` on random texts. */
import fc from 'fast-check';
import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import { countChanges } from '../../../src/core/trail/change-review';
import { diffLinesOf, lineParts, unifiedDiff } from '../../../src/core/trail/change-diff';
import { byteSize, countLines, lineTokens, MAX_CHANGED_LINES, sizesText } from '../../../src/core/trail/line-counts';

const line = fc.constantFrom('a', 'b', 'c', '', '  ', 'a ', 'x y', '\r', 'a\r');
const text = fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 30 }).chain((lines) =>
	fc.boolean().map((lastEnds) => {
		const joined = lines.map(([l, e]) => l + e).join('');
		return lastEnds || joined === '' ? joined : joined.replace(/\r?\n$/, '');
	}),
);

describe('line counts', () => {
	it('split lines as diffLines does', () => {
		expect(lineTokens('a\nb\r\nc')).toEqual(['a\n', 'b\r\n', 'c']);
		expect(lineTokens('a\n')).toEqual(['a\n']);
		expect(lineTokens('')).toEqual([]);
	});

	it('equal the counts of diffLines on random texts', () => {
		fc.assert(
			fc.property(text, text, (a, b) => {
				expect(countLines(a, b)).toEqual(countChanges(diffLines(a, b)));
			}),
			{ numRuns: 2000 },
		);
	});

	it('count a large note quickly and exactly', () => {
		const before = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('');
		const after = before.replace('line 100\n', 'changed\n').replace('line 15000\n', '') + 'end\n';
		expect(countLines(before, after)).toEqual({ added: 2, removed: 2 });
	});

	it('call a change past the cap of lines added plus removed a large change: no count, and no diff from any diff function', () => {
		const lines = Array.from({ length: 3 * MAX_CHANGED_LINES }, (_, i) => `line ${i}\n`);
		const before = lines.join('');
		// Exactly the cap: still counted (the diff of it has a time limit too, which a loaded machine may reach: not asserted).
		const atCap = lines.map((l, i) => (i < MAX_CHANGED_LINES / 2 ? `new ${i}\n` : l)).join('');
		expect(countLines(before, atCap)).toEqual({ added: MAX_CHANGED_LINES / 2, removed: MAX_CHANGED_LINES / 2 });
		expect(lineParts(before, before.replace('line 7\n', 'seven\n'))?.map((p) => [p.added === true, p.removed === true])).toEqual([[false, false], [false, true], [true, false], [false, false]]);
		const past = lines.map((l, i) => (i <= MAX_CHANGED_LINES / 2 ? `new ${i}\n` : l)).join('');
		expect(countLines(before, past)).toBeNull();
		expect(lineParts(before, past)).toBeNull();
		expect(diffLinesOf(before, past)).toBeNull();
		expect(unifiedDiff('a.md', before, past)).toBeNull();
		// A whole new note or a deleted one past the cap is large too.
		expect(countLines('', before)).toBeNull();
		expect(unifiedDiff('a.md', before, null)).toBeNull();
	});

	it('count an edit at each end of a 1 MB note exactly, and a 1 MB note rewritten line by line as large', () => {
		const lines = Array.from({ length: 60_000 }, (_, i) => `${i} ${'x'.repeat(i % 20)}\n`);
		const before = lines.join('');
		const ends = ['first\n', ...lines.slice(1, -1), 'last'].join('');
		expect(countLines(before, ends)).toEqual({ added: 2, removed: 2 });
		expect(unifiedDiff('a.md', before, ends)).toContain('-0 \n+first\n');
		const rewritten = lines.map((l) => `>${l}`).join('');
		expect(countLines(before, rewritten)).toBeNull();
		// One very long line changed: one line each way, however many bytes.
		expect(countLines(`${'a'.repeat(1_000_000)}\n`, `${'a'.repeat(999_999)}b\n`)).toEqual({ added: 1, removed: 1 });
	});

	it('name sizes as people read them', () => {
		expect([byteSize(812), byteSize(64_400), byteSize(1_048_576)]).toEqual(['812 B', '64 KB', '1.0 MB']);
		expect(sizesText({ before: 1_048_576, after: 0 })).toBe('1.0 MB → 0 B');
	});
});
