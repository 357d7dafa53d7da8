/**
 * Lossless edits of an agent's JSON settings file: every change goes through jsonc-parser's
 * `modify`, which rewrites only the touched span, so the operator's keys, their order, the
 * indentation, line endings, a missing final newline and a BOM all survive.
 */
import { applyEdits, modify, parse as parseJsonc, type FormattingOptions, type JSONPath, type ParseError } from 'jsonc-parser';

/** The file is not JSON we can rewrite without loss; it is left untouched. */
export class UnparseableError extends Error {}

/** Strict UTF-8 (a BOM kept as text): a file we cannot decode exactly is one we cannot rewrite without loss. */
export function decodeStrict(data: Buffer, file: string): string {
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
	} catch {
		throw new UnparseableError(`${file} is not valid UTF-8 text; it was left unchanged.`);
	}
}

export interface JsonDoc {
	/** The text without a BOM. */
	text: string;
	bom: boolean;
	value: Record<string, unknown>;
	format: FormattingOptions;
}

/** Indentation and line ends as the file already uses them, so inserted lines look like their neighbours. */
export function detectFormat(text: string): FormattingOptions {
	const eol = text.includes('\r\n') ? '\r\n' : '\n';
	const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
	if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
	return { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * Strict JSON only: the hosts read these files with JSON parsers, and a file they cannot read
 * is one we must not "repair".
 */
export function parseJsonDoc(raw: string, file: string): JsonDoc {
	const bom = raw.startsWith('\uFEFF');
	const text = bom ? raw.slice(1) : raw;
	let value: unknown;
	try {
		value = text.trim() === '' ? {} : JSON.parse(text);
	} catch (error) {
		// JSON with comments reads as damaged to Claude Code, which then ignores the whole file: said as such.
		const errors: ParseError[] = [];
		parseJsonc(text, errors, { allowTrailingComma: true });
		if (errors.length === 0) throw new UnparseableError(`${file} holds comments or trailing commas, which plain JSON does not allow (Claude Code ignores such a file, every hook in it); it was left unchanged. Remove them, then run this again.`);
		throw new UnparseableError(`${file} is not valid JSON (${(error as Error).message}); it was left unchanged. Fix or remove it, then run this again.`);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new UnparseableError(`${file} does not hold a JSON object; it was left unchanged.`);
	}
	return { text: text.trim() === '' ? '{}' : text, bom, value: value as Record<string, unknown>, format: detectFormat(text) };
}

/** Sets (or with `undefined` removes) the value at `path`; -1 as the last segment appends to an array. */
export function editJson(doc: JsonDoc, path: JSONPath, value: unknown, file: string): JsonDoc {
	const edits = modify(doc.text, path, value, { formattingOptions: doc.format });
	const text = applyEdits(doc.text, edits);
	return { ...parseJsonDoc(text, file), bom: doc.bom, format: doc.format };
}

export function serialize(doc: JsonDoc): string {
	return `${doc.bom ? '\uFEFF' : ''}${doc.text}`;
}

/** The value at `path`, or undefined. */
export function valueAt(root: unknown, path: JSONPath): unknown {
	let v: unknown = root;
	for (const seg of path) {
		if (typeof seg === 'number') v = Array.isArray(v) ? v[seg] : undefined;
		else v = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[seg] : undefined;
		if (v === undefined) return undefined;
	}
	return v;
}

/** Structural equality that ignores key order (an operator's re-sort is not a change of ours). */
export function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
	}
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	const ka = Object.keys(a).sort();
	const kb = Object.keys(b).sort();
	return sameJson(ka, kb) && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
