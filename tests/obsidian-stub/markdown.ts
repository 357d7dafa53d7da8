/**
 * The stand-in's metadata parser: note text → the parts of Obsidian's `CachedMetadata` the plugin
 * reads (frontmatter, frontmatterPosition, tags with positions, the first section), plus
 * `getAllTags` and `parseFrontMatterTags`. Written apart from src/core on purpose, from Obsidian's
 * observed behaviour (tests/fixtures/obsidian-recorded; tests/plugin/stub-recorded.test.ts checks it),
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
const CODE_FENCE = /^\s{0,3}(?:>\s?)*(`{3,}|~{3,})(.*)$/;
// Obsidian's tag: after line start, whitespace or an escaped punctuation character; a body of
// anything but whitespace and punctuation (`_`, `-`, `/` allowed), not digits only.
const TAG = /(^|\s|\\[!-/:-@[-`{-~])(#[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+)/g;

function loc(lineStarts: number[], line: number, col: number): Loc {
	return { line, col, offset: (lineStarts[line] ?? 0) + col };
}

/** Blanks code spans and HTML comments of one line; `html` carries an open comment across lines. */
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
		if (line.startsWith('<!--', i)) {
			state.html = true;
			out += '    ';
			i += 4;
			continue;
		}
		if (line[i] === '`') {
			let n = 1;
			while (line[i + n] === '`') n++;
			const ticks = '`'.repeat(n);
			let j = line.indexOf(ticks, i + n);
			while (j >= 0 && line[j + n] === '`') j = line.indexOf(ticks, j + n + 1);
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
	let fence: string | null = null;
	const state = { html: false };
	for (let i = body; i < lines.length; i++) {
		const line = lines[i] ?? '';
		if (fence !== null) {
			const m = CODE_FENCE.exec(line);
			if (m?.[1] !== undefined && m[1][0] === fence[0] && m[1].length >= fence.length && (m[2] ?? '').trim() === '') fence = null;
			continue;
		}
		if (!state.html) {
			const m = CODE_FENCE.exec(line);
			if (m?.[1] !== undefined && !(m[1][0] === '`' && (m[2] ?? '').includes('`'))) {
				fence = m[1];
				continue;
			}
		}
		const masked = maskInline(line, state);
		TAG.lastIndex = 0;
		let t: RegExpExecArray | null;
		while ((t = TAG.exec(masked)) !== null) {
			const tag = t[2] ?? '';
			if (/^#\d+$/.test(tag)) continue;
			const col = t.index + (t[1] ?? '').length;
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
