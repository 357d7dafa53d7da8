/**
 * Links as real Obsidian records them (tests/fixtures/obsidian-recorded: `cachedMetadata.links`,
 * `embeds` and `frontmatterLinks`, and the vault's `unresolvedLinks`), against the rule check's
 * link extraction and its verdict (docs/obsidian-readings.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinksCheck } from '../../../src/core/rules/checks/broken-links';
import { extractLinks } from '../../../src/core/rules/links';
import { ruleFile } from '../../../src/core/rules/rule-file';
import { RECORDED_DIR, recordings } from '../../helpers/recorded';
import { findingsOf } from './memory-vault';

interface LinkCache {
	link: string;
	original: string;
	position: { start: { line: number } };
}

/** Obsidian's link text without its `#heading` or `^block` part, as its resolver looks it up. */
const linkpath = (link: string): string => link.replace(/[#^].*$/, '').trim();

function recordedLinks(rec: { cachedMetadata: unknown }): LinkCache[] {
	const cm = rec.cachedMetadata as Record<string, LinkCache[] | undefined>;
	return [...(cm.links ?? []), ...(cm.embeds ?? []), ...(cm.frontmatterLinks ?? [])];
}

const all = recordings();

describe('links match Obsidian recordings (links, embeds, frontmatterLinks)', () => {
	it('has recordings with links to check', () => {
		expect(all.filter((r) => recordedLinks(r).length > 0).length).toBeGreaterThanOrEqual(18);
	});

	for (const rec of all) {
		it(rec.name, () => {
			const ours = extractLinks(ruleFile(rec.filePath, rec.fileContents)).map((l) => l.linkpath);
			const theirs = recordedLinks(rec)
				.map((l) => linkpath(l.link))
				.filter((l) => l !== '');
			expect(ours.sort()).toEqual(theirs.sort());
		});
	}
});

describe('empty link targets (link_in_task_wikilink.json)', () => {
	const rec = all.find((r) => r.name === 'link_in_task_wikilink.json');
	const unresolved = (JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, 'unresolvedLinks.json'), 'utf8')) as Record<string, Record<string, number>>)[rec?.filePath ?? ''] ?? {};

	it('[[|]], [[|alias]] and [[|#alias]] are links to "|" and "|alias", which Obsidian lists as unresolved', () => {
		expect(rec).toBeDefined();
		const lines = (rec?.fileContents ?? '').split('\n');
		const empty = extractLinks(ruleFile(rec?.filePath ?? '', rec?.fileContents ?? '')).filter((l) => /^\[\[\|/.test(l.raw));
		expect(empty.map((l) => [l.raw, l.linkpath])).toEqual(
			recordedLinks(rec ?? { cachedMetadata: {} })
				.filter((l) => l.original.startsWith('[[|'))
				.map((l) => [l.original, linkpath(l.link)]),
		);
		for (const l of empty) expect(lines[l.line - 1]).toContain(l.raw);
		const counts: Record<string, number> = {};
		for (const l of empty) counts[l.linkpath] = (counts[l.linkpath] ?? 0) + 1;
		expect(counts).toEqual({ '|': unresolved['|'], '|alias': unresolved['|alias'] });
	});

	it('the rule check reports each of them as a broken link', () => {
		const text = '# Rules\n- [[|]]\n- [[|alias]]\n- [[|#alias]]\n- [[]]\n';
		const found = findingsOf(brokenLinksCheck, { 'AI/Regelwerk/empty.md': text });
		expect(found.map((f) => [f.line, f.message.split(' points')[0]])).toEqual([
			[2, '[[|]]'],
			[3, '[[|alias]]'],
			[4, '[[|#alias]]'],
		]);
	});
});
