import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src/core/trail/agent-journal';
import { encodeStartLine, parseStartsLog, type SessionStartEntry } from '../../../src/core/trail/session-starts';
import { computeBrief } from '../../../src/core/brief/brief';
import { emptyFlags } from '../../../src/core/brief/cache-format';
import { resolveDailyNoteSettings, resolveSettings } from '../../../src/core/settings';
import { formatBrief, briefJson } from '../../../src/core/brief/format';
import {
	agentChangesItem,
	emptyMarks,
	markAll,
	markNote,
	markSession,
	newsNotes,
	conversationStarts,
	parseReviewMarks,
	parseSessionStarts,
	pruneMarks,
	newsAnswers,
	renameInMarks,
	sinceFromCache,
	sinceLastSessionItem,
	unreviewedSessions,
} from '../../../src/core/trail/what-changed';

const all = (): boolean => true;
function rec(path: string, at: string, session: string | null = 's1', tool = 'Edit'): JournalRecord {
	return { path, tool, session, at: `2026-11-29T${at}:00.000Z` };
}
const T = (hhmm: string): string => `2026-11-29T${hhmm}:00.000Z`;

describe('unreviewed agent changes', () => {
	const records = [rec('a.md', '09:00', 's1', 'Write'), rec('b.md', '09:05', 's1'), rec('a.md', '09:10', 's1', 'Edit'), rec('c.md', '10:00', 's2'), rec('d.md', '08:00', null)];

	it('groups by session, newest session first, each note once with its latest edit and tool', () => {
		const sessions = unreviewedSessions(records, emptyMarks(), all);
		expect(sessions.map((s) => s.session)).toEqual(['s2', 's1', null]);
		expect(sessions[1]?.changes).toEqual([
			{ path: 'a.md', session: 's1', tool: 'Edit', at: T('09:10'), edits: 2 },
			{ path: 'b.md', session: 's1', tool: 'Edit', at: T('09:05'), edits: 1 },
		]);
		expect(agentChangesItem(sessions)).toEqual({ count: 4, paths: ['a.md', 'b.md', 'c.md', 'd.md'] });
	});

	it('a mark per note, per session and for all covers the records up to its time; a later edit shows again', () => {
		let marks = markNote(emptyMarks(), 'a.md', T('09:00'));
		// The later edit of a.md at 09:10 is still unreviewed.
		expect(agentChangesItem(unreviewedSessions(records, marks, all)).paths).toContain('a.md');
		marks = markNote(marks, 'a.md', T('09:10'));
		expect(agentChangesItem(unreviewedSessions(records, marks, all)).paths).toEqual(['b.md', 'c.md', 'd.md']);
		marks = markSession(marks, 's1', T('09:05'));
		marks = markSession(marks, null, T('08:00'));
		expect(agentChangesItem(unreviewedSessions(records, marks, all)).paths).toEqual(['c.md']);
		marks = markAll(marks, T('10:00'));
		expect(unreviewedSessions(records, marks, all)).toEqual([]);
		expect(unreviewedSessions([...records, rec('a.md', '10:01')], marks, all).map((s) => s.changes.map((c) => c.path))).toEqual([['a.md']]);
		// A mark never moves back.
		expect(markAll(marks, T('07:00')).all).toBe(T('10:00'));
	});

	it('renames made after a record carry it to the new path, with its mark; deleted notes drop out', () => {
		let marks = markNote(emptyMarks(), 'b.md', T('09:05'));
		marks = renameInMarks(marks, 'a.md', 'Moved/a2.md', T('09:30'));
		marks = renameInMarks(marks, 'b.md', 'b2.md', T('09:30'));
		expect(marks.notes).toEqual({ 'b2.md': T('09:05') });
		const sessions = unreviewedSessions([...records, rec('a.md', '09:45', 's3')], marks, (p) => p !== 'd.md');
		// a.md edited again after the rename is a new note of that name.
		expect(agentChangesItem(sessions).paths).toEqual(['a.md', 'c.md', 'Moved/a2.md']);
	});

	it('reads a damaged marks file part by part and prunes marks older than the journal', () => {
		const parsed = parseReviewMarks({ all: 'yesterday', sessions: { s: T('09:00'), t: 5 }, notes: [1], renames: [{ from: 'a', to: 'b', at: T('09:00') }, { from: 1 }, null] });
		expect(parsed.all).toBeNull();
		expect(parsed.sessions).toEqual({ s: T('09:00') });
		expect(parsed.notes).toEqual({});
		expect(parsed.renames).toEqual([{ from: 'a', to: 'b', at: T('09:00') }]);
		for (const bad of [null, 'x', [], 42]) expect(parseReviewMarks(bad)).toEqual(emptyMarks());
		// A time without milliseconds is read in the one spelling records use.
		expect(parseReviewMarks({ all: '2026-11-29T09:00:00Z' }).all).toBe(T('09:00'));
		const pruned = pruneMarks(markNote(markNote(emptyMarks(), 'old.md', '2026-09-01T00:00:00.000Z'), 'new.md', T('09:00')), new Date(T('12:00')));
		expect(pruned.notes).toEqual({ 'new.md': T('09:00') });
	});
});

