/**
 * An in-memory `RuleInput`: the engine needs no disk, which is what lets the plugin feed it too.
 * Laid out like the example vault, so its scope is the example vault's (rules folder `AI/Regelwerk`).
 */
import type { Lang } from '../../../src/core/i18n';
import { runRuleCheck } from '../../../src/core/rules/engine';
import { exampleSettings } from '../../helpers/example-settings';
import { checkScope, inScope } from '../../../src/core/rules/scope';
import type { Finding, RuleCheck, RuleInput } from '../../../src/core/rules/types';

export const CLEAN_VAULT: Record<string, string> = {
	'CLAUDE.md': '# Rules\n@AI/Regelwerk/frontmatter.md\nSee [[tags]].\n',
	'AI/Regelwerk/frontmatter.md': '---\ntype: rule\n---\n# Frontmatter\nSee [[tags]] and [the tags](tags.md).\n',
	'AI/Regelwerk/tags.md': '---\ntype: rule\ntags: [rules]\n---\n# Tags\n',
	'.claude/skills/vault-search/SKILL.md': '---\nname: vault-search\ndescription: Searches the vault.\n---\nUse [[frontmatter]].\n',
	'.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews notes.\n---\nYou review.\n',
	'Notes/image.png': '',
};

export function memoryInput(files: Record<string, string>, options: { targets?: string[]; lang?: Lang; unreadable?: string[] } = {}): RuleInput {
	const paths = Object.keys(files);
	const scope = checkScope(exampleSettings());
	return {
		files: paths,
		targets: options.targets ?? paths.filter((p) => inScope(p, scope)),
		read: (p) => (options.unreadable?.includes(p) ? null : (files[p] ?? null)),
		vaultRoot: '/vault',
		lang: options.lang ?? 'en',
	};
}

/** Findings of one check over a vault; `overrides` replaces or adds files of the clean vault. */
export function findingsOf(check: RuleCheck, overrides: Record<string, string>, options: { lang?: Lang; base?: Record<string, string> } = {}): Finding[] {
	const files = { ...(options.base ?? CLEAN_VAULT), ...overrides };
	return runRuleCheck(memoryInput(files, { lang: options.lang }), [check]).findings;
}
