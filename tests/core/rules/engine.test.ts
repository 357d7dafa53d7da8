import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS, BUILT_IN_CHECKS, runRuleCheck } from '../../../src/core/rules/engine';
import type { RuleCheck } from '../../../src/core/rules/types';
import { CLEAN_VAULT, memoryInput } from './memory-vault';

describe('rule check engine', () => {
	it('finds nothing in a clean vault and names every check that ran', () => {
		const result = runRuleCheck(memoryInput(CLEAN_VAULT));
		expect(result.findings).toEqual([]);
		expect(result.checksRun).toEqual(BUILT_IN_CHECKS.map((c) => c.id));
		expect(result.checksRun.length).toBeGreaterThanOrEqual(10);
	});

	it("names in docs/rule-check.md's table exactly the checks of the list", () => {
		const doc = fs.readFileSync(path.join(__dirname, '../../../docs/rule-check.md'), 'utf8');
		const documented = doc
			.split('\n')
			.filter((l) => l.startsWith('| `'))
			.flatMap((l) => [...(l.split('|')[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]));
		expect(documented.sort()).toEqual(ALL_CHECKS.map((c) => c.id).sort());
	});

	it('gives every check an id, a severity and an explanation in both languages', () => {
		const ids = new Set<string>();
		for (const check of BUILT_IN_CHECKS) {
			expect(check.id).toMatch(/^[a-z-]+$/);
			expect(ids.has(check.id)).toBe(false);
			ids.add(check.id);
			expect(['error', 'warning']).toContain(check.severity);
			expect(check.explain.en.length).toBeGreaterThan(20);
			expect(check.explain.de.length).toBeGreaterThan(20);
		}
	});

	it('reports an unreadable target and still checks the rest', () => {
		const files = { ...CLEAN_VAULT, 'AI/Regelwerk/broken.md': 'See [[nowhere]].' };
		const result = runRuleCheck(memoryInput(files, { unreadable: ['AI/Regelwerk/tags.md'] }));
		expect(result.findings.map((f) => [f.check, f.path])).toEqual(
			expect.arrayContaining([
				['file-access', 'AI/Regelwerk/tags.md'],
				['broken-link', 'AI/Regelwerk/broken.md'],
			]),
		);
	});

	it('turns a check that throws into a finding and runs the others', () => {
		const throwing: RuleCheck = {
			id: 'always-throws',
			severity: 'error',
			explain: { en: 'test', de: 'test' },
			run: () => {
				throw new Error('boom');
			},
		};
		const files = { ...CLEAN_VAULT, 'AI/Regelwerk/broken.md': 'See [[nowhere]].' };
		const result = runRuleCheck(memoryInput(files), [throwing, ...BUILT_IN_CHECKS]);
		expect(result.findings.find((f) => f.check === 'always-throws')?.message).toContain('boom');
		expect(result.findings.some((f) => f.check === 'broken-link')).toBe(true);
	});

	it('uses a link resolver the caller supplies (the plugin passes Obsidian\'s)', () => {
		const files = { ...CLEAN_VAULT, 'AI/Regelwerk/x.md': 'See [[Only Obsidian knows]].' };
		const input = memoryInput(files);
		const seen: string[] = [];
		// The caller's answer wins both ways: a link the file list cannot resolve passes, and
		// [[tags]], which the file list would resolve, is reported.
		const resolver = (linkpath: string, source: string) => {
			seen.push(`${source}->${linkpath}`);
			return linkpath !== 'tags';
		};
		input.resolveLink = resolver;
		input.resolveIndexedLink = resolver;
		const broken = runRuleCheck(input).findings.filter((f) => f.check === 'broken-link');
		expect(seen).toContain('AI/Regelwerk/x.md->Only Obsidian knows');
		expect(broken.some((f) => f.message.includes('Only Obsidian knows'))).toBe(false);
		expect(broken.map((f) => f.path)).toContain('CLAUDE.md');
	});

	it('judges a wikilink by what Obsidian indexes and a markdown link by every file, dot folders included', () => {
		const files = { ...CLEAN_VAULT, 'AI/Regelwerk/x.md': 'See [[reviewer]] and [the reviewer](../../.claude/agents/reviewer.md).\n' };
		const broken = runRuleCheck(memoryInput(files)).findings.filter((f) => f.check === 'broken-link');
		expect(broken.map((f) => f.message)).toEqual([expect.stringMatching(/^\[\[reviewer\]\] points to "reviewer", which exists only in a dot folder such as \.claude: Obsidian does not index dot folders/)]);
		// An @-import is Claude Code's: a file in `.claude/` is there for it.
		const imported = runRuleCheck(memoryInput({ ...files, 'CLAUDE.md': '# Rules\n@.claude/agents/reviewer.md\n' })).findings;
		expect(imported.filter((f) => f.check === 'claude-md-import')).toEqual([]);
		// The caller's own resolvers decide: the plugin passes Obsidian's verdict for wikilinks.
		const input = memoryInput(files);
		input.resolveIndexedLink = () => true;
		expect(runRuleCheck(input).findings.filter((f) => f.check === 'broken-link')).toEqual([]);
	});

	it('does not read files it cannot check (images, scripts)', () => {
		const read: string[] = [];
		const input = memoryInput({ ...CLEAN_VAULT, '.claude/skills/vault-search/run.py': 'print(1)', '.claude/skills/vault-search/logo.png': '' });
		const original = input.read;
		input.read = (p) => {
			read.push(p);
			return original(p);
		};
		runRuleCheck(input);
		expect(read.some((p) => p.endsWith('.py') || p.endsWith('.png'))).toBe(false);
		expect(read).toContain('CLAUDE.md');
	});
});
