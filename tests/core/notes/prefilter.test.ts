import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFlags } from '../../../src/core/brief/cache-format';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { frontmatterMayCount, noteFactsFromText, tagNeedle } from '../../../src/core/notes/note-facts';
import { flagBytes } from '../../../src/core/notes/prefilter';
import { resolveSettings, tagNameList, type Settings } from '../../../src/core/settings';

const settings = resolveSettings({});
/** Whether flagBytes proves the note flag-free (-1), as the scan asks it. */
function flagFreeTest(s: Settings): ((bytes: Uint8Array, path: string) => boolean) | null {
	const decided = flagBytes(s);
	return decided === null ? null : (bytes, path) => decided(bytes, path) < 0;
}
const test = flagFreeTest(settings);
const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'utf8');
/** What the scan does with the bytes it does not skip. */
const decoded = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('flag-free prefilter', () => {
	it('skips a note that mentions no tag name, outside the inbox and rules folders', () => {
		expect(test?.(bytesOf('# Plain\n\nNothing here. Grüße 🎉'), 'Notes/a.md')).toBe(true);
	});
	it('keeps notes with a name after # anywhere, or anywhere in the frontmatter, in any case', () => {
		for (const text of ['#needs-review', '---\ntags: [REVIEW]\n---\n', '\uFEFF---\r\ntags: review\r\n---\r\n', '\uFEFF\uFEFF---\ntags: review\n---', '---\n---\n#review', '`#review` only in code', 'x #Review-Done', '---\ntitle: a review\n---\nbody']) {
			expect(test?.(bytesOf(text), 'Notes/a.md'), text).toBe(false);
		}
	});
	it('skips a note that names a tag only in prose outside its frontmatter (a review-dense vault)', () => {
		for (const text of ['a Review of things', '---\ntitle: x\n---\nneeds review, pending-review soon', '---\ntags: [x]\nno closing fence, so review here is prose', '# review\n\n## Review']) {
			expect(test?.(bytesOf(text), 'Notes/a.md'), text).toBe(true);
		}
	});
	it('never skips the inbox or the rules folder, where type and status count', () => {
		expect(test?.(bytesOf('---\ntype: meeting\n---\n'), 'Inbox/a.md')).toBe(false);
		expect(test?.(bytesOf('---\nstatus: draft\n---\n'), `${settings.rulesFolder}/a.md`)).toBe(false);
	});
	it('keeps a note with a backslash, where a YAML escape could spell a name', () => {
		expect(test?.(bytesOf('---\ntags: ["needs\\x2Dreview"]\n---\n'), 'Notes/a.md')).toBe(false);
	});
	it('is not offered for non-ASCII names or names with k (the Kelvin sign lower-cases to k)', () => {
		expect(flagFreeTest(resolveSettings({ tags: { review: 'prüfen' } }))).toBeNull();
		expect(flagFreeTest(resolveSettings({ tags: { review: 'check' } }))).toBeNull();
	});
	it('finds names of other spellings: an upper-case first letter, a first byte that is no letter', () => {
		const custom = flagFreeTest(resolveSettings({ tags: { needsReview: 'To-Do', review: '2nd-pass', reviewDone: 'seen', pendingReview: '_wait' } }));
		for (const text of ['#to-do', '#TO-DO', '#2nd-pass', 'x #_WAIT', '---\ntags: [Seen]\n---\n']) expect(custom?.(bytesOf(text), 'Notes/a.md'), text).toBe(false);
		for (const text of ['#todo', 'to-do', '#2nd', '#wait', '---\ntags: [see]\n---\n']) expect(custom?.(bytesOf(text), 'Notes/a.md'), text).toBe(true);
	});
	it('never skips a note that carries a flag (property)', () => {
		const piece = fc.constantFrom('#needs-review', '#Review', 'REVIEW-DONE', '#pending-review', 'tags: [review]', 'tags:', ' review', '- review', 'plain', 'Grüße', '```', '\n', '\r\n', ' ', '---', '---\n', '\n---\n', 'status: pending-review', '#revie', 'w', '#', '\u212A', '\\', '"');
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 3 }), fc.array(piece, { maxLength: 20 }), fc.constantFrom('Notes/a.md', 'a.md', 'Inbox/x.md'), (boms, parts, path) => {
				const bytes = bytesOf('\uFEFF'.repeat(boms) + parts.join(''));
				if (test?.(bytes, path) === true) {
					expect(flagsOf(noteFactsFromText(decoded(bytes)), lowerTagNames(settings.tags))).toEqual(emptyFlags());
				}
			}),
			{ numRuns: 5000, seed: 99 },
		);
	});
});

