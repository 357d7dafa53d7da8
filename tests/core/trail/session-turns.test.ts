/** Whose change the session net found (src/core/trail/session-turns.ts), and what a walk that skipped a place compares (src/core/trail/session-net.ts). */
import { describe, expect, it } from 'vitest';
import { netChanges, outsideSkipped, type NoteRow } from '../../../src/core/trail/session-net';
import { attribute, MAX_TURN_NOTES, parseTurn, TURN_SLACK_MS, turnAfterCall, type TurnRecord } from '../../../src/core/trail/session-turns';

const T = 1_800_000_000_000;

function turn(session: string, since: number, notes: string[] = []): TurnRecord {
	return { session, since, notes };
}

describe('attribute', () => {
	const rows: NoteRow[] = [
		['in-turn.md', T + 5000, 1],
		['before.md', T - 60_000, 1],
		['named.md', T + 5000, 1],
	];
	const changes = [{ path: 'in-turn.md' }, { path: 'before.md' }, { path: 'named.md' }, { path: 'gone.md', change: 'deleted' as const }];

	it('a note another turn still going named is its own; an edit from before this turn began, with no other turn going, is nobody’s', () => {
		const out = attribute(changes, rows, turn('a', T), true, [turn('b', T + 1000, ['named.md'])]);
		expect(out.left.map((c) => c.path)).toEqual(['named.md']);
		expect(out.mine.map((c) => c.path)).toEqual(['in-turn.md', 'gone.md']);
		expect(out.nobody.map((c) => c.path)).toEqual(['before.md']);
	});

	it('an edit from before this turn began goes to a turn still going that began before it', () => {
		const out = attribute(changes, rows, turn('a', T), true, [turn('b', T - 120_000)]);
		expect(out.left.map((c) => c.path)).toEqual(['before.md']);
	});

	it('a note both turns named stays this one’s; the slack keeps an edit just before the turn’s clock', () => {
		const out = attribute([{ path: 'named.md' }, { path: 'edge.md' }], [...rows, ['edge.md', T - TURN_SLACK_MS + 1, 1]], turn('a', T, ['named.md']), true, [turn('b', T, ['named.md'])]);
		expect(out.mine.map((c) => c.path)).toEqual(['named.md', 'edge.md']);
	});

	it('no tool call this turn: nothing is this session’s (a deletion goes to a turn still going); a host that reports none keeps every change the session’s', () => {
		const none = attribute(changes, rows, null, true, []);
		expect(none.mine).toEqual([]);
		expect(none.nobody).toHaveLength(4);
		expect(attribute(changes, rows, null, true, [turn('b', T - 120_000)]).left).toHaveLength(4);
		expect(attribute(changes, rows, null, false, []).mine).toHaveLength(4);
	});
});

describe('turn records', () => {
	it('begin at the first call, add the notes later calls name (bounded), and read back; a foreign file is none', () => {
		const first = turnAfterCall(null, 's', ['a.md'], T);
		expect(first).toEqual({ session: 's', since: T, notes: ['a.md'] });
		expect(turnAfterCall(first, 's', ['a.md'], T + 5)).toBeNull();
		expect(turnAfterCall(first, 's', ['b.md'], T + 5)).toEqual({ session: 's', since: T, notes: ['a.md', 'b.md'] });
		const many = Array.from({ length: MAX_TURN_NOTES + 10 }, (_, i) => `n${i}.md`);
		expect(turnAfterCall(null, 's', many, T)?.notes).toHaveLength(MAX_TURN_NOTES);
		expect(parseTurn({ session: 's', since: T, notes: ['a.md', 5] })).toEqual({ session: 's', since: T, notes: ['a.md'] });
		expect(parseTurn({ session: 's', since: 'x', notes: [] })).toBeNull();
	});
});

describe('a skipped place', () => {
	it('is compared by neither walk: its notes never read as deleted or added', () => {
		const before: NoteRow[] = [
			['Locked/a.md', T, 1],
			['Locked2.md', T, 1],
			['b.md', T, 1],
		];
		const after: NoteRow[] = [
			['Locked2.md', T, 1],
			['b.md', T + 1, 1],
		];
		const skipped = ['Locked'];
		expect(netChanges(outsideSkipped(before, skipped), outsideSkipped(after, skipped))).toEqual([{ path: 'b.md' }]);
		expect(outsideSkipped(before, [''])).toEqual([]);
	});
});
