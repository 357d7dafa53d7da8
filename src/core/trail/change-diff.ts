/**
 * The diff of an agent's change by jsdiff, for the diff view and `changes`, each through a dynamic
 * import so no start-up path evaluates the library. A large change gets none (null; the caller shows
 * the sizes): the count runs first, so the library only diffs a change it can finish quickly.
 */
import { createTwoFilesPatch, diffLines, diffWordsWithSpace } from 'diff';
import type { DiffPart, LineCounts } from './change-review';
import { countLines, MAX_CHANGED_LINES } from './line-counts';

export interface WordPart {
	text: string;
	changed: boolean;
}

export interface DiffLine {
	kind: 'same' | 'add' | 'del';
	text: string;
	/** 1-based line numbers in the before- and the after-version. */
	oldNo: number | null;
	newNo: number | null;
	/** For a changed line paired with its counterpart: what changed inside it. */
	words?: WordPart[];
}

/** A diff that takes longer gives up and shows the texts as replaced whole. */
const TIMEOUT_MS = 3000;
/** A pair of lines longer than this gets no word-level parts. */
const MAX_WORD_LINE = 4000;
/** Characters compared word by word in one diff at most; the pairs after them show whole. */
const MAX_WORD_CHARS = 200_000;

function splitLines(value: string): string[] {
	const lines = value.split('\n');
	if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/** The line diff's parts; null for a large change. */
export function lineParts(before: string, after: string): DiffPart[] | null {
	if (countLines(before, after) === null) return null;
	return diffLines(before, after, { timeout: TIMEOUT_MS, maxEditLength: MAX_CHANGED_LINES }) ?? null;
}

/** Lines added and removed, as the diff counts them; null for a large change. */
export function lineCounts(before: string, after: string): LineCounts | null {
	return countLines(before, after);
}

function wordParts(a: string, b: string): { del: WordPart[]; add: WordPart[] } | null {
	if (a.length > MAX_WORD_LINE || b.length > MAX_WORD_LINE) return null;
	const parts = diffWordsWithSpace(a, b);
	const del: WordPart[] = [];
	const add: WordPart[] = [];
	let same = 0;
	for (const p of parts) {
		if (p.added) add.push({ text: p.value, changed: true });
		else if (p.removed) del.push({ text: p.value, changed: true });
		else {
			same += p.value.trim().length;
			del.push({ text: p.value, changed: false });
			add.push({ text: p.value, changed: false });
		}
	}
	// Lines with nearly nothing in common read better whole.
	return same === 0 ? null : { del, add };
}

/** Every line of both versions, in order, with word-level parts inside paired changed lines; null for a large change. */
export function diffLinesOf(before: string, after: string): DiffLine[] | null {
	const parts = lineParts(before, after);
	if (parts === null) return null;
	const out: DiffLine[] = [];
	let words = MAX_WORD_CHARS;
	let oldNo = 1;
	let newNo = 1;
	let dels: DiffLine[] = [];
	const pair = (adds: DiffLine[]): void => {
		for (let i = 0; i < Math.min(dels.length, adds.length); i++) {
			const d = dels[i] as DiffLine;
			const a = adds[i] as DiffLine;
			words -= d.text.length + a.text.length;
			if (words < 0) return;
			const w = wordParts(d.text, a.text);
			if (w !== null) {
				d.words = w.del;
				a.words = w.add;
			}
		}
	};
	for (const part of parts) {
		const lines = splitLines(part.value);
		if (part.removed === true) {
			dels = lines.map((text) => ({ kind: 'del' as const, text, oldNo: oldNo++, newNo: null }));
			out.push(...dels);
		} else if (part.added === true) {
			const adds = lines.map((text) => ({ kind: 'add' as const, text, oldNo: null, newNo: newNo++ }));
			pair(adds);
			dels = [];
			out.push(...adds);
		} else {
			dels = [];
			for (const text of lines) out.push({ kind: 'same', text, oldNo: oldNo++, newNo: newNo++ });
		}
	}
	return out;
}

export interface Hunk {
	lines: DiffLine[];
	/** Unchanged lines left out before this hunk. */
	skipped: number;
}

/** The changed lines with `context` unchanged lines around them; the rest folded. */
export function hunksOf(lines: readonly DiffLine[], context = 3): Hunk[] {
	const keep = new Array<boolean>(lines.length).fill(false);
	lines.forEach((l, i) => {
		if (l.kind === 'same') return;
		for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
	});
	const hunks: Hunk[] = [];
	let skipped = 0;
	let current: Hunk | null = null;
	lines.forEach((l, i) => {
		if (!keep[i]) {
			skipped++;
			current = null;
			return;
		}
		if (current === null) {
			current = { lines: [], skipped };
			hunks.push(current);
			skipped = 0;
		}
		current.lines.push(l);
	});
	return hunks;
}

/**
 * The change in unified format (`--- a/…`, `+++ b/…`); a new note is from /dev/null, a deleted one
 * to it, a renamed one from its old path (`fromPath`). Null for a large change.
 */
export function unifiedDiff(path: string, before: string | null, after: string | null, fromPath: string = path): string | null {
	if (countLines(before ?? '', after ?? '') === null) return null;
	const from = before === null ? '/dev/null' : `a/${fromPath}`;
	const to = after === null ? '/dev/null' : `b/${path}`;
	const patch = createTwoFilesPatch(from, to, before ?? '', after ?? '', undefined, undefined, { context: 3, timeout: TIMEOUT_MS, maxEditLength: MAX_CHANGED_LINES });
	return patch === undefined ? null : patch.replace(/^=+\n/, '');
}
