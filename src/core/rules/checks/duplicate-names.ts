/** `duplicate-name`: two skills or two agents with the same `name`; Claude Code keeps only one. */
import { comparePaths } from '../../notes/paths';
import { reporter, type CheckContext, type Finding, type RuleCheck } from '../types';
import { quoteAlways, quoteName } from '../../quote';
import { translations } from '../../i18n';

const KINDS = [
	{ pattern: /^\.claude\/skills\/[^/]+\/SKILL\.md$/, kind: 'skill' },
	{ pattern: /^\.claude\/agents\/[^/]+\.md$/, kind: 'agent' },
] as const;

interface DuplicateNamesText {
	duplicate: (kind: 'skill' | 'agent', name: string, others: string) => string;
}

const KIND_WORD = { skill: 'Skill', agent: 'Agent' } as const;

export const DUPLICATE_NAMES_TEXT = translations<DuplicateNamesText>({
	en: { duplicate: (kind, name, others) => `${KIND_WORD[kind]} name ${quoteAlways(name)} is also used by ${others}; Claude Code loads only one. Rename one of them.` },
	de: { duplicate: (kind, name, others) => `${KIND_WORD[kind]}-Name ${quoteAlways(name)} wird auch von ${others} benutzt; Claude Code lädt nur einen. Einen davon umbenennen.` },
});

export const duplicateNamesCheck: RuleCheck = {
	id: 'duplicate-name',
	severity: 'error',
	explain: {
		en: 'Two skills or two agents share a name, so Claude Code loads only one of them. Give each a unique name.',
		de: 'Zwei Skills oder zwei Agenten tragen denselben Namen; Claude Code lädt nur einen davon. Jedem einen eigenen Namen geben.',
	},
	run(ctx) {
		return KINDS.flatMap((kind) => duplicatesOf(ctx, kind));
	},
};

function duplicatesOf(ctx: CheckContext, kind: (typeof KINDS)[number]): Finding[] {
	const found = reporter(duplicateNamesCheck);
	const byName = new Map<string, Array<{ path: string; line: number; name: string }>>();
	for (const file of ctx.files) {
		if (!kind.pattern.test(file.path)) continue;
		const fm = ctx.frontmatter(file);
		if (fm.state !== 'ok') continue;
		const name = fm.data.name;
		if (typeof name !== 'string' || name.trim() === '') continue;
		const key = name.trim().toLowerCase();
		byName.set(key, [...(byName.get(key) ?? []), { path: file.path, line: fm.keyLine('name'), name: name.trim() }]);
	}
	const findings: Finding[] = [];
	for (const owners of byName.values()) {
		if (owners.length < 2) continue;
		const sorted = owners.sort((a, b) => comparePaths(a.path, b.path));
		for (const owner of sorted) {
			const others = sorted.filter((o) => o !== owner).map((o) => quoteName(o.path)).join(', ');
			const message = DUPLICATE_NAMES_TEXT[ctx.lang].duplicate(kind.kind, owner.name, others);
			findings.push(found(owner.path, owner.line, message));
		}
	}
	return findings;
}
