/**
 * A first run that fits any vault. A new install (no `data.json`) starts from `DEFAULT_SETTINGS`
 * (settings.ts), neutral values, and is offered a setup whose proposals come from what the vault
 * holds: the agents' rule files (`CLAUDE.md`, `AGENTS.md`, `GEMINI.md`, `.claude/`,
 * `.cursor/rules/`) and folders named like rules or sessions.
 */
import { cleanFolder, DEFAULT_SETTINGS } from './settings';

/** What the vault holds, as far as the setup looks. */
export interface VaultFacts {
	/** Which of the agents' rule files and folders exist (vault-relative paths as in AGENT_RULE_FILES). */
	present: readonly string[];
	/** Every folder of the vault with how many Markdown notes it holds directly. */
	folders: ReadonlyArray<{ path: string; notes: number }>;
}

/** The agents' rule files and folders the setup looks for, and the scope pattern each adds. */
export const AGENT_RULE_FILES: ReadonlyArray<{ path: string; scope: string }> = [
	{ path: 'CLAUDE.md', scope: 'CLAUDE.md' },
	{ path: 'AGENTS.md', scope: 'AGENTS.md' },
	{ path: 'GEMINI.md', scope: 'GEMINI.md' },
	{ path: '.claude/agents', scope: '.claude/agents/**' },
	{ path: '.claude/skills', scope: '.claude/skills/**' },
	{ path: '.cursor/rules', scope: '.cursor/rules/**' },
];

/** A folder of rule notes: its own name says rules (English and German, plural or singular). */
const RULES_NAME = /^(rules?|regeln?|regelwerk|guidelines?|richtlinien|prompts?|instructions?|anweisungen)$/i;
/** A folder of session notes. */
const SESSIONS_NAME = /^(sessions?|sitzungen|agent[ -]?sessions?|ai[ -]?sessions?)$/i;

/** A folder name the setup looks for: one of rule notes or of session notes. */
export function namedLikeSetupFolder(name: string): boolean {
	return RULES_NAME.test(name) || SESSIONS_NAME.test(name);
}

export interface SetupProposal {
	rulesFolder: string;
	sessionsFolder: string;
	ruleScope: string[];
	/** What the proposals were taken from, for the setup to show (paths). */
	found: string[];
}

function lastPart(folder: string): string {
	return folder.slice(folder.lastIndexOf('/') + 1);
}

/** The shallowest folder whose name matches, the fuller one first on a tie; null when none. */
function pick(folders: VaultFacts['folders'], name: RegExp, minNotes: number): string | null {
	const hits = folders.filter((f) => name.test(lastPart(f.path)) && f.notes >= minNotes);
	hits.sort((a, b) => a.path.split('/').length - b.path.split('/').length || b.notes - a.notes || a.path.localeCompare(b.path));
	return hits[0]?.path ?? null;
}

/** The setup's proposals: found folders where there are some, the defaults where not. */
export function proposeSetup(facts: VaultFacts): SetupProposal {
	const found: string[] = [];
	const rules = pick(facts.folders, RULES_NAME, 1);
	const sessions = pick(facts.folders, SESSIONS_NAME, 0);
	const rulesFolder = cleanFolder(rules ?? DEFAULT_SETTINGS.rulesFolder);
	const sessionsFolder = cleanFolder(sessions ?? DEFAULT_SETTINGS.sessionsFolder);
	if (rules !== null) found.push(`${rules}/`);
	if (sessions !== null) found.push(`${sessions}/`);
	const ruleScope: string[] = [];
	for (const f of AGENT_RULE_FILES) {
		if (!facts.present.includes(f.path)) continue;
		ruleScope.push(f.scope);
		found.push(f.path.endsWith('.md') ? f.path : `${f.path}/`);
	}
	ruleScope.push(`${rulesFolder}/**`);
	return { rulesFolder, sessionsFolder, ruleScope, found };
}
