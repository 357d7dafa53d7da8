/** A small seeded PRNG (mulberry32): every fuzz case is reproducible from its seed. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
	return items[Math.floor(rand() * items.length)] as T;
}

export function randomBytes(rand: () => number, n: number): Buffer {
	const b = Buffer.alloc(n);
	for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
	return b;
}

/** Long variants (more cases, bigger inputs) run when SESSION_BRIEF_LONG=1, as CI sets it. */
export const LONG = process.env.SESSION_BRIEF_LONG === '1';
