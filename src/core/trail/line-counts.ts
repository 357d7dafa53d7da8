/**
 * How many lines an agent's change added and removed, without the diff library (the hook files
 * carry no package), counted as jsdiff's `diffLines` would: Myers' algorithm for the longest
 * common subsequence, checked against `diffLines` in tests/core/trail/line-counts.test.ts. Bounded at any
 * size (docs/design-decisions/reviewing-changes.md, "Large changes").
 */

export interface LineCounts {
	added: number;
	removed: number;
}

/** A large change's sizes: the two versions' bytes (0 for a note that did not exist or is gone). */
export interface ChangeSizes {
	before: number;
	after: number;
}

/** Past this many lines added plus removed a change is a large change: no count, no diff. */
export const MAX_CHANGED_LINES = 2000;
/** Steps of the comparison at most, so that no text makes it slow; past them the change is large too. */
const MAX_STEPS = 20_000_000;

/** The lines as jsdiff's `diffLines` tokenizes them: a line with its `\n` or `\r\n`. */
export function lineTokens(text: string): string[] {
	const parts = text.split(/(\n|\r\n)/);
	if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
	const out: string[] = [];
	for (let i = 0; i < parts.length; i++) {
		if (i % 2 === 1) out[out.length - 1] += parts[i] ?? '';
		else out.push(parts[i] ?? '');
	}
	return out;
}

/** The lines of `text` from `from` to `to` (each ends after its `\n`, the last may not): where each starts, and a hash of each. */
interface Lines {
	text: string;
	starts: Int32Array;
	hashes: Int32Array;
}

function linesOf(text: string, from: number, to: number): Lines {
	let count = 0;
	for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
	if (to > from && text.charCodeAt(to - 1) !== 0x0a) count++;
	const starts = new Int32Array(count + 1);
	const hashes = new Int32Array(count);
	let line = 0;
	let h = 0x811c9dc5;
	starts[0] = from;
	for (let i = from; i < to; i++) {
		const c = text.charCodeAt(i);
		h = Math.imul(h ^ c, 0x01000193);
		if (c === 0x0a || i === to - 1) {
			hashes[line] = h;
			starts[++line] = i + 1;
			h = 0x811c9dc5;
		}
	}
	return { text, starts, hashes };
}

/** Whether line `x` of `a` and line `y` of `b` are the same text; `cost` counts the characters compared. */
function sameLine(a: Lines, x: number, b: Lines, y: number, cost: { steps: number }): boolean {
	if (a.hashes[x] !== b.hashes[y]) return false;
	const as = a.starts[x] as number;
	const bs = b.starts[y] as number;
	const len = (a.starts[x + 1] as number) - as;
	if ((b.starts[y + 1] as number) - bs !== len) return false;
	cost.steps += len >> 6;
	for (let i = 0; i < len; i++) if (a.text.charCodeAt(as + i) !== b.text.charCodeAt(bs + i)) return false;
	return true;
}

/** The number of insertions plus deletions of a shortest edit script, or null past `max` or the step budget. */
function editDistance(a: Lines, b: Lines, max: number): number | null {
	const n = a.hashes.length;
	const m = b.hashes.length;
	const off = n + m + 1;
	const v = new Int32Array(2 * (n + m) + 3);
	const cost = { steps: 0 };
	for (let d = 0; d <= Math.min(n + m, max); d++) {
		for (let k = -d; k <= d; k += 2) {
			let x = k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0)) ? (v[off + k + 1] ?? 0) : (v[off + k - 1] ?? 0) + 1;
			let y = x - k;
			const from = x;
			while (x < n && y < m && sameLine(a, x, b, y, cost)) {
				x++;
				y++;
			}
			cost.steps += 1 + x - from;
			if (cost.steps > MAX_STEPS) return null;
			v[off + k] = x;
			if (x >= n && y >= m) return d;
		}
	}
	return null;
}

/**
 * Where the lines the two texts share at their start end, and where those at their end begin, as
 * offsets into each text: always at a line end both share (a line ends at each `\n`), so the line
 * tokens between are those of the whole texts. Linear, and no token is made for the shared lines.
 */
export function commonEnds(before: string, after: string): { start: number; endBefore: number; endAfter: number } {
	const shorter = Math.min(before.length, after.length);
	let p = 0;
	while (p < shorter && before.charCodeAt(p) === after.charCodeAt(p)) p++;
	const start = p === before.length && p === after.length ? p : p === 0 ? 0 : before.lastIndexOf('\n', p - 1) + 1;
	let s = 0;
	const room = shorter - start;
	while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
	// The shared end is kept from just after a line end inside it, or not at all.
	const nl = before.indexOf('\n', before.length - s);
	const tail = nl === -1 ? 0 : before.length - (nl + 1);
	return { start, endBefore: before.length - tail, endAfter: after.length - tail };
}

/** The counts a shortest line diff has, or null for a large change (past MAX_CHANGED_LINES or the step budget). */
export function countLines(before: string, after: string): LineCounts | null {
	// The common start and end cost nothing; most agent edits change a few lines in the middle.
	const cut = commonEnds(before, after);
	const x = linesOf(before, cut.start, cut.endBefore);
	const y = linesOf(after, cut.start, cut.endAfter);
	// Either side alone past the cap: at least that many lines differ.
	if (Math.abs(x.hashes.length - y.hashes.length) > MAX_CHANGED_LINES) return null;
	const d = editDistance(x, y, MAX_CHANGED_LINES);
	if (d === null) return null;
	const n = x.hashes.length;
	const m = y.hashes.length;
	return { added: (d + m - n) / 2, removed: (d + n - m) / 2 };
}

/** A size for people: `812 B`, `64 KB`, `1.2 MB` (powers of 1000, as file managers show them). */
export function byteSize(bytes: number): string {
	if (bytes < 1000) return `${bytes} B`;
	if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
	return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A large change's sizes as every view names them: `1.0 MB → 1.1 MB`. */
export function sizesText(s: ChangeSizes): string {
	return `${byteSize(s.before)} → ${byteSize(s.after)}`;
}
