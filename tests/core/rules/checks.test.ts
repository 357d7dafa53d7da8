/** Each built-in check: at least one case it must catch and one it must let pass. */
import { describe, expect, it } from 'vitest';
import { agentFrontmatterCheck } from '../../../src/core/rules/checks/agent-frontmatter';
import { brokenLinksCheck } from '../../../src/core/rules/checks/broken-links';
import { claudeMdImportsCheck } from '../../../src/core/rules/checks/claude-md-imports';
import { CLAUDE_MD_MAX_CHARS, claudeMdSizeCheck } from '../../../src/core/rules/checks/claude-md-size';
import { duplicateNamesCheck } from '../../../src/core/rules/checks/duplicate-names';
import { frontmatterCheck } from '../../../src/core/rules/checks/frontmatter-check';
import { skillFoldersCheck } from '../../../src/core/rules/checks/skill-folders';
import { skillFrontmatterCheck } from '../../../src/core/rules/checks/skill-frontmatter';
import { findingsOf } from './memory-vault';

const RULE = 'AI/Regelwerk/new.md';

describe('frontmatter', () => {
	it('passes closed, valid frontmatter and a note without any', () => {
		expect(findingsOf(frontmatterCheck, { [RULE]: '---\ntype: rule\ntags: [a, b]\n---\nText', 'AI/Regelwerk/plain.md': '# No frontmatter' })).toEqual([]);
	});

	it('passes CRLF line ends and a BOM', () => {
		expect(findingsOf(frontmatterCheck, { [RULE]: '\uFEFF---\r\ntype: rule\r\n---\r\nText' })).toEqual([]);
	});

	it('reports frontmatter that never closes, at line 1', () => {
		const [f] = findingsOf(frontmatterCheck, { [RULE]: '---\ntype: rule\n# Heading\n' });
		expect(f).toMatchObject({ check: 'frontmatter', severity: 'error', path: RULE, line: 1 });
		expect(f?.message).toMatch(/closing `---`/);
	});

	it('reports YAML that does not parse, at the file line of the error', () => {
		const [f] = findingsOf(frontmatterCheck, { [RULE]: '---\ntype: rule\ntags: [a, b\nstatus: x\n---\n' });
		expect(f).toMatchObject({ check: 'frontmatter', path: RULE });
		expect(f?.line).toBeGreaterThanOrEqual(3);
		expect(f?.message).toMatch(/not valid YAML/);
	});

	it('reports a duplicated key and frontmatter that is a list', () => {
		const found = findingsOf(frontmatterCheck, { [RULE]: '---\ntype: a\ntype: b\n---\n', 'AI/Regelwerk/list.md': '---\n- a\n- b\n---\n' });
		expect(found.map((f) => f.path).sort()).toEqual(['AI/Regelwerk/list.md', RULE]);
		expect(found.find((f) => f.path === RULE)?.line).toBe(3);
	});

	it('speaks German when asked', () => {
		const [f] = findingsOf(frontmatterCheck, { [RULE]: '---\ntype: rule\n' }, { lang: 'de' });
		expect(f?.message).toMatch(/Schlusszeile/);
	});
});

describe('broken-link', () => {
	it('passes links by basename, by path, by path suffix, with extension, heading, block, alias and embeds', () => {
		const text = [
			'[[tags]] [[AI/Regelwerk/tags]] [[Regelwerk/tags]] [[tags.md]] [[TAGS]]',
			'[[tags#Heading]] [[tags#^block1]] [[tags|the tags]] ![[Notes/image.png]] ![[image.png|100]]',
			'[md](tags.md) [md](../Regelwerk/tags.md) [md](<tags.md>) [md](/AI/Regelwerk/tags.md "title")',
			'[web](https://example.com/x.md) [mail](mailto:a@b.c) [here](#heading) [[#Local heading]]',
			'| [[tags\\|alias in a table]] |',
		].join('\n');
		expect(findingsOf(brokenLinksCheck, { [RULE]: text })).toEqual([]);
	});

	it('ignores links in fenced and tilde code, inline code and HTML comments', () => {
		const text = '```\n[[missing-in-fence]]\n```\n~~~md\n[[missing-tilde]]\n~~~\n`[[missing-inline]]`\n<!-- [[missing-html]] -->\n';
		expect(findingsOf(brokenLinksCheck, { [RULE]: text })).toEqual([]);
	});

	it('checks links inside %% comments, which Obsidian indexes (recorded)', () => {
		expect(findingsOf(brokenLinksCheck, { [RULE]: '%%\n[[missing-in-comment]]\n%%\n' })).toHaveLength(1);
	});

	it('reports a wikilink, an embed and a markdown link to missing files, with their lines', () => {
		const text = '---\nrelated: "[[ghost-in-frontmatter]]"\n---\nline 4 [[tagz]]\n![[missing.png]]\n[x](missing%20note.md)\n';
		const found = findingsOf(brokenLinksCheck, { [RULE]: text });
		expect(found.map((f) => [f.line, f.message.split(' points')[0]])).toEqual([
			[2, '[[ghost-in-frontmatter]]'],
			[4, '[[tagz]]'],
			[5, '![[missing.png]]'],
			[6, '[x](missing%20note.md)'],
		]);
		expect(found[3]?.message).toContain('"missing note.md"');
	});

	it('does not resolve a relative link that leaves its folder for the wrong place', () => {
		const found = findingsOf(brokenLinksCheck, { [RULE]: '[x](./frontmatter/tags.md) [y](../../tags.md)' });
		expect(found).toHaveLength(2);
	});
});

