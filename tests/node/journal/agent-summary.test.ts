/**
 * The agent changes summary (src/core/trail/agent-summary.ts, src/node/journal/agent-summary.ts) against the
 * exact path over the whole journal: whenever the summary answers, its answer is the exact one
 * capped to the cached lists' names; when the journal grew it merges the tail; when it cannot be
 * sure (compaction, marks changed, an aged-out change, a merge it cannot decide) it answers null
 * and the caller reads the whole journal.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, MAX_AGE_MS, type JournalRecord } from '../../../src/core/trail/agent-journal';
import type { AgentChangesSummary } from '../../../src/core/trail/agent-summary';
import { isCountedNote } from '../../../src/core/notes/paths';
import { agentChangesItem, REVIEW_FILE, unreviewedSessions, withKinds, type AgentChangesItem } from '../../../src/core/trail/what-changed';
import { compactJournalFile, readJournal } from '../../../src/node/journal/agent-journal';
import { agentChangesFromSummary, summarizeFiles, type SummaryPlace } from '../../../src/node/journal/agent-summary';
import { exists } from '../../../src/node/tiers/plugin-tier';
import { readReviewMarks } from '../../../src/node/journal/what-changed';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const dirs: string[] = [];
afterAll(() => {
	for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function place(notes: string[], excluded: string[] = []): SummaryPlace {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-summary-'));
	dirs.push(root);
	for (const n of notes) {
		fs.mkdirSync(path.dirname(path.join(root, n)), { recursive: true });
		fs.writeFileSync(path.join(root, n), 'x\n');
	}
	const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	return { root, pluginDir, excludedRootFolders: excluded };
}

function rec(p: string, minutes: number, session: string | null = 's1', now = NOW): JournalRecord {
	return { path: p, tool: 'Edit', session, at: new Date(now.getTime() + minutes * 60_000).toISOString() };
}

function append(pl: SummaryPlace, records: JournalRecord[], raw = ''): void {
	fs.appendFileSync(path.join(pl.pluginDir, JOURNAL_FILE), records.map((r) => encodeRecord(r) ?? '').join('') + raw);
}

function writeMarks(pl: SummaryPlace, marks: unknown): void {
	fs.writeFileSync(path.join(pl.pluginDir, REVIEW_FILE), JSON.stringify(marks));
}

/** Today's exact path (src/node/journal/what-changed.ts), capped as the cached brief caps its lists. */
function exact(pl: SummaryPlace, now: Date, cap: number): AgentChangesItem {
	const there = exists(pl.root);
	const item = agentChangesItem(unreviewedSessions(readJournal(pl.pluginDir, pl.pluginDir, now), readReviewMarks(pl.pluginDir, pl.pluginDir), (p) => isCountedNote(p, pl.excludedRootFolders) && there(p)));
	return withKinds({ count: item.count, paths: item.paths.slice(0, cap) }, item);
}

function summary(pl: SummaryPlace, now: Date, cap: number): AgentChangesSummary {
	const s = summarizeFiles(pl, now, cap);
	if (s === undefined) throw new Error('no summary');
	return s;
}

const notes = Array.from({ length: 12 }, (_, i) => `Notes/n${String(i).padStart(2, '0')}.md`);

