/**
 * Blanks out the parts of a note body where Obsidian indexes no tags and no links (code, HTML
 * blocks and inline HTML tags, math), as spaces so columns and line numbers stay valid. The rules,
 * the evidence and the deliberate simplifications: docs/design.md, "What counts as a tag".
 */

/** What a masking pass recognises: Obsidian notes get everything; CLAUDE.md files code only. */
export type MaskFlavour = 'obsidian' | 'code';

// Compiled once: the scan runs for every note and must not allocate patterns per note.
// Group 1 holds the block-quote markers: a fence closes only at the quote depth it opened at.
const FENCE_OPEN = /^((?:[ \t]*>)*)[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^((?:[ \t]*>)*)[ \t]*(`{3,}|~{3,})[ \t]*$/;
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
// Where inline masking may start: code spans, HTML, math, link destinations.
const SPECIAL = /[`<$\]]/;
const NEXT_SPECIAL = /[`<$\]]/g;

// CommonMark 0.31 raw HTML (section 6.6): open and closing tags.
const ATTRIBUTE = String.raw`(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?)`;
const OPEN_TAG = String.raw`<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\s*\/?>`;
const CLOSE_TAG = String.raw`<\/[A-Za-z][A-Za-z0-9-]*\s*>`;
const INLINE_TAG = new RegExp(`${OPEN_TAG}|${CLOSE_TAG}`, 'y');

// CommonMark 0.31 HTML blocks (section 4.6), tested on the line without its indentation.
const BLOCK_NAMES =
	'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_STARTS: ReadonlyArray<readonly [RegExp, RegExp | null]> = [
	[/^<(?:script|pre|style|textarea)(?=[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
	[/^<!--/, /-->/],
	[/^<\?/, /\?>/],
	[/^<![A-Za-z]/, />/],
	[/^<!\[CDATA\[/, /\]\]>/],
	// Types 6 and 7 end at a blank line (null).
	[new RegExp(`^<\\/?(?:${BLOCK_NAMES})(?=[ \\t>]|\\/>|$)`, 'i'), null],
];
const HTML_TYPE_7 = new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})[ \\t]*$`);
const TYPE_7_EXCLUDED = /^<\/?(?:script|style|pre|textarea)\b/i;

interface MaskState {
	flavour: MaskFlavour;
	fence: string | null;
	/** How many `>` stood before the open fence. */
	fenceQuotes: number;
	/** An inline HTML comment still open at the end of the previous line. */
	comment: boolean;
	/** The end marker of the open HTML block; null for types 6 and 7 (a blank line ends them). */
	htmlEnd: RegExp | null;
	inHtml: boolean;
	/** Last line of the open `$$` block, or -1. */
	mathUntil: number;
	/** The previous line continues a paragraph: an HTML block of type 7 cannot interrupt one. */
	paragraph: boolean;
	/** Only the lines holding `#` are wanted masked (maskTagLines). */
	tagsOnly: boolean;
}

export function maskLines(lines: readonly string[], flavour: MaskFlavour = 'obsidian'): string[] {
	return maskAll(lines, flavour, false);
}

/**
 * maskLines for finding tags (tags.ts `inlineTags`): every line that holds `#` is masked exactly as
 * maskLines masks it; a line without `#` may come back unmasked, and a line masked whole as empty,
 * since neither can hold a tag (masking never adds a `#`). The state each line leaves for the next
 * is the same, so the inline pass is skipped only on lines that cannot open an HTML comment.
 */
export function maskTagLines(lines: readonly string[]): string[] {
	return maskAll(lines, 'obsidian', true);
}

function maskAll(lines: readonly string[], flavour: MaskFlavour, tagsOnly: boolean): string[] {
	const state: MaskState = { flavour, fence: null, fenceQuotes: 0, comment: false, htmlEnd: null, inHtml: false, mathUntil: -1, paragraph: false, tagsOnly };
	const out = new Array<string>(lines.length);
	for (let i = 0; i < lines.length; i++) out[i] = maskLine(lines, i, state);
	return out;
}

function quoteDepth(prefix: string): number {
	let n = 0;
	for (let i = prefix.indexOf('>'); i >= 0; i = prefix.indexOf('>', i + 1)) n++;
	return n;
}

function blank(length: number): string {
	return ' '.repeat(length);
}

/** A line masked whole: spaces, or nothing when only tags are wanted. */
function blankLine(line: string, state: MaskState): string {
	return state.tagsOnly ? '' : blank(line.length);
}

