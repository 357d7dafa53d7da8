import { describe, expect, it } from 'vitest';
import { stampOfRows, type IndexRow } from '../../../src/core/brief/cache-format';
import { sameStamp, StampBuilder, type StatStamp } from '../../../src/core/brief/stat-stamp';

type Stat = [string, number, number];
function stampOf(stats: Stat[]): StatStamp {
	const b = new StampBuilder();
	for (const [p, m, s] of stats) b.add(p, m, s);
	return b.done();
}

const NOTES: Stat[] = [
	['Inbox/a.md', 1795946400123, 0],
	['Notes/b.md', 1795946400456, 12],
	['Notes/Ünïcode 東京.md', 1, 6000],
	['x.md', 8.64e15, 2 ** 40],
];

describe('the stat stamp', () => {
	it('does not depend on the order the notes come in', () => {
		const a = stampOf(NOTES);
		expect(a.notes).toBe(4);
		expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
		expect(stampOf([...NOTES].reverse())).toEqual(a);
		expect(stampOf([NOTES[2], NOTES[0], NOTES[3], NOTES[1]] as Stat[])).toEqual(a);
	});

	it('changes with any path, mtime or size, and with a note added, removed or swapped', () => {
		const a = stampOf(NOTES);
		const changed: Stat[][] = [];
		for (let i = 0; i < NOTES.length; i++) {
			const [p, m, s] = NOTES[i] as Stat;
			for (const other of [[`${p}x`, m, s], [p.toUpperCase(), m, s], [p, m + 1, s], [p, m - 1000, s], [p, m, s + 1], [p, m + 2 ** 32, s], [p, m, s + 2 ** 32]] as Stat[]) {
				changed.push(NOTES.map((n, j) => (j === i ? other : n)));
			}
			changed.push(NOTES.filter((_, j) => j !== i));
		}
		changed.push([...NOTES, ['new.md', 0, 0]]);
		// Two notes trading their sizes: each row is hashed whole, so this is no sum of parts.
		changed.push([['Inbox/a.md', 1795946400123, 12], ['Notes/b.md', 1795946400456, 0], NOTES[2] as Stat, NOTES[3] as Stat]);
		const seen = new Set([a.hash]);
		for (const c of changed) {
			const s = stampOf(c);
			expect(sameStamp(s, a), JSON.stringify(c)).toBe(false);
			seen.add(s.hash);
		}
		// Every variant has its own hash, not merely another count.
		expect(seen.size).toBe(changed.length + 1);
	});

	it('stamps an index only when a walk could match every row', () => {
		const rows: IndexRow[] = NOTES.map(([p, m, s]) => [p, m, s, 0]);
		expect(stampOfRows(rows)).toEqual(stampOf(NOTES));
		// A note that could not be read must be read again, and an unknown size matches no walk.
		expect(stampOfRows([...rows, ['bad.md', 1, 5, null, 'EACCES']])).toBeUndefined();
		expect(stampOfRows([...rows, ['odd.md', 1, -1, 0]])).toBeUndefined();
		expect(stampOfRows([])).toEqual({ notes: 0, hash: '0000000000000000' });
	});
});
