/**
 * Readings settled by public readbacks of real Obsidian's metadata cache rather than by the
 * recordings (docs/obsidian-readings.md, where each source is named).
 */
import { describe, expect, it } from 'vitest';
import { noteFactsFromText } from '../../src/core/note-facts';
import { brokenLinksCheck } from '../../src/core/rules/broken-links';
import { frontmatterCheck } from '../../src/core/rules/frontmatter-check';
import { findingsOf } from './rules/memory-vault';

const tagsOf = (text: string): string[] => noteFactsFromText(text).tags.map((t) => t.tag);

describe('frontmatter that is valid YAML but no set of properties: Obsidian keeps none of it', () => {
	// Readback: `getFileCache(file).frontmatter` is undefined for `tags:someValue`, a top-level
	// sequence and a bare scalar (chhoumann/MetaEdit issue 85, 2026-06-27).
	const blocks = {
		'tags:value without the space (one plain text)': '---\ntags:needs-review\n---\nBody.\n',
		'a top-level list': '---\n- needs-review\n---\nBody.\n',
		'a bare text': '---\nneeds-review\n---\nBody.\n',
	};

	for (const [name, text] of Object.entries(blocks)) {
		it(`${name}: no tags`, () => {
			expect(tagsOf(text)).toEqual([]);
		});
	}

	it('a key with the space still counts, and a body tag still counts', () => {
		expect(tagsOf('---\ntags: needs-review\n---\nBody.\n')).toEqual(['needs-review']);
		expect(tagsOf('---\ntags:needs-review\n---\nBody #review\n')).toEqual(['review']);
	});

	it('no links from it either: the rule check reports the frontmatter, not a link in it', () => {
		const file = 'AI/Regelwerk/x.md';
		for (const yaml of ['related:[[Missing note]]', '- "[[Missing note]]"']) {
			const text = `---\n${yaml}\n---\nBody.\n`;
			expect(findingsOf(brokenLinksCheck, { [file]: text })).toEqual([]);
			expect(findingsOf(frontmatterCheck, { [file]: text }).map((f) => f.message)).toEqual([expect.stringContaining('not a set of "key: value" properties')]);
		}
		// In properties, the same link is one Obsidian indexes, and it is broken.
		expect(findingsOf(brokenLinksCheck, { [file]: '---\nrelated: "[[Missing note]]"\n---\nBody.\n' }).map((f) => f.line)).toEqual([2]);
	});

	it('YAML that fails to parse keeps the tolerant reading (no readback says what Obsidian keeps)', () => {
		expect(tagsOf('---\ntitle: x\ntags:needs-review\n---\n')).toEqual(['needs-review']);
		expect(tagsOf('---\ntags: [needs-review\n---\n')).toEqual(['needs-review']);
	});
});
