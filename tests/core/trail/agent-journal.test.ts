import { describe, expect, it } from 'vitest';
import {
	boundJournal,
	compactJournal,
	COMPACT_AT_BYTES,
	encodeRecord,
	journalRecord,
	MAX_AGE_MS,
	MAX_RECORDS,
	parseJournal,
	type JournalRecord,
} from '../../../src/core/trail/agent-journal';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const excluded = ['Import', '_index'];

function rec(path: string, at: string, session: string | null = 's1', tool: string | null = 'Edit'): JournalRecord {
	return { path, tool, session, at };
}

describe('journalRecord: which edit becomes a record', () => {
	it('records a counted note with tool, session and time', () => {
		expect(journalRecord({ rel: 'Notes/x.md', tool: 'Write', session: 'abc', now: NOW }, excluded)).toEqual({ path: 'Notes/x.md', tool: 'Write', session: 'abc', at: '2026-11-29T10:00:00.000Z' });
	});
	it('skips what is no counted note: outside the vault, a non-note file, hidden and excluded folders', () => {
		for (const rel of [null, 'Notes/x.png', 'Notes/x.md.bak', '.obsidian/x.md', 'a/.hidden/x.md', 'node_modules/x/y.md', 'Import/x.md', '_index/y.md', '.x.md']) {
			expect(journalRecord({ rel, tool: 'Edit', session: 's', now: NOW }, excluded)).toBeNull();
		}
	});
	it('a missing or mistyped session or tool becomes null; an overlong one is cut', () => {
		for (const bad of [undefined, null, 42, {}, ['s'], '', true]) {
			const r = journalRecord({ rel: 'a.md', tool: bad, session: bad, now: NOW }, excluded);
			expect(r).toEqual({ path: 'a.md', tool: null, session: null, at: NOW.toISOString() });
		}
		const r = journalRecord({ rel: 'a.md', tool: 'T'.repeat(1000), session: 'S'.repeat(1000), now: NOW }, excluded);
		expect(r?.tool).toHaveLength(64);
		expect(r?.session).toHaveLength(200);
	});
	it('a record too long for one safe append is not written', () => {
		expect(journalRecord({ rel: `${'ü'.repeat(2100)}.md`, tool: 'Edit', session: 's', now: NOW }, excluded)).toBeNull();
		expect(journalRecord({ rel: `${'a'.repeat(3000)}.md`, tool: 'Edit', session: 's', now: NOW }, excluded)).not.toBeNull();
	});
});

describe('parseJournal: a reader survives any file', () => {
	const a = rec('A.md', '2026-11-29T09:00:00.000Z');
	const b = rec('B.md', '2026-11-29T09:01:00.000Z', null, null);
	it('reads the lines it wrote, each once, oldest first', () => {
		const text = `${encodeRecord(b)}${encodeRecord(a)}${encodeRecord(a)}`;
		expect(parseJournal(text)).toEqual([a, b]);
	});
	it('skips torn, foreign and mistyped lines without losing the records around them', () => {
		const lines = [
			encodeRecord(a),
			'{"path":"C.md","tool":"Ed', // truncated mid-line, no newline: the next record is glued on
			encodeRecord(b),
			'not json\n',
			'{"path":5,"tool":null,"session":null,"at":"2026-11-29T09:00:00.000Z"}\n',
			'{"path":"D.md","tool":null,"session":null,"at":"yesterday"}\n',
			'[1,2]\nnull\n\n',
			'{"path":"E.md","tool":7,"session":null,"at":"2026-11-29T09:00:00.000Z"}\n',
			'{"path":"F.md","tool":null,"session":{},"at":"2026-11-29T09:00:00.000Z"}\n',
		].join('');
		expect(parseJournal(lines)).toEqual([a, b]);
	});
	it('a file cut in the middle of its last line keeps every whole record', () => {
		const text = `${encodeRecord(a)}${encodeRecord(b)}`;
		expect(parseJournal(text.slice(0, text.length - 10))).toEqual([a]);
	});
});

describe('boundJournal and compactJournal', () => {
	it('keeps records of the last 30 days only', () => {
		const old = rec('old.md', new Date(NOW.getTime() - MAX_AGE_MS - 1).toISOString());
		const fresh = rec('fresh.md', new Date(NOW.getTime() - MAX_AGE_MS + 1000).toISOString());
		expect(boundJournal([old, fresh], NOW)).toEqual([fresh]);
	});
	it('keeps the newest 10,000 records', () => {
		const many = Array.from({ length: MAX_RECORDS + 5 }, (_, i) => rec(`n${i}.md`, new Date(NOW.getTime() - (MAX_RECORDS + 5 - i) * 1000).toISOString()));
		const kept = boundJournal(many, NOW);
		expect(kept).toHaveLength(MAX_RECORDS);
		expect(kept[0]?.path).toBe('n5.md');
		expect(kept.at(-1)?.path).toBe(`n${MAX_RECORDS + 4}.md`);
	});
	it('compaction keeps what a reader sees, as clean lines, within half the trigger size', () => {
		const records = Array.from({ length: 50 }, (_, i) => rec(`n${i}.md`, new Date(NOW.getTime() - (50 - i) * 1000).toISOString()));
		const text = `garbage\n${records.map((r) => encodeRecord(r)).join('')}${encodeRecord(records[3] as JournalRecord)}`;
		const compacted = compactJournal(text, NOW);
		expect(parseJournal(compacted)).toEqual(boundJournal(parseJournal(text), NOW));
		expect(compacted.split('\n').filter(Boolean)).toHaveLength(50);
		const long = Array.from({ length: 2000 }, (_, i) => rec(`${'x'.repeat(3000)}${i}.md`, new Date(NOW.getTime() - (2000 - i) * 1000).toISOString()));
		const big = compactJournal(long.map((r) => encodeRecord(r)).join(''), NOW);
		expect(big.length).toBeLessThanOrEqual(COMPACT_AT_BYTES / 2);
		// The newest survive.
		expect(parseJournal(big).at(-1)?.path).toBe(long.at(-1)?.path);
	});
});
