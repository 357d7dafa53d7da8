/**
 * The vault's state in a few words: what waits for review, the agent changes not yet reviewed, the
 * last rule check, and whether the brief is stale. The agent's status line
 * (`session-brief statusline`) and Obsidian's status bar show these same words (docs/status-line.md).
 * Only numbers and fixed words go in: nothing read from the vault is ever printed, so no note name
 * or planted file can add a line or a control character.
 */
import { translations, type Lang } from '../i18n';

/** The last rule check as recorded: how many findings, whether the record holds them all, and their checks' ids. */
export interface RulesState {
	findings: number;
	complete: boolean;
	checks: readonly string[];
}

export interface VaultStatus {
	/** Notes in the sections that can be marked as reviewed; null when unknown (no cache). */
	toReview: number | null;
	/** Agent changes not yet reviewed; null when unknown. */
	agentChanges: number | null;
	/** The last rule check; null when none is recorded. */
	rules: RulesState | null;
	/** The counts may lag behind the vault: nothing that runs vouches for the cache they come from. */
	stale: boolean;
}

interface StatusWords {
	vault: string;
	toReview: (n: number) => string;
	nothingToReview: string;
	agentChanges: (n: number) => string;
	rulesOk: string;
	brokenLinks: (n: string) => string;
	problems: (n: string) => string;
	stale: string;
}

export const STATUS_WORDS = translations<StatusWords>({
	en: {
		vault: 'vault',
		toReview: (n) => `${n} to review`,
		nothingToReview: 'nothing to review',
		agentChanges: (n) => `${n} agent ${n === 1 ? 'change' : 'changes'} unreviewed`,
		rulesOk: 'rules ok',
		brokenLinks: (n) => `rules: ${n} broken ${n === '1' ? 'link' : 'links'}`,
		problems: (n) => `rules: ${n} ${n === '1' ? 'problem' : 'problems'}`,
		stale: 'brief stale',
	},
	de: {
		vault: 'Vault',
		toReview: (n) => `${n} zu prüfen`,
		nothingToReview: 'nichts zu prüfen',
		agentChanges: (n) => `${n} ${n === 1 ? 'Agentenänderung' : 'Agentenänderungen'} ungeprüft`,
		rulesOk: 'Regeln ok',
		brokenLinks: (n) => `Regeln: ${n} ${n === '1' ? 'kaputter Link' : 'kaputte Links'}`,
		problems: (n) => `Regeln: ${n} ${n === '1' ? 'Problem' : 'Probleme'}`,
		stale: 'Brief veraltet',
	},
});

export type PartKind = 'review' | 'agents' | 'rulesOk' | 'rulesBad' | 'stale';

export interface StatusPart {
	kind: PartKind;
	text: string;
	/** Something waits or is wrong (a colour draws the eye to it). */
	attention: boolean;
}

const count = (n: number | null): number | null => (n !== null && Number.isSafeInteger(n) && n >= 0 ? n : null);

function rulesPart(rules: RulesState, w: StatusWords): StatusPart {
	const n = count(rules.findings) ?? 0;
	if (n === 0) return { kind: 'rulesOk', text: w.rulesOk, attention: false };
	const shown = rules.complete ? String(n) : `${n}+`;
	const links = rules.checks.length > 0 && rules.checks.every((c) => c === 'broken-link');
	return { kind: 'rulesBad', text: links ? w.brokenLinks(shown) : w.problems(shown), attention: true };
}

/** The parts in the order they are shown; unknown counts are left out. */
export function statusParts(status: VaultStatus, lang: Lang): StatusPart[] {
	const w = STATUS_WORDS[lang];
	const parts: StatusPart[] = [];
	const review = count(status.toReview);
	if (review !== null) parts.push({ kind: 'review', text: review === 0 ? w.nothingToReview : w.toReview(review), attention: review > 0 });
	const agents = count(status.agentChanges);
	if (agents !== null && agents > 0) parts.push({ kind: 'agents', text: w.agentChanges(agents), attention: true });
	if (status.rules !== null) parts.push(rulesPart(status.rules, w));
	if (status.stale) parts.push({ kind: 'stale', text: w.stale, attention: false });
	return parts;
}

export const PART_SEPARATOR = ' · ';

/** Anything that could move the cursor, end the line or change how a terminal shows the rest. */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}]/gu;

/** ANSI colours a status line may carry (Claude Code shows 16-colour SGR codes). */
const SGR: Record<PartKind, string> = { review: '33', agents: '33', rulesOk: '32', rulesBad: '31', stale: '2' };

/**
 * The agent's status line: one line, no line break. `color` adds ANSI colour to the parts that need
 * attention (and dims "stale"); without it the line is plain text.
 */
export function statusLineText(status: VaultStatus, lang: Lang, color: boolean): string {
	const parts = statusParts(status, lang);
	if (parts.length === 0) return '';
	const shown = parts.map((p) => {
		const text = p.text.replace(UNPRINTABLE, '');
		return color && (p.attention || p.kind === 'stale' || p.kind === 'rulesOk') ? `\u001b[${SGR[p.kind]}m${text}\u001b[0m` : text;
	});
	return `${STATUS_WORDS[lang].vault}: ${shown.join(PART_SEPARATOR)}`;
}

/** The same words for Obsidian's status bar, where the vault is the one open. */
export function statusBarText(status: VaultStatus, lang: Lang): string {
	return statusParts(status, lang)
		.map((p) => p.text)
		.join(PART_SEPARATOR);
}
