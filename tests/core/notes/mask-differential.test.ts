/**
 * Differential fuzz of the masking (src/core/notes/markdown-mask.ts) against an independent CommonMark
 * parser: markdown-it with html on and the dollarmath plugin set to the `$` rules Obsidian uses
 * (no space inside the delimiters, no digit next to them; docs/design.md, "What counts as a tag").
 * Generated notes mix math, HTML blocks of every type, fences with and without info strings,
 * comments, tables, emphasis and links; each carries unique marker words, and both sides must agree
 * on which markers stand in text (where tags and links count) and which in code, HTML or math.
 *
 * The generator stays inside what both should read alike. The deliberate differences are listed in
 * DIFFERENCES below, each shown by a note on which the two really differ.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token';
import { dollarmathPlugin } from 'markdown-it-dollarmath';
import { describe, expect, it } from 'vitest';
import { maskLines, maskTagLines } from '../../../src/core/notes/markdown-mask';
import { inlineTags } from '../../../src/core/notes/tags';
import { LONG, pick, prng } from '../../helpers/random';

const md = new MarkdownIt({ html: true, linkify: false, typographer: false }).use(dollarmathPlugin, {
	allow_space: false,
	allow_digits: false,
	double_inline: true,
	allow_labels: false,
});

const MARKER = /mk\d+q/g;

/** Markers markdown-it leaves in text: everything not inside code, HTML or math tokens. */
function textMarkersOf(note: string): string[] {
	const found: string[] = [];
	const visit = (tokens: Token[]): void => {
		for (const t of tokens) {
			if (t.type === 'text') found.push(...(t.content.match(MARKER) ?? []));
			if (t.children !== null) visit(t.children);
		}
	};
	visit(md.parse(note, {}));
	return found.sort();
}

/** Markers our masking leaves visible. */
function ourMarkersOf(note: string): string[] {
	return maskLines(note.split('\n')).join('\n').match(MARKER)?.sort() ?? [];
}

