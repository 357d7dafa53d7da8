import { describe, expect, it } from 'vitest';
import { hiddenByOutsideMarks, judgeMarks, parseSeal, sealText } from '../../src/core/review-seal';

const rec = (path: string, at: string) => ({ path, tool: 'Edit', session: 's', at });
const RECORDS = [rec('a.md', '2026-11-29T08:00:00.000Z'), rec('b.md', '2026-11-29T09:00:00.000Z')];
const NONE = JSON.stringify({ all: null, sessions: {}, notes: {}, renames: [] });
const ALL = JSON.stringify({ all: '2099-01-01T00:00:00.000Z' });

describe('review seal', () => {
	it('round-trips, and refuses anything else', () => {
		expect(parseSeal(JSON.parse(sealText(NONE, new Date('2026-11-29T10:00:00Z'))))).toEqual({ marks: NONE, at: '2026-11-29T10:00:00.000Z' });
		for (const bad of [null, [], { schema: 2, marks: '', at: '' }, { schema: 1, marks: 3, at: '' }]) expect(parseSeal(bad)).toBeNull();
	});

	it('takes the file as it is without a seal, or when it is what the seal holds', () => {
		expect(judgeMarks(ALL, null).outside).toBeNull();
		expect(judgeMarks(ALL, { marks: ALL, at: '' }).marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(judgeMarks(null, { marks: '', at: '' }).outside).toBeNull();
	});

	it('takes the seal when the file differs, removed files included, and counts what the file hid', () => {
		const changed = judgeMarks(ALL, { marks: NONE, at: '' });
		expect(changed.marks.all).toBeNull();
		expect(changed.outside?.marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(hiddenByOutsideMarks(RECORDS, changed, () => true)).toBe(2);
		expect(hiddenByOutsideMarks(RECORDS, changed, (p) => p === 'a.md')).toBe(1);
		const removed = judgeMarks(null, { marks: ALL, at: '' });
		expect(removed.marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(hiddenByOutsideMarks(RECORDS, removed, () => true)).toBe(0);
		expect(hiddenByOutsideMarks(RECORDS, judgeMarks(NONE, null), () => true)).toBe(0);
	});
});
