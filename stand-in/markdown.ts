/**
 * The stand-in's metadata parser: note text → the parts of Obsidian's `CachedMetadata` the plugin
 * reads (frontmatter, frontmatterPosition, tags with positions, the first section), plus
 * `getAllTags` and `parseFrontMatterTags`. Written apart from src/core on purpose, from Obsidian's
 * observed behaviour (tests/fixtures/obsidian-recorded; tests/plugin/stand-in/stub-recorded.test.ts checks it),
 * so plugin tests do not just check the core against itself.
 *
 * Not modelled: links, headings, list items, blocks, sections after the first, and offsets of
 * frontmatter tags. Obsidian parses YAML with its own parser; this uses the `yaml` package with the
 * core schema, which agrees on every recorded file (dates stay strings, `key:` is null).
 */
import { parse as parseYaml } from 'yaml';

export interface Loc {
	line: number;
	col: number;
	offset: number;
}
export interface Pos {
	start: Loc;
	end: Loc;
}
export interface StubCachedMetadata {
	frontmatter?: Record<string, unknown>;
	frontmatterPosition?: Pos;
	tags?: Array<{ tag: string; position: Pos }>;
	sections?: Array<{ type: string; position: Pos }>;
}

const FENCE_LINE = /^---\s*$/;
const CODE_FENCE = /^\s{0,3}((?:>\s?)*)(`{3,}|~{3,})(.*)$/;
// Obsidian's tag: `#` after line start, whitespace, `_`, `*`, `~`, `=`, a table's `|`, an escaped
// punctuation character or another tag; a body of anything but whitespace and punctuation
// (`_`, `-`, `/` allowed), not digits only.
const TAG_AT = /(?<=^|[\s_*~=|]|\\[!-/:-@[-`{-~])#(?=[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F])/g;
const BODY = /[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+/y;

// HTML blocks as CommonMark 0.31 §4.6 defines them: start pattern, and what ends them ('' for a
// blank line). Type 7 (a line holding one complete tag) cannot interrupt a paragraph.
const BLOCK_TAGS = 'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul'.split(' ');
const HTML_ATTR = `(?:\\s+[A-Za-z_:][\\w.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?)`;
const HTML_TAG = `(?:<[A-Za-z][A-Za-z0-9-]*${HTML_ATTR}*\\s*/?>|</[A-Za-z][A-Za-z0-9-]*\\s*>)`;
const HTML_BLOCKS: Array<{ start: RegExp; end: RegExp | '' }> = [
	{ start: /^ {0,3}<(script|pre|style|textarea)([\s>]|$)/i, end: /<\/(script|pre|style|textarea)>/i },
	{ start: /^ {0,3}<!--/, end: /-->/ },
	{ start: /^ {0,3}<\?/, end: /\?>/ },
	{ start: /^ {0,3}<![a-z]/i, end: />/ },
	{ start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/ },
	{ start: new RegExp(`^ {0,3}</?(${BLOCK_TAGS.join('|')})([\\s>]|/>|$)`, 'i'), end: '' },
];
const HTML_TYPE7 = new RegExp(`^ {0,3}${HTML_TAG}\\s*$`);
const INLINE_HTML = new RegExp(HTML_TAG, 'y');

function loc(lineStarts: number[], line: number, col: number): Loc {
	return { line, col, offset: (lineStarts[line] ?? 0) + col };
}

/**
 * Which lines of the body hold no tags at all: fenced code, HTML blocks and `$$` blocks.
 * `openFence`/`comment` handling stays line by line; everything else is decided per block.
 */
function hiddenLines(lines: string[], from: number): Set<number> {
	const hidden = new Set<number>();
	let inParagraph = false;
	let i = from;
	while (i < lines.length) {
		const line = lines[i] ?? '';
		const fence = CODE_FENCE.exec(line);
		if (fence?.[2] !== undefined && !(fence[2][0] === '`' && (fence[3] ?? '').includes('`'))) {
			const open = fence[2];
			const quotes = (fence[1] ?? '').replace(/\s/g, '');
			hidden.add(i++);
			while (i < lines.length) {
				const m = CODE_FENCE.exec(lines[i] ?? '');
				hidden.add(i++);
				if (m?.[2] !== undefined && m[2][0] === open[0] && m[2].length >= open.length && (m[3] ?? '').trim() === '' && (m[1] ?? '').replace(/\s/g, '') === quotes) break;
			}
			inParagraph = false;
			continue;
		}
		const html = HTML_BLOCKS.find((b) => b.start.test(line)) ?? (!inParagraph && HTML_TYPE7.test(line) && !/^ *<\/?(script|style|pre|textarea)\b/i.test(line) ? { end: '' as const } : undefined);
		if (html !== undefined) {
			let j = i;
			if (html.end === '') {
				while (j < lines.length && (lines[j] ?? '').trim() !== '') hidden.add(j++);
			} else {
				while (j < lines.length) {
					hidden.add(j);
					if (html.end.test(lines[j++] ?? '')) break;
				}
			}
			i = j;
			inParagraph = false;
			continue;
		}
		if (/^ {0,3}\$\$/.test(line)) {
			const rest = line.trim();
			let close = rest.length > 3 && rest.endsWith('$$') ? i : -1;
			for (let j = i + 1; close < 0 && j < lines.length && (lines[j] ?? '').trim() !== ''; j++) {
				if ((lines[j] ?? '').trim().endsWith('$$')) close = j;
			}
			if (close >= 0) {
				for (let j = i; j <= close; j++) hidden.add(j);
				i = close + 1;
				inParagraph = false;
				continue;
			}
		}
		inParagraph = line.trim() !== '' && !/^ {0,3}#{1,6}(\s|$)/.test(line);
		i++;
	}
	return hidden;
}

function backslashesBefore(s: string, at: number): number {
	let n = 0;
	while (s[at - 1 - n] === '\\') n++;
	return n;
}

/** Where inline `$`/`$$` math opening at `i` ends (exclusive), or -1. */
function inlineMathEnd(line: string, i: number): number {
	if (backslashesBefore(line, i) % 2 === 1 || /[0-9]/.test(line[i - 1] ?? '')) return -1;
	const delim = line.startsWith('$$', i) ? '$$' : '$';
	const spaceOrNothing = /^[\s\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]?$/;
	if (delim === '$' && spaceOrNothing.test(line[i + 1] ?? '')) return -1;
	let j = line.indexOf(delim, i + delim.length);
	while (j >= 0 && backslashesBefore(line, j) % 2 === 1) j = line.indexOf(delim, j + 1);
	if (j < 0 || j === i + delim.length) return -1;
	if (delim === '$' && spaceOrNothing.test(line[j - 1] ?? '')) return -1;
	if (/[0-9]/.test(line[j + delim.length] ?? '')) return -1;
	return j + delim.length;
}

/**
 * Blanks code spans, inline math, inline HTML tags and HTML comments of one line; `html` carries
 * an open comment across lines. Link destinations are kept as they are.
 */
function maskInline(line: string, state: { html: boolean }): string {
	let out = '';
	let i = 0;
	while (i < line.length) {
		if (state.html) {
			const end = line.indexOf('-->', i);
			if (end < 0) return out + ' '.repeat(line.length - i);
			out += ' '.repeat(end + 3 - i);
			i = end + 3;
			state.html = false;
			continue;
		}
		const escapedHere = backslashesBefore(line, i) % 2 === 1;
		if (line.startsWith('](', i)) {
			const m = /^\]\(\s*(<[^>]*>|[^)]*)/.exec(line.slice(i));
			const len = m?.[0].length ?? 2;
			out += line.slice(i, i + len);
			i += len;
			continue;
		}
		if (line[i] === '<' && !escapedHere) {
			if (line.startsWith('<!--', i)) {
				state.html = true;
				out += '    ';
				i += 4;
				continue;
			}
			INLINE_HTML.lastIndex = i;
			if (INLINE_HTML.test(line)) {
				out += ' '.repeat(INLINE_HTML.lastIndex - i);
				i = INLINE_HTML.lastIndex;
				continue;
			}
		}
		if (line[i] === '$') {
			const end = inlineMathEnd(line, i);
			if (end > 0) {
				out += ' '.repeat(end - i);
				i = end;
				continue;
			}
		}
		if (line[i] === '`' && !escapedHere) {
			let n = 1;
			while (line[i + n] === '`') n++;
			const ticks = '`'.repeat(n);
			let j = line.indexOf(ticks, i + n);
			while (j >= 0 && line[j + n] === '`') {
				while (line[j] === '`') j++;
				j = line.indexOf(ticks, j);
			}
			if (j >= 0) {
				out += ' '.repeat(j + n - i);
				i = j + n;
				continue;
			}
			out += ticks;
			i += n;
			continue;
		}
		out += line[i];
		i++;
	}
	return out;
}

/** Tags of one masked line: `[column of #, tag with #]`, chained tags (`#a#b`) included. */
function tagsOfLine(masked: string): Array<[number, string]> {
	const found: Array<[number, string]> = [];
	for (const m of masked.matchAll(TAG_AT)) {
		let at = m.index;
		if (masked[at - 1] === '|' && masked.lastIndexOf('[[', at) > masked.lastIndexOf(']]', at)) continue;
		while (masked[at] === '#') {
			BODY.lastIndex = at + 1;
			const whole = BODY.exec(masked)?.[0];
			if (whole === undefined) break;
			// Obsidian reads `_#a_` as emphasis around the tag `#a`.
			const body = masked[at - 1] === '_' && /[^_]_+$/.test(whole) ? whole.replace(/_+$/, '') : whole;
			if (!/^\d+$/.test(body)) found.push([at, `#${body}`]);
			at += body.length + 1;
		}
	}
	return found.filter(([col], k) => found.findIndex(([c]) => c === col) === k);
}

export function parseNote(input: string): StubCachedMetadata {
	const text = input.replace(/^\uFEFF/, '');
	const lines = text.split(/\r?\n/);
	const lineStarts: number[] = [];
	let offset = 0;
	for (const m of text.split('\n')) {
		lineStarts.push(offset);
		offset += m.length + 1;
	}
	const meta: StubCachedMetadata = {};
	let body = 0;
	if (FENCE_LINE.test(lines[0] ?? '')) {
		let close = -1;
		for (let i = 1; i < lines.length; i++) {
			if (FENCE_LINE.test(lines[i] ?? '')) {
				close = i;
				break;
			}
		}
		if (close > 0) {
			body = close + 1;
			const position = { start: loc(lineStarts, 0, 0), end: loc(lineStarts, close, 3) };
			meta.sections = [{ type: 'yaml', position }];
			const yaml = lines.slice(1, close).join('\n');
			if (yaml.trim() !== '') {
				meta.frontmatterPosition = position;
				try {
					const doc: unknown = parseYaml(yaml);
					if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) meta.frontmatter = doc as Record<string, unknown>;
				} catch {
					// Obsidian keeps the block's position but offers no properties for YAML it cannot parse.
				}
			}
		} else {
			meta.sections = [{ type: 'thematicBreak', position: { start: loc(lineStarts, 0, 0), end: loc(lineStarts, 0, 3) } }];
		}
	}
	const tags: Array<{ tag: string; position: Pos }> = [];
	const hidden = hiddenLines(lines, body);
	const state = { html: false };
	for (let i = body; i < lines.length; i++) {
		if (hidden.has(i) && !state.html) continue;
		const line = lines[i] ?? '';
		for (const [col, tag] of tagsOfLine(maskInline(line, state))) {
			tags.push({ tag, position: { start: loc(lineStarts, i, col), end: loc(lineStarts, i, col + tag.length) } });
		}
	}
	if (tags.length > 0) meta.tags = tags;
	if (meta.sections === undefined && text.trim() !== '') {
		const first = lines.findIndex((l) => l.trim() !== '');
		meta.sections = [{ type: /^#{1,6}\s/.test(lines[first] ?? '') ? 'heading' : 'paragraph', position: { start: loc(lineStarts, first, 0), end: loc(lineStarts, first, (lines[first] ?? '').length) } }];
	}
	return meta;
}

/** Obsidian ≥ 1.9: the `tags` key (any case; not `tag`) as a list or a single tag; `a, b` is dropped. */
export function parseFrontMatterTags(frontmatter: Record<string, unknown> | null | undefined): string[] | null {
	if (frontmatter === null || frontmatter === undefined) return null;
	const key = Object.keys(frontmatter).find((k) => k.toLowerCase() === 'tags');
	if (key === undefined) return null;
	const value = frontmatter[key];
	if (value === null || value === undefined) return null;
	const list = Array.isArray(value) ? value : [value];
	const out: string[] = [];
	for (const v of list) {
		if (typeof v !== 'string' && typeof v !== 'number') continue;
		const s = String(v).trim().replace(/^#/, '');
		if (s !== '' && !/[\s,]/.test(s)) out.push(`#${s}`);
	}
	return out;
}

export function getAllTags(cache: StubCachedMetadata): string[] | null {
	const fm = parseFrontMatterTags(cache.frontmatter) ?? [];
	return [...fm, ...(cache.tags ?? []).map((t) => t.tag)];
}
