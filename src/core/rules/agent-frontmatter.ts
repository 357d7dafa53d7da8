/** `agent-frontmatter`: `.claude/agents/*.md` needs a `name` and a `description` in its frontmatter. */
import { reporter, type Finding, type RuleCheck } from './types';

const AGENT_FILE = /^\.claude\/agents\/([^/]+)\.md$/;

export const agentFrontmatterCheck: RuleCheck = {
	id: 'agent-frontmatter',
	severity: 'error',
	explain: {
		en: 'A subagent file needs frontmatter with `name` and `description`; without them Claude Code does not load the agent. Add both.',
		de: 'Eine Subagent-Datei braucht Frontmatter mit `name` und `description`; ohne sie lädt Claude Code den Agenten nicht. Beides ergänzen.',
	},
	run(ctx) {
		const found = reporter(agentFrontmatterCheck);
		const findings: Finding[] = [];
		for (const file of ctx.files) {
			const stem = AGENT_FILE.exec(file.path)?.[1];
			if (stem === undefined) continue;
			const fm = ctx.frontmatter(file);
			if (fm.state === 'broken' || fm.state === 'unclosed') continue;
			if (fm.state === 'none') {
				const message = ctx.say(
					`Agent file has no frontmatter. Start it with ---, name: ${stem}, description: <when to use this agent>, ---.`,
					`Agent-Datei hat kein Frontmatter. Mit ---, name: ${stem}, description: <wann der Agent passt>, --- beginnen.`,
				);
				findings.push(found(file.path, 1, message));
				continue;
			}
			for (const key of ['name', 'description'] as const) {
				const value = fm.data[key];
				if (typeof value === 'string' && value.trim() !== '') continue;
				const message = ctx.say(
					`Agent has no ${key} (a non-empty text is required). Add "${key}:" to its frontmatter.`,
					`Agent hat kein Feld ${key} (ein nicht leerer Text ist Pflicht). "${key}:" im Frontmatter ergänzen.`,
				);
				findings.push(found(file.path, fm.keyLine(key), message));
			}
		}
		return findings;
	},
};
