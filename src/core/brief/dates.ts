/** Calendar dates without a date library: the hook's cheapest paths must not load moment. */

/** Local calendar date of `now` as `YYYY-MM-DD` (the machine clock, not UTC). */
export function isoDate(now: Date): string {
	const y = String(now.getFullYear()).padStart(4, '0');
	const m = String(now.getMonth() + 1).padStart(2, '0');
	const d = String(now.getDate()).padStart(2, '0');
	return `${y}-${m}-${d}`;
}
