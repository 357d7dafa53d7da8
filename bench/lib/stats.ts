// Summaries of repeated timings.

export interface Stats {
	median: number;
	min: number;
	max: number;
	runs: number;
}

export interface Summary extends Stats {
	p10: number;
	p90: number;
}

/** The median (the mean of the middle two for an even count); NaN for no values. */
export function median(xs: readonly number[]): number {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function stats(xs: readonly number[]): Stats {
	const s = [...xs].sort((a, b) => a - b);
	return { median: median(s), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, runs: s.length };
}

export function summary(xs: readonly number[]): Summary {
	const s = [...xs].sort((a, b) => a - b);
	const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
	return { ...stats(s), p10: q(0.1), p90: q(0.9) };
}
