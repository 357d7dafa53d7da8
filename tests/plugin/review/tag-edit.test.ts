import { describe, expect, it } from 'vitest';
import { addFrontmatterTag, removeFrontmatterTag, removeInlineTag } from '../../../src/core/review/tag-edit';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';

describe('removeInlineTag', () => {
	it('removes the tag and one neighbouring space, case-insensitively', () => {
		expect(removeInlineTag('Text #Needs-Review here\n', 'needs-review')).toEqual({ text: 'Text here\n', removed: 1 });
		expect(removeInlineTag('#needs-review first\n', 'needs-review').text).toBe('first\n');
		expect(removeInlineTag('- [ ] task #needs-review\n', 'needs-review').text).toBe('- [ ] task\n');
	});

	it('leaves code blocks, inline code, comments, longer and nested tags alone', () => {
		const text = '```\n#needs-review\n```\n`#needs-review` <!-- #needs-review --> #needs-reviewer #needs-review/x\n~~~\n#needs-review\n';
		expect(removeInlineTag(text, 'needs-review')).toEqual({ text, removed: 0 });
	});

	it('never touches frontmatter text and keeps CRLF and a BOM', () => {
		const text = '\ufeff---\r\ntitle: "#needs-review"\r\n---\r\nA #needs-review\r\nB\r\n';
		expect(removeInlineTag(text, 'needs-review').text).toBe('\ufeff---\r\ntitle: "#needs-review"\r\n---\r\nA\r\nB\r\n');
	});

	it('drops a line that held only the tag', () => {
		expect(removeInlineTag('a\n#needs-review\nb\n', 'needs-review').text).toBe('a\nb\n');
		expect(removeInlineTag('a\n#needs-review', 'needs-review').text).toBe('a');
	});

	it('leaves a note the scan no longer flags', () => {
		const text = 'x #needs-review y #needs-review\n\\[#needs-review and %% #needs-review %%\n';
		const out = removeInlineTag(text, 'needs-review').text;
		expect(noteFactsFromText(out).tags.filter((t) => t.tag === 'needs-review')).toEqual([]);
	});
});

describe('frontmatter tag edits', () => {
	it('removes from lists and scalars under any case of the key', () => {
		const fm: Record<string, unknown> = { tags: ['a', '#Needs-Review'], TAGS: 'needs-review' };
		expect(removeFrontmatterTag(fm, 'needs-review')).toBe(true);
		expect(fm).toEqual({ tags: ['a'], TAGS: [] });
		expect(removeFrontmatterTag({ tags: ['needs-review/x'] }, 'needs-review')).toBe(false);
	});

	it('adds to the tags list, creating it, unless present', () => {
		const empty: Record<string, unknown> = {};
		expect(addFrontmatterTag(empty, 'review-done')).toBe(true);
		expect(empty).toEqual({ tags: ['review-done'] });
		const scalar: Record<string, unknown> = { tags: 'review' };
		addFrontmatterTag(scalar, 'review-done');
		expect(scalar).toEqual({ tags: ['review', 'review-done'] });
		const has: Record<string, unknown> = { Tags: ['Review-Done'] };
		expect(addFrontmatterTag(has, 'review-done')).toBe(false);
		const nul: Record<string, unknown> = { tags: null };
		addFrontmatterTag(nul, 'review-done');
		expect(nul).toEqual({ tags: ['review-done'] });
	});
});