/** A note generator over the constructs both parsers should read alike. */
function generator(seed: number): () => string {
	const rand = prng(seed);
	let n = 0;
	const mk = (): string => `mk${n++}q`;
	const chance = (p: number): boolean => rand() < p;

	const inlinePieces: Array<() => string> = [
		() => mk(),
		() => `word ${mk()}`,
		() => `\`code ${mk()}\``,
		() => `\`\`a \` ${mk()}\`\``,
		() => '`',
		() => `\\\`${mk()}`,
		() => `$a ${mk()}$`,
		() => `$ a ${mk()}$`,
		() => `$a ${mk()} $`,
		() => `$a ${mk()}$5`,
		() => `3$a ${mk()}$`,
		() => `\\$a ${mk()}$`,
		() => `\\\\$a ${mk()}$`,
		() => `$$ a ${mk()} $$`,
		() => `$$a${mk()}$$`,
		() => '$',
		() => '$5',
		() => `costs $5 and $10 ${mk()}`,
		() => '<span>',
		() => '</span>',
		() => `<b class="c">${mk()}</b>`,
		() => `<span title="t ${mk()}">`,
		() => `\\<span>${mk()}`,
		() => `<!-- c ${mk()} -->`,
		() => `_${mk()}_`,
		() => `*${mk()}*`,
		() => `**${mk()}**`,
		() => `[t ${mk()}](u.md)`,
		() => `[t ${mk()}](<a b.md>)`,
		() => `[t ${mk()}]($x$.md)`,
		() => `[[w ${mk()}]]`,
		() => `[[w|${mk()}]]`,
		() => `%% ${mk()} %%`,
		() => `#${mk()}`,
	];
	const inline = (): string => {
		const parts: string[] = [];
		const count = 1 + Math.floor(rand() * 5);
		for (let i = 0; i < count; i++) parts.push(pick(rand, inlinePieces)());
		return parts.join(chance(0.8) ? ' ' : '');
	};
	// A line of text that never starts a block of its own.
	const textLine = (): string => `t ${inline()}`;
	const lines = (min: number, max: number, line: () => string = textLine): string[] => {
		const out: string[] = [];
		const count = min + Math.floor(rand() * (max - min + 1));
		for (let i = 0; i < count; i++) out.push(line());
		return out;
	};
	const fenceBody = (): string => pick(rand, [textLine, () => '```js', () => '~~~ x', () => `$$ ${mk()}`, () => `<div> ${mk()}`]) ();

	const blocks: Array<(last: boolean) => string[]> = [
		() => [inline()],
		() => [inline()],
		() => [`# ${inline()}`],
		// A line holding one tag starts an HTML block (type 7) only where it does not interrupt a paragraph.
		() => [`t ${mk()}`, pick(rand, ['<span class="a">', '<custom-tag>', '</b>']), `t ${mk()} <b>${mk()}</b>`],
		() => [`# ${mk()}`, pick(rand, ['<span class="a">', '<custom-tag>', '</b>']), `t ${mk()}`],
		(last) => {
			const char = chance(0.7) ? '`' : '~';
			const open = char.repeat(3 + Math.floor(rand() * 2));
			const info = pick(rand, ['', 'js', 'markdown', ' typescript']);
			const close = last && chance(0.3) ? [] : [open + (chance(0.3) ? char : '')];
			return [open + info, ...lines(0, 3, fenceBody), ...close];
		},
		() => ['<pre><code>', ...lines(0, 2, fenceBody), pick(rand, ['```</code></pre>', '</code></pre>', `</pre> ${mk()}`])],
		() => [pick(rand, ['<script>', '<style type="text/css">', '<textarea>']), ...lines(0, 2), pick(rand, ['</script>', '</style>', '</textarea>']) + ` ${mk()}`],
		// No `-->` inside: it would end the block there.
		() => [`<!-- ${mk()}`, ...lines(0, 2, () => fenceBody().replace(/-->/g, '- ->')), `--> ${mk()}`],
		() => [`<!-- ${mk()} --> ${mk()}`],
		() => [`<?php ${mk()}`, `?> ${mk()}`],
		() => [`<!DOCTYPE ${mk()}>`],
		() => [`<![CDATA[ ${mk()}`, `]]> ${mk()}`],
		() => [pick(rand, ['<div>', '<div class="a">', '</div>', '<p>x', '<table>', '<details>', '<section>']) + (chance(0.5) ? ` ${mk()}` : ''), ...lines(0, 3, fenceBody)],
		() => [pick(rand, ['<custom-tag>', '<span class="a">', '</span>', '<b>']), ...lines(0, 2, fenceBody)],
		// Lines inside end in a letter: a line ending in `$$` would close the block early.
		() => ['$$', ...lines(1, 3, () => `${textLine()} z`), pick(rand, ['$$', `x ${mk()}$$`])],
		() => [`$$ ${mk()} $$`],
		// No `|` inside a cell: GitHub tables split cells there before anything else.
		() => [`| a ${mk()} | b |`, '|---|---|', `| ${pick(rand, inlinePieces.filter((p) => !p().includes('|')))()} | ${mk()} |`],
		() => [`> ${textLine()}`],
		() => ['> ```', `> ${mk()}`, '> ```', `> ${mk()}`],
	];
	return () => {
		n = 0;
		const out: string[] = [];
		const count = 1 + Math.floor(rand() * 6);
		let previousWasParagraph = false;
		for (let b = 0; b < count; b++) {
			const index = Math.floor(rand() * blocks.length);
			const block = (blocks[index] as (last: boolean) => string[])(b === count - 1);
			// A paragraph is always followed by a blank line: inline constructs never span lines here.
			if (b > 0) out.push(...(previousWasParagraph || chance(0.6) ? ['', ...block] : block));
			else out.push(...block);
			previousWasParagraph = index <= 4 || index >= blocks.length - 3;
		}
		return out.join('\n');
	};
}

/**
 * Where we read a note differently from CommonMark on purpose, with the evidence. Each example
 * must really differ, so the list stays true.
 */
