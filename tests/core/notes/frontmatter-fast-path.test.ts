/**
 * The line reader is a fast path for the YAML parser: on every frontmatter it accepts, it must
 * read `tags`, `type` and `status` exactly as the `yaml` package does. Seeded generated documents
 * mix every shape the reader handles with shapes it must hand over.
 */
import { describe, expect, it } from 'vitest';
import { readFrontmatterFields } from '../../../src/core/notes/frontmatter';
import { LONG, pick, prng } from '../../helpers/random';
import { viaParser } from '../../helpers/yaml-reference';

const KEYS = ['tags', 'TAGS', 'Tags', 'type', 'status', 'title', 'aliases', 'tag', '"tags"'];
const SCALARS = ['needs-review', 'review', '"review-done"', "'pending-review'", '#x', 'a, b', 'null', '~', '42', 'true', 'x # comment', '"a # b"', "'it''s'", '"esc\\"q"', '&anc val', '*anc', '|', '>-', '{a: 1}', 'v: w', ''];
const ITEMS = ['- a', '- "b"', "- 'c'", '-', '- null', '- x # c', '  - nested', '- [1, 2]', '- k: v', '- &a1 v', '- "q,w"'];

function flowList(rand: () => number): string {
	const n = Math.floor(rand() * 4);
	const parts = Array.from({ length: n }, () => pick(rand, ['a', 'b c', '"d"', "'e'", 'f#g', '"h, i"', '[j]', '{k: l}', '']));
	return `[${parts.join(pick(rand, [', ', ',', ' , ']))}]`;
}

function doc(rand: () => number): string {
	const lines: string[] = [];
	const n = 1 + Math.floor(rand() * 5);
	for (let i = 0; i < n; i++) {
		const key = pick(rand, KEYS);
		const shape = rand();
		if (shape < 0.35) lines.push(`${key}: ${pick(rand, SCALARS)}`);
		else if (shape < 0.6) lines.push(`${key}: ${flowList(rand)}`);
		else {
			lines.push(`${key}:`);
			const items = Math.floor(rand() * 4);
			const indent = pick(rand, ['', '  ', '    ']);
			for (let j = 0; j < items; j++) lines.push(indent + pick(rand, ITEMS));
		}
		if (rand() < 0.15) lines.push(pick(rand, ['# comment', '', '  ', 'nested:', '  child: 1', '  continued', '  - item', '\tx']));
	}
	return lines.join('\n');
}

describe('frontmatter fast path agrees with the YAML parser', () => {
	const cases = LONG ? 20_000 : 3_000;
	it(`on ${cases} generated documents`, () => {
		let compared = 0;
		for (let seed = 1; seed <= cases; seed++) {
			const yaml = doc(prng(seed));
			const expected = viaParser(yaml);
			if (expected === null) continue;
			const got = readFrontmatterFields(yaml);
			expect({ tags: got.tags, type: got.type, status: got.status }, `seed ${seed}:\n${yaml}`).toEqual(expected);
			compared++;
		}
		expect(compared).toBeGreaterThan(cases / 4);
	});
});
