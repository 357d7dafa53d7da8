import { describe, expect, it } from 'vitest';
import { computeBrief, type NoteEntry } from '../../../src/core/brief/brief';
import { dailyNotePath } from '../../../src/core/brief/daily-note';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { asciiJson, formatBrief, HOOK_TEXT_LIMIT } from '../../../src/core/brief/format';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { comparePaths, isCountedNote, sortByPath } from '../../../src/core/notes/paths';
import { resolveSettings, DEFAULT_SETTINGS, type Settings } from '../../../src/core/settings';

const NOW = new Date(2026, 10, 29, 10, 0, 0);
// The folders these notes are in: a rules folder and two excluded root folders, none of them a default.
const settings = resolveSettings({ rulesFolder: 'AI/Regelwerk', excludedRootFolders: ['Import', '_index'] });

function note(path: string, text: string, s: Settings = settings): NoteEntry {
	return { path, mtime: 0, flags: flagsOf(noteFactsFromText(text), lowerTagNames(s.tags)) };
}

function brief(notes: NoteEntry[], s: Settings = settings, exists: (p: string) => boolean = () => false) {
	return computeBrief({ now: NOW, settings: s, dailyNote: { folder: 'Daily', format: 'YYYY-MM-DD' }, notes, exists });
}

const origin = { source: 'scan' as const, generatedAt: NOW.getTime(), vaultName: 'v' };

describe('items', () => {
	it('inbox: recursive, without type daily, a note without frontmatter is open', () => {
		const b = brief([
			note('Inbox/a.md', 'no frontmatter'),
			note('Inbox/sub/b.md', '---\ntype: meeting\n---\n'),
			note('Inbox/c.md', '---\ntype: Daily\n---\n'),
			note('Inbox/d.md', '---\ntype: [x, daily]\n---\n'),
			note('Other/e.md', ''),
		]);
		expect(b.items.inbox?.paths).toEqual(['Inbox/a.md', 'Inbox/sub/b.md']);
	});
	it('review without review-done; review-done anywhere in the note closes it', () => {
		const b = brief([note('a.md', '#review'), note('b.md', '---\ntags: [review]\n---\n#review-done'), note('c.md', 'abc#review-done #review')]);
		expect(b.items.reviewOpen?.paths).toEqual(['a.md', 'c.md']);
	});
	it('pending-review only under the rules folder, by tag or by status', () => {
		const b = brief([
			note('AI/Regelwerk/a.md', '#pending-review'),
			note('AI/Regelwerk/sub/b.md', '---\nstatus: pending-review\n---\n'),
			note('Notes/c.md', '#pending-review'),
		]);
		expect(b.items.pendingReview?.paths).toEqual(['AI/Regelwerk/a.md', 'AI/Regelwerk/sub/b.md']);
	});
	it("today's session files by the date in the name (class \"duplicate\": two today)", () => {
		const b = brief([note('AI/sessions/2026-11-29-a.md', ''), note('AI/sessions/2026-11-29-b.md', ''), note('AI/sessions/2026-11-28.md', '')]);
		expect(b.items.sessionsToday?.count).toBe(2);
	});
	it('daily note: today by the format, exists or not (class "value range": only today counts)', () => {
		const b = brief([], settings, (p) => p === 'Daily/2026-11-28.md');
		expect(b.items.dailyNote).toEqual({ path: 'Daily/2026-11-29.md', exists: false });
		const c = brief([], settings, (p) => p === 'Daily/2026-11-29.md');
		expect(c.items.dailyNote?.exists).toBe(true);
	});
	it('honours custom tag names case-insensitively', () => {
		const s = resolveSettings({ tags: { needsReview: '#Prüfen' } });
		expect(brief([note('a.md', '#prüfen', s), note('b.md', '#PRÜFEN', s)], s).items.needsReview?.count).toBe(2);
	});
	it('sorts case-insensitively, then exactly', () => {
		const b = brief([note('b.md', '#review'), note('B.md', '#review'), note('a.md', '#review'), note('C.md', '#review')]);
		expect(b.items.reviewOpen?.paths).toEqual(['a.md', 'B.md', 'b.md', 'C.md']);
	});
	it('never counts dot files, dot folders, node_modules or excluded root folders', () => {
		const b = brief([
			note('.hidden.md', '#review'),
			note('Notes/.versteckt.md', '#review'),
			note('Inbox/.drafts/x.md', '#review'),
			note('a/node_modules/x.md', '#review'),
			note('Import/x.md', '#review'),
			note('_index/x.md', '#review'),
			note('Notes/Import/x.md', '#review'),
		]);
		expect(b.items.reviewOpen?.paths).toEqual(['Notes/Import/x.md']);
		expect(b.items.inbox?.count).toBe(0);
	});
	it('reports unreadable notes as a scan error and counts an unreadable inbox note as open', () => {
		const b = brief([{ path: 'Inbox/x.md', mtime: 0, flags: null, readError: 'EACCES' }, note('a.md', '#review')]);
		expect(b.items.inbox?.paths).toEqual(['Inbox/x.md']);
		expect(b.items.reviewOpen?.count).toBe(1);
		expect(b.errors).toEqual([{ item: 'scan', message: 'could not read 1 note(s): Inbox/x.md (EACCES)' }]);
	});
});