describe('the part of a note that decides its flags (flagBytes)', () => {
	const decide = flagBytes(settings);
	const tags = lowerTagNames(settings.tags);
	const names = tagNameList(tags);
	const mayCount = frontmatterMayCount(names) ?? undefined;
	/** What the scan derives from text: with its tag needle and frontmatter shortcut, as readNote asks. */
	const flagsOfText = (text: string) => flagsOf(noteFactsFromText(text, { needle: tagNeedle(names), mayCount }), tags);

	it('cuts after the first blank line below the last #name, and never inside the frontmatter', () => {
		const text = 'a #review\nb\n \t\nc #draft\n';
		expect(decide?.(bytesOf(text), 'Notes/a.md')).toBe('a #review\nb\n \t\n'.length);
		expect(decide?.(bytesOf('---\ntags: [x]\n---\nbody #review'), 'Notes/a.md')).toBe('---\ntags: [x]\n---\nbody #review'.length);
		// A note kept for its frontmatter alone: no body at all.
		expect(decide?.(bytesOf('---\ntags: review\n---\nlong body\n'), 'Notes/a.md')).toBe('---\ntags: review\n---\n'.length);
		expect(decide?.(bytesOf('---\ntitle: #review\n---\nbody\n'), 'Notes/a.md')).toBe('---\ntitle: #review\n---\n'.length);
		expect(decide?.(bytesOf('---\ntype: daily\n---\nbody\n'), `${settings.inboxFolder}/a.md`)).toBe('---\ntype: daily\n---\n'.length);
		expect(decide?.(bytesOf('no frontmatter, nothing\n'), `${settings.inboxFolder}/a.md`)).toBe(0);
		expect(decide?.(bytesOf('nothing here'), 'Notes/a.md')).toBe(-1);
	});

	it('keeps a $$ block that closes below the last #name whole, up to its blank line', () => {
		const text = '$$\nx #review\ny$$\nz\n\nafter\n';
		const cut = decide?.(bytesOf(text), 'Notes/a.md') ?? -1;
		expect(cut).toBe('$$\nx #review\ny$$\nz\n\n'.length);
		expect(flagsOfText(text.slice(0, cut))).toEqual(flagsOfText(text));
		expect(flagsOfText(text).review).toEqual([]);
	});

	it('gives the flags of the whole note from the part alone (property, with code, comments, math and look-alikes)', () => {
		const piece = fc.constantFrom(
			'#needs-review', '#Review', '#review-done', '#pending-review', '#reviewer', 'abc#review', '#', ' ', 'plain', 'Grüße', '\n', '\r\n', '\n\n', '\n \t\n', '\n\r\n',
			'---\n', '\n---\n', 'tags: [review]', 'tags: review', 'status: pending-review', 'type: daily', '```', '~~~', '\n```\n', '<!--', '-->', '<div>', '</div>', '<pre>', '</pre>',
			'$$', '\n$$\n', '$x$', '`', '\u00a0', '\\', '"', 'review', '%%',
		);
		const paths = ['Notes/a.md', `${settings.inboxFolder}/x.md`, `${settings.rulesFolder}/r.md`];
		let shorter = 0;
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 2 }), fc.array(piece, { maxLength: 30 }), fc.constantFrom(...paths), fc.boolean(), (boms, parts, path, invalid) => {
				const text = '\uFEFF'.repeat(boms) + parts.join('');
				const bytes = invalid ? Buffer.concat([bytesOf(text), Buffer.from([0xff, 0xc3]), bytesOf(parts.slice(0, 3).join(''))]) : bytesOf(text);
				const whole = flagsOfText(decoded(bytes));
				const cut = decide?.(bytes, path) ?? -1;
				if (cut < 0) {
					expect(whole).toEqual(emptyFlags());
					return;
				}
				expect(cut).toBeLessThanOrEqual(bytes.length);
				if (cut < bytes.length) shorter++;
				expect(flagsOfText(decoded(bytes.subarray(0, cut)))).toEqual(whole);
			}),
			{ numRuns: 20_000, seed: 7 },
		);
		expect(shorter).toBeGreaterThan(2_000);
	});
});
