/** The brief's line counts (src/core/line-counts.ts) are the diff view's: checked against jsdiff's `diffLines` on random texts. */
import fc from 'fast-check';
import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import { countChanges } from '../../src/core/change-review';
import { countLines, lineTokens } from '../../src/core/line-counts';

const line = fc.constantFrom('a', 'b', 'c', '', '  ', 'a ', 'x y');
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
});
