import { describe, expect, it } from 'vitest';
import { computeBrief, type NoteEntry } from '../../../src/core/brief/brief';
import { itemDescriptor, LIST_ITEM_IDS, LIST_ITEM_TABLE, SECTION_IDS } from '../../../src/core/brief/brief-items';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { briefJson, formatBrief, formatReview } from '../../../src/core/brief/format';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { resolveSettings } from '../../../src/core/settings';
import { NoteIndex } from '../../../src/plugin/index/note-index';

const NOW = new Date(2026, 10, 29, 10, 0, 0);
const settings = resolveSettings({ rulesFolder: 'AI/Regelwerk', tags: { needsReview: 'check-me', review: 'rv', reviewDone: 'rv-ok', pendingReview: 'wait' } });
const origin = { source: 'scan' as const, generatedAt: NOW.getTime(), vaultName: 'v' };

function note(path: string, text: string): NoteEntry {
	return { path, mtime: 0, flags: flagsOf(noteFactsFromText(text), lowerTagNames(settings.tags)) };
}

const NOTES: NoteEntry[] = [
	note('Inbox/a.md', 'open'),
	note('Inbox/d.md', '---\ntype: daily\n---\n'),
	note('x.md', '#check-me'),
	note('y.md', '#rv'),
	note('z.md', '#rv #rv-ok'),
	note('AI/Regelwerk/r.md', '#wait'),
	note('w.md', '#wait'),
	note('AI/sessions/2026-11-29 a.md', ''),
	note('AI/sessions/2026-11-28 b.md', ''),
	{ path: 'Inbox/broken.md', mtime: 0, flags: null, readError: 'EACCES' },
];

function brief() {
	return computeBrief({ now: NOW, settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: NOTES, exists: () => false });
}

describe('the table of brief items', () => {
	it('drives the brief, the text in both languages, the JSON and the review report', () => {
		const b = brief();
		expect(Object.keys(b.items)).toEqual(['dailyNote', ...LIST_ITEM_IDS]);
		expect(b.items.inbox?.paths).toEqual(['Inbox/a.md', 'Inbox/broken.md']);
		expect(b.items.sessionsToday?.paths).toEqual(['AI/sessions/2026-11-29 a.md']);
		for (const lang of ['en', 'de'] as const) {
			const text = formatBrief(b, settings, lang, origin, NOW.getTime()).split('\n');
			for (const item of LIST_ITEM_TABLE) {
				const label = item.label[lang](settings);
				expect(label).not.toBe('');
				expect(text.some((l) => l.startsWith(`${label}: ${b.items[item.id]?.count ?? '?'}`))).toBe(true);
			}
		}
		expect(formatBrief(b, settings, 'en', origin, NOW.getTime())).toContain('rv without rv-ok: 1 (y.md)');
		expect(Object.keys(briefJson(b, '/v', origin, false).items)).toEqual(['dailyNote', ...LIST_ITEM_IDS]);
		const review = formatReview(b, settings, 'de').split('\n').filter((l) => !l.startsWith(' ') && !l.startsWith('Session brief'));
		// The sidebar's sections in its order, each as its label and count.
		expect(review).toEqual(SECTION_IDS.map((id) => `${itemDescriptor(id).label.de(settings)}: ${b.items[id]?.count ?? '?'}`));
		for (const line of ['check-me: 1', 'rv ohne rv-ok: 1', 'wait im Regelwerk: 1', 'Inbox: 2']) expect(review).toContain(line);
	});

	it('orders the sidebar for review and gives each section a title, a tag label and an empty text per language', () => {
		const byOrder = LIST_ITEM_TABLE.filter((d) => d.sidebar !== undefined).sort((x, y) => (x.sidebar?.order ?? 0) - (y.sidebar?.order ?? 0)).map((d) => d.id);
		expect(SECTION_IDS).toEqual(byOrder);
		// The review tags first, the inbox after them.
		const known = ['needsReview', 'reviewOpen', 'pendingReview', 'inbox'];
		expect(SECTION_IDS.filter((id) => known.includes(id))).toEqual(known);
		for (const item of LIST_ITEM_TABLE) {
			if (item.sidebar === undefined) continue;
			for (const lang of ['en', 'de'] as const) {
				expect(item.sidebar.title[lang]).not.toBe('');
				expect(item.sidebar.tag[lang](settings)).not.toBe('');
				expect(item.sidebar.empty[lang](settings)).not.toBe('');
			}
		}
	});

	it("fills the plugin's index with the same predicate: each set holds what the item holds on any day", () => {
		const index = new NoteIndex(settings);
		for (const n of NOTES) index.set({ ...n, size: 1 });
		const b = brief();
		for (const item of LIST_ITEM_TABLE) {
			const held = [...index.paths(item.id)].sort();
			expect(held).toEqual(NOTES.filter((n) => item.holds(n, settings)).map((n) => n.path).sort());
			// The brief narrows by day only; without a day filter the set is the item.
			if (item.onDay === undefined) expect(held).toEqual([...(b.items[item.id]?.paths ?? [])].sort());
		}
		expect(index.paths('sessionsToday').size).toBe(2);
		expect(index.toReviewCount()).toBe(3);
	});
});
