/**
 * Frontmatter as Obsidian sees it: only when the file's first line is `---` (after an optional
 * BOM) and a later line is `---`. Without the closing line there is no frontmatter at all.
 */
import { parse as parseYaml } from 'yaml';

export interface FrontmatterSplit {
	/** The YAML between the fences, or null when the note has no (closed) frontmatter. */
	yaml: string | null;
	/** True when the note opens with `---` but never closes it. */
	unclosed: boolean;
	/** Index of the first body line in the note's line array. */
	bodyStart: number;
}

const FENCE = /^---[ \t]*$/;

export function splitFrontmatter(lines: string[]): FrontmatterSplit {
	if (lines.length === 0 || !FENCE.test(lines[0] ?? '')) return { yaml: null, unclosed: false, bodyStart: 0 };
	for (let i = 1; i < lines.length; i++) {
		if (FENCE.test(lines[i] ?? '')) return { yaml: lines.slice(1, i).join('\n'), unclosed: false, bodyStart: i + 1 };
	}
	return { yaml: null, unclosed: true, bodyStart: 0 };
}

/** The frontmatter keys every item needs, as string lists (scalars become one-element lists). */
export interface FrontmatterFields {
	tags: string[];
	type: string[];
	status: string[];
	/**
	 * `ok`: valid YAML; `broken`: read tolerantly line by line; `unread`: not parsed, because the
	 * caller's `mayCount` showed that no value in it could count (the lists are then empty).
	 */
	parse: 'ok' | 'broken' | 'unread';
	/** Line (0-based, within the YAML) of each key, for reports. */
	tagsLine: number;
}