describe('claude-md-import', () => {
	it('passes imports that exist, relative to the importing file, and mentions that are no paths', () => {
		const files = {
			'CLAUDE.md': '@AI/Regelwerk/frontmatter.md\nAsk @reviewer. Mail me at me@example.com.\n`@AI/in-code.md`\n',
			'AI/Regelwerk/frontmatter.md': 'See @tags.md\n',
		};
		expect(findingsOf(claudeMdImportsCheck, files)).toEqual([]);
	});

	it('reports an import that does not exist, with its line', () => {
		const [f] = findingsOf(claudeMdImportsCheck, { 'CLAUDE.md': '# Rules\n\n@AI/Regelwerk/missing.md\n' });
		expect(f).toMatchObject({ check: 'claude-md-import', path: 'CLAUDE.md', line: 3 });
		expect(f?.message).toContain('AI/Regelwerk/missing.md');
	});

	it('follows imports into imported files, where paths are relative to that file', () => {
		const found = findingsOf(claudeMdImportsCheck, {
			'CLAUDE.md': '@AI/Regelwerk/frontmatter.md\n',
			'AI/Regelwerk/frontmatter.md': 'See @tags.md and @AI/Regelwerk/tags.md\n',
		});
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ path: 'AI/Regelwerk/frontmatter.md', line: 1 });
		expect(found[0]?.message).toContain('AI/Regelwerk/AI/Regelwerk/tags.md');
	});

	it('explains a trailing full stop that Claude Code reads as part of the path', () => {
		const [f] = findingsOf(claudeMdImportsCheck, { 'CLAUDE.md': 'Rules: @AI/Regelwerk/tags.md.\n' });
		expect(f?.message).toMatch(/part of the path/);
	});

	it('looks only at the root CLAUDE.md, not one in a sub-folder', () => {
		expect(findingsOf(claudeMdImportsCheck, { 'AI/Regelwerk/CLAUDE.md': '@missing.md\n' })).toEqual([]);
	});
});

describe('skill-file', () => {
	it('passes a skill folder with SKILL.md and extra files', () => {
		expect(findingsOf(skillFoldersCheck, { '.claude/skills/vault-search/scripts/run.py': 'x' })).toEqual([]);
	});

	it('reports a skill folder without SKILL.md', () => {
		const [f] = findingsOf(skillFoldersCheck, { '.claude/skills/orphan/notes.md': '# notes' });
		expect(f).toMatchObject({ check: 'skill-file', path: '.claude/skills/orphan' });
		expect(f?.message).toContain('.claude/skills/orphan/SKILL.md');
	});

	it('reports skill.md in the wrong case and says to rename it', () => {
		const [f] = findingsOf(skillFoldersCheck, { '.claude/skills/lower/skill.md': '---\nname: lower\ndescription: x\n---\n' });
		expect(f?.path).toBe('.claude/skills/lower/skill.md');
		expect(f?.message).toMatch(/Rename/);
	});
});

