/**
 * A few composable shape checks for the files the bridge and the plugin share (cache, index,
 * discovery). Each check returns null for a value of the right shape, else one sentence naming the
 * first field that is wrong (`brief.items.inbox.paths is not a list`). The field path is built from
 * our own keys and indices, never from the value, so the reason is safe to print.
 */
export type Check = (value: unknown, at: string) => string | null;

export function isRecord(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export const str: Check = (v, at) => (typeof v === 'string' ? null : `${at} is not a string`);
/**
 * A vault-relative note path as the cache stores it: `/`-separated, no `.` or `..` segment, not
 * absolute, no backslash or NUL. A cache lies in the vault where anyone can edit it, so a path from
 * it must not lead a reader outside the vault.
 */
export function isNotePath(p: string): boolean {
	if (p === '' || p.charCodeAt(0) === 47 || p.includes('\\') || p.includes('\0')) return false;
	if (p.charCodeAt(1) === 58 && /^[A-Za-z]:/.test(p)) return false;
	// A `.` or `..` segment starts the path or follows a `/`; only then are the segments looked at.
	if (p.charCodeAt(0) !== 46 && !p.includes('/.') && !p.includes('//') && !p.endsWith('/')) return true;
	for (const part of p.split('/')) if (part === '.' || part === '..' || part === '') return false;
	return true;
}

export const notePath: Check = (v, at) => (typeof v === 'string' && isNotePath(v) ? null : `${at} is not a vault-relative path`);
export const bool: Check = (v, at) => (typeof v === 'boolean' ? null : `${at} is not true or false`);

/** A finite number (JSON has no NaN or Infinity, but a writer bug could still produce null). */
export const num: Check = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? null : `${at} is not a number`);

/** A time in ms since the epoch that `Date` can hold (±8.64e15), so formatting it never throws. */
export const time: Check = (v, at) => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 8.64e15 ? null : `${at} is not a time`);

export function int(min: number, max: number): Check {
	return (v, at) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : `${at} is not a whole number from ${min} to ${max}`);
}

export function oneOf(...values: ReadonlyArray<string | number | boolean | null>): Check {
	return (v, at) => (values.includes(v as string) ? null : `${at} is not one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}

export function matches(re: RegExp, what: string): Check {
	return (v, at) => (typeof v === 'string' && re.test(v) ? null : `${at} is not ${what}`);
}

export function optional(check: Check): Check {
	return (v, at) => (v === undefined ? null : check(v, at));
}

export function nullable(check: Check): Check {
	return (v, at) => (v === null ? null : check(v, at));
}

export function either(...checks: Check[]): Check {
	return (v, at) => {
		let first: string | null = null;
		for (const c of checks) {
			const problem = c(v, at);
			if (problem === null) return null;
			first ??= problem;
		}
		return first;
	};
}

export function listOf(item: Check, max = Number.POSITIVE_INFINITY): Check {
	return (v, at) => {
		if (!Array.isArray(v)) return `${at} is not a list`;
		if (v.length > max) return `${at} has more than ${max} entries`;
		for (let i = 0; i < v.length; i++) {
			// The field path is built only for the failing entry: an index has 100,000 rows.
			if (item(v[i], '') !== null) return item(v[i], `${at}[${i}]`);
		}
		return null;
	};
}

/** An object with these keys (optional ones may be missing); other keys are allowed and ignored. */
export function object(fields: Record<string, Check>): Check {
	const keys = Object.keys(fields);
	return (v, at) => {
		if (!isRecord(v)) return `${at} is not an object`;
		for (const key of keys) {
			const check = fields[key] as Check;
			if (check(v[key], '') !== null) return check(v[key], at === '' ? key : `${at}.${key}`);
		}
		return null;
	};
}

/** A fixed-length list (a row), the last `optionalTail` entries optional. */
export function tuple(items: Check[], optionalTail = 0): Check {
	return (v, at) => {
		if (!Array.isArray(v)) return `${at} is not a list`;
		if (v.length < items.length - optionalTail || v.length > items.length) return `${at} does not have ${items.length - optionalTail === items.length ? items.length : `${items.length - optionalTail} to ${items.length}`} entries`;
		for (let i = 0; i < items.length; i++) {
			const check = items[i];
			if (check === undefined || (i >= v.length && i >= items.length - optionalTail)) continue;
			if (check(v[i], '') !== null) return check(v[i], `${at}[${i}]`);
		}
		return null;
	};
}
