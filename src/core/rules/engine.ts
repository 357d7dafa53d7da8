/**
 * The rule check: every built-in check (check-list.ts) over the target files of a `RuleInput`. Each
 * check runs on its own, so one that throws becomes a finding and the others still report.
 */
import { BUILT_IN_CHECKS } from './check-list';
import { externalCheck } from './checks/external';
import { fileListResolver, inDotFolder } from './links';
import { parseFrontmatter, ruleFile } from './rule-file';
import type { CheckContext, Finding, ParsedFrontmatter, RuleCheck, RuleFile, RuleInput } from './types';
import { translations } from '../i18n';

interface EngineText {
	unreadable: string;
	checkFailed: (reason: string) => string;
}

export const ENGINE_TEXT = translations<EngineText>({
	en: {
		unreadable: 'The file could not be read, so no check looked into it. Check its permissions.',
		checkFailed: (reason) => `The check itself failed (${reason}); its part of the rule set is unchecked.`,
	},
	de: {
		unreadable: 'Die Datei ließ sich nicht lesen, keine Prüfung hat sie angesehen. Zugriffsrechte prüfen.',
		checkFailed: (reason) => `Die Prüfung selbst ist gescheitert (${reason}); ihr Teil des Regelwerks ist ungeprüft.`,
	},
});

export { BUILT_IN_CHECKS };

/** Every check a run may include, for help texts and the plugin's result view. */
export const ALL_CHECKS: readonly RuleCheck[] = [...BUILT_IN_CHECKS, externalCheck];

export interface RuleCheckResult {
	findings: Finding[];
	/** Ids of the checks that ran, in order; the summary line counts them. */
	checksRun: string[];
}

/** Reads only text the checks understand: notes and JSON settings, never images or scripts (the plugin reads ahead by it too). */
export function isReadable(path: string): boolean {
	const lower = path.toLowerCase();
	return lower.endsWith('.md') || lower.endsWith('.json');
}

function contextFor(input: RuleInput, files: RuleFile[]): CheckContext {
	const known = new Set(input.files.map((f) => f.toLowerCase()));
	const exists = input.exists ?? ((path: string) => known.has(path.toLowerCase()));
	const parsed = new Map<RuleFile, ParsedFrontmatter>();
	return {
		input,
		lang: input.lang,
		files,
		exists: (path) => known.has(path.toLowerCase()) || exists(path),
		resolveLink: input.resolveLink ?? fileListResolver(input.files),
		resolveIndexedLink: input.resolveIndexedLink ?? fileListResolver(input.files.filter((f) => !inDotFolder(f))),
		frontmatter(file) {
			let result = parsed.get(file);
			if (result === undefined) {
				result = parseFrontmatter(file);
				parsed.set(file, result);
			}
			return result;
		},
	};
}

export function runRuleCheck(input: RuleInput, checks: readonly RuleCheck[] = BUILT_IN_CHECKS): RuleCheckResult {
	const findings: Finding[] = [];
	const files: RuleFile[] = [];
	for (const path of input.targets) {
		if (!isReadable(path)) continue;
		const text = input.read(path);
		if (text === null) {
			findings.push({
				check: 'file-access',
				severity: 'error',
				path,
				line: 0,
				message: ENGINE_TEXT[input.lang].unreadable,
			});
			continue;
		}
		files.push(ruleFile(path, text));
	}
	const ctx = contextFor(input, files);
	for (const check of checks) {
		try {
			findings.push(...check.run(ctx));
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			findings.push({
				check: check.id,
				severity: 'error',
				path: '',
				line: 0,
				message: ENGINE_TEXT[input.lang].checkFailed(reason),
			});
		}
	}
	return { findings, checksRun: checks.map((c) => c.id) };
}