function maskLine(lines: readonly string[], i: number, state: MaskState): string {
	const line = lines[i] ?? '';
	if (state.fence !== null) {
		const m = FENCE_CLOSE.exec(line);
		const run = m?.[2];
		if (run !== undefined && run[0] === state.fence[0] && run.length >= state.fence.length && quoteDepth(m?.[1] ?? '') === state.fenceQuotes) state.fence = null;
		return blankLine(line, state);
	}
	if (state.mathUntil >= 0) {
		if (i >= state.mathUntil) state.mathUntil = -1;
		return blankLine(line, state);
	}
	// The first character that is not a space or tab, and its column (tabs to the next multiple of 4).
	let pos = 0;
	let col = 0;
	for (let c = line.charCodeAt(0); c === 32 || c === 9; c = line.charCodeAt(++pos)) col += c === 32 ? 1 : 4 - (col % 4);
	const isBlank = pos === line.length;
	if (state.inHtml) {
		if (state.htmlEnd === null ? isBlank : state.htmlEnd.test(line)) {
			state.inHtml = false;
			state.paragraph = false;
		}
		return blankLine(line, state);
	}
	if (state.comment) return maskInline(line, state);
	if (isBlank) {
		state.paragraph = false;
		return line;
	}
	const first = line.charCodeAt(pos);
	if (first === 96 /* ` */ || first === 126 /* ~ */ || first === 62 /* > */) {
		const m = FENCE_OPEN.exec(line);
		const run = m?.[2];
		// A backtick fence's info string may not contain a backtick (CommonMark 4.5).
		if (run !== undefined && !(run[0] === '`' && (m?.[3] ?? '').includes('`'))) {
			state.fence = run;
			state.fenceQuotes = quoteDepth(m?.[1] ?? '');
			state.paragraph = false;
			return blankLine(line, state);
		}
	}
	if (state.flavour === 'obsidian' && col < 4) {
		if (first === 60 /* < */ && startsHtmlBlock(line.slice(pos), state)) {
			state.paragraph = false;
			return blankLine(line, state);
		}
		if (first === 36 /* $ */ && line.charCodeAt(pos + 1) === 36) {
			const end = mathBlockEnd(lines, i, pos);
			if (end >= 0) {
				if (end > i) state.mathUntil = end;
				state.paragraph = false;
				return blankLine(line, state);
			}
		}
	}
	state.paragraph = !(first === 35 /* # */ && ATX_HEADING.test(line.slice(pos)));
	return maskInline(line, state);
}

/** Opens an HTML block when `text` (a line without its indentation) starts one; true if so. */
function startsHtmlBlock(text: string, state: MaskState): boolean {
	for (const [start, end] of HTML_STARTS) {
		if (!start.test(text)) continue;
		// Types 1–5 may end on their first line; the whole line still belongs to the block.
		state.inHtml = end === null || !end.test(text);
		state.htmlEnd = end;
		return true;
	}
	if (state.paragraph || !HTML_TYPE_7.test(text) || TYPE_7_EXCLUDED.test(text)) return false;
	state.inHtml = true;
	state.htmlEnd = null;
	return true;
}

/**
 * Last line of a `$$` block opened on line `i` (which starts with `$$` at `pos`): the line itself
 * when it also ends in `$$`, else the next line ending in `$$`; -1 when a blank line or the end of
 * the note comes first, so the `$$` is text.
 */
function mathBlockEnd(lines: readonly string[], i: number, pos: number): number {
	const opening = (lines[i] ?? '').trimEnd();
	if (opening.length - pos > 3 && opening.endsWith('$$')) return i;
	for (let j = i + 1; j < lines.length; j++) {
		const l = (lines[j] ?? '').trimEnd();
		if (l.endsWith('$$')) return j;
		if (l.trim() === '') return -1;
	}
	return -1;
}

/** Unicode whitespace as CommonMark parsers test it next to a math delimiter (NBSP and U+3000 too). */
function isWhitespace(c: number): boolean {
	if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) return true;
	return c >= 0x1680 && (c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000);
}

function isDigit(c: number): boolean {
	return c >= 48 && c <= 57;
}

/** True when the character at `at` is escaped by an odd number of backslashes before it. */
function escaped(line: string, at: number): boolean {
	let n = 0;
	while (at - n - 1 >= 0 && line.charCodeAt(at - n - 1) === 92) n++;
	return n % 2 === 1;
}

