/**
 * Readings settled by public readbacks of real Obsidian's metadata cache rather than by the
 * recordings (docs/obsidian-readings.md, where each source is named).
 */
import { describe, expect, it } from 'vitest';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { brokenLinksCheck } from '../../../src/core/rules/checks/broken-links';
import { frontmatterCheck } from '../../../src/core/rules/checks/frontmatter-check';
import { extractLinks } from '../../../src/core/rules/links';
import { ruleFile } from '../../../src/core/rules/rule-file';
import { findingsOf } from '../rules/memory-vault';

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

/**
 * A published readback: a note, the other files of its vault, and what Obsidian's metadata cache
 * held for it: the link paths (`links`, `embeds`, `frontmatterLinks`, without `#heading`) and
 * which of them `unresolvedLinks` listed.
 */
interface Readback {
	note: string;
	files: Record<string, string>;
	links: string[];
	unresolved: string[];
}

const NOTE = 'AI/Regelwerk/readback.md';
const linkpathsOf = (r: Readback): string[] => extractLinks(ruleFile(NOTE, r.note)).map((l) => l.linkpath);
const brokenOf = (r: Readback): string[] => findingsOf(brokenLinksCheck, { ...r.files, [NOTE]: r.note }).map((f) => /points to "(.*)", which/.exec(f.message)?.[1] ?? f.message);

function agreesWith(r: Readback): void {
	expect(linkpathsOf(r)).toEqual(r.links);
	expect(brokenOf(r)).toEqual(r.unresolved);
}

describe('nested brackets: only the innermost [[…]] is a link', () => {
	// Obsidian 1.13.7: `[[Nested [[Inner]] x]]` yields exactly the link `Inner`
	// (pvliesdonk/markdown-vault-mcp, docs/design/reference/obsidian-markdown.md, "Wikilink shape").
	it('the published note: one link, Inner, resolved when Inner.md exists', () => {
		agreesWith({ note: 'See [[Nested [[Inner]] x]].\n', files: { 'Inner.md': '' }, links: ['Inner'], unresolved: [] });
	});

	it('[[A [[B]] c]]: the link is B, broken only when B is missing', () => {
		agreesWith({ note: '# R\n[[A [[B]] c]]\n', files: { 'B.md': '' }, links: ['B'], unresolved: [] });
		agreesWith({ note: '# R\n![[A [[B|alias]] c]] and [[C]]\n', files: { 'C.md': '' }, links: ['B', 'C'], unresolved: ['B'] });
	});
});

describe('a lone ] does not end a wikilink, only ]] does', () => {
	// Obsidian 1.13.7: `[[Sq]uare]]` is recorded as a link to `Sq]uare` (same page, "Wikilink shape").
	it('[[Sq]uare]] is a link to "Sq]uare", broken when no such note exists', () => {
		agreesWith({ note: 'See [[Sq]uare]].\n', files: { 'Sq]uare.md': '' }, links: ['Sq]uare'], unresolved: [] });
		agreesWith({ note: 'See [[Sq]uare]] and [[a]] b]].\n', files: { 'a.md': '' }, links: ['Sq]uare', 'a'], unresolved: ['Sq]uare'] });
	});
});

describe('a literal # in a markdown link cuts the target there', () => {
	// Obsidian 1.13.7 writes `[…](Sub/We!rd%20(name)%20[x]%20#1.md)` for `Sub/We!rd (name) [x] #1.md`
	// and then lists it as unresolved, cut at the `#` (same page, "Markdown links Obsidian writes").
	const files = { 'Sub/Odd name #1.md': '' };

	it('[t](Sub/Odd%20name%20#1.md) is a link to "Sub/Odd name", unresolved though the file exists', () => {
		agreesWith({ note: 'See [t](Sub/Odd%20name%20#1.md).\n', files, links: ['Sub/Odd name'], unresolved: ['Sub/Odd name'] });
		agreesWith({ note: 'See [t](<Sub/Odd name #1.md>).\n', files, links: ['Sub/Odd name'], unresolved: ['Sub/Odd name'] });
	});

	it('an encoded %23 is kept as written (no readback shows how Obsidian reads it), so it is broken too', () => {
		expect(linkpathsOf({ note: '[t](Sub/Odd%20name%20%231.md)\n', files, links: [], unresolved: [] })).toEqual(['Sub/Odd name %231.md']);
		expect(brokenOf({ note: '[t](Sub/Odd%20name%20%231.md)\n', files, links: [], unresolved: [] })).toEqual(['Sub/Odd name %231.md']);
	});
});

describe('a property link must be quoted: unquoted [[Note]] is a YAML list, not a link', () => {
	// Obsidian's Properties help (https://obsidian.md/help/properties): links in properties must be
	// in quotes; no recording holds an unquoted one (docs/obsidian-readings.md).
	it('unquoted, in a text property or a list item: no link, so nothing to report', () => {
		agreesWith({ note: '---\nrelated: [[Missing note]]\n---\nBody.\n', files: {}, links: [], unresolved: [] });
		agreesWith({ note: '---\nrelated: [[Missing note|alias]]\nmore:\n  - [[Missing note]]\n---\nBody.\n', files: {}, links: [], unresolved: [] });
	});

	it('quoted, alone or in a list: a link, broken when the note is missing, on its own line', () => {
		const note = '---\nrelated: "[[Missing note]]"\nmore:\n  - [[Not a link]]\n  - \'[[Also missing]]\'\nflow: ["[[Third]]", [[Fourth]]]\n---\nBody.\n';
		agreesWith({ note, files: { 'Third.md': '' }, links: ['Missing note', 'Also missing', 'Third'], unresolved: ['Missing note', 'Also missing'] });
		expect(findingsOf(brokenLinksCheck, { [NOTE]: note }).map((f) => f.line)).toEqual([2, 5, 6]);
	});

	it('YAML that fails to parse keeps the tolerant reading: its wikilinks count', () => {
		const note = '---\ntitle: x\ntags:a\nrelated: [[Missing note]]\n---\nBody.\n';
		agreesWith({ note, files: {}, links: ['Missing note'], unresolved: ['Missing note'] });
	});
});
