import { describe, expect, it } from 'vitest';
import { noteFactsFromText, splitLines, tagNeedle } from '../../../src/core/notes/note-facts';
import { pick, prng } from '../../helpers/random';

function tags(text: string): string[] {
	return noteFactsFromText(text).tags.map((t) => t.tag);
}

describe('inline tags: boundaries (attack class "boundary")', () => {
	it('finds a tag at line start and after whitespace', () => {
		expect(tags('#needs-review first\nsecond #review')).toEqual(['needs-review', 'review']);
	});
	it('does not take a tag glued to a word', () => {
		expect(tags('abc#needs-review and abc#review')).toEqual([]);
	});
	it('keeps longer and nested look-alikes as their own tags', () => {
		expect(tags('#needs-reviewer #needs-review/x #review-done-x')).toEqual(['needs-reviewer', 'needs-review/x', 'review-done-x']);
	});
	it('ends the body at punctuation', () => {
		expect(tags('see #review. and #needs-review, (#x) #tag!')).toEqual(['review', 'needs-review', 'tag']);
	});
	it('rejects digits-only bodies and accepts mixed ones', () => {
		expect(tags('#1984 #y1984 #2026-11')).toEqual(['y1984', '2026-11']);
	});
	it('accepts letters of any script and emoji', () => {
		expect(tags('#überprüfen #日本語 #🚀rocket')).toEqual(['überprüfen', '日本語', '🚀rocket']);
	});
	it('stops at Unicode punctuation such as a zero-width space', () => {
		expect(tags('#tag\u200Bafter')).toEqual(['tag']);
	});
	it('does not read a heading marker as a tag', () => {
		expect(tags('# Heading\n## Sub #real')).toEqual(['real']);
	});
	it('counts a tag after an escaped bracket, as Obsidian does', () => {
		expect(tags('\\[\\[#Escaped Links\\]\\]')).toEqual(['Escaped']);
	});
	it('counts a tag at the first and the last line (class "order")', () => {
		const facts = noteFactsFromText('#needs-review\nmiddle\n#review');
		expect(facts.tags.map((t) => [t.tag, t.line])).toEqual([
			['needs-review', 1],
			['review', 3],
		]);
	});
});

describe('inline tags: code and comments (class "code")', () => {
	it('ignores fenced code with backticks', () => {
		expect(tags('```\n#needs-review\n```\n#review')).toEqual(['review']);
	});
	it('ignores tilde fences and longer fences closed only by a long enough run', () => {
		expect(tags('~~~~\n#a\n~~~\n#b\n~~~~\n#c')).toEqual(['c']);
	});
	it('ignores an unclosed fence to the end of the note', () => {
		expect(tags('#a\n```js\n#b\n#c')).toEqual(['a']);
	});
	it('ignores inline code spans, also with double backticks', () => {
		expect(tags('mention `#needs-review` and ``a ` #b`` then #c')).toEqual(['c']);
	});
	it('reads an unmatched backtick as text', () => {
		expect(tags('a ` #review')).toEqual(['review']);
	});
	it('ignores HTML comments on one line and over several', () => {
		expect(tags('x <!-- #a --> #b\ny <!--\n#c\n--> #d')).toEqual(['b', 'd']);
	});
	it('ignores the whole line of a comment that starts a line (an HTML block), text after `-->` too', () => {
		expect(tags('<!-- #a --> #b\n\n<!--\n#c\n--> #d\n#e')).toEqual(['e']);
	});
	it('reads tags inside %% comments, as recorded from Obsidian', () => {
		expect(tags('%% #a %%\n%%\n#b\n%%')).toEqual(['a', 'b']);
	});
	it('ignores fences inside a blockquote', () => {
		expect(tags('> ```\n> #a\n> ```\n#b')).toEqual(['b']);
	});
	it('does not open a fence whose backtick info string contains a backtick', () => {
		expect(tags('``` a`b\n#x')).toEqual(['x']);
	});
});

