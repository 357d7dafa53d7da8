/**
 * How a review hit and a note's age read in the sidebar: the line cut to a window centred on the
 * matched tag (as Backlinks shows the text around a link), and ages as short as a file list's
 * ("3 d"). Pure: the caller passes the current time.
 */

export interface Excerpt {
	/** Text before the match, with a leading "…" when cut. */
	before: string;
	/** The matched text as it stands in the note, or "" when the tag is not found. */
	match: string;
	after: string;
}

const ELLIPSIS = '…';

/** Where `tag` (without '#') stands in `text`, as a whole tag: "#tag", or the bare name in a property value. */
function findTag(text: string, tag: string): { at: number; length: number } | null {
	const lower = text.toLowerCase();
	const name = tag.toLowerCase();
	// A tag ends where a character that may not be part of a tag starts.
	const ends = (i: number) => i >= lower.length || !/[\p{L}\p{N}_/-]/u.test(lower[i] ?? '');
	for (const needle of [`#${name}`, name]) {
		let from = 0;
		for (;;) {
			const at = lower.indexOf(needle, from);
			if (at < 0) break;
			const startOk = needle.startsWith('#') || at === 0 || !/[\p{L}\p{N}_/#-]/u.test(lower[at - 1] ?? '');
			if (startOk && ends(at + needle.length)) return { at, length: needle.length };
			from = at + 1;
		}
	}
	return null;
}

/**
 * `text` cut to about `width` characters around the first whole occurrence of `tag`, the match
 * kept apart for highlighting. Without a match, the start of the text.
 */
export function excerptAround(text: string, tag: string, width = 80): Excerpt {
	const found = findTag(text, tag);
	if (found === null) return { before: text.length > width ? text.slice(0, width) + ELLIPSIS : text, match: '', after: '' };
	const matchEnd = found.at + found.length;
	const room = Math.max(0, width - found.length);
	let start = Math.max(0, found.at - Math.floor(room / 2));
	const end = Math.min(text.length, start + found.length + room);
	start = Math.max(0, Math.min(start, end - found.length - room));
	const before = start > 0 ? ELLIPSIS + text.slice(start, found.at).trimStart() : text.slice(0, found.at);
	const after = text.slice(matchEnd, end) + (end < text.length ? ELLIPSIS : '');
	return { before, match: text.slice(found.at, matchEnd), after };
}

/** A property hit ("tags: needs-review") split into the property's name and its value. */
export function splitPropertyHit(text: string): { key: string; value: string } {
	const colon = text.indexOf(':');
	if (colon < 0) return { key: '', value: text };
	return { key: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}

export type AgeUnit = 'now' | 'min' | 'h' | 'd' | 'mo' | 'y';

/** How long ago `then` was, in the largest whole unit (minutes up to an hour, …, years). */
export function age(then: number, now: number): { n: number; unit: AgeUnit } {
	const s = Math.max(0, Math.floor((now - then) / 1000));
	if (s < 60) return { n: 0, unit: 'now' };
	const min = Math.floor(s / 60);
	if (min < 60) return { n: min, unit: 'min' };
	const h = Math.floor(min / 60);
	if (h < 24) return { n: h, unit: 'h' };
	const d = Math.floor(h / 24);
	if (d < 31) return { n: d, unit: 'd' };
	if (d < 365) return { n: Math.floor(d / 30.44), unit: 'mo' };
	return { n: Math.floor(d / 365.25), unit: 'y' };
}
