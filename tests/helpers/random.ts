/** A small seeded PRNG (mulberry32, the bench's own): every fuzz case is reproducible from its seed. */
export { mulberry32 as prng } from '../../bench/lib/rng';

export function pick<T>(rand: () => number, items: readonly T[]): T {
	return items[Math.floor(rand() * items.length)] as T;
}

export function randomBytes(rand: () => number, n: number): Buffer {
	const b = Buffer.alloc(n);
	for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
	return b;
}

/** Long variants (more cases, bigger inputs) run when SESSION_BRIEF_LONG=1, as `npm run test:full` sets it (tests/suites.ts). */
export const LONG = process.env.SESSION_BRIEF_LONG === '1';