describe('agent changes summary: the same answer as the whole journal, or none', () => {
	it('unchanged files: the summary answers exactly, without reading the journal', () => {
		const pl = place(notes);
		append(
			pl,
			notes.map((n, i) => rec(n, -i, `s${i % 3}`)),
		);
		writeMarks(pl, { notes: { 'Notes/n03.md': NOW.toISOString() } });
		const s = summary(pl, NOW, 5);
		expect(s.count).toBe(11);
		expect(s.paths).toEqual(['Notes/n00.md', 'Notes/n01.md', 'Notes/n02.md', 'Notes/n04.md', 'Notes/n05.md']);
		const later = new Date(NOW.getTime() + 3600_000);
		expect(agentChangesFromSummary(pl, s, later, 5)).toEqual(exact(pl, later, 5));
		// Another cap than it was written with, within it: the same cut.
		expect(agentChangesFromSummary(pl, s, later, 3)).toEqual(exact(pl, later, 3));
	});

	it('no journal and no marks: an empty item, and a first journal after the write is read as a tail from its start', () => {
		const pl = place(notes);
		const s = summary(pl, NOW, 5);
		expect(s.journal).toBeNull();
		expect(agentChangesFromSummary(pl, s, NOW, 5)).toEqual({ count: 0, paths: [] });
		append(pl, [rec('Notes/n01.md', 1)]);
		expect(agentChangesFromSummary(pl, s, NOW, 5)).toEqual({ count: 1, paths: ['Notes/n01.md'] });
		expect(agentChangesFromSummary(pl, s, NOW, 5)).toEqual(exact(pl, NOW, 5));
	});

	it('the journal grew: only the tail is merged, reviewed, renamed, deleted and excluded notes handled as the whole journal handles them', () => {
		const pl = place([...notes, 'Archive/a.md'], ['Archive']);
		append(pl, [rec('Notes/n05.md', -30), rec('Notes/n07.md', -20)]);
		writeMarks(pl, { sessions: { s9: NOW.toISOString() }, renames: [{ from: 'Notes/old.md', to: 'Notes/n09.md', at: new Date(NOW.getTime() + 3600_000).toISOString() }] });
		const s = summary(pl, NOW, 10);
		append(pl, [
			rec('Notes/n01.md', 1), // a new note
			rec('Notes/n05.md', 2), // already listed
			rec('Notes/n02.md', -1, 's9'), // reviewed by its session's mark
			rec('Notes/gone.md', 3), // no such note
			rec('Archive/a.md', 4), // excluded folder
			rec('Notes/old.md', 5), // renamed after the edit: follows to n09
		]);
		const got = agentChangesFromSummary(pl, s, NOW, 10);
		expect(got).toEqual({ count: 4, paths: ['Notes/n01.md', 'Notes/n05.md', 'Notes/n07.md', 'Notes/n09.md'] });
		expect(got).toEqual(exact(pl, NOW, 10));
	});

	it('a corrupt tail (a torn line, garbage, a glued record) gives what the whole journal gives', () => {
		const pl = place(notes);
		append(pl, [rec('Notes/n05.md', -30)]);
		const s = summary(pl, NOW, 10);
		append(pl, [], `{"path":"Notes/n06.md","tool":"Ed\nnot json at all\n\u0000\u0001\n{"path":"Notes/n08.md","to{"path":"Notes/n04.md","tool":null,"session":null,"at":"${rec('x', 1).at}"}\n{"path":"../etc/passwd","tool":null,"session":null,"at":"${rec('x', 1).at}"}\n`);
		const got = agentChangesFromSummary(pl, s, NOW, 10);
		expect(got).toEqual({ count: 2, paths: ['Notes/n04.md', 'Notes/n05.md'] });
		expect(got).toEqual(exact(pl, NOW, 10));
		// A tail still being written (no newline yet) is parsed as the whole journal would parse it.
		append(pl, [], '{"path":"Notes/n03.md"');
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toEqual(exact(pl, NOW, 10));
	});

	it('a summary made over a journal that did not end on a line end is used only while unchanged', () => {
		const pl = place(notes);
		append(pl, [rec('Notes/n05.md', -30)], '{"path":"Notes/n06.md","tool":"Edit"');
		const s = summary(pl, NOW, 10);
		expect(s.lastLine).toBeNull();
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toEqual(exact(pl, NOW, 10));
		append(pl, [rec('Notes/n07.md', 1)]);
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toBeNull();
	});

	it('compaction, a replaced journal or changed marks: no answer (the caller reads the whole journal)', async () => {
		const pl = place(notes);
		append(pl, [rec('Notes/n05.md', -30), rec('Notes/n06.md', -20)]);
		const s = summary(pl, NOW, 10);
		expect(await compactJournalFile(pl.pluginDir, pl.pluginDir, NOW)).toBe(true);
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toBeNull();

		const s2 = summary(pl, NOW, 10);
		writeMarks(pl, { notes: { 'Notes/n05.md': NOW.toISOString() } });
		expect(agentChangesFromSummary(pl, s2, NOW, 10)).toBeNull();
		// Marks removed after a summary that saw them: changed too.
		const s3 = summary(pl, NOW, 10);
		fs.rmSync(path.join(pl.pluginDir, REVIEW_FILE));
		expect(agentChangesFromSummary(pl, s3, NOW, 10)).toBeNull();

		// A journal rewritten in place with the same inode but other content before the summary's end is no tail.
		const s4 = summary(pl, NOW, 10);
		const file = path.join(pl.pluginDir, JOURNAL_FILE);
		const other = [rec('Notes/n01.md', -50), rec('Notes/n02.md', -40), rec('Notes/n03.md', -35)].map((r) => encodeRecord(r) ?? '').join('');
		fs.writeFileSync(file, other);
		expect(fs.statSync(file).size).toBeGreaterThan(s4.journal?.size ?? 0);
		expect(agentChangesFromSummary(pl, s4, NOW, 10)).toBeNull();
		// A journal deleted since: no answer either.
		fs.rmSync(file);
		expect(agentChangesFromSummary(pl, summary(pl, NOW, 10), NOW, 10)).toEqual({ count: 0, paths: [] });
		expect(agentChangesFromSummary(pl, s4, NOW, 10)).toBeNull();
	});

	it('a listed change past the age bound: no answer until the summary is made again', () => {
		const pl = place(notes);
		const old = new Date(NOW.getTime() - MAX_AGE_MS + 3600_000);
		append(pl, [rec('Notes/n05.md', 0, 's1', old), rec('Notes/n06.md', -10)]);
		const s = summary(pl, NOW, 10);
		expect(s.expires).toBe(old.getTime() + MAX_AGE_MS);
		const before = new Date(NOW.getTime() + 1800_000);
		expect(agentChangesFromSummary(pl, s, before, 10)).toEqual(exact(pl, before, 10));
		const after = new Date(NOW.getTime() + 2 * 3600_000);
		expect(agentChangesFromSummary(pl, s, after, 10)).toBeNull();
		expect(exact(pl, after, 10)).toEqual({ count: 1, paths: ['Notes/n06.md'] });
	});

	it('a tail note that may be one the capped summary does not list: no answer; one sorting before the last listed: merged', () => {
		const pl = place(notes);
		append(pl, [rec('Notes/n02.md', -30), rec('Notes/n04.md', -25), rec('Notes/n08.md', -20), rec('Notes/n10.md', -15)]);
		const s = summary(pl, NOW, 2);
		expect(s).toMatchObject({ count: 4, paths: ['Notes/n02.md', 'Notes/n04.md'] });
		append(pl, [rec('Notes/n03.md', 1)]);
		expect(agentChangesFromSummary(pl, s, NOW, 2)).toEqual({ count: 5, paths: ['Notes/n02.md', 'Notes/n03.md'] });
		expect(agentChangesFromSummary(pl, s, NOW, 2)).toEqual(exact(pl, NOW, 2));
		append(pl, [rec('Notes/n08.md', 2)]);
		expect(agentChangesFromSummary(pl, s, NOW, 2)).toBeNull();
	});

	it('names the deleted and renamed notes it lists, and keeps them while edits of other notes are appended', () => {
		const pl = place(['Notes/n01.md', 'Notes/moved.md', 'Notes/n05.md']);
		append(pl, [
			rec('Notes/gone.md', -30),
			{ ...rec('Notes/gone.md', -20), change: 'deleted' },
			{ ...rec('Notes/moved.md', -10, 's2'), change: 'renamed', from: 'Notes/old.md' },
			rec('Notes/n05.md', -5),
		]);
		const s = summary(pl, NOW, 10);
		const want = { count: 3, paths: ['Notes/gone.md', 'Notes/moved.md', 'Notes/n05.md'], deleted: ['Notes/gone.md'], renamed: [{ path: 'Notes/moved.md', from: 'Notes/old.md' }] };
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toEqual(want);
		expect(exact(pl, NOW, 10)).toEqual(want);
		// Capped: only the kinds of the notes named.
		expect(agentChangesFromSummary(pl, s, NOW, 1)).toEqual({ count: 3, paths: ['Notes/gone.md'], deleted: ['Notes/gone.md'] });
		append(pl, [rec('Notes/n01.md', 1)]);
		const grown = agentChangesFromSummary(pl, s, NOW, 10);
		expect(grown).toEqual({ ...want, count: 4, paths: ['Notes/gone.md', 'Notes/moved.md', 'Notes/n01.md', 'Notes/n05.md'] });
		expect(grown).toEqual(exact(pl, NOW, 10));
		// An appended edit of the renamed note, or an appended rename or deletion: the whole journal decides.
		append(pl, [rec('Notes/moved.md', 2, 's3')]);
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toBeNull();
	});

	it('an appended record from before a rename the journal recorded follows it: the summary steps aside', () => {
		const pl = place(['Notes/old.md', 'Notes/new.md']);
		append(pl, [{ ...rec('Notes/new.md', -10), change: 'renamed', from: 'Notes/old.md' }]);
		const s = summary(pl, NOW, 10);
		// A record of the old path made before the rename (the session net journals at a turn's end).
		append(pl, [rec('Notes/old.md', -20)]);
		expect(exact(pl, NOW, 10)).toMatchObject({ count: 1, paths: ['Notes/new.md'] });
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toBeNull();
	});

	it('a rename record that ages out takes its old path with it: no answer from then on', () => {
		const pl = place(['Notes/new.md']);
		const start = new Date(NOW.getTime() - MAX_AGE_MS + 60_000);
		append(pl, [{ ...rec('Notes/new.md', 0, 's1', start), change: 'renamed', from: 'Notes/old.md' }, rec('Notes/new.md', 0, 's2')]);
		const s = summary(pl, NOW, 10);
		expect(agentChangesFromSummary(pl, s, NOW, 10)).toEqual(exact(pl, NOW, 10));
		expect(exact(pl, NOW, 10).renamed).toEqual([{ path: 'Notes/new.md', from: 'Notes/old.md' }]);
		const later = new Date(NOW.getTime() + 120_000);
		expect(exact(pl, later, 10).renamed).toBeUndefined();
		expect(agentChangesFromSummary(pl, s, later, 10)).toBeNull();
	});

	it('seeded fuzz: every answer the summary gives equals the exact one', () => {
		let seed = 0x9e3779b9;
		const rnd = (n: number): number => {
			seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
			// The high bits: an LCG's low bits repeat with a short period.
			return Math.floor((seed / 2 ** 32) * n);
		};
		let answered = 0;
		let merged = 0;
		let named = 0;
		for (let round = 0; round < 400; round++) {
			const present = notes.filter(() => rnd(5) !== 0);
			const pl = place(present);
			const candidates = [...notes, 'Notes/zz-missing.md', 'Notes/x.txt'];
			// Deletions and renames in about half of the journals (a rename that ages out makes the summary step aside).
			const kinds = rnd(7) < 3;
			const record = (base: Date, odds = kinds ? 6 : 1_000_000, spanMinutes = 60 * 24 * 40): JournalRecord => {
				const r = rec(candidates[rnd(candidates.length)] ?? 'Notes/n00.md', -rnd(spanMinutes), rnd(4) === 0 ? null : `s${rnd(3)}`, base);
				// Now and then a deletion (of a note there or not) or a rename from another path.
				const kind = rnd(odds);
				if (kind === 0) return { ...r, change: 'deleted' };
				if (kind === 1) return { ...r, change: 'renamed', from: candidates[rnd(candidates.length)] ?? 'Notes/n00.md' };
				return r;
			};
			append(
				pl,
				Array.from({ length: rnd(30) }, () => record(NOW)),
			);
			const marks: Record<string, unknown> = {};
			if (rnd(3) === 0) marks.all = new Date(NOW.getTime() - rnd(60 * 24 * 5) * 60_000).toISOString();
			if (rnd(2) === 0) marks.sessions = { s1: new Date(NOW.getTime() - rnd(60 * 24 * 5) * 60_000).toISOString() };
			if (rnd(2) === 0) marks.notes = { [notes[rnd(notes.length)] ?? '']: NOW.toISOString() };
			if (rnd(3) === 0) marks.renames = [{ from: 'Notes/zz-missing.md', to: notes[rnd(notes.length)], at: new Date(NOW.getTime() - rnd(60 * 24 * 3) * 60_000).toISOString() }];
			if (rnd(4) !== 0) writeMarks(pl, marks);
			const cap = rnd(7);
			const s = summarizeFiles(pl, NOW, cap);
			expect(s).toBeDefined();
			if (s === undefined) continue;
			const later = new Date(NOW.getTime() + rnd(3 * 24 * 60) * 60_000);
			if (rnd(2) === 0) {
				append(
					pl,
					// Rarer in a tail: one makes the summary step aside for the whole journal.
					// Most appended records are newer than the summary, as a journal grows; some are not.
					Array.from({ length: 1 + rnd(5) }, () => record(later, kinds ? 40 : 1_000_000, rnd(4) === 0 ? 60 * 24 * 40 : 1 + (later.getTime() - NOW.getTime()) / 60_000)),
					rnd(4) === 0 ? 'garbage\n' : '',
				);
				merged++;
			}
			const got = agentChangesFromSummary(pl, s, later, cap);
			if (got !== null) {
				answered++;
				if (got.deleted !== undefined || got.renamed !== undefined) named++;
				expect(got, `round ${round}`).toEqual(exact(pl, later, cap));
			}
		}
		// Most rounds must be answered by the summary, or the test proves little.
		expect(answered).toBeGreaterThan(200);
		expect(merged).toBeGreaterThan(160);
		// And some of them name deleted or renamed notes.
		expect(named).toBeGreaterThan(15);
	});
});
