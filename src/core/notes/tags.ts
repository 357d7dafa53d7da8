/**
 * Obsidian's tag recognition: where a tag's `#` may stand and where its body stops, as the
 * recordings of real Obsidian and read backs of its metadata cache show (rules and evidence:
 * docs/design.md, "What counts as a tag").
 */

// Compiled once and reset per use: see markdown-mask.ts on why the scan allocates no patterns.
const TAG_START = /(?:^|[\s_|*~=]|\\[!-/:-@[-`{-~])#/g;
const BODY_AT = /[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+/y;
const TAG_BODY = /^[^\s!"#$%&'()*+,.:;<=>?@[\\\]^`{|}~\u2000-\u206F\u2E00-\u2E7F]+$/;
const DIGITS = /^[0-9]+$/;

/** Calls `visit` for each tag of one masked line: its body and the columns of `#` and of its end. */
function eachTag(line: string, visit: (body: string, hash: number, end: number) => void): void {
	TAG_START.lastIndex = 0;
	while (TAG_START.exec(line) !== null) {
		let hash = TAG_START.lastIndex - 1;
		// `[[note|#alias]]`: a pipe inside a wikilink is no table cell (link_in_task_wikilink.json).
		if (line.charCodeAt(hash - 1) === 124 && line.lastIndexOf('[[', hash) > line.lastIndexOf(']]', hash)) continue;
		for (;;) {
			BODY_AT.lastIndex = hash + 1;
			let body = BODY_AT.exec(line)?.[0];
			if (body === undefined) break;
			let end = BODY_AT.lastIndex;
			// `_#a_`: the underscores that close an emphasis opened right before `#` are not the tag's.
			if (line.charCodeAt(hash - 1) === 95 && body.endsWith('_')) {
				const trimmed = body.replace(/_+$/, '');
				if (trimmed !== '') {
					end -= body.length - trimmed.length;
					body = trimmed;
				}
			}
			if (!DIGITS.test(body)) visit(body, hash, end);
			TAG_START.lastIndex = end;
			// `#a#b`: a `#` right after a tag starts the next one.
			if (line.charCodeAt(end) !== 35) break;
			hash = end;
		}
	}
}

export interface InlineTag {
	/** Tag body as written, without `#`. */
	tag: string;
	/** Index of the line in the array given to `inlineTags`. */
	lineIndex: number;
}

/** Inline tags of already masked lines (see markdown-mask.ts), in document order. */
export function inlineTags(maskedLines: string[]): InlineTag[] {
	const found: InlineTag[] = [];
	let lineIndex = 0;
	const visit = (tag: string): void => {
		found.push({ tag, lineIndex });
	};
	for (; lineIndex < maskedLines.length; lineIndex++) {
		const line = maskedLines[lineIndex] ?? '';
		if (line.includes('#')) eachTag(line, visit);
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
	eachTag(maskedLine, (tag, start, end) => found.push({ tag, start, end }));
	return found;
}
