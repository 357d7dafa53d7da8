/**
 * A frontmatter edit on a note's text, for front ends without Obsidian's
 * `FileManager.processFrontMatter` (the bridge's MCP server): the same edit functions
 * (tag-edit.ts) run on the frontmatter as an object, and only the keys they changed are written
 * back, so the rest of the YAML (comments, quoting, order) and the whole body stay byte for byte.
 * A note without frontmatter gets a new block at the top, as Obsidian adds one.
 */
import { isSeq, parseDocument, stringify, type Document } from 'yaml';

export type FrontmatterEdit = { ok: true; text: string; changed: boolean } | { ok: false; reason: string };

const OPENING = /^---[ \t]*(\r?\n)/;
const CLOSING = /^---[ \t]*$/m;

function isPlainObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The items `after` appends to `before`, or null when it is not such an extension. */
function appended(before: unknown, after: unknown): unknown[] | null {
	if (!Array.isArray(before) || !Array.isArray(after) || after.length < before.length) return null;
	for (let i = 0; i < before.length; i++) if (JSON.stringify(before[i]) !== JSON.stringify(after[i])) return null;
	return (after as unknown[]).slice(before.length);
}

function writeBack(doc: Document, before: Record<string, unknown>, after: Record<string, unknown>): void {
	for (const key of Object.keys(after)) {
		if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
		const node = doc.get(key, true);
		const added = appended(before[key], after[key]);
		// Appending to an existing list keeps its style (a flow list stays `[a, b]`).
		if (isSeq(node) && added !== null) for (const item of added) node.add(doc.createNode(item));
		else doc.set(key, after[key]);
	}
	for (const key of Object.keys(before)) if (!(key in after)) doc.delete(key);
}

export function editFrontmatterText(input: string, edit: (fm: Record<string, unknown>) => boolean): FrontmatterEdit {
	const bom = input.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
	const text = input.slice(bom.length);
	const open = OPENING.exec(text);
	const eol = open?.[1] ?? (text.includes('\r\n') ? '\r\n' : '\n');
	const withEol = (yaml: string): string => (eol === '\n' ? yaml : yaml.replace(/\n/g, eol));
	if (open === null) {
		// A note that starts with `---` and nothing after it is a note whose first line is a rule, not frontmatter.
		const fm: Record<string, unknown> = {};
		if (!edit(fm)) return { ok: true, text: input, changed: false };
		return { ok: true, text: `${bom}---${eol}${withEol(stringify(fm))}---${eol}${text}`, changed: true };
	}
	const rest = text.slice(open[0].length);
	const close = CLOSING.exec(rest);
	if (close === null) return { ok: false, reason: 'its frontmatter is not closed (no second --- line)' };
	// The YAML without the line break before the closing fence.
	const yamlText = rest.slice(0, close.index).replace(/\r?\n$/, '');
	const doc = parseDocument(yamlText.replace(/\r\n/g, '\n'));
	if (doc.errors.length > 0) return { ok: false, reason: `its frontmatter is not valid YAML (${(doc.errors[0]?.message ?? '').split('\n')[0]})` };
	const value: unknown = doc.toJS() ?? {};
	if (!isPlainObject(value)) return { ok: false, reason: 'its frontmatter is not a set of keys' };
	const before = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
	if (!edit(value)) return { ok: true, text: input, changed: false };
	let yamlOut: string;
	if (doc.contents === null) yamlOut = stringify(value);
	else {
		writeBack(doc, before, value);
		yamlOut = doc.toString();
	}
	const after = rest.slice(close.index);
	return { ok: true, text: `${bom}${text.slice(0, open[0].length)}${withEol(yamlOut)}${after}`, changed: true };
}