function maskInline(line: string, state: MaskState): string {
	if (!state.comment) {
		// For tags alone, a line without `#` is masked only for an HTML comment it may leave open.
		if (state.tagsOnly && !line.includes('#') && !line.includes('<!--')) return line;
		// Most lines hold nothing to mask: one native search proves it.
		if (line.search(SPECIAL) < 0) return line;
	}
	let out = '';
	let i = 0;
	const n = line.length;
	const obsidian = state.flavour === 'obsidian';
	while (i < n) {
		if (state.comment) {
			const end = line.indexOf('-->', i);
			if (end < 0) return out + blank(n - i);
			out += blank(end + 3 - i);
			i = end + 3;
			state.comment = false;
			continue;
		}
		const ch = line.charCodeAt(i);
		if (ch === 96 /* ` */ && !(obsidian && escaped(line, i))) {
			let run = 1;
			while (line.charCodeAt(i + run) === 96) run++;
			const close = findBacktickRun(line, i + run, run);
			if (close < 0) {
				out += line.slice(i, i + run);
				i += run;
				continue;
			}
			out += blank(close + run - i);
			i = close + run;
			continue;
		}
		if (ch === 60 /* < */ && !(obsidian && escaped(line, i))) {
			if (line.startsWith('<!--', i)) {
				state.comment = true;
				out += blank(4);
				i += 4;
				continue;
			}
			if (obsidian) {
				INLINE_TAG.lastIndex = i;
				if (INLINE_TAG.test(line)) {
					out += blank(INLINE_TAG.lastIndex - i);
					i = INLINE_TAG.lastIndex;
					continue;
				}
			}
		}
		if (ch === 93 /* ] */ && obsidian && line.charCodeAt(i + 1) === 40 /* ( */) {
			// A link destination is no text: `[a](<x y.md>)` holds no HTML and `$` opens no math there.
			const end = destinationEnd(line, i + 2);
			out += line.slice(i, end);
			i = end;
			continue;
		}
		if (ch === 36 /* $ */ && obsidian) {
			const end = mathSpanEnd(line, i);
			if (end > 0) {
				out += blank(end - i);
				i = end;
				continue;
			}
		}
		const next = nextSpecial(line, i);
		out += line.slice(i, next);
		i = next;
	}
	return out;
}

/**
 * End (exclusive) of the inline math span opening at `at`, or -1 (docs/design.md has the
 * evidence): not escaped and not right after a digit; `$$…$$` takes anything up to the next
 * unescaped `$$`; `$…$` needs a non-space after the opening and before the closing `$`, which
 * is the next unescaped `$`; no digit right after the closing `$`; never empty; one line.
 */
function mathSpanEnd(line: string, at: number): number {
	if (escaped(line, at) || (at > 0 && isDigit(line.charCodeAt(at - 1)))) return -1;
	const double = line.charCodeAt(at + 1) === 36;
	if (!double && (at + 1 >= line.length || isWhitespace(line.charCodeAt(at + 1)))) return -1;
	let from = at + (double ? 2 : 1);
	let close = -1;
	for (;;) {
		close = line.indexOf('$', from);
		if (close < 0) return -1;
		if (escaped(line, close) || (double && line.charCodeAt(close + 1) !== 36)) {
			from = close + 1;
			continue;
		}
		break;
	}
	const end = close + (double ? 2 : 1);
	if (close === at + (double ? 2 : 1)) return -1;
	if (!double && isWhitespace(line.charCodeAt(close - 1))) return -1;
	if (isDigit(line.charCodeAt(end))) return -1;
	return end;
}

/** Index just after the destination that starts at `from` (after `](`): `<…>` or up to `)`. */
function destinationEnd(line: string, from: number): number {
	let j = from;
	while (line.charCodeAt(j) === 32) j++;
	if (line.charCodeAt(j) === 60) {
		const close = line.indexOf('>', j);
		return close < 0 ? from : close + 1;
	}
	const close = line.indexOf(')', j);
	return close < 0 ? from : close;
}

function nextSpecial(line: string, from: number): number {
	NEXT_SPECIAL.lastIndex = from + 1;
	return NEXT_SPECIAL.test(line) ? NEXT_SPECIAL.lastIndex - 1 : line.length;
}

/** Start of the next run of exactly `run` backticks at or after `from`, or -1. */
function findBacktickRun(line: string, from: number, run: number): number {
	let j = line.indexOf('`', from);
	while (j >= 0) {
		let len = 1;
		while (line.charCodeAt(j + len) === 96) len++;
		if (len === run) return j;
		j = line.indexOf('`', j + len);
	}
	return -1;
}
