/**
 * A brief item with a new tag and an age rule, added through the two tables alone: a row in the
 * flag table (src/core/notes/flag-table.ts) and a descriptor in the item table
 * (src/core/brief/brief-item-list.ts), both replaced for this file only (vi.mock). The tag's setting, the
 * flags, the scan, the cache's note row, the plugin's note index and the brief then know it, so a
 * flag written out by hand anywhere on that path fails here (docs/contributing.md, "A brief item").
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListItemDescriptor } from '../../src/core/brief/brief-items';
import type { FlagSpec } from '../../src/core/notes/flag-table';

const { FAKE_FLAG, FAKE_ITEM } = vi.hoisted(() => ({
	FAKE_FLAG: {
		flag: 'waiting',
		kind: 'hits',
		tag: { default: 'waiting-for', label: { en: 'Waiting tag', de: 'Tag für Wartendes' } },
	} satisfies FlagSpec,
	FAKE_ITEM: {
		id: 'waitingLong',
		about: 'notes tagged waiting-for, unchanged for two weeks',
		flag: 'waiting' as never,
		notFolder: 'sessionsFolder',
		age: { min: 14 },
		label: { en: (s) => `${(s.tags as Record<string, string>).waiting} for two weeks`, de: (s) => `${(s.tags as Record<string, string>).waiting} seit zwei Wochen` },
		hint: { en: 'ask again or drop them', de: 'nachfragen oder streichen' },
	} satisfies ListItemDescriptor,
}));

vi.mock('../../src/core/notes/flag-table', async (original) => {
	const real = await original<typeof import('../../src/core/notes/flag-table')>();
	return { ...real, FLAG_TABLE: [...real.FLAG_TABLE, FAKE_FLAG], FLAG_SPECS: [...real.FLAG_SPECS, FAKE_FLAG] };
});

vi.mock('../../src/core/brief/brief-item-list', async (original) => {
	const real = await original<typeof import('../../src/core/brief/brief-item-list')>();
	return { ...real, LIST_ITEMS: [...real.LIST_ITEMS, FAKE_ITEM] };
});

const DAY = 86_400_000;
const NOW = new Date();
let vault = '';

beforeAll(() => {
	vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-extend-item-'));
	const put = (rel: string, text: string, ageDays: number): void => {
		const file = path.join(vault, rel);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, text);
		const at = new Date(NOW.getTime() - ageDays * DAY);
		fs.utimesSync(file, at, at);
	};
	put('old.md', 'Asked Bob.\n\n#waiting-for an answer\n', 30);
	put('old-frontmatter.md', '---\ntags: [Waiting-For]\n---\nAsked Ann.\n', 20);
	put('young.md', 'Asked Eve. #waiting-for\n', 2);
	put('AI/sessions/old-session.md', '#waiting-for\n', 40);
	put('plain.md', 'nothing waits here\n', 40);
});

afterAll(() => {
	fs.rmSync(vault, { recursive: true, force: true });
});

async function scanned() {
	const { resolveSettings } = await import('../../src/core/settings');
	const { scanVault } = await import('../../src/node/scan/scan');
	const settings = resolveSettings({});
	return { settings, scan: scanVault(vault, settings) };
}

describe('a flag added to the flag table alone', () => {
	it('is a tag setting with its default and label, and flagsOf sets it', async () => {
		const { resolveSettings, TAG_KEYS, tagLabel } = await import('../../src/core/settings');
		const { flagsOf, lowerTagNames } = await import('../../src/core/notes/flags');
		const { noteFactsFromText } = await import('../../src/core/notes/note-facts');
		expect(TAG_KEYS).toContain('waiting');
		const settings = resolveSettings({ tags: { waiting: '#on-hold' } });
		expect((settings.tags as Record<string, string>).waiting).toBe('on-hold');
		expect((resolveSettings({}).tags as Record<string, string>).waiting).toBe('waiting-for');
		expect(tagLabel('waiting' as never).de).toBe('Tag für Wartendes');
		const flags = flagsOf(noteFactsFromText('x\n#On-Hold y\n'), lowerTagNames(settings.tags)) as unknown as Record<string, unknown>;
		expect(flags.waiting).toEqual([{ tag: 'On-Hold', where: 'body', line: 2, text: '#On-Hold y' }]);
	});

	it('is read by the scan, through its prefilter, inline and in the frontmatter', async () => {
		const { scan } = await scanned();
		const waiting = (p: string): unknown => (scan.entries.find((e) => e.path === p)?.flags as unknown as Record<string, unknown[]> | null)?.waiting?.length;
		expect(waiting('old.md')).toBe(1);
		expect(waiting('old-frontmatter.md')).toBe(1);
		expect(waiting('young.md')).toBe(1);
		expect(waiting('plain.md')).toBe(0);
	});

	it("round-trips through the cache's note rows, and a row written without it is a miss", async () => {
		const { scan } = await scanned();
		const { fromRow, makeIndex, toRow, checkedBriefIndex } = await import('../../src/core/brief/cache-format');
		const rows = scan.entries.map((e, i) => toRow(e, scan.sizes[i] ?? -1));
		const index = JSON.parse(JSON.stringify(makeIndex('id', rows))) as ReturnType<typeof makeIndex>;
		const back = checkedBriefIndex(index, 'id');
		expect(back.ok).toBe(true);
		if (!back.ok) return;
		expect(back.value.notes.map(fromRow)).toEqual(scan.entries);
		const old = back.value.notes.find((r) => r[0] === 'old.md');
		expect((old?.[3] as Record<string, unknown>).waiting).toHaveLength(1);
		// A row of the code before the flag: its flags lack the field.
		const { waiting: _, ...before } = old?.[3] as Record<string, unknown>;
		expect(checkedBriefIndex({ ...index, notes: [old] }, 'id').ok).toBe(true);
		expect(checkedBriefIndex({ ...index, notes: [[old?.[0], old?.[1], old?.[2], before]] }, 'id')).toMatchObject({ ok: false, why: expect.stringContaining('notes[0][3]') as string });
	});
});

describe('an item with the new tag and an age rule, added to the item table alone', () => {
	it('holds the old tagged notes and not the young one, in the brief, its text and its JSON check', async () => {
		const { computeBrief } = await import('../../src/core/brief/brief');
		const { formatBrief } = await import('../../src/core/brief/format');
		const { checkBrief } = await import('../../src/core/schemas/brief');
		const { settings, scan } = await scanned();
		const brief = computeBrief({ now: NOW, settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: scan.entries, exists: () => false });
		const item = (brief.items as Record<string, { paths: string[]; entries: { hits: unknown[] }[] } | null>).waitingLong;
		// young.md is too young; the session file is in an excluded folder.
		expect(item?.paths).toEqual(['old-frontmatter.md', 'old.md']);
		expect(item?.entries.map((e) => e.hits.length)).toEqual([1, 1]);
		const text = formatBrief(brief, settings, 'en', { source: 'scan', generatedAt: NOW.getTime(), vaultName: 'v' }, NOW.getTime());
		expect(text).toContain('waiting-for for two weeks: 2');
		expect(text).toContain('ask again or drop them');
		expect(checkBrief(brief, 'brief')).toBeNull();
	});

	it("is a set of the plugin's note index, whose brief applies the age rule", async () => {
		const { computeBrief } = await import('../../src/core/brief/brief');
		const { NoteIndex } = await import('../../src/plugin/index/note-index');
		const { settings, scan } = await scanned();
		const index = new NoteIndex(settings);
		scan.entries.forEach((e, i) => index.set({ ...e, size: scan.sizes[i] ?? -1 }));
		// The index holds whatever the day: the age is the brief's to apply.
		expect([...index.paths('waitingLong' as never)].sort()).toEqual(['old-frontmatter.md', 'old.md', 'young.md']);
		const brief = computeBrief({ now: NOW, settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: index.relevant(), exists: () => false });
		expect((brief.items as Record<string, { paths: string[] } | null>).waitingLong?.paths).toEqual(['old-frontmatter.md', 'old.md']);
		// Two weeks later the young note is old enough.
		const later = computeBrief({ now: new Date(NOW.getTime() + 14 * DAY), settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: index.relevant(), exists: () => false });
		expect((later.items as Record<string, { paths: string[] } | null>).waitingLong?.paths).toEqual(['old-frontmatter.md', 'old.md', 'young.md']);
	});
});
