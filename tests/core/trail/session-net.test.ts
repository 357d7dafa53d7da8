/** The session net's rules (src/core/trail/session-net.ts) and the journal's deletions and renames (src/core/trail/agent-journal.ts, what-changed.ts). */
import { describe, expect, it } from 'vitest';
import { encodeRecord, OTHER_TOOL, parseJournal, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { encodeBaseline, encodeEditorWrites, MAX_EDITOR_WRITES, netChanges, netRecords, parseBaseline, parseEditorWrites, unexplained, type Baseline, type NoteRow } from '../../../src/core/trail/session-net';
import { emptyMarks, markNote, unreviewedSessions } from '../../../src/core/trail/what-changed';

const T0 = 1_800_000_000_000;

function baseline(notes: NoteRow[], extra: Partial<Baseline> = {}): Baseline {
	return { session: 's1', at: '2027-01-15T08:00:00.000Z', takenMs: T0, since: null, notes, skipped: [], turnsSeen: false, ...extra };
}

function rec(path: string, at: string, extra: Partial<JournalRecord> = {}): JournalRecord {
	return { path, tool: 'Edit', session: 's1', at, ...extra };
}

describe('netChanges', () => {
	it('finds notes added, changed (time or size), deleted, and a rename as one change old → new', () => {
		const before: NoteRow[] = [
			['a.md', T0 - 5000, 10],
			['b.md', T0 - 5000, 20],
			['c.md', T0 - 5000, 30],
			['d.md', T0 - 4000, 44],
			['same.md', T0 - 5000, 50],
		];
		const after: NoteRow[] = [
			['a.md', T0 + 1000, 10],
			['b.md', T0 - 5000, 21],
			['same.md', T0 - 5000, 50],
			['moved/d.md', T0 - 4000, 44],
			['new.md', T0 + 2000, 5],
		];
		expect(netChanges(before, after)).toEqual([{ path: 'a.md' }, { path: 'b.md' }, { path: 'moved/d.md', change: 'renamed', from: 'd.md' }, { path: 'new.md' }, { path: 'c.md', change: 'deleted' }]);
	});

	it('pairs a rename only when exactly one gone note and one new note share size and time', () => {
		const before: NoteRow[] = [
			['x.md', T0, 10],
			['y.md', T0, 10],
		];
		const after: NoteRow[] = [['z.md', T0, 10]];
		expect(netChanges(before, after)).toEqual([{ path: 'z.md' }, { path: 'x.md', change: 'deleted' }, { path: 'y.md', change: 'deleted' }]);
	});

	it('a note the baseline walk saw modified after it was asked for counts as changed, unless the time is far ahead (a clock error)', () => {
		const rows: NoteRow[] = [
			['during.md', T0 + 500, 1],
			['before.md', T0 - 1, 1],
			['future.md', T0 + 24 * 3600_000, 1],
		];
		expect(netChanges(rows, rows, T0)).toEqual([{ path: 'during.md' }]);
		expect(netChanges(rows, rows, null)).toEqual([]);
	});
});

describe('unexplained', () => {
	const changes = [{ path: 'edited.md' }, { path: 'typed.md' }, { path: 'shell.md' }, { path: 'gone.md', change: 'deleted' as const }, { path: 'to.md', change: 'renamed' as const, from: 'from.md' }];

	it('leaves out notes a record since the baseline names and notes the editor changed since; keeps the rest', () => {
		const journal = [rec('edited.md', '2027-01-15T08:01:00.000Z'), rec('shell.md', '2027-01-15T07:59:00.000Z'), rec('gone.md', '2027-01-15T08:02:00.000Z')];
		const editor = new Map([
			['typed.md', T0 + 100],
			['shell.md', T0 - 100],
		]);
		expect(unexplained(changes, baseline([]), journal, editor).map((c) => c.path)).toEqual(['shell.md', 'gone.md', 'to.md']);
	});

	it('a deletion or a rename is explained only by a record of that kind', () => {
		const journal = [rec('gone.md', '2027-01-15T08:02:00.000Z', { change: 'deleted' }), rec('to.md', '2027-01-15T08:02:00.000Z', { change: 'renamed', from: 'from.md' })];
		expect(unexplained(changes, baseline([]), journal, new Map()).map((c) => c.path)).toEqual(['edited.md', 'typed.md', 'shell.md']);
	});

	it("journals the rest as the session's, by another tool, with the kind of change", () => {
		const now = new Date('2027-01-15T08:05:00.000Z');
		expect(netRecords([{ path: 'a.md' }, { path: 'b.md', change: 'deleted' }, { path: 'c.md', change: 'renamed', from: 'old/c.md' }], 's1', now)).toEqual([
			{ path: 'a.md', tool: OTHER_TOOL, session: 's1', at: '2027-01-15T08:05:00.000Z' },
			{ path: 'b.md', tool: OTHER_TOOL, session: 's1', at: '2027-01-15T08:05:00.000Z', change: 'deleted' },
			{ path: 'c.md', tool: OTHER_TOOL, session: 's1', at: '2027-01-15T08:05:00.000Z', change: 'renamed', from: 'old/c.md' },
		]);
		expect(netRecords([{ path: 'a.md' }], '', now)[0]?.session).toBeNull();
	});
});

describe('the files', () => {
	it('a baseline reads back as written; anything else is none', () => {
		const b = baseline([['a.md', T0, 3]], { since: T0 });
		expect(parseBaseline(JSON.parse(encodeBaseline(b)))).toEqual(b);
		expect(parseBaseline({ ...JSON.parse(encodeBaseline(b)), version: 2 })).toBeNull();
		expect(parseBaseline('x')).toBeNull();
		expect(parseBaseline({ ...JSON.parse(encodeBaseline(b)), notes: [['ok.md', 1, 2], ['bad', 'x', 2], 5] })?.notes).toEqual([['ok.md', 1, 2]]);
	});

	it('the editor record keeps the newest entries of the last day, and skips wrong ones when read', () => {
		const now = T0;
		const writes = new Map<string, number>([
			['old.md', now - 25 * 3600_000],
			['new.md', now - 1000],
		]);
		expect(parseEditorWrites(JSON.parse(encodeEditorWrites(writes, now)))).toEqual(new Map([['new.md', now - 1000]]));
		const many = new Map(Array.from({ length: MAX_EDITOR_WRITES + 10 }, (_, i) => [`n${i}.md`, now - i] as [string, number]));
		const kept = parseEditorWrites(JSON.parse(encodeEditorWrites(many, now)));
		expect(kept.size).toBe(MAX_EDITOR_WRITES);
		expect(kept.has('n0.md')).toBe(true);
		expect(parseEditorWrites({ notes: { 'a.md': 'x', 'b.md': 5 } })).toEqual(new Map([['b.md', 5]]));
		expect(parseEditorWrites([])).toEqual(new Map());
	});
});

describe('deletions and renames in the journal and the review trail', () => {
	it('a record keeps its kind and old path through a write and a read; an unknown kind reads as an edit', () => {
		const deleted = rec('a.md', '2027-01-15T08:00:00.000Z', { change: 'deleted' });
		const renamed = rec('b.md', '2027-01-15T08:00:01.000Z', { change: 'renamed', from: 'old/b.md' });
		const text = `${encodeRecord(deleted)}${encodeRecord(renamed)}{"path":"c.md","tool":null,"session":null,"at":"2027-01-15T08:00:02.000Z","change":"burned"}\n{"path":"d.md","tool":null,"session":null,"at":"2027-01-15T08:00:03.000Z","change":"renamed","from":"../out.md"}\n`;
		expect(parseJournal(text)).toEqual([deleted, renamed, { path: 'c.md', tool: null, session: null, at: '2027-01-15T08:00:02.000Z' }, { path: 'd.md', tool: null, session: null, at: '2027-01-15T08:00:03.000Z' }]);
	});

	it('a deleted note is listed under its old path while nothing is there; an edit before a rename follows the note', () => {
		const records = [
			rec('gone.md', '2027-01-15T08:00:00.000Z'),
			rec('gone.md', '2027-01-15T08:01:00.000Z', { change: 'deleted', tool: OTHER_TOOL }),
			rec('old.md', '2027-01-15T08:00:00.000Z'),
			rec('new.md', '2027-01-15T08:02:00.000Z', { change: 'renamed', from: 'old.md', tool: OTHER_TOOL }),
		];
		const there = new Set(['new.md']);
		const sessions = unreviewedSessions(records, emptyMarks(), (p) => there.has(p));
		expect(sessions[0]?.changes).toEqual([
			{ path: 'new.md', session: 's1', tool: OTHER_TOOL, at: '2027-01-15T08:02:00.000Z', edits: 2, change: 'renamed', from: 'old.md' },
			{ path: 'gone.md', session: 's1', tool: OTHER_TOOL, at: '2027-01-15T08:01:00.000Z', edits: 1, change: 'deleted' },
		]);
		// Back again (restored from File recovery): the deletion no longer shows, the agent's edit before it does.
		there.add('gone.md');
		expect(unreviewedSessions(records, emptyMarks(), (p) => there.has(p))[0]?.changes.map((c) => [c.path, c.change ?? 'edit'])).toEqual([
			['new.md', 'renamed'],
			['gone.md', 'edit'],
		]);
		// Marked reviewed under its old path: gone from the trail.
		there.delete('gone.md');
		const marks = markNote(emptyMarks(), 'gone.md', '2027-01-15T09:00:00.000Z');
		expect(unreviewedSessions(records, marks, (p) => there.has(p))[0]?.changes.map((c) => c.path)).toEqual(['new.md']);
	});
});
