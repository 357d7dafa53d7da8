// One seeded PRNG (mulberry32) for the bench and the tests (tests/helpers/random.ts): the vault
// generator, the plugin bench child and the fuzz tests draw from the same generator, so a seed
// always gives the same numbers.
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
