// NoteIndex keeps its item sets and its to-review count current per operation, instead of deriving
// them from every note: these tests hold it to what a from-scratch derivation over the same notes
// gives, after every step of a long random run of sets, renames, deletes, touches and resets.
import { describe, expect, it } from 'vitest';
import { LIST_ITEM_TABLE } from '../../../src/core/brief/brief-items';
import { emptyFlags, type NoteFlags } from '../../../src/core/notes/flags';
import type { TagHit } from '../../../src/core/notes/note-facts';
import type { Settings } from '../../../src/core/settings';
import { NoteIndex, type IndexedNote, type ItemSet } from '../../../src/plugin/index/note-index';
import { exampleSettings } from '../../helpers/example-settings';
import { prng as rng } from '../../helpers/random';

// The example vault's: its rules folder and excluded `Import` are among the random run's folders.
const settings: Settings = exampleSettings();
const ITEM_SETS: readonly ItemSet[] = [...LIST_ITEM_TABLE.map((d) => d.id), 'unreadable'];

const hit = (tag: string): TagHit => ({ tag, where: 'body', line: 1, text: `#${tag}` });

/** The sets a note belongs in, derived from the item table alone. */
function expectedSets(note: IndexedNote): Set<ItemSet> {
	const out = new Set<ItemSet>();
	if (note.flags === null) out.add('unreadable');
	for (const item of LIST_ITEM_TABLE) if (item.holds(note, settings)) out.add(item.id);
	return out;
}

/** What the index must answer, recomputed from the model's notes. */
function expectMatches(index: NoteIndex, model: Map<string, IndexedNote>, step: string): void {
	expect(index.size, step).toBe(model.size);
	for (const [p, n] of model) expect(index.get(p), `${step}: ${p}`).toEqual(n);
	const derived = new Map<ItemSet, string[]>(ITEM_SETS.map((s) => [s, []]));
	for (const n of model.values()) for (const s of expectedSets(n)) derived.get(s)?.push(n.path);
	for (const s of ITEM_SETS) expect([...index.paths(s)].sort(), `${step}: set ${s}`).toEqual(derived.get(s)?.sort());
	const review = new Set<string>();
	for (const item of LIST_ITEM_TABLE) if (item.sidebar?.mark !== undefined) for (const p of derived.get(item.id) ?? []) review.add(p);
	expect(index.toReviewCount(), `${step}: to-review count`).toBe(review.size);
	expect(new Set(index.relevant().map((n) => n.path)), `${step}: relevant`).toEqual(new Set([...derived.values()].flat()));
}

describe('NoteIndex bookkeeping', () => {
	it('keeps every item set and the to-review count equal to a derivation from scratch through 3000 random operations', () => {
		const random = rng(20261201);
		const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
		const folders = ['Inbox', 'Inbox/Deep', 'Notes', 'AI/Regelwerk', 'AI/sessions', 'Import', 'Archive'];
		const paths = Array.from({ length: 60 }, (_, i) => `${pick(folders)}/n${i}.md`);
		const flags = (): NoteFlags | null => {
			if (random() < 0.1) return null;
			const tags = (name: string): TagHit[] => (random() < 0.3 ? [hit(name)] : []);
			return { needsReview: tags('needs-review'), review: tags('review'), reviewDone: random() < 0.3, pendingReview: tags('pending-review'), daily: random() < 0.2 };
		};
		const note = (p: string): IndexedNote => ({ path: p, mtime: Math.floor(random() * 1e6), size: Math.floor(random() * 1e4), flags: flags() });
		const index = new NoteIndex(settings);
		const model = new Map<string, IndexedNote>();
		for (let i = 0; i < 3000; i++) {
			const r = random();
			const p = pick(paths);
			const before = index.revision;
			let changed: boolean;
			let step: string;
			if (r < 0.4) {
				const n = note(p);
				step = `set ${p}`;
				index.set(n);
				// A path that does not count is only dropped, if it was there at all.
				// The model keeps its own copy: `touch` changes the index's entry in place.
				if (index.counts(p)) {
					model.set(p, { ...n });
					changed = true;
				} else changed = model.delete(p);
			} else if (r < 0.7) {
				const to = pick(paths);
				step = `rename ${p} → ${to}`;
				const held = model.get(p);
				changed = index.rename(p, to);
				expect(changed, step).toBe(held !== undefined);
				if (held !== undefined) {
					model.delete(p);
					if (index.counts(to)) model.set(to, { ...held, path: to });
				}
			} else if (r < 0.85) {
				step = `delete ${p}`;
				changed = index.delete(p);
				expect(changed, step).toBe(model.delete(p));
			} else if (r < 0.99) {
				step = `delete folder of ${p}`;
				const folder = p.slice(0, p.lastIndexOf('/'));
				index.deleteFolder(folder);
				changed = false;
				for (const q of [...model.keys()]) if (q.startsWith(`${folder}/`)) model.delete(q);
			} else {
				step = 'reset';
				index.reset(settings);
				model.clear();
				changed = true;
			}
			expectMatches(index, model, `step ${i} (${step})`);
			if (changed) expect(index.revision, `step ${i} (${step}): revision`).toBeGreaterThan(before);
		}
	});

	it('a rename moves the note out of the sets of its old path and into those of the new one, with its flags', () => {
		const index = new NoteIndex(settings);
		const flags: NoteFlags = { ...emptyFlags(), pendingReview: [hit('pending-review')] };
		index.set({ path: 'AI/Regelwerk/rule.md', mtime: 5, size: 7, flags });
		index.set({ path: 'Notes/other.md', mtime: 1, size: 1, flags: { ...flags, pendingReview: [], needsReview: [hit('needs-review')] } });
		expect(index.toReviewCount()).toBe(2);
		expect([...index.paths('pendingReview')]).toEqual(['AI/Regelwerk/rule.md']);
		// Out of the rules folder, a pending-review tag holds nothing: the count drops.
		expect(index.rename('AI/Regelwerk/rule.md', 'Inbox/rule.md')).toBe(true);
		expect(index.has('AI/Regelwerk/rule.md')).toBe(false);
		expect(index.get('Inbox/rule.md')).toEqual({ path: 'Inbox/rule.md', mtime: 5, size: 7, flags });
		expect([...index.paths('pendingReview')]).toEqual([]);
		expect([...index.paths('inbox')]).toEqual(['Inbox/rule.md']);
		expect(index.toReviewCount()).toBe(1);
		// Back in: it holds again; and a rename onto an indexed path replaces that entry.
		index.rename('Inbox/rule.md', 'AI/Regelwerk/rule.md');
		expect([...index.paths('inbox')]).toEqual([]);
		expect(index.toReviewCount()).toBe(2);
		index.rename('AI/Regelwerk/rule.md', 'Notes/other.md');
		expect(index.size).toBe(1);
		expect([...index.paths('needsReview')]).toEqual([]);
		expect(index.toReviewCount()).toBe(0);
		expect(index.rename('Nowhere.md', 'Elsewhere.md')).toBe(false);
	});
});