describe('skill-frontmatter', () => {
	const skill = (folder: string, fm: string) => ({ [`.claude/skills/${folder}/SKILL.md`]: `---\n${fm}\n---\nBody\n` });

	it('passes a valid name equal to the folder and a description up to 1,024 characters', () => {
		expect(findingsOf(skillFrontmatterCheck, skill('pdf-2-text', `name: pdf-2-text\ndescription: ${'d'.repeat(1024)}`))).toEqual([]);
		expect(findingsOf(skillFrontmatterCheck, skill('a'.repeat(64), `name: ${'a'.repeat(64)}\ndescription: x`))).toEqual([]);
	});

	it('reports a name with capitals or underscores, at the name line', () => {
		const [f] = findingsOf(skillFrontmatterCheck, skill('Vault_Search', 'description: x\nname: Vault_Search'));
		expect(f).toMatchObject({ check: 'skill-frontmatter', line: 3 });
		expect(f?.message).toMatch(/lowercase letters, digits and hyphens/);
	});

	it('reports a name over 64 characters', () => {
		expect(findingsOf(skillFrontmatterCheck, skill('a'.repeat(65), `name: ${'a'.repeat(65)}\ndescription: x`))).toHaveLength(1);
	});

	it('reports a name that differs from its folder', () => {
		const [f] = findingsOf(skillFrontmatterCheck, skill('vault-search', 'name: search\ndescription: x'));
		expect(f?.message).toMatch(/differs from its folder "vault-search"/);
	});

	it('reports a missing name, a missing or empty description and one over 1,024 characters', () => {
		expect(findingsOf(skillFrontmatterCheck, skill('x', 'description: x'))[0]?.message).toMatch(/no name/);
		expect(findingsOf(skillFrontmatterCheck, skill('x', 'name: x'))[0]?.message).toMatch(/no description/);
		expect(findingsOf(skillFrontmatterCheck, skill('x', 'name: x\ndescription: ""'))[0]?.message).toMatch(/no description/);
		expect(findingsOf(skillFrontmatterCheck, skill('x', `name: x\ndescription: ${'d'.repeat(1025)}`))[0]?.message).toMatch(/1025 characters/);
	});

	it('reports a SKILL.md without frontmatter, and leaves broken YAML to the frontmatter check', () => {
		expect(findingsOf(skillFrontmatterCheck, { '.claude/skills/x/SKILL.md': '# x' })[0]?.message).toMatch(/no frontmatter/);
		expect(findingsOf(skillFrontmatterCheck, { '.claude/skills/x/SKILL.md': '---\nname: [x\n---\n' })).toEqual([]);
	});
});

describe('agent-frontmatter', () => {
	it('passes an agent with name and description, and ignores non-agent files', () => {
		expect(findingsOf(agentFrontmatterCheck, { '.claude/agents/helper.md': '---\nname: helper\ndescription: Helps.\n---\n', '.claude/agents/sub/notes.md': '# x' })).toEqual([]);
	});

	it('reports a missing name and an empty description, each at its line', () => {
		const found = findingsOf(agentFrontmatterCheck, { '.claude/agents/helper.md': '---\ntools: Read\ndescription:\n---\n' });
		expect(found.map((f) => [f.line, f.message.split(' (')[0]])).toEqual([
			[1, 'Agent has no name'],
			[3, 'Agent has no description'],
		]);
	});

	it('reports an agent file without frontmatter', () => {
		expect(findingsOf(agentFrontmatterCheck, { '.claude/agents/bare.md': 'You help.' })[0]?.message).toMatch(/no frontmatter/);
	});
});

describe('duplicate-name', () => {
	it('passes distinct names, and a skill and an agent sharing one (separate namespaces)', () => {
		expect(findingsOf(duplicateNamesCheck, { '.claude/agents/vault-search.md': '---\nname: vault-search\ndescription: x\n---\n' })).toEqual([]);
	});

	it('reports two skills with the same name at both files', () => {
		const found = findingsOf(duplicateNamesCheck, { '.claude/skills/copy/SKILL.md': '---\nname: vault-search\ndescription: x\n---\n' });
		expect(found.map((f) => f.path)).toEqual(['.claude/skills/copy/SKILL.md', '.claude/skills/vault-search/SKILL.md']);
		expect(found[0]?.message).toContain('.claude/skills/vault-search/SKILL.md');
	});

	it('reports two agents whose names differ only in case', () => {
		expect(findingsOf(duplicateNamesCheck, { '.claude/agents/other.md': '---\nname: Reviewer\ndescription: x\n---\n' })).toHaveLength(2);
	});
});

describe('claude-md-size', () => {
	it('passes a CLAUDE.md of exactly 40,000 characters', () => {
		expect(findingsOf(claudeMdSizeCheck, { 'CLAUDE.md': 'x'.repeat(CLAUDE_MD_MAX_CHARS) })).toEqual([]);
	});

	it('warns about one character more', () => {
		const [f] = findingsOf(claudeMdSizeCheck, { 'CLAUDE.md': 'x'.repeat(CLAUDE_MD_MAX_CHARS + 1) });
		expect(f).toMatchObject({ check: 'claude-md-size', severity: 'warning', path: 'CLAUDE.md' });
		expect(f?.message).toContain('40001');
	});
});