describe('failure isolation (class "crash")', () => {
	it('an item that throws is reported and the others are intact', () => {
		const bad: NoteEntry = {
			path: 'a.md',
			mtime: 0,
			get flags(): never {
				throw new Error('flags exploded');
			},
		};
		const b = brief([bad, note('AI/sessions/2026-11-29.md', '')]);
		expect(b.items.needsReview).toBeNull();
		expect(b.errors).toContainEqual({ item: 'needsReview', message: 'flags exploded' });
		expect(b.items.sessionsToday?.count).toBe(1);
		expect(b.items.dailyNote?.path).toBe('Daily/2026-11-29.md');
		const text = formatBrief(b, settings, 'en', origin, NOW.getTime());
		expect(text).toContain('Session brief: needsReview: flags exploded');
		expect(text).toContain("Today's session files: 1");
	});
	it('a daily-note format that throws does not take the lists with it', () => {
		const b = computeBrief({
			now: NOW,
			settings,
			dailyNote: { folder: '', format: 'YYYY' },
			notes: [note('x.md', '#review')],
			exists: () => {
				throw new Error('disk gone');
			},
		});
		expect(b.items.dailyNote).toBeNull();
		expect(b.errors).toContainEqual({ item: 'dailyNote', message: 'disk gone' });
		expect(b.items.reviewOpen?.count).toBe(1);
	});
});

describe('daily-note paths from moment formats', () => {
	it('builds sub-folders from a format with slashes', () => {
		expect(dailyNotePath({ folder: 'Journal', format: 'YYYY/MM/YYYY-MM-DD' }, NOW)).toBe('Journal/2026/11/2026-11-29.md');
	});
	it('keeps literal text in brackets and the vault root for an empty folder', () => {
		expect(dailyNotePath({ folder: '', format: '[Tag] DD.MM.YYYY' }, NOW)).toBe('Tag 29.11.2026.md');
	});
});

