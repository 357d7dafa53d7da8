import { describe, expect, it } from 'vitest';
import { age, excerptAround, splitPropertyHit } from '../../../src/core/review/review-text';

describe('excerptAround', () => {
	it('keeps a short line whole and finds the tag', () => {
		expect(excerptAround('Some text #needs-review and more.', 'needs-review')).toEqual({ before: 'Some text ', match: '#needs-review', after: ' and more.' });
	});

	it('centres a long line on the tag, with ellipses on both cut sides', () => {
		const text = `${'a'.repeat(100)} #needs-review ${'b'.repeat(100)}`;
		const e = excerptAround(text, 'needs-review', 40);
		expect(e.match).toBe('#needs-review');
		expect(e.before.startsWith('…')).toBe(true);
		expect(e.after.endsWith('…')).toBe(true);
		// Centred: about as much text on each side.
		expect(Math.abs(e.before.length - e.after.length)).toBeLessThanOrEqual(2);
		expect(e.before.length + e.match.length + e.after.length).toBeLessThanOrEqual(42);
	});

	it('a tag at the end of a long line is not cut off', () => {
		const e = excerptAround(`The cache is written atomically: temp file, then rename, then fsync of the folder ${'x'.repeat(60)} #needs-review`, 'needs-review', 50);
		expect(e.match).toBe('#needs-review');
		expect(e.after).toBe('');
	});

	it('matches whole tags only, case-insensitively, and bare names in a property value', () => {
		expect(excerptAround('#needs-review-later and #Needs-Review', 'needs-review').match).toBe('#Needs-Review');
		expect(excerptAround('needs-review-later, needs-review', 'needs-review')).toMatchObject({ before: 'needs-review-later, ', match: 'needs-review' });
		expect(excerptAround('nothing here', 'needs-review')).toEqual({ before: 'nothing here', match: '', after: '' });
	});
});

describe('splitPropertyHit', () => {
	it('splits name and value', () => {
		expect(splitPropertyHit('tags: needs-review, x')).toEqual({ key: 'tags', value: 'needs-review, x' });
		expect(splitPropertyHit('no colon')).toEqual({ key: '', value: 'no colon' });
	});
});

describe('age', () => {
	const now = Date.UTC(2026, 10, 30, 12);
	it.each([
		[now - 10_000, { n: 0, unit: 'now' }],
		[now - 5 * 60_000, { n: 5, unit: 'min' }],
		[now - 3 * 3600_000, { n: 3, unit: 'h' }],
		[now - 3 * 86_400_000, { n: 3, unit: 'd' }],
		[now - 65 * 86_400_000, { n: 2, unit: 'mo' }],
		[now - 800 * 86_400_000, { n: 2, unit: 'y' }],
		[now + 60_000, { n: 0, unit: 'now' }],
	])('%s', (then, expected) => {
		expect(age(then, now)).toEqual(expected);
	});
});