describe('session starts and news', () => {
	it('the last two conversation starts: the old file before the log, and only startup and clear open one', () => {
		const s = { previous: T('08:00'), current: T('09:00') };
		const entry = (source: string | null, delivered = true): SessionStartEntry => ({ at: T('10:00'), agent: 'claude-code', source, sessionId: 's', cwd: null, outside: false, delivered });
		for (const source of ['startup', 'clear']) {
			const log = parseStartsLog(encodeStartLine(entry(source)));
			expect(conversationStarts(s, log.conversations)).toEqual({ previous: T('09:00'), current: T('10:00') });
		}
		for (const source of ['resume', 'compact', 'fork', null]) expect(conversationStarts(s, parseStartsLog(encodeStartLine(entry(source))).conversations)).toEqual(s);
		// An entry that found the brief already given opens nothing.
		expect(conversationStarts(s, parseStartsLog(encodeStartLine(entry('startup', false))).conversations)).toEqual(s);
		expect(conversationStarts({ previous: null, current: null }, [T('08:00'), T('09:00'), T('10:00')])).toEqual({ previous: T('09:00'), current: T('10:00') });
		expect(conversationStarts({ previous: null, current: null }, ['x', T('09:00')])).toEqual({ previous: null, current: T('09:00') });
		expect(parseSessionStarts({ previous: 'x', current: T('09:00') })).toEqual({ previous: null, current: T('09:00') });
		expect(parseSessionStarts('junk')).toEqual({ previous: null, current: null });
	});

	const settings = resolveSettings({});
	function brief() {
		const notes = [
			{ path: 'Inbox/new.md', mtime: Date.parse(T('09:30')), flags: emptyFlags() },
			{ path: 'Inbox/old.md', mtime: Date.parse(T('07:00')), flags: emptyFlags() },
			{ path: 'Notes/r.md', mtime: Date.parse(T('09:45')), flags: { ...emptyFlags(), needsReview: [{ tag: 'needs-review', where: 'body' as const, line: 1, text: '#needs-review' }] } },
			{ path: 'AI/sessions/2026-11-29 a.md', mtime: Date.parse(T('09:50')), flags: emptyFlags() },
		];
		return computeBrief({ now: new Date(T('10:00')), settings, dailyNote: resolveDailyNoteSettings(undefined), notes, exists: () => false });
	}

	it('news are the notes of inbox and review items changed after the previous start; session files are no news', () => {
		const b = brief();
		expect(sinceLastSessionItem(T('09:00'), newsNotes(b) ?? [])).toEqual({ since: T('09:00'), count: 2, paths: ['Inbox/new.md', 'Notes/r.md'] });
		expect(sinceLastSessionItem(null, newsNotes(b) ?? [])).toEqual({ since: null, count: 0, paths: [] });
	});

	it('a cache writer stores the answer for each start a hook may ask about, capped like the lists; the hook answers from it', () => {
		const b = brief();
		const news = newsAnswers(b, { previous: T('09:40'), current: T('09:55') }, 5);
		expect(news).toEqual([
			{ since: T('09:40'), count: 1, paths: ['Notes/r.md'] },
			{ since: T('09:55'), count: 0, paths: [] },
		]);
		expect(newsAnswers(b, { previous: null, current: null }, 5)).toBeUndefined();
		// Capped: the count stays whole, the paths are the first the text shows.
		expect(newsAnswers(b, { previous: null, current: T('09:00') }, 1)).toEqual([{ since: T('09:00'), count: 2, paths: ['Inbox/new.md'] }]);
		const cache = { writtenAt: Date.parse(T('10:00')), news };
		expect(sinceFromCache(T('09:40'), cache)?.paths).toEqual(['Notes/r.md']);
		expect(sinceFromCache(T('09:55'), cache)?.count).toBe(0);
		// Asked about a start it did not store (an earlier one, or one recorded while it wrote): it cannot answer (the caller reads the index).
		expect(sinceFromCache(T('09:00'), cache)).toBeNull();
		expect(sinceFromCache(T('09:50'), cache)).toBeNull();
		// A start after the write: a current cache means nothing changed since.
		expect(sinceFromCache(T('10:30'), { writtenAt: cache.writtenAt })).toEqual({ since: T('10:30'), count: 0, paths: [] });
		// A capped brief has no detail to store.
		expect(newsNotes({ ...b, items: { ...b.items, inbox: { count: 2, paths: ['Inbox/new.md'], entries: [] } } })).toBeNull();
	});

	it('the item names the deleted and renamed notes, in the text (quoted) and the JSON', () => {
		const sessions = unreviewedSessions(
			[
				{ path: 'gone.md', tool: 'Bash', session: 's1', at: T('09:00'), change: 'deleted' },
				{ path: 'new "name".md', tool: 'another tool', session: 's1', at: T('09:01'), change: 'renamed', from: 'old.md' },
				{ path: 'kept.md', tool: 'Edit', session: 's2', at: T('09:02') },
			],
			emptyMarks(),
			(p) => p !== 'gone.md',
		);
		const item = agentChangesItem(sessions);
		expect(item).toEqual({ count: 3, paths: ['gone.md', 'kept.md', 'new "name".md'], deleted: ['gone.md'], renamed: [{ path: 'new "name".md', from: 'old.md' }] });
		const b = brief();
		b.items.agentChanges = item;
		const text = formatBrief(b, settings, 'en', { source: 'scan', generatedAt: 0, vaultName: 'v' }, 0);
		expect(text).toContain('Changed by agents, not yet reviewed: 3 (gone.md, kept.md, "new \\"name\\".md") (deleted: gone.md; renamed: old.md → "new \\"name\\".md")');
		expect(formatBrief(b, settings, 'de', { source: 'scan', generatedAt: 0, vaultName: 'v' }, 0)).toContain('(gelöscht: gone.md; umbenannt: old.md → ');
		expect(briefJson(b, '/v', { source: 'scan', generatedAt: 0, vaultName: 'v' }, false).items.agentChanges).toEqual(item);
	});

	it('text and JSON show both items with the caps of every list', () => {
		const b = brief();
		b.items.agentChanges = { count: 7, paths: ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'g.md'] };
		b.items.sinceLastSession = { since: T('09:00'), count: 1, paths: ['Notes/r.md'] };
		const text = formatBrief(b, settings, 'en', { source: 'scan', generatedAt: Date.parse(T('10:00')), vaultName: 'v' }, Date.parse(T('10:00')));
		expect(text).toContain('Changed by agents, not yet reviewed: 7 (a.md, b.md, c.md, d.md, e.md, +2 more)');
		expect(text).toMatch(/New since the last session \(2026-11-29 \d\d:00\): 1 \(Notes\/r\.md\)/);
		const json = briefJson(b, '/v', { source: 'scan', generatedAt: 0, vaultName: 'v' }, false);
		expect(json.items.agentChanges).toEqual(b.items.agentChanges);
		expect(json.items.sinceLastSession).toEqual({ since: T('09:00'), count: 1, paths: ['Notes/r.md'] });
		b.items.sinceLastSession = { since: null, count: 0, paths: [] };
		expect(formatBrief(b, settings, 'de', { source: 'scan', generatedAt: 0, vaultName: 'v' }, 0)).toContain('Neu seit der letzten Sitzung: 0 (dies ist die erste aufgezeichnete Sitzung)');
	});
});
