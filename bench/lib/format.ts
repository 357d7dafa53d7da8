// How the bench prints times and vault sizes.

export function fmtMs(ms: number | undefined): string {
	if (ms === undefined) return '—';
	if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 1 : 0)} µs`;
	return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

export function fmtN(n: number): string {
	return n >= 1000 ? `${n / 1000}k` : String(n);
}
