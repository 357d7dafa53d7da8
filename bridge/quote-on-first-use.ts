/**
 * session-brief.edit.cjs's stand-in for src/core/quote.ts (esbuild.config.mjs puts it in place):
 * the same functions, with that module evaluated on their first call. Building its Unicode
 * property patterns costs about a tenth of a bare Node start, measured in instructions, and the
 * common path of the edit hooks (an edit outside the rule scope) writes no name, so it never pays
 * for them.
 */
import type * as Quote from '../src/core/quote';

declare const require: (id: string) => unknown;

let loaded: typeof Quote | undefined;

/** esbuild turns this require into the module's lazily evaluated copy inside the same file. */
function quote(): typeof Quote {
	loaded ??= require('../src/core/quote') as typeof Quote;
	return loaded;
}

export const quoteAlways: typeof Quote.quoteAlways = (name) => quote().quoteAlways(name);
export const isSafeName: typeof Quote.isSafeName = (name) => quote().isSafeName(name);
export const quoteName: typeof Quote.quoteName = (name) => quote().quoteName(name);
export const escapeControls: typeof Quote.escapeControls = (text) => quote().escapeControls(text);
export const hasUnsafeChar: typeof Quote.hasUnsafeChar = (text) => quote().hasUnsafeChar(text);
export const shortenName: typeof Quote.shortenName = (name, max) => quote().shortenName(name, max);
export const safeLines: typeof Quote.safeLines = (text) => quote().safeLines(text);
