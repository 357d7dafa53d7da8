/**
 * The scan's three ways around the YAML parser must answer exactly as the parser would:
 * flow lists with quoted items read by the line reader, an unclosed flow list proven broken
 * without the parser, and frontmatter whose text holds nothing that could count left unparsed.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFrontmatterFields } from '../../../src/core/notes/frontmatter';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { frontmatterMayCount, noteFactsFromText, tagNeedle } from '../../../src/core/notes/note-facts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { LONG, pick, prng } from '../../helpers/random';
import { viaParser } from '../../helpers/yaml-reference';

const ITEMS = ['"#review"', "'review'", '"Review-Done"', 'draft', 'Über', 'ok/x', 'a.b', 'two words', '"a, b"', "'it''s'", '"esc\\"q"', '""', "''", 'true', 'True', 'null', '~', '42', '0x1F', '.inf', 'a:b', 'a: b', '#x', '"[x]"', '\u00a0"x"', '"x"\u00a0', "'\"'", '"daily"', 'daily', 'pending-review', "'PENDING-REVIEW'", '"tas\u212A"', '{k: v}', '[j]', ''];
const OTHER_LINES = ['title: Re: Meeting: notes', 'note: "unterminated', 'note: "closes ] later"', "s: 'it''s'", 'bad:\n\t- tab indent', 'key: [a, b', 'cssclasses: [wide]', 'aliases:\n  - x', 'created: 2026-01-01', 'nested:\n  child: 1', 'text: "multi\n  line"', 'daily: review', '# review', 'x: |\n  [', '...'];
const KEYS = ['tags', 'TAGS', 'type', 'status', '"tags"'];

function flow(rand: () => number): string {
	const n = 1 + Math.floor(rand() * 4);
	const items = Array.from({ length: n }, () => pick(rand, ITEMS));
	// At least one quoted item, so the list takes the quoted-items path rather than the plain one.
	if (!items.some((i) => i.includes('"') || i.includes("'"))) items.push(pick(rand, ['"review"', "'draft'"]));
	const body = `[${items.join(pick(rand, [', ', ',', ' , ']))}`;
	const end = rand();
	if (end < 0.6) return `${body}]`;
	if (end < 0.7) return `${body}] x`;
	if (end < 0.8) return `${body}] # c "q"`;
	if (end < 0.9) return body;
	return `${body},\n  more]`;
}

function doc(rand: () => number): string {
	const lines: string[] = [];
	const n = 1 + Math.floor(rand() * 4);
	for (let i = 0; i < n; i++) {
		const r = rand();
		if (r < 0.45) lines.push(`${pick(rand, KEYS)}: ${flow(rand)}`);
		else if (r < 0.52) lines.push(`${pick(rand, KEYS)}: ${pick(rand, ['[draft,\n  more]', '[draft\n  , "x"]', "[draft,\n  'x']", '[draft', '[a, b # ]'])}`);
		else if (r < 0.6) lines.push(`${pick(rand, KEYS)}: ${pick(rand, ['"review"', "'Daily'", 'daily', 'draft', '"tas\u212A"', '"x\\u0072eview"'])}`);
		else lines.push(pick(rand, OTHER_LINES));
	}
	return lines.join('\n');
}

const cases = LONG ? 20_000 : 4_000;

describe('frontmatter shortcuts agree with the YAML parser', () => {
	it(`on ${cases} generated documents: valid YAML read as the parser reads it, never called broken`, () => {
		let quoted = 0;
		let broken = 0;
		for (let seed = 1; seed <= cases; seed++) {
			const yaml = doc(prng(seed));
			const expected = viaParser(yaml);
			const got = readFrontmatterFields(yaml);
			if (expected !== null) {
				// Valid YAML: never called broken, and read as the parser reads it.
				expect({ parse: got.parse, tags: got.tags, type: got.type, status: got.status }, `seed ${seed}:\n${yaml}`).toEqual({ parse: 'ok', ...expected });
				if (/: \[.*["']/.test(yaml)) quoted++;
			} else if (got.parse === 'broken') broken++;
			// (Invalid YAML the line reader reads as `ok` — an unterminated quote in another key's
			// value — is the older fast path's, whose own test covers it.)
		}
		expect(quoted).toBeGreaterThan(cases / 10);
		expect(broken).toBeGreaterThan(cases / 10);
	});

	it('leaves frontmatter unparsed only when no value in it could count', () => {
		const tags = lowerTagNames(DEFAULT_SETTINGS.tags);
		const names = [tags.needsReview, tags.review, tags.reviewDone, tags.pendingReview];
		const mayCount = frontmatterMayCount(names);
		expect(mayCount).not.toBeNull();
		const needle = tagNeedle(names);
		let unread = 0;
		for (let seed = 1; seed <= cases; seed++) {
			const rand = prng(seed);
			const text = `---\n${doc(rand)}\n---\nbody ${pick(rand, ['#review', '#needs-review', 'plain', '#draft'])}\n`;
			const fast = noteFactsFromText(text, { needle, mayCount: mayCount ?? undefined });
			const full = noteFactsFromText(text, { needle });
			expect(flagsOf(fast, tags), `seed ${seed}:\n${text}`).toEqual(flagsOf(full, tags));
			if (fast.frontmatter === 'unread') unread++;
		}
		expect(unread).toBeGreaterThan(cases / 20);
	});

	it('counts a Kelvin sign that lower-cases to a name with k', () => {
		const names = ['task', 'review', 'review-done', 'pending-review'];
		const mayCount = frontmatterMayCount(names);
		expect(mayCount?.('note: "unterminated\ntags: ["tas\u212A"]')).toBe(true);
		const text = '---\ntitle: Re: Meeting: notes\ntags: tas\u212A\n---\n';
		const tags = { needsReview: 'task', review: 'review', reviewDone: 'review-done', pendingReview: 'pending-review' };
		expect(flagsOf(noteFactsFromText(text, { mayCount: mayCount ?? undefined }), tags)).toEqual(flagsOf(noteFactsFromText(text), tags));
	});

	it('finds the words without lower-casing the text: as lower-casing would, but for İ (whose i no value can count by) and a Kelvin sign (always true)', () => {
		// A name ending in i, where lower-casing İ's `i` can complete it: `wikİ` lower-cases to `wiki` and a dot.
		const tags = { ...lowerTagNames(DEFAULT_SETTINGS.tags), needsReview: 'wiki' };
		const names = [tags.needsReview, tags.review, tags.reviewDone, tags.pendingReview];
		const may = frontmatterMayCount(names)!;
		const lowered = (yaml: string): boolean => yaml.includes('\\') || [...names, 'daily'].some((w) => yaml.toLowerCase().includes(w));
		const rand = prng(31);
		const pieces = ['re', 'RE', 'view', 'VIEW', 'vİew', 'İ', 'i', 'I', 'ı', 'ſ', 's', 'dai', 'DAI', 'ly', 'wik', 'WIK', 'pending-', '-done', '\u212A', 'k', ' ', '\n', ':', 'x', '"', '#', 'Ü'];
		let differ = 0;
		for (let i = 0; i < 20_000; i++) {
			const n = Math.floor(rand() * 8);
			let text = '';
			for (let j = 0; j < n; j++) text += pick(rand, pieces);
			if (text.includes('\u212A')) expect(may(text)).toBe(true);
			else if (!text.includes('İ')) expect(may(text), JSON.stringify(text)).toBe(lowered(text));
			else if (may(text) !== lowered(text)) {
				differ++;
				// Only lower-casing's extra `i` differs: no value of that text counts, as a tag, type or status.
				const doc = `tags: [${JSON.stringify(text)}]\ntype: ${JSON.stringify(text)}\nstatus: ${JSON.stringify(text)}`;
				expect(flagsOf(noteFactsFromText(`---\n${doc}\n---\n`), tags)).toEqual(flagsOf(noteFactsFromText('---\n---\n'), tags));
			}
		}
		expect(differ).toBeGreaterThan(0);
	});

	it('is offered only for names a number, an escape or case-folding cannot spell', () => {
		expect(frontmatterMayCount(['needs-review', 'review', 'review-done', 'pending-review'])).not.toBeNull();
		expect(frontmatterMayCount(['review2', 'review', 'a', 'b'])).toBeNull();
		expect(frontmatterMayCount(['prüfen', 'review', 'a', 'b'])).toBeNull();
		expect(frontmatterMayCount(['infinity', 'review', 'a', 'b'])).toBeNull();
		expect(frontmatterMayCount(['-Infinity', 'review', 'a', 'b'])).toBeNull();
		const may = frontmatterMayCount(['needs-review', 'review', 'review-done', 'pending-review'])!;
		expect(may('title: Re: Meeting: notes')).toBe(false);
		expect(may('title: A REVIEW: notes')).toBe(true);
		expect(may('type: Daily: x')).toBe(true);
		expect(may('t: "\\x72"')).toBe(true);
	});

	it('reads the common shapes without the parser and without asking mayCount', () => {
		const ask = vi.fn(() => true);
		expect(readFrontmatterFields('created: x\ntags: ["#review-done", draft]', ask)).toEqual({ tags: ['#review-done', 'draft'], type: [], status: [], parse: 'ok', tagsLine: 1 });
		expect(readFrontmatterFields("tags: [draft, 'review', \"REVIEW-DONE\"]", ask).tags).toEqual(['draft', 'review', 'REVIEW-DONE']);
		// Unclosed to the end: broken, read tolerantly, as after the parser's error.
		expect(readFrontmatterFields('note: "unterminated\ntype: meeting\ntags: [review-done', ask)).toEqual({ tags: ['review-done'], type: ['meeting'], status: [], parse: 'broken', tagsLine: 2 });
		expect(ask).not.toHaveBeenCalled();
		// A quote after the `[` might close an earlier quoted scalar: not proven broken, the parser decides.
		expect(readFrontmatterFields('note: "a\ntags: [x"', ask).parse).toBe('broken');
		expect(ask).toHaveBeenCalledTimes(1);
		expect(readFrontmatterFields('x: &a draft\ntags: *a', () => false)).toEqual({ tags: [], type: [], status: [], parse: 'unread', tagsLine: -1 });
	});
});
