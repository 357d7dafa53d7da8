/**
 * Pure edits behind the sidebar's *Mark as reviewed*: removing an inline tag from a note's text
 * and adding or removing a tag in a frontmatter object. Inline edits follow the same recognition
 * as the scan (masked code, comments), so a `#tag` inside a code block is never touched.
 */
import { maskLines } from '../notes/markdown-mask';
import { frontmatterTagValue, inlineTagSpans } from '../notes/tags';

const FENCE = /^---[ \t]*$/;

export interface InlineEdit {
	text: string;
	removed: number;
}

/** Index of the first body line: after a closed frontmatter block, else 0. */
function bodyStart(lines: string[]): number {
	if (!FENCE.test(lines[0] ?? '')) return 0;
	for (let i = 1; i < lines.length; i++) if (FENCE.test(lines[i] ?? '')) return i + 1;
	return 0;
}

function cutSpan(line: string, start: number, end: number): string {
	const before = line.slice(0, start);
	const after = line.slice(end);
	// Take one neighbouring space with the tag so no double space or stray indent is left.
	if (/[ \t]$/.test(before) && (after === '' || /^[ \t]/.test(after))) return before.slice(0, -1) + after;
	if (before.trim() === '' && /^[ \t]/.test(after)) return before + after.slice(1);
	return before + after;
}

/**
 * Removes every inline occurrence of `tag` (case-insensitive, exact: `#tag/x` and `#tagx` stay).
 * Line endings and a BOM are kept; a line that held nothing but the tag is removed.
 */
export function removeInlineTag(input: string, tag: string): InlineEdit {
	const bom = input.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
	const text = bom === '' ? input : input.slice(1);
	const parts = text.split(/(\r?\n)/);
	const lines: string[] = [];
	const breaks: string[] = [];
	for (let i = 0; i < parts.length; i += 2) {
		lines.push(parts[i] ?? '');
		breaks.push(parts[i + 1] ?? '');
	}
	const start = bodyStart(lines);
	const masked = maskLines(lines.slice(start));
	const target = tag.toLowerCase();
	let removed = 0;
	const drop = new Set<number>();
	for (let j = 0; j < masked.length; j++) {
		const spans = inlineTagSpans(masked[j] ?? '').filter((s) => s.tag.toLowerCase() === target);
		if (spans.length === 0) continue;
		const i = start + j;
		let line = lines[i] ?? '';
		// Right to left, so earlier columns stay valid.
		for (let k = spans.length - 1; k >= 0; k--) {
			const s = spans[k];
			if (s !== undefined) line = cutSpan(line, s.start, s.end);
		}
		removed += spans.length;
		if (line.trim() === '') drop.add(i);
		lines[i] = line;
	}
	if (removed === 0) return { text: input, removed: 0 };
	let out = '';
	for (let i = 0; i < lines.length; i++) {
		if (drop.has(i)) {
			// A dropped last line gives its break back to the previous line's end.
			if (i === lines.length - 1 && out.endsWith('\n') && breaks[i] === '') out = out.replace(/\r?\n$/, '');
			continue;
		}
		out += (lines[i] ?? '') + (breaks[i] ?? '');
	}
	return { text: bom + out, removed };
}

function isTagsKey(key: string): boolean {
	return key.toLowerCase() === 'tags';
}

function sameTagValue(value: unknown, target: string): boolean {
	return frontmatterTagValue(value)?.toLowerCase() === target;
}

/**
 * Removes `tag` from every `tags` key (any case) of a frontmatter object, as handed out by
 * `FileManager.processFrontMatter`. Returns whether anything changed.
 */
export function removeFrontmatterTag(fm: Record<string, unknown>, tag: string): boolean {
	const target = tag.toLowerCase();
	let changed = false;
	for (const key of Object.keys(fm)) {
		if (!isTagsKey(key)) continue;
		const value = fm[key];
		if (Array.isArray(value)) {
			const kept = value.filter((v) => !sameTagValue(v, target));
			if (kept.length !== value.length) {
				fm[key] = kept;
				changed = true;
			}
		} else if (sameTagValue(value, target)) {
			fm[key] = [];
			changed = true;
		}
	}
	return changed;
}

/** Adds `tag` to the frontmatter's `tags` list unless some `tags` key already carries it. */
export function addFrontmatterTag(fm: Record<string, unknown>, tag: string): boolean {
	const target = tag.toLowerCase();
	const keys = Object.keys(fm).filter(isTagsKey);
	for (const key of keys) {
		const value = fm[key];
		if (Array.isArray(value) ? value.some((v) => sameTagValue(v, target)) : sameTagValue(value, target)) return false;
	}
	const key = keys.includes('tags') ? 'tags' : (keys[0] ?? 'tags');
	const value = fm[key];
	if (Array.isArray(value)) value.push(tag);
	else if (typeof value === 'string' && value.trim() !== '') fm[key] = [value, tag];
	else fm[key] = [tag];
	return true;
}
