/**
 * A fingerprint of a vault's notes as a stat walk sees them (path, modification time, size), so a
 * hook can prove a cache current without reading its index (docs/design.md, "Where the brief comes
 * from: the tiers"). Order-independent: the writer sums over its index in its own order, the
 * walk over the folders in readdir order. 64 bits in two 32-bit lanes, plus the count: a changed,
 * added or removed note matches by chance about once in 2^64. It is no defence against someone
 * who can write the vault, who could as well rewrite the cache file itself.
 */

export interface StatStamp {
	notes: number;
	/** 16 lower-case hex digits. */
	hash: string;
}

const TWO_32 = 4294967296;

/** murmur3's finaliser: every input bit moves every output bit. */
function fmix(h: number): number {
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return (h ^ (h >>> 16)) >>> 0;
}

export class StampBuilder {
	private a = 0;
	private b = 0;
	private count = 0;

	add(path: string, mtime: number, size: number): void {
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
		this.a = (this.a + x) >>> 0;
		this.b = (this.b + y) >>> 0;
		this.count++;
	}

	done(): StatStamp {
		return { notes: this.count, hash: this.a.toString(16).padStart(8, '0') + this.b.toString(16).padStart(8, '0') };
	}
}

export function sameStamp(a: StatStamp, b: StatStamp): boolean {
	return a.notes === b.notes && a.hash === b.hash;
}
