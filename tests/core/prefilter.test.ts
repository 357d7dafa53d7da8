import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFlags } from '../../src/core/cache-format';
import { flagsOf, lowerTagNames } from '../../src/core/flags';
import { noteFactsFromText } from '../../src/core/note-facts';
import { flagFreeTest } from '../../src/core/prefilter';
import { resolveSettings } from '../../src/core/settings';

const settings = resolveSettings({});
const test = flagFreeTest(settings);
const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

describe('flag-free prefilter', () => {
	it('skips a note that mentions no tag name, outside the inbox and rules folders', () => {
		expect(test?.(latin1('# Plain\n\nNothing here. Grüße 🎉'), 'Notes/a.md')).toBe(true);
	});
	it('keeps notes that mention a name anywhere, in any case', () => {
		for (const text of ['#needs-review', '---\ntags: [REVIEW]\n---\n', '`#review` only in code', 'a Review of things']) {
			expect(test?.(latin1(text), 'Notes/a.md')).toBe(false);
		}
	});
	it('never skips the inbox or the rules folder, where type and status count', () => {
		expect(test?.(latin1('---\ntype: meeting\n---\n'), 'Inbox/a.md')).toBe(false);
		expect(test?.(latin1('---\nstatus: draft\n---\n'), 'AI/Regelwerk/a.md')).toBe(false);
	});
	it('keeps a note with a backslash, where a YAML escape could spell a name', () => {
		expect(test?.(latin1('---\ntags: ["needs\\x2Dreview"]\n---\n'), 'Notes/a.md')).toBe(false);
	});
	it('is not offered for non-ASCII names or names with k (the Kelvin sign lower-cases to k)', () => {
		expect(flagFreeTest(resolveSettings({ tags: { review: 'prüfen' } }))).toBeNull();
		expect(flagFreeTest(resolveSettings({ tags: { review: 'check' } }))).toBeNull();
	});
	it('never skips a note that carries a flag (property)', () => {
		const piece = fc.constantFrom('#needs-review', '#Review', 'REVIEW-DONE', '#pending-review', 'tags: [review]', 'plain', 'Grüße', '```', '\n', ' ', '---', 'status: pending-review', '#revie', 'w', '\u212A');
		fc.assert(
			fc.property(fc.array(piece, { maxLength: 20 }), fc.constantFrom('Notes/a.md', 'a.md', 'Inbox/x.md'), (parts, path) => {
				const text = parts.join('');
				if (test?.(latin1(text), path) === true) {
					expect(flagsOf(noteFactsFromText(text), lowerTagNames(settings.tags))).toEqual(emptyFlags());
				}
			}),
			{ numRuns: 2000, seed: 99 },
		);
	});
});
