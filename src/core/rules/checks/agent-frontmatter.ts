/** `agent-frontmatter`: `.claude/agents/*.md` needs a `name` and a `description` in its frontmatter. */
import { translations } from '../../i18n';
import { reporter, type Finding, type RuleCheck } from '../types';

const AGENT_FILE = /^\.claude\/agents\/([^/]+)\.md$/;

interface AgentFrontmatterText {
	noFrontmatter: (stem: string) => string;
	missingKey: (key: string) => string;
}

export const AGENT_FRONTMATTER_TEXT = translations<AgentFrontmatterText>({
	en: {
		noFrontmatter: (stem) => `Agent file has no frontmatter. Start it with ---, name: ${stem}, description: <when to use this agent>, ---.`,
		missingKey: (key) => `Agent has no ${key} (a non-empty text is required). Add "${key}:" to its frontmatter.`,
	},
	de: {
		noFrontmatter: (stem) => `Agent-Datei hat kein Frontmatter. Mit ---, name: ${stem}, description: <wann der Agent passt>, --- beginnen.`,
		missingKey: (key) => `Agent hat kein Feld ${key} (ein nicht leerer Text ist Pflicht). "${key}:" im Frontmatter ergänzen.`,
	},
});

export const agentFrontmatterCheck: RuleCheck = {
	id: 'agent-frontmatter',
	severity: 'error',
	explain: {
		en: 'A subagent file needs frontmatter with `name` and `description`; without them Claude Code does not load the agent. Add both.',
		de: 'Eine Subagent-Datei braucht Frontmatter mit `name` und `description`; ohne sie lädt Claude Code den Agenten nicht. Beides ergänzen.',
	},
	run(ctx) {
		const found = reporter(agentFrontmatterCheck);
		const t = AGENT_FRONTMATTER_TEXT[ctx.lang];
		const findings: Finding[] = [];
		for (const file of ctx.files) {
			const stem = AGENT_FILE.exec(file.path)?.[1];
			if (stem === undefined) continue;
			const fm = ctx.frontmatter(file);
			if (fm.state === 'broken' || fm.state === 'unclosed') continue;
			if (fm.state === 'none') {
				const message = t.noFrontmatter(stem);
				findings.push(found(file.path, 1, message));
				continue;
			}
			for (const key of ['name', 'description'] as const) {
				const value = fm.data[key];
				if (typeof value === 'string' && value.trim() !== '') continue;
				const message = t.missingKey(key);
				findings.push(found(file.path, fm.keyLine(key), message));
			}
		}
		return findings;
	},
};
