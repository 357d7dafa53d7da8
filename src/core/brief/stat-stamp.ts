/**
 * An order-independent fingerprint of a vault's notes as a stat walk sees them, so a hook can prove
 * a cache current without reading its index (docs/design.md, "Where the brief comes from: the
 * tiers"). No defence against someone who can write the vault: they could rewrite the cache itself.
 */

export interface StatStamp {
	notes: number;
	/** 16 lower-case hex digits. */
	hash: string;
}

/** A stamp being summed: two 32-bit lanes and the count. Sums of parts add up (see addStamps). */
export interface StampSum {
	a: number;
	b: number;
	count: number;
}

/**
 * Adds one note to a sum. Self-contained (no name from outside its body) because the stat walk's
 * second thread runs its source text (src/node/scan/stat-walk.ts).
 */
export function addToStamp(sum: StampSum, path: string, mtime: number, size: number): void {
	const TWO_32 = 4294967296;
	// murmur3's finaliser: every input bit moves every output bit.
	const fmix = (h: number): number => {
		h ^= h >>> 16;
		h = Math.imul(h, 0x85ebca6b);
		h ^= h >>> 13;
		h = Math.imul(h, 0xc2b2ae35);
		return (h ^ (h >>> 16)) >>> 0;
	};
	// Two independent string hashes (FNV-1a and a multiply-rotate), then the numbers mixed in.
	let x = 0x811c9dc5;
	let y = 0x9747b28c;
	for (let i = 0; i < path.length; i++) {
		const c = path.charCodeAt(i);
		x = Math.imul(x ^ c, 0x01000193);
		y = Math.imul((y << 5) | (y >>> 27), 0x5bd1e995) ^ c;
	}
	const lo = mtime >>> 0;
	const hi = Math.floor(mtime / TWO_32) | 0;
	x = fmix(Math.imul(x ^ lo, 0x01000193) ^ hi ^ Math.imul(size | 0, 0x27d4eb2d));
	y = fmix((Math.imul(y ^ hi, 0x5bd1e995) + lo) ^ Math.imul((size / TWO_32) | 0, 0x165667b1) ^ (size | 0));
	sum.a = (sum.a + x) >>> 0;
	sum.b = (sum.b + y) >>> 0;
	sum.count++;
}

/** The sum over two disjoint sets of notes: the stamp is a sum, so the parts may be summed apart (on two threads). */
export function addStamps(x: StampSum, y: StampSum): StampSum {
	return { a: (x.a + y.a) >>> 0, b: (x.b + y.b) >>> 0, count: x.count + y.count };
}

export function stampOfSum(sum: StampSum): StatStamp {
	return { notes: sum.count, hash: (sum.a >>> 0).toString(16).padStart(8, '0') + (sum.b >>> 0).toString(16).padStart(8, '0') };
}

export class StampBuilder {
	private readonly sum: StampSum = { a: 0, b: 0, count: 0 };

	add(path: string, mtime: number, size: number): void {
		addToStamp(this.sum, path, mtime, size);
	}

	done(): StatStamp {
		return stampOfSum(this.sum);
	}
}

export function sameStamp(a: StatStamp, b: StatStamp): boolean {
	return a.notes === b.notes && a.hash === b.hash;
}
