/**
 * Obsidian's tag recognition, checked against the recordings in
 * tests/fixtures/obsidian-recorded: `#` at line start, after whitespace, or right after a
 * backslash-escaped punctuation character (`\[\[#Escaped` is a tag in internal_heading_links.json);
 * then a body that stops at whitespace, ASCII punctuation other than `_`, `-`, `/`, and the Unicode
 * general and supplemental punctuation blocks; a body of digits only is no tag.
 */

// Compiled once and reset per use: see markdown-mask.ts on why the scan allocates no patterns.
const INLINE_TAG = /(?:^|\s|\\[!-/:-@[-`{-~])#([^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+)/g;
const TAG_BODY = /^[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+$/;
const DIGITS = /^[0-9]+$/;

export interface InlineTag {
	/** Tag body as written, without `#`. */
	tag: string;
	/** Index of the line in the array given to `inlineTags`. */
	lineIndex: number;
}

/** Inline tags of already masked lines (see markdown-mask.ts), in document order. */
export function inlineTags(maskedLines: string[]): InlineTag[] {
	const found: InlineTag[] = [];
	for (let i = 0; i < maskedLines.length; i++) {
		const line = maskedLines[i] ?? '';
		if (!line.includes('#')) continue;
		INLINE_TAG.lastIndex = 0;
		let m: RegExpExecArray | null;
		while ((m = INLINE_TAG.exec(line)) !== null) {
			const body = m[1] ?? '';
			if (!DIGITS.test(body)) found.push({ tag: body, lineIndex: i });
		}
	}
	return found;
}

/**
 * A frontmatter tag value as Obsidian reads it: quotes and a leading `#` removed; `null` when what
 * remains is no valid tag body (Obsidian ≥ 1.9 does not split `a, b` and drops it).
 */
export function frontmatterTagValue(value: unknown): string | null {
	if (typeof value !== 'string' && typeof value !== 'number') return null;
	let s = String(value).trim();
	if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s[s.length - 1] === s[0]) s = s.slice(1, -1).trim();
	s = s.replace(/^#/, '');
	if (s === '' || !TAG_BODY.test(s) || DIGITS.test(s)) return null;
	return s;
}


export interface InlineTagSpan {
	/** Tag body as written, without `#`. */
	tag: string;
	/** Column of the `#`. */
	start: number;
	/** Column just after the tag body. */
	end: number;
}

/** Where each inline tag of one masked line sits, for edits (tag-edit.ts); same rules as `inlineTags`. */
export function inlineTagSpans(maskedLine: string): InlineTagSpan[] {
	const found: InlineTagSpan[] = [];
	if (!maskedLine.includes('#')) return found;
	INLINE_TAG.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = INLINE_TAG.exec(maskedLine)) !== null) {
		const body = m[1] ?? '';
		const end = m.index + m[0].length;
		if (!DIGITS.test(body)) found.push({ tag: body, start: end - body.length - 1, end });
	}
	return found;
}