const DIFFERENCES: Array<{ what: string; evidence: string; note: string }> = [
	{
		what: 'indented (4-space) code blocks are read as text',
		evidence: 'our choice: errs toward counting (an indented line is far more often a nested list line)',
		note: 'para\n\n    code mk1q',
	},
	{
		what: 'code spans and inline math end at the line end',
		evidence: 'our choice: errs toward counting',
		note: 'a `b mk1q\nc` d',
	},
	{
		what: 'an HTML comment inside a paragraph runs on over blank lines until `-->`',
		evidence: 'recording comments_html_style.json (a comment over lines hides its tags); we never let a comment end early',
		note: 'a <!-- b\n\nmk1q -->',
	},
	{
		what: 'HTML blocks inside block quotes and list items are read as text',
		evidence: 'our choice: errs toward counting',
		note: '> <div>\n> mk1q',
	},
	{
		what: 'a fence inside a block quote runs on after the quote ends when unclosed',
		evidence: 'our choice, kept from the fence rules before: rare, and errs toward masking only code-like text',
		note: '> ```\n> a\n\nmk1q',
	},
	{
		what: 'a `$` or `$$` span inside a paragraph does not run over lines',
		evidence: 'our choice: errs toward counting',
		note: 'a $$\nmk1q\nb$$ c',
	},
	{
		what: 'a line starting with `$$` starts a math block even right after a paragraph line (markdown-it pairs its `$$` with the paragraph\'s inline math instead)',
		evidence: 'read back: `$$` / `#x` / `$$` hides the tag; users write display math right under a line of text',
		note: 'a $$ x\n$$\nmk1q\n$$',
	},
];

describe('masking agrees with markdown-it + dollarmath on what is text', () => {
	const runs = LONG ? 20_000 : 1_500;
	it(`${runs} generated notes (seed 17)`, () => {
		const next = generator(17);
		const failures: string[] = [];
		for (let i = 0; i < runs && failures.length < 5; i++) {
			const note = next();
			const theirs = textMarkersOf(note);
			const ours = ourMarkersOf(note);
			if (JSON.stringify(theirs) !== JSON.stringify(ours)) failures.push(`${JSON.stringify(note)}\n  markdown-it: ${theirs.join(' ')}\n  ours:        ${ours.join(' ')}`);
		}
		expect(failures.join('\n\n')).toBe('');
	});

	describe('deliberate differences, each real', () => {
		for (const d of DIFFERENCES) {
			it(`${d.what} (${d.evidence})`, () => {
				expect(ourMarkersOf(d.note)).not.toEqual(textMarkersOf(d.note));
			});
		}
	});
});

describe('the masking for tags alone (maskTagLines) agrees with the whole masking', () => {
	const runs = LONG ? 20_000 : 1_500;
	it(`on every line that holds a # in either, over ${runs} generated notes with tags in every construct (seed 23)`, () => {
		const next = generator(23);
		const rand = prng(24);
		let hashLines = 0;
		for (let i = 0; i < runs; i++) {
			// Every other marker becomes a tag, so tags stand in code, HTML, math, comments and text;
			// and half the notes get an inline comment opened on a line without `#` and closed lines later.
			const lines = next().split('\n');
			if (rand() < 0.5) {
				const open = Math.floor(rand() * (lines.length + 1));
				lines.splice(open, 0, pick(rand, ['t <!-- open', 'x `a` <!--', '`<!--` no comment']));
				lines.splice(open + 1 + Math.floor(rand() * (lines.length - open)), 0, pick(rand, ['--> mk900q', 't mk901q --> mk902q']));
			}
			const note = lines.join('\n').replace(MARKER, (m) => (rand() < 0.5 ? `#${m}` : m));
			lines.splice(0, lines.length, ...note.split('\n'));
			const whole = maskLines(lines);
			const tagsOnly = maskTagLines(lines);
			expect(tagsOnly.length).toBe(whole.length);
			for (let j = 0; j < lines.length; j++) {
				const a = whole[j] ?? '';
				const b = tagsOnly[j] ?? '';
				if (a.includes('#') || b.includes('#')) {
					hashLines++;
					expect(b, `${JSON.stringify(note)}, line ${j}`).toBe(a);
				}
			}
			expect(inlineTags(tagsOnly)).toEqual(inlineTags(whole));
		}
		expect(hashLines).toBeGreaterThan(runs);
	});
});
