/**
 * The stand-in's metadata cache must reproduce what real Obsidian recorded, or the plugin tests
 * that run on it prove nothing about Obsidian. Compared: `cachedMetadata.tags` (tag and line),
 * `cachedMetadata.frontmatter`, `getAllTags` and `parseFrontMatterTags`.
 */
import { describe, expect, it } from 'vitest';
import { getAllTags, parseFrontMatterTags, parseNote } from '../../../stand-in/markdown';
import { pluginRecordings } from './recorded';

/** Recorded files the stand-in cannot reproduce, each with why. Empty: it reproduces all of them. */
const KNOWN_DIFFERENCES: Record<string, string> = {};

const recs = pluginRecordings();

describe('stand-in metadata cache against recorded Obsidian', () => {
	it('has recordings to compare', () => {
		expect(recs.length).toBeGreaterThan(80);
	});

	for (const rec of recs) {
		const run = KNOWN_DIFFERENCES[rec.name] === undefined ? it : it.fails;
		run(rec.name, () => {
			const mine = parseNote(rec.fileContents);
			const tagsOf = (tags: Array<{ tag: string; position: { start: { line: number } } }> | undefined) =>
				(tags ?? []).map((t) => [t.tag, t.position.start.line]);
			expect(tagsOf(mine.tags)).toEqual(tagsOf(rec.cachedMetadata.tags));
			expect(mine.frontmatter).toEqual(rec.cachedMetadata.frontmatter);
			expect(mine.frontmatterPosition?.end.line).toEqual(rec.cachedMetadata.frontmatterPosition?.end.line);
			expect(getAllTags(mine)).toEqual(rec.getAllTags);
			if (rec.parseFrontMatterTags !== undefined) expect(parseFrontMatterTags(mine.frontmatter)).toEqual(rec.parseFrontMatterTags);
		});
	}
});
