/**
 * Dates written out in the sidebar's rows, through one `Intl.DateTimeFormat` per locale and style.
 * `Date.toLocaleString(locale, options)` builds a new formatter on every call; the output is the same.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${locale}\0${JSON.stringify(options)}`;
	let f = formats.get(key);
	if (f === undefined) {
		f = new Intl.DateTimeFormat(locale, options);
		formats.set(key, f);
	}
	return f;
}

const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/** As `new Date(ms).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short' })`. */
export function fullDate(ms: number, locale: string): string {
	return dateFormat(locale, FULL).format(ms);
}