type Key = 'tags' | 'type' | 'status';
// A key needs a space (or the line end) after its colon: `tags:value` is no key but a plain text,
// and a block that is only text holds no properties in Obsidian (docs/obsidian-readings.md). YAML
// that does not parse is read tolerantly, with or without the space (our choice: no source says).
const KEY_LINE = /^(["']?)(tags|type|status)\1[ \t]*:(?=[ \t]|$)(.*)$/i;
const TOLERANT_KEY_LINE = /^(["']?)(tags|type|status)\1[ \t]*:(.*)$/i;
const ANY_KEY = /^[^\s#-][^:]*:(?:\s|$)/;
const LIST_ITEM = /^[ \t]*-(?:[ \t]+(.*))?$/;
// Values the line reader cannot read exactly (anchors, aliases, tags, block scalars, maps):
// those go to the full YAML parser.
const YAML_NULL = /^(?:null|Null|NULL|~)$/;
const COMPLEX_VALUE = /^[&*!|>{?%@`]/;

/**
 * Reads `tags`, `type` and `status` (keys case-insensitive): the common shapes line by line, the
 * rest through the `yaml` package, tolerantly when it does not parse (docs/design.md, "What
 * counts"). `mayCount` false proves no value could count, so the parser is not asked at all.
 */
export function readFrontmatterFields(yaml: string, mayCount?: (yaml: string) => boolean): FrontmatterFields {
	const fast = readByLines(yaml, false);
	if (fast === BROKEN) return readByLines(yaml, true) ?? emptyFields('broken');
	if (fast !== null) return fast;
	if (mayCount !== undefined && !mayCount(yaml)) return emptyFields('unread');
	let doc: unknown;
	try {
		doc = parseYaml(yaml, { uniqueKeys: false, prettyErrors: false });
	} catch {
		return readByLines(yaml, true) ?? emptyFields('broken');
	}
	return fieldsFromObject(doc, readByLines(yaml, true)?.tagsLine ?? -1);
}

function emptyFields(parse: FrontmatterFields['parse']): FrontmatterFields {
	return { tags: [], type: [], status: [], parse, tagsLine: -1 };
}

function fieldsFromObject(doc: unknown, tagsLine: number): FrontmatterFields {
	const fields = emptyFields('ok');
	fields.tagsLine = tagsLine;
	if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return fields;
	for (const [key, value] of Object.entries(doc as Record<string, unknown>)) {
		const k = key.toLowerCase();
		if (k === 'tags' || k === 'type' || k === 'status') fields[k].push(...flattenStrings(value));
	}
	return fields;
}

function flattenStrings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
	if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? [] : flattenStrings(v)));
	return [];
}

/** What the strict line reader returns for YAML that certainly does not parse (see `unclosedFlow`). */
const BROKEN = 'broken';

/**
 * Line reader. Strict mode returns null as soon as it meets a shape it cannot read exactly, and
 * BROKEN for YAML it can prove the parser rejects; tolerant mode reads whatever it can (broken YAML).
 */
function readByLines(yaml: string, tolerant: false): FrontmatterFields | typeof BROKEN | null;
function readByLines(yaml: string, tolerant: true): FrontmatterFields | null;
function readByLines(yaml: string, tolerant: boolean): FrontmatterFields | typeof BROKEN | null {
	const fields = emptyFields(tolerant ? 'broken' : 'ok');
	if (!/(?:^|\n)[ \t{]*["']?(?:tags|type|status)["']?[ \t]*:/i.test(yaml)) return fields;
	const lines = yaml.split('\n');
	let current: Key | null = null;
	let flow: string[] | null = null;
	const seen = new Set<string>();
	let itemIndent = -1;
	// The last key line was one of ours: an indented line after it belongs to its value.
	let lastOurs = false;
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? '';
		const raw = line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
		if (flow !== null && current !== null) {
			// Tolerant only: a flow list left open over several lines.
			const closed = raw.includes(']');
			fields[current].push(...splitFlow(closed ? raw.slice(0, raw.indexOf(']')) : raw));
			if (closed || ANY_KEY.test(raw)) flow = null;
			if (closed) current = null;
			continue;
		}
		// A line opening with an ASCII letter that begins none of our keys (most lines): neither blank,
		// a comment, indented, a key of ours nor a list item, so the checks below come to this.
		const first = raw.charCodeAt(0) | 0x20;
		if (first >= 0x61 && first <= 0x7a && first !== 0x74 /* t */ && first !== 0x73 /* s */) {
			if (!tolerant && !ANY_KEY.test(raw)) return null;
			current = null;
			lastOurs = false;
			continue;
		}
		if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
		if (!tolerant && /^\s/.test(raw) && current === null && !lastOurs) continue;
		const key = (tolerant ? TOLERANT_KEY_LINE : KEY_LINE).exec(raw);
		if (key !== null) {
			// A repeated key: the parser keeps only the last value, so let it decide.
			if (!tolerant && seen.has(key[2] ?? '')) return null;
			seen.add(key[2] ?? '');
			itemIndent = -1;
			lastOurs = true;
			current = (key[2] ?? '').toLowerCase() as Key;
			if (current === 'tags') fields.tagsLine = i;
			const value = stripComment(key[3] ?? '').trim();
			if (value === '') continue;
			if (!tolerant && COMPLEX_VALUE.test(value)) return null;
			if (value.startsWith('[')) {
				const end = value.lastIndexOf(']');
				if (end < 0) {
					if (!tolerant) return unclosedFlow(lines, i) ? BROKEN : null;
					fields[current].push(...splitFlow(value.slice(1)));
					flow = fields[current];
					continue;
				}
				const inner = value.slice(1, end);
				if (!tolerant && /[[\]{}"']/.test(inner)) {
					// Quoted items (`["#review", draft]`): read exactly when simple, else the parser's.
					const exact = end === value.length - 1 && stripComment(key[3] ?? '').replace(YAML_SPACE, '') === value;
					const items = exact ? quotedFlowItems(inner) : null;
					if (items === null) return null;
					fields[current].push(...items);
				} else fields[current].push(...splitFlow(inner));
			} else {
				const scalar = unquote(value, tolerant);
				if (scalar === null) return null;
				if (!YAML_NULL.test(value)) fields[current].push(scalar);
			}
			current = null;
			continue;
		}
		const item = LIST_ITEM.exec(raw);
		if (item !== null && current !== null) {
			// Items of one list share an indent; a deeper `-` continues the previous scalar.
			const indent = raw.length - raw.trimStart().length;
			if (itemIndent < 0) itemIndent = indent;
			else if (indent !== itemIndent && !tolerant) return null;
			const value = stripComment(item[1] ?? '').trim();
			if (value === '') continue;
			if (!tolerant && (COMPLEX_VALUE.test(value) || value.startsWith('[') || /^[^"']*:\s/.test(value))) return null;
			const scalar = unquote(value, tolerant);
			if (scalar === null) return null;
			if (!YAML_NULL.test(value)) fields[current].push(scalar);
			continue;
		}
		if (/^\s/.test(raw)) {
			// Indented continuation under a key we read: a multi-line scalar or nested map.
			if (lastOurs && !tolerant) return null;
			continue;
		}
		if (!tolerant && !ANY_KEY.test(raw)) return null;
		current = null;
		lastOurs = false;
	}
	return fields;
}

/**
 * Whether the flow list opened on line `at` (a key of ours at the line's start, its value `[…` with
 * no `]` on the line) certainly makes the YAML invalid: no `]`, `"` or `'` anywhere after its `[`.
 * A `[` there opens a flow list, which only `]` closes; or it sits inside a quoted scalar opened
 * earlier, which only a later quote closes. Either way the parser must fail. A block or plain
 * scalar of an earlier key cannot hold it: the line starts at column 0, which ends both.
 */
function unclosedFlow(lines: readonly string[], at: number): boolean {
	const line = lines[at] ?? '';
	if (/[\]"']/.test(line.slice(line.indexOf('[') + 1))) return false;
	for (let i = at + 1; i < lines.length; i++) if (/[\]"']/.test(lines[i] ?? '')) return false;
	return true;
}

/**
 * A plain item the parser reads as this same string: letters, digits and `_-/.` and inner spaces,
 * starting with a letter (not a number, bool, null, key, comment or an odd space).
 */
const PLAIN_ITEM = /^[A-Za-z_\u00c0-\u1fff][\w\-/. \u00c0-\u1fff]*$/;
const NOT_A_STRING = /^(?:true|false|null)$/i;
/** Only what YAML itself counts as white space around an item (String#trim drops more). */
const YAML_SPACE = /^[ \t]+|[ \t]+$/g;

/**
 * The items of a one-line flow list that holds quotes, read exactly as the YAML parser does, or
 * null when any item is more than a plain word or a quoted string without escapes, inner quotes
 * or commas (`"a, b"`, `'it''s'`, `"a\"b"` and the rest go to the parser).
 */
function quotedFlowItems(inner: string): string[] | null {
	const items: string[] = [];
	for (const part of inner.split(',')) {
		const item = part.replace(YAML_SPACE, '');
		const q = item[0];
		if (q === '"' || q === "'") {
			const text = item.slice(1, -1);
			if (item.length < 3 || item[item.length - 1] !== q || text.includes(q) || text.includes('\\')) return null;
			items.push(text);
		} else {
			if (!PLAIN_ITEM.test(item) || NOT_A_STRING.test(item)) return null;
			items.push(item);
		}
	}
	return items;
}

function stripComment(value: string): string {
	// A YAML comment starts at ` #` outside quotes; `tags: #x` is a comment, as in Obsidian.
	if (value.startsWith('#')) return '';
	let quote = '';
	for (let i = 0; i < value.length; i++) {
		const c = value[i];
		if (quote !== '') {
			if (c === quote) quote = '';
		} else if (c === '"' || c === "'") {
			if (i === 0 || /[\s,[]/.test(value[i - 1] ?? '')) quote = c;
		} else if (c === '#' && /\s/.test(value[i - 1] ?? '')) {
			return value.slice(0, i);
		}
	}
	return value;
}

function unquote(value: string, tolerant: boolean): string | null {
	const q = value[0];
	if (q !== '"' && q !== "'") return value;
	if (value.length >= 2 && value[value.length - 1] === q) {
		const inner = value.slice(1, -1);
		// Escapes change the value: leave them to the YAML parser.
		if (!tolerant && (inner.includes('\\') || inner.includes(q))) return null;
		return inner;
	}
	return tolerant ? value.slice(1) : null;
}

function splitFlow(inner: string): string[] {
	const out: string[] = [];
	for (const part of inner.split(',')) {
		const v = part.trim().replace(/^["']|["']$/g, '');
		if (v !== '') out.push(v);
	}
	return out;
}
