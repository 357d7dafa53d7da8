/**
 * How a name read from a vault is written into any text we make: safe names as they are, any other
 * as one JSON string literal, so no name can break a list, start a line or change how the text
 * around it is shown (docs/brief.md, "Names in text").
 */

const SAFE_CHARS = String.raw`\p{L}\p{M}\p{N}\p{So}._\-/()[\]{}&'+#@!~=%$^;`;
/** Characters never written raw: controls, separators, format characters, lone surrogates, other spaces. */
const UNSAFE_CHARS = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]|(?! )\p{Zs}`;

/*
 * Built on first use, not at load: V8 builds a property class as soon as the expression is made,
 * and most runs never need one (the known ranges below answer first).
 */
let safeWords: RegExp | undefined;
let unsafeChar: RegExp | undefined;
const SAFE_WORDS = (): RegExp => (safeWords ??= new RegExp(`^[${SAFE_CHARS} ]+$`, 'u'));
const UNSAFE_CHAR = (): RegExp => (unsafeChar ??= new RegExp(UNSAFE_CHARS, 'gu'));

/*
 * The same rules as plain ranges for the scripts most names are written in (every character in
 * them assigned since Unicode 14), so a hook start does not pay for building property classes;
 * tests/core/quote.test.ts checks each character against the property classes.
 */
const KNOWN_RANGES = String.raw`\x20-\x7e\u00a0-\u024f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u052f\u05d0-\u05ea\u0621-\u063a\u0641-\u064a\u0660-\u0669\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3`;
const KNOWN_TEXT = new RegExp(`^[${KNOWN_RANGES}]*$`);
const HAS_KNOWN_UNSAFE = /[\u00a0\u00ad]/;
const SAFE_KNOWN = String.raw`A-Za-z0-9\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u00b2\u00b3\u00b9\u00bc-\u00be\u00a6\u00a9\u00ae\u00b0\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u052f\u05d0-\u05ea\u0621-\u063a\u0641-\u064a\u0660-\u0669\u1e00-\u1eff\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3._\-/()[\]{}&'+#@!~=%$^;`;
const SAFE_KNOWN_WORDS = new RegExp(`^[${SAFE_KNOWN} ]+$`);

/** Whether the text is in the known ranges (as above) with no unsafe character. */
function plainKnown(text: string): boolean {
	return KNOWN_TEXT.test(text) && !HAS_KNOWN_UNSAFE.test(text);
}

function escapeChar(c: string): string {
	let out = '';
	for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
	return out;
}

/** The name as one escaped JSON string literal, always quoted. */
export function quoteAlways(name: string): string {
	const json = JSON.stringify(name);
	return plainKnown(json) ? json : json.replace(UNSAFE_CHAR(), escapeChar);
}

/** Safe characters, with single spaces between words only. */
export function isSafeName(name: string): boolean {
	if (name.startsWith(' ') || name.endsWith(' ') || name.includes('  ')) return false;
	return KNOWN_TEXT.test(name) ? SAFE_KNOWN_WORDS.test(name) : SAFE_WORDS().test(name);
}

/** A name for text: as it is when safe, else one escaped JSON string literal. */
export function quoteName(name: string): string {
	return isSafeName(name) ? name : quoteAlways(name);
}

/**
 * Free text that is not a name (a tagged line, an error message, a finding's message): every
 * character that could break a line or steer a terminal is written as a visible `\uXXXX`.
 */
export function escapeControls(text: string): string {
	return plainKnown(text) ? text : text.replace(UNSAFE_CHAR(), escapeChar);
}

/** Whether any character of the text, other than its line breaks, would be unsafe raw in a terminal or the agent's context. */
export function hasUnsafeChar(text: string): boolean {
	const rest = text.replace(/\n/g, '');
	return !plainKnown(rest) && new RegExp(UNSAFE_CHARS, 'u').test(rest);
}

function codePoints(text: string): string[] {
	return Array.from(text);
}

/**
 * A name shortened to about `max` characters of output, visibly: the start and the end each as
 * their own quoted literal with `…` between, e.g. `"Inbox/very lo"…"ng name.md"`. A real name is
 * always one literal (or bare), so a shortened one can never be mistaken for it.
 */
export function shortenName(name: string, max: number): string {
	const whole = quoteName(name);
	if (whole.length <= max) return whole;
	const chars = codePoints(name);
	// Each piece costs its quotes and escapes; shrink until both fit.
	let keep = Math.max(2, max - 5);
	for (;;) {
		const head = chars.slice(0, Math.ceil(keep / 2)).join('');
		const tail = chars.slice(chars.length - Math.floor(keep / 2)).join('');
		const out = `${quoteAlways(head)}…${quoteAlways(tail)}`;
		if (out.length <= max || keep <= 2) return out;
		keep -= Math.max(1, out.length - max);
	}
}

/**
 * Multi-line text with every line passed through `escapeControls`: the last guard before text
 * leaves the program, so nothing missed upstream reaches a terminal or the agent raw.
 */
export function safeLines(text: string): string {
	return text.split('\n').map(escapeControls).join('\n');
}
