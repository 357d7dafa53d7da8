/**
 * The table of tag rules (tag-rules-table.ts) through every path that reads tags: the core's text
 * path (the bridge's scan), the plugin's path through the stand-in for Obsidian's metadata cache,
 * and the built bridge as a child process. Plus the same masking for the rule check's links.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteFactsFromText, type NoteFacts } from '../../../src/core/notes/note-facts';
import { needsTextFallback, noteFactsFromMetadata } from '../../../src/core/notes/metadata-facts';
import { extractLinks } from '../../../src/core/rules/links';
import { parseNote } from '../../../stand-in/markdown';
import { makeVault, run, hookScript } from '../../helpers/bridge';
import { CHOICE, commonmark, MATH_DELIMS, READBACK, TAG_CASES } from './tag-rules-table';

function bodyTags(facts: NoteFacts): Array<[string, number]> {
	return facts.tags.filter((t) => t.where === 'body').map((t) => [t.tag, t.line]);
}

function viaStandIn(note: string): NoteFacts {
	const meta = parseNote(note);
	expect(needsTextFallback(meta)).toBe(false);
	const lines = note.split(/\r?\n/);
	return noteFactsFromMetadata(meta, (l) => lines[l] ?? '');
}

describe('tag rules table', () => {
	it('has at least 60 cases, each with evidence and a unique name', () => {
		expect(TAG_CASES.length).toBeGreaterThanOrEqual(60);
		expect(new Set(TAG_CASES.map((c) => c.name)).size).toBe(TAG_CASES.length);
		for (const c of TAG_CASES) expect(c.evidence.length, c.name).toBeGreaterThan(0);
	});

	describe('core text path', () => {
		for (const c of TAG_CASES) {
			it(`${c.name} (${c.evidence})`, () => {
				expect(bodyTags(noteFactsFromText(c.note)).map(([t]) => t)).toEqual(c.tags);
			});
		}
	});

	describe('plugin path through the stand-in', () => {
		for (const c of TAG_CASES) {
			it(`${c.name} (${c.evidence})`, () => {
				const viaPlugin = bodyTags(viaStandIn(c.note));
				expect(viaPlugin.map(([t]) => t)).toEqual(c.tags);
				// Same lines as the text path, so the review report points at the same place.
				expect(viaPlugin).toEqual(bodyTags(noteFactsFromText(c.note)));
			});
		}
	});

	describe('built bridge as a child process', () => {
		let vault = '';
		let flagged = new Map<string, number[]>();
		const file = (i: number): string => `cases/case-${String(i).padStart(3, '0')}.md`;

		beforeAll(() => {
			const files: Record<string, string> = { '.obsidian/plugins/session-brief/data.json': '{"tags":{"needsReview":"x"}}' };
			TAG_CASES.forEach((c, i) => (files[file(i)] = c.note));
			vault = makeVault(files);
			const r = run(hookScript(vault), ['report', '--json', '--review', '--source', 'scan']);
			expect(r.status, r.stderr).toBe(0);
			const out = JSON.parse(String(r.stdout)) as { items: { needsReview: { entries: Array<{ path: string; hits: Array<{ line: number }> }> } } };
			flagged = new Map(out.items.needsReview.entries.map((e) => [e.path, e.hits.map((h) => h.line)]));
		});
		afterAll(() => {
			if (vault !== '') fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 });
		});

		TAG_CASES.forEach((c, i) => {
			it(`${c.name} (${c.evidence})`, () => {
				const expectedLines = bodyTags(noteFactsFromText(c.note)).filter(([t]) => t === 'x').map(([, l]) => l);
				expect(c.tags.includes('x')).toBe(expectedLines.length > 0);
				expect(flagged.get(path.posix.normalize(file(i))) ?? []).toEqual(expectedLines);
			});
		});
	});
});

interface LinkCase {
	name: string;
	note: string;
	links: string[];
	evidence: string;
}

const LINK_CASES: LinkCase[] = [
	{ name: 'wikilink in inline math', note: 'a $b [[hidden]] c$ [[shown]]', links: ['shown'], evidence: MATH_DELIMS },
	{ name: 'wikilink in a $$ block', note: '$$\n[[hidden]]\n$$\n[[shown]]', links: ['shown'], evidence: READBACK },
	{ name: 'wikilink in a div block', note: '<div>\n[[hidden]]\n</div>\n\n[[shown]]', links: ['shown'], evidence: commonmark('§4.6 type 6') },
	{ name: 'markdown link after a pre block closed by a fence-like line', note: '<pre><code>\n[a](hidden.md)\n```</code></pre>\n[b](shown.md)\n[[also-shown]]', links: ['shown.md', 'also-shown'], evidence: commonmark('§4.6 type 1') },
	{ name: 'wikilink inside an inline span', note: 'see <span>[[shown]]</span>', links: ['shown'], evidence: CHOICE },
	{ name: 'angle-bracket destination is not inline HTML', note: '![a](<x y.png>) and [b](<z w.md>)', links: ['x y.png', 'z w.md'], evidence: commonmark('§6.3 link destination') },
	{ name: 'dollar signs in a destination open no math', note: '[a]($x$.md) [[shown]]', links: ['$x$.md', 'shown'], evidence: commonmark('§6.3 link destination') },
	{ name: 'prices around a link', note: 'costs $5 [[shown]] and $10', links: ['shown'], evidence: MATH_DELIMS },
];

describe('rule-check links use the same masking', () => {
	for (const c of LINK_CASES) {
		it(`${c.name} (${c.evidence})`, () => {
			const links = extractLinks({ path: 'AI/rules.md', text: c.note, lines: c.note.split('\n') });
			expect(links.map((l) => l.linkpath).sort()).toEqual([...c.links].sort());
		});
	}
});
