/**
 * Note facts from Obsidian's metadata cache instead of the note's text (the plugin's path). The
 * result must equal `noteFactsFromText` for the same note: tests/plugin/index/metadata-parity.test.ts
 * feeds recorded `cachedMetadata` through here and compares. Pure: the cache is passed in as a
 * plain object, so nothing here imports `obsidian`.
 */
import { lineText, type NoteFacts, type TagHit } from './note-facts';
import { frontmatterTagValue } from './tags';

interface LineLoc {
	line: number;
}

/** The parts of Obsidian's `CachedMetadata` this file reads. */
export interface MetadataLike {
	frontmatter?: Record<string, unknown>;
	frontmatterPosition?: { start: LineLoc; end: LineLoc };
	tags?: ReadonlyArray<{ tag: string; position: { start: LineLoc } }>;
	sections?: ReadonlyArray<{ type: string; position: { start: LineLoc } }>;
}

/** The text of a 0-based line of the note (without its line break); '' when unknown. */
export type LineAt = (line: number) => string;

// Same key rule as the text path (frontmatter.ts KEY_LINE): at column 0, case-insensitive, the
// key optionally quoted.
const TAGS_KEY_LINE = /^(["']?)tags\1[ \t]*:/i;

/**
 * True when Obsidian's cache cannot be trusted for this note's frontmatter (it opens with `---` but
 * Obsidian produced none), so the caller reads the note: Obsidian then drops every frontmatter tag,
 * while we read broken YAML tolerantly, since one flag too many beats a missed one.
 */
export function needsTextFallback(meta: MetadataLike | null | undefined): boolean {
	if (meta === null || meta === undefined) return true;
	if (meta.frontmatter !== undefined) return false;
	if (meta.frontmatterPosition !== undefined) return true;
	const first = meta.sections?.[0];
	return first !== undefined && first.position.start.line === 0 && (first.type === 'yaml' || first.type === 'thematicBreak');
}

/** Every string a frontmatter value holds, as the text path reads it (frontmatter.ts flattenStrings). */
function flattenStrings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
	if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? [] : flattenStrings(v)));
	return [];
}

/** 1-based line of the last `tags:` key inside the frontmatter, or 1 when none is found. */
function tagsKeyLine(meta: MetadataLike, lineAt: LineAt): number {
	const pos = meta.frontmatterPosition;
	if (pos === undefined) return 1;
	for (let l = pos.end.line - 1; l > pos.start.line; l--) {
		if (TAGS_KEY_LINE.test(lineAt(l).replace(/\r$/, ''))) return l + 1;
	}
	return 1;
}

/**
 * Facts of a note whose cache is trustworthy (`needsTextFallback` is false). `lineAt` gives line
 * texts for the review report; a caller that only needs some hits' text may return '' for others.
 */
export function noteFactsFromMetadata(meta: MetadataLike, lineAt: LineAt): NoteFacts {
	const facts: NoteFacts = { tags: [], types: [], statuses: [], frontmatter: 'none' };
	const fm = meta.frontmatter;
	if (fm !== undefined) {
		facts.frontmatter = 'ok';
		const values: Record<'tags' | 'type' | 'status', string[]> = { tags: [], type: [], status: [] };
		for (const [key, value] of Object.entries(fm)) {
			const k = key.toLowerCase();
			if (k === 'tags' || k === 'type' || k === 'status') values[k].push(...flattenStrings(value));
		}
		if (values.tags.length > 0) {
			const line = tagsKeyLine(meta, lineAt);
			for (const value of values.tags) {
				const tag = frontmatterTagValue(value);
				if (tag !== null) facts.tags.push({ tag, where: 'frontmatter', line, text: `tags: ${tag}` });
			}
		}
		facts.types = values.type.map((v) => v.trim().toLowerCase());
		facts.statuses = values.status.map((v) => v.trim().toLowerCase());
	}
	for (const t of meta.tags ?? []) {
		const line = t.position.start.line;
		const hit: TagHit = { tag: t.tag.replace(/^#/, ''), where: 'body', line: line + 1, text: lineText(lineAt(line)) };
		facts.tags.push(hit);
	}
	return facts;
}

/** Lower-cased tag names of the hits, frontmatter and body: lets a caller skip reading line texts. */
export function metadataTagNames(meta: MetadataLike): string[] {
	const out: string[] = [];
	for (const [key, value] of Object.entries(meta.frontmatter ?? {})) {
		if (key.toLowerCase() !== 'tags') continue;
		for (const v of flattenStrings(value)) {
			const tag = frontmatterTagValue(v);
			if (tag !== null) out.push(tag.toLowerCase());
		}
	}
	for (const t of meta.tags ?? []) out.push(t.tag.replace(/^#/, '').toLowerCase());
	return out;
}