describe('text', () => {
	const many = Array.from({ length: 7 }, (_, i) => note(`Inbox/n${i + 1}.md`, ''));
	it('caps names per item with "+N more" (class "extra": seven inbox notes)', () => {
		const text = formatBrief(brief(many), settings, 'en', origin, NOW.getTime());
		expect(text).toContain('Inbox: 7 (Inbox/n1.md, Inbox/n2.md, Inbox/n3.md, Inbox/n4.md, Inbox/n5.md, +2 more)');
	});
	it('speaks German with "+N weitere"', () => {
		const text = formatBrief(brief(many), settings, 'de', origin, NOW.getTime());
		expect(text).toContain('+2 weitere');
		expect(text).toContain('Datum (Maschinenuhr): 2026-11-29 (Sonntag)');
	});
	it('labels the date as the machine clock and names the source and age', () => {
		const text = formatBrief(brief([]), settings, 'en', { ...origin, source: 'cache', generatedAt: NOW.getTime() - 125_000 }, NOW.getTime());
		expect(text.split('\n')[0]).toBe('Session brief for vault "v" (cached brief, 2 min old)');
		expect(text).toContain('Date (machine clock): 2026-11-29 (Sunday)');
	});
	it('stays within the hook limit however many names there are', () => {
		const s = resolveSettings({ maxNamesPerItem: 1000 });
		const long = Array.from({ length: 1000 }, (_, i) => note(`Inbox/${'x'.repeat(40)}${i}.md`, ''));
		const text = formatBrief(brief(long, s), s, 'en', origin, NOW.getTime());
		expect(text.length).toBeLessThanOrEqual(HOOK_TEXT_LIMIT);
		// Every item line survives: fewer names are shown, and the rest is counted.
		for (const label of ['Inbox: 1000 (', 'needs-review: 0', 'review without review-done: 0', 'pending-review in rules: 0', "Today's session files: 0"]) expect(text).toContain(label);
		expect(text).toMatch(/\+\d+ more\)/);
		expect(text).not.toMatch(/\[cut at/);
	});
	it('shortens 80 huge names instead of dropping any item line', () => {
		const s = resolveSettings({ maxNamesPerItem: 80 });
		const huge = (i: number, folder: string, tag = ''): ReturnType<typeof note> => note(`${folder}/${String(i).padStart(2, '0')}${'n'.repeat(3300)}.md`, tag);
		const notes = [
			...Array.from({ length: 80 }, (_, i) => huge(i, 'Inbox')),
			huge(1, 'Notes', '#needs-review'),
			huge(2, 'Notes', '#review'),
		];
		const text = formatBrief(brief(notes, s), s, 'en', origin, NOW.getTime());
		expect(text.length).toBeLessThanOrEqual(HOOK_TEXT_LIMIT);
		const lines = text.split('\n');
		for (const label of ['Inbox: 80 (', 'needs-review: 1 (', 'review without review-done: 1 (', 'pending-review in rules: 0', "Today's session files: 0"]) {
			expect(lines.some((l) => l.startsWith(label)), label).toBe(true);
		}
		// Each shortened name is marked: two quoted pieces with an ellipsis between.
		expect(text).toMatch(/"Inbox\/00n+"…"n+\.md"/);
		expect(text).not.toMatch(/\[cut at/);
	});
	it('escapes every non-ASCII character in hook JSON', () => {
		const json = asciiJson({ t: 'Grüße 🎉' });
		expect(json).toBe('{"t":"Gr\\u00fc\\u00dfe \\ud83c\\udf89"}');
		expect(JSON.parse(json)).toEqual({ t: 'Grüße 🎉' });
	});
});

describe('settings', () => {
	it('falls back per key on wrong types (class "wrong type")', () => {
		const s = resolveSettings({ inboxFolder: 3, tags: 'x', maxNamesPerItem: -1, excludedRootFolders: 'Import', language: 'fr' });
		expect(s.inboxFolder).toBe(DEFAULT_SETTINGS.inboxFolder);
		expect(s.tags).toEqual(DEFAULT_SETTINGS.tags);
		expect(s.maxNamesPerItem).toBe(5);
		expect(s.excludedRootFolders).toEqual(DEFAULT_SETTINGS.excludedRootFolders);
		expect(s.language).toBe('auto');
	});
	it('accepts null and arrays as "no settings" (class "null")', () => {
		expect(resolveSettings(null)).toEqual(DEFAULT_SETTINGS);
		expect(resolveSettings([1, 2])).toEqual(DEFAULT_SETTINGS);
	});
	it('cleans folder settings', () => {
		expect(resolveSettings({ inboxFolder: '/Inbox/Sub/' }).inboxFolder).toBe('Inbox/Sub');
		expect(isCountedNote('Inbox/Sub/x.md', [])).toBe(true);
	});
});

describe('sortByPath', () => {
	it('orders exactly as comparePaths does', () => {
		const paths = ['b.md', 'B.md', 'a/Z.md', 'a/z.md', 'Ä.md', 'ä.md', '_x.md', 'A.md', 'a.md', '10.md', '9.md'];
		expect(sortByPath([...paths], (p) => p)).toEqual([...paths].sort(comparePaths));
	});
});
