/**
 * How many lines an agent's change added and removed, without the diff library: the session-start
 * and edit hook files carry no package (esbuild.config.mjs), yet the brief's `agentChanges` item
 * says what the human's diff view will count. Lines are split as jsdiff's `diffLines` splits them
 * (each line with its own line end), and any shortest edit script of insertions and deletions has
 * the same counts: `after − common` added, `before − common` removed, where `common` is the longest
 * common subsequence. Myers' greedy algorithm finds its length in O((N+M)·D) time and O(N+M)
 * memory; tests/core/line-counts.test.ts checks the counts against `diffLines` on random texts.
 */

export interface LineCounts {
	added: number;
	removed: number;
}

/** Past this many differing lines the texts count as replaced whole (as the diff view's time limit does). */
const MAX_EDITS = 20_000;

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

/** The number of insertions plus deletions of a shortest edit script, or null past `max`. */
function editDistance(a: Int32Array, b: Int32Array, max: number): number | null {
	const n = a.length;
	const m = b.length;
	const off = n + m + 1;
	const v = new Int32Array(2 * (n + m) + 3);
	for (let d = 0; d <= Math.min(n + m, max); d++) {
		for (let k = -d; k <= d; k += 2) {
			let x = k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0)) ? (v[off + k + 1] ?? 0) : (v[off + k - 1] ?? 0) + 1;
			let y = x - k;
			while (x < n && y < m && a[x] === b[y]) {
				x++;
				y++;
			}
			v[off + k] = x;
			if (x >= n && y >= m) return d;
		}
	}
	return null;
}

export function countLines(before: string, after: string): LineCounts {
	const a = lineTokens(before);
	const b = lineTokens(after);
	// The common start and end cost nothing; most agent edits change a few lines in the middle.
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) start++;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA--;
		endB--;
	}
	const ids = new Map<string, number>();
	const id = (line: string): number => {
		let n = ids.get(line);
		if (n === undefined) {
			n = ids.size;
			ids.set(line, n);
		}
		return n;
	};
	const x = Int32Array.from(a.slice(start, endA), id);
	const y = Int32Array.from(b.slice(start, endB), id);
	const d = editDistance(x, y, MAX_EDITS);
	if (d === null) return { added: y.length, removed: x.length };
	return { added: (d + y.length - x.length) / 2, removed: (d + x.length - y.length) / 2 };
}
