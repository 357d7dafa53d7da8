/**
 * Proves from a note's raw bytes that it carries nothing the brief counts, and how much of a kept
 * note decides its flags; exact or not offered at all (why it may read bytes, and why no `k`:
 * docs/design-decisions/what-counts.md, "The prefilter").
 */
import { FLAG_SPECS, type FolderSetting } from './flag-table';
import { isInFolder } from './paths';
import { tagNameList, type Settings } from '../settings';

/** The folder settings where a flag set by `status` or `type` counts (flag-table.ts). */
const VALUE_FOLDERS: readonly FolderSetting[] = [...new Set(FLAG_SPECS.flatMap((s) => [s.status?.under, s.type?.under]).filter((f): f is FolderSetting => f !== undefined))];

/** The folders whose notes the prefilter never skips: there a frontmatter `status` or `type` counts. */
export function prefilterFolders(settings: Settings): string[] {
	return VALUE_FOLDERS.map((key) => settings[key]);
}

const HASH = 0x23;
const NL = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const BACKSLASH = 0x5c;

/** ASCII upper case to lower case; every other byte as it is. */
function lower(b: number): number {
	return b >= 0x41 && b <= 0x5a ? b + 32 : b;
}

/** Whether one of `names` (lower-case bytes) starts at `at`, case-insensitively, ending before `end`. */
function nameAt(bytes: Uint8Array, at: number, end: number, names: readonly Uint8Array[], first: Uint8Array): boolean {
	// Most bytes begin no name: one table look-up rules them out before any name is compared.
	if (at >= end || first[bytes[at] ?? 0] !== 1) return false;
	for (const name of names) {
		if (at + name.length > end) continue;
		let i = 0;
		while (i < name.length && lower(bytes[at + i] ?? 0) === name[i]) i++;
		if (i === name.length) return true;
	}
	return false;
}

/** A `---` line starting at `at` (spaces or tabs after it): where the line's end is, else -1. */
function fenceLine(bytes: Uint8Array, at: number, end: number): number {
	if (at + 3 > end || bytes[at] !== DASH || bytes[at + 1] !== DASH || bytes[at + 2] !== DASH) return -1;
	let i = at + 3;
	while (i < end && (bytes[i] === 0x20 || bytes[i] === 0x09)) i++;
	if (i < end && bytes[i] === CR) i++;
	return i;
}

/**
 * Where the frontmatter ends (0 when there is none), by the rule noteFactsFromText applies to the
 * decoded text: an opening `---` line, and a later line `---` (spaces, tabs, CR after it).
 */
function frontmatterEnd(bytes: Uint8Array, start: number, end: number): number {
	const open = fenceLine(bytes, start, end);
	if (open < 0 || open >= end || bytes[open] !== NL) return 0;
	for (let nl = open; nl >= 0 && nl < end; nl = bytes.indexOf(NL, nl + 1)) {
		const close = fenceLine(bytes, nl + 1, end);
		if (close < 0) continue;
		if (close === end) return end;
		if (bytes[close] === NL) return close + 1;
	}
	return 0;
}

/**
 * Where a note's flags are decided once the last `#name` in its bytes stands at `at`: the end of
 * the first blank line after that line, or the note's end. The lines after it cannot change a tag
 * at or before `at`: code and comment masking only carries state forward (markdown-mask.ts), and the
 * one look ahead, for the end of a `$$` block, stops at a blank line. A blank line here holds only
 * spaces, tabs and CR, which `trim` removes, so the look ahead stops there or before.
 */
function decidedAfter(bytes: Uint8Array, at: number): number {
	const end = bytes.length;
	for (let nl = bytes.indexOf(NL, at); nl >= 0; nl = bytes.indexOf(NL, nl + 1)) {
		let i = nl + 1;
		while (i < end && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === CR)) i++;
		if (i >= end) return end;
		if (bytes[i] === NL) return i + 1;
	}
	return end;
}

/**
 * `bytes` is the whole note as read from disk. -1 proves it carries no flag; otherwise the length
 * of the leading part that decides its flags, always at a line start or the note's end: the note's
 * flags are those of that part alone, decoded and read as a note (the frontmatter whole, the body
 * up to where its last `#name` is decided). A note kept only for its frontmatter (no `#name` in its
 * bytes) needs no body at all.
 */
export type FlagBytes = (bytes: Uint8Array, path: string) => number;

export function flagBytes(settings: Settings): FlagBytes | null {
	const names = tagNameList(settings.tags);
	if (names.some((n) => !/^[\x20-\x7e]+$/.test(n) || /k/i.test(n))) return null;
	const lowered = names.map((n) => Uint8Array.from(n.toLowerCase(), (c) => c.charCodeAt(0)));
	// The bytes a name can begin with, in either case: 1 at each.
	const first = new Uint8Array(256);
	for (const name of lowered) {
		// An empty name begins everywhere.
		if (name.length === 0) first.fill(1);
		const b = name[0] ?? 0;
		first[b] = 1;
		if (b >= 0x61 && b <= 0x7a) first[b - 32] = 1;
	}
	const kept = prefilterFolders(settings);
	return (bytes, path) => {
		const end = bytes.length;
		// In the body only `#name` can flag a note; `#` is rare enough to jump from one to the next,
		// from the end, since the last one bounds what must be read.
		let last = -1;
		for (let at = bytes.lastIndexOf(HASH); at >= 0; at = at === 0 ? -1 : bytes.lastIndexOf(HASH, at - 1)) {
			if (nameAt(bytes, at + 1, end, lowered, first)) {
				last = at;
				break;
			}
		}
		// The scan's decoder drops one byte order mark and noteFactsFromText one more.
		let start = 0;
		while (start < 6 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
		const fmEnd = frontmatterEnd(bytes, start, end);
		if (last >= fmEnd) return decidedAfter(bytes, last);
		if (last >= 0) return fmEnd;
		// Notes where a `type` or `status` flag counts (the inbox and rules folders) are never skipped.
		for (const folder of kept) if (isInFolder(path, folder)) return fmEnd;
		for (let at = start; at < fmEnd; at++) {
			if (bytes[at] === BACKSLASH || nameAt(bytes, at, fmEnd, lowered, first)) return fmEnd;
		}
		return -1;
	};
}
