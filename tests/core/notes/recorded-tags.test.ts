import { describe, expect, it } from 'vitest';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { recordings } from '../../helpers/recorded';

const all = recordings();

function multiset(tags: string[]): string[] {
	return tags.map((t) => t.toLowerCase()).sort();
}

describe('tags match Obsidian recordings (getAllTags)', () => {
	it('has recordings to check', () => {
		expect(all.length).toBeGreaterThan(80);
	});

	for (const rec of all) {
		it(rec.name, () => {
			const facts = noteFactsFromText(rec.fileContents);
			const ours = facts.tags.map((t) => `#${t.tag}`);
			expect(multiset(ours)).toEqual(multiset(rec.getAllTags ?? []));
		});
	}
});

describe('body tag lines match Obsidian recordings (cachedMetadata.tags)', () => {
	for (const rec of all) {
		const recorded = rec.cachedMetadata.tags ?? [];
		if (recorded.length === 0) continue;
		it(rec.name, () => {
			const body = noteFactsFromText(rec.fileContents).tags.filter((t) => t.where === 'body');
			expect(body.map((t) => [`#${t.tag}`.toLowerCase(), t.line])).toEqual(recorded.map((t) => [t.tag.toLowerCase(), t.position.start.line + 1]));
		});
	}
});