describe('frontmatter', () => {
	it('reads a block list, a flow list and a single string', () => {
		expect(tags('---\ntags:\n  - a\n  - b\n---\n')).toEqual(['a', 'b']);
		expect(tags('---\ntags: [a, "b"]\n---\n')).toEqual(['a', 'b']);
		expect(tags('---\ntags: needs-review\n---\n')).toEqual(['needs-review']);
	});
	it('does not split a comma string (Obsidian >= 1.9)', () => {
		expect(tags('---\ntags: a, b\n---\n')).toEqual([]);
	});
	it('takes the key case-insensitively but ignores the old `tag` key', () => {
		expect(tags('---\nTAGS: [x]\n---\n')).toEqual(['x']);
		expect(tags('---\ntag: [x]\n---\n')).toEqual([]);
	});
	it('strips a leading # and quotes from values', () => {
		expect(tags('---\ntags: ["#a", \'b\']\n---\n')).toEqual(['a', 'b']);
	});
	it('treats `tags: #x` as a YAML comment, as Obsidian does', () => {
		expect(tags('---\ntags: #x\n---\n')).toEqual([]);
	});
	it('reads broken YAML tolerantly: a tag in an unclosed list counts', () => {
		const facts = noteFactsFromText('---\ntags: [needs-review, other\ntitle: x\n---\nbody');
		expect(facts.frontmatter).toBe('broken');
		expect(facts.tags.map((t) => t.tag)).toContain('needs-review');
	});
	it('has no frontmatter without a closing line, and then reads the rest as body', () => {
		const facts = noteFactsFromText('---\ntags: [needs-review]\n#review');
		expect(facts.frontmatter).toBe('unclosed');
		expect(facts.tags.map((t) => t.tag)).toEqual(['review']);
	});
	it('handles a tags value of the wrong type (a map) without throwing', () => {
		expect(tags('---\ntags:\n  a: b\n---\n')).toEqual([]);
	});
	it('reads type and status as lower-cased lists', () => {
		const facts = noteFactsFromText('---\ntype: [Daily, x]\nstatus: Pending-Review\n---\n');
		expect(facts.types).toEqual(['daily', 'x']);
		expect(facts.statuses).toEqual(['pending-review']);
	});
	it('reads JSON-style frontmatter through the YAML parser', () => {
		expect(tags('---\n{\n  "tags": "journal"\n}\n---\n')).toEqual(['journal']);
	});
	it('reads block scalars and anchors through the YAML parser', () => {
		expect(tags('---\nbase: &t needs-review\ntags:\n  - *t\n---\n')).toEqual(['needs-review']);
	});
	it('gives body tag lines in file lines after the frontmatter', () => {
		const facts = noteFactsFromText('---\na: 1\n---\n\n#x');
		expect(facts.tags[0]?.line).toBe(5);
	});
	it('points frontmatter hits at the tags line', () => {
		const facts = noteFactsFromText('---\ntitle: t\ntags: [x]\n---\n');
		expect(facts.tags[0]).toMatchObject({ where: 'frontmatter', line: 3 });
	});
});

describe('text that must never break a note (class "environment")', () => {
	it('handles CRLF line ends in frontmatter and body', () => {
		const facts = noteFactsFromText('---\r\ntags: [a]\r\ntype: daily\r\n---\r\nx #b\r\n```\r\n#c\r\n```\r\n');
		expect(facts.tags.map((t) => t.tag)).toEqual(['a', 'b']);
		expect(facts.types).toEqual(['daily']);
	});
	it('tolerates a BOM before the frontmatter', () => {
		expect(tags('\uFEFF---\ntags: [a]\n---\n')).toEqual(['a']);
	});
	it('tolerates replacement characters from invalid UTF-8', () => {
		expect(tags('\uFFFD\uFFFD #a \uFFFD')).toEqual(['a']);
	});
	it('returns nothing for an empty note (class "empty")', () => {
		expect(noteFactsFromText('')).toEqual({ tags: [], types: [], statuses: [], frontmatter: 'none' });
	});
	it('skips the body search when no needle occurs, and still finds needles', () => {
		const needle = tagNeedle(['review', 'größe']);
		expect(noteFactsFromText('#other review', { needle }).tags).toEqual([]);
		expect(noteFactsFromText('#Review', { needle }).tags.map((t) => t.tag)).toEqual(['Review']);
		expect(noteFactsFromText('x #GRÖSSE #Größe', { needle }).tags.map((t) => t.tag)).toEqual(['GRÖSSE', 'Größe']);
	});
});

describe('splitLines', () => {
	it('splits as the pattern /\\r?\\n/ does, on random texts of line ends and carriage returns', () => {
		const rand = prng(5);
		for (let i = 0; i < 5_000; i++) {
			let text = '';
			const n = Math.floor(rand() * 12);
			for (let j = 0; j < n; j++) text += pick(rand, ['a', '\r', '\n', '\r\n', '\r\r\n', ' ', 'é']);
			expect(splitLines(text), JSON.stringify(text)).toEqual(text.split(/\r?\n/));
		}
	});
});
