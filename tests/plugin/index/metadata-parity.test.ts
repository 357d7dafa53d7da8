/**
 * The core parity check between the plugin's path and the bridge's: Obsidian's RECORDED
 * cachedMetadata, turned into note facts by src/core/notes/metadata-facts.ts, must equal
 * noteFactsFromText over the same file. Tags compared as a case-insensitive multiset with where,
 * line and line text; types and statuses exactly.
 */
import { describe, expect, it } from 'vitest';
import { needsTextFallback, noteFactsFromMetadata, metadataTagNames } from '../../../src/core/notes/metadata-facts';
import { noteFactsFromText, type NoteFacts } from '../../../src/core/notes/note-facts';
import { parseNote } from '../../../stand-in/markdown';
import { pluginRecordings } from '../stand-in/recorded';

function comparable(f: NoteFacts): unknown {
	const tags = f.tags.map((t) => `${t.tag.toLowerCase()}|${t.where}|${t.line}|${t.text}`).sort();
	return { tags, types: f.types, statuses: f.statuses };
}

function viaMetadata(text: string, meta: Parameters<typeof noteFactsFromMetadata>[0]): NoteFacts {
	const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
	return noteFactsFromMetadata(meta, (l) => lines[l] ?? '');
}

describe('recorded cachedMetadata → metadata-facts equals noteFactsFromText', () => {
	for (const rec of pluginRecordings()) {
		it(rec.name, () => {
			if (needsTextFallback(rec.cachedMetadata)) {
				// The plugin reads such a note's text, so both paths are noteFactsFromText by construction.
				expect(rec.cachedMetadata.frontmatter).toBeUndefined();
				return;
			}
			expect(comparable(viaMetadata(rec.fileContents, rec.cachedMetadata))).toEqual(comparable(noteFactsFromText(rec.fileContents)));
		});
	}

	it('sends exactly the notes Obsidian gave no frontmatter to the text path', () => {
		const fallback = pluginRecordings().filter((r) => needsTextFallback(r.cachedMetadata)).map((r) => r.name);
		expect(fallback).toEqual(['empty_yaml.json']);
	});
});

/** Notes the recordings do not cover, through the stand-in's parser (itself checked against them). */
const CASES: Record<string, string> = {
	'frontmatter list and inline': '---\ntags:\n  - Needs-Review\n  - other\ntype: Daily\nstatus: pending-review\n---\n# T\n\nText #needs-review here\n',
	'upper-case TAGS key': '---\nTAGS: [review]\n---\nbody\n',
	'tag key ignored': '---\ntag: review\n---\nbody\n',
	'quoted values and hash': '---\ntags: ["#review", \'needs-review\']\n---\n',
	'comma string dropped': '---\ntags: a, b\n---\n#c\n',
	'code block and inline code': 'x\n```\n#needs-review\n```\n`#review` and #review\n~~~~\n#a\n~~~~\n',
	'crlf and bom': '\ufeff---\r\ntags: [review]\r\n---\r\nline #needs-review\r\n',
	'html comment': '<!-- #hidden -->\n<!--\n#hidden2\n-->\n#shown\n',
	'nested and longer tags': '#needs-review/x #needs-reviewer #needs-review\n',
	'tags line after other keys': '---\ntitle: x\naliases:\n  - y\ntags:\n  - review\n---\n',
	'numbers': '---\ntags: [2024, y2024]\n---\n#123 #a1\n',
	'status list': '---\nstatus:\n  - Pending-Review\n  - draft\n---\n',
};

describe('stand-in cachedMetadata → metadata-facts equals noteFactsFromText', () => {
	for (const [name, text] of Object.entries(CASES)) {
		it(name, () => {
			const meta = parseNote(text);
			expect(needsTextFallback(meta)).toBe(false);
			expect(comparable(viaMetadata(text, meta))).toEqual(comparable(noteFactsFromText(text)));
		});
	}

	it('broken and unclosed YAML go to the text path, where the tolerant rule keeps the tag', () => {
		for (const text of ['---\ntags: [needs-review, x\n---\nbody\n', '---\ntags: [needs-review\nbody\n', '---\n---\n#x\n']) {
			expect(needsTextFallback(parseNote(text))).toBe(true);
		}
		expect(noteFactsFromText('---\ntags: [needs-review, x\n---\nbody\n').tags.map((t) => t.tag)).toContain('needs-review');
	});

	it('lists tag names without reading lines, frontmatter and body', () => {
		expect(metadataTagNames(parseNote(CASES['frontmatter list and inline'] ?? ''))).toEqual(['needs-review', 'other', 'needs-review']);
	});
});
