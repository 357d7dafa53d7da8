/**
 * What the brief needs to know of one note, independent of settings: its tags with where they
 * sit, and the frontmatter `type` and `status` values. The bridge builds these from file text
 * (`noteFactsFromText`); the plugin from Obsidian's metadata cache. Both then go through
 * `flagsOf`, so the rules of what counts live here only.
 */
import { FLAG_SPECS } from './flag-table';
import { readFrontmatterFields } from './frontmatter';
import { maskTagLines } from './markdown-mask';
import { frontmatterTagValue, inlineTags } from './tags';

export interface TagHit {
	/** Tag body as written, without `#`. */
	tag: string;
	where: 'frontmatter' | 'body';
	/** 1-based line in the file (for frontmatter: the `tags:` line, or 1 when unknown). */
	line: number;
	/** The line's text, trimmed and shortened, for the review report. */
	text: string;
}

export interface NoteFacts {
	tags: TagHit[];
	/** Frontmatter `type` values, lower-cased. */
	types: string[];
	/** Frontmatter `status` values, lower-cased. */
	statuses: string[];
	/** `unread`: the caller's `mayCount` showed nothing in it could count, so it was not parsed (FactsOptions). */
	frontmatter: 'none' | 'ok' | 'broken' | 'unclosed' | 'unread';
}

const CLOSING_FENCE = /\n---[ \t]*\r?(?:\n|$)/g;
const MAX_LINE_TEXT = 160;

export function lineText(line: string): string {
	const t = line.trim();
	return t.length > MAX_LINE_TEXT ? `${t.slice(0, MAX_LINE_TEXT - 1)}…` : t;
}

export interface FactsOptions {
	/**
	 * Matches `#` followed by a tag name the caller cares about (see `tagNeedle`). When it does not
	 * match the body, the body is not searched for tags at all: the scan's fast path, since an
	 * inline tag always has `#` right before its name. Omit to get every tag.
	 */
	needle?: RegExp;
	/**
	 * Asked of the frontmatter's text before it is read: false proves none of its values can count,
	 * and it is left unread, neither by the line reader nor by the YAML parser (see
	 * `frontmatterMayCount`). Omit to read every frontmatter.
	 */
	mayCount?: (yaml: string) => boolean;
}

let needleCache: { key: string; re: RegExp } | null = null;

/** One pattern for all names, compiled once per set of names rather than once per note. */
export function tagNeedle(names: readonly string[]): RegExp {
	const key = names.join('\n');
	if (needleCache?.key !== key) {
		const alternatives = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
		needleCache = { key, re: new RegExp(`#(?:${alternatives})`, 'iu') };
	}
	return needleCache.re;
}

/** What a frontmatter must hold for any of its values to count, besides one of the names: a counted `type` (flag-table.ts). */
const COUNTED_TYPES: readonly string[] = FLAG_SPECS.flatMap((s) => (s.type === undefined ? [] : [s.type.value]));

/**
 * For the scan: whether a frontmatter's values could count under these (lower-case) tag names or a
 * counted `type` word, decided on its text; null (parse everything) when that cannot be exact. Why
 * the text suffices and why only ASCII names: docs/design-decisions/what-counts.md, "Frontmatter that cannot count".
 */
export function frontmatterMayCount(names: readonly string[]): ((yaml: string) => boolean) | null {
	// `.inf` reads as Infinity: a name spelling it could come from text that does not.
	if (![...names, ...COUNTED_TYPES].every((n) => /^[a-z_\-/]+$/i.test(n) && !/infinity/i.test(n))) return null;
	const anyWord = new RegExp([...names.map((n) => n.toLowerCase()), ...COUNTED_TYPES].join('|'), 'i');
	return (yaml) => yaml.includes('\\') || yaml.includes('\u212A') || anyWord.test(yaml);
}

export function noteFactsFromText(input: string, options: FactsOptions = {}): NoteFacts {
	const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
	const facts: NoteFacts = { tags: [], types: [], statuses: [], frontmatter: 'none' };
	let bodyOffset = 0;
	let bodyLine = 0;
	if (/^---[ \t]*\r?\n/.test(text)) {
		CLOSING_FENCE.lastIndex = text.indexOf('\n');
		const close = CLOSING_FENCE.exec(text);
		if (close === null) {
			facts.frontmatter = 'unclosed';
		} else {
			// The lines between the fences, without the line end before the closing one.
			const from = text.indexOf('\n') + 1;
			let to = close.index;
			if (to > from && text.charCodeAt(to - 1) === 13) to--;
			let yaml = text.slice(from, to);
			if (yaml.includes('\r')) yaml = yaml.replace(/\r\n/g, '\n');
			if (options.mayCount !== undefined && !options.mayCount(yaml)) {
				facts.frontmatter = 'unread';
			} else {
				const fields = readFrontmatterFields(yaml, options.mayCount);
				facts.frontmatter = fields.parse;
				const tagLine = fields.tagsLine >= 0 ? fields.tagsLine + 2 : 1;
				for (const value of fields.tags) {
					const tag = frontmatterTagValue(value);
					if (tag !== null) facts.tags.push({ tag, where: 'frontmatter', line: tagLine, text: `tags: ${tag}` });
				}
				facts.types = fields.type.map((v) => v.trim().toLowerCase());
				facts.statuses = fields.status.map((v) => v.trim().toLowerCase());
			}
			bodyOffset = close.index + close[0].length;
			bodyLine = countLines(text, bodyOffset);
		}
	}
	const body = bodyOffset === 0 ? text : text.slice(bodyOffset);
	if (!body.includes('#')) return facts;
	if (options.needle !== undefined && !options.needle.test(body)) return facts;
	const lines = splitLines(body);
	for (const hit of inlineTags(maskTagLines(lines))) {
		facts.tags.push({
			tag: hit.tag,
			where: 'body',
			line: bodyLine + hit.lineIndex + 1,
			text: lineText(lines[hit.lineIndex] ?? ''),
		});
	}
	return facts;
}

/** The lines of `text` split at `\r?\n`, without a pattern: split at `\n`, then one `\r` off each line's end. */
export function splitLines(text: string): string[] {
	const lines = text.split('\n');
	for (let i = 0; i < lines.length - 1; i++) {
		const line = lines[i] ?? '';
		if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
	}
	return lines;
}

function countLines(text: string, end: number): number {
	let n = 0;
	for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
	return n;
}
