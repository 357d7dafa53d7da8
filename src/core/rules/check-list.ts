/**
 * The check registry: every built-in check, in the order a run reports them. Adding a check is one
 * module beside this file and one entry here (docs/contributing.md, "A rule check"); the engine,
 * the reports' explanations and the count in the summary line all read this list.
 */
import { agentFrontmatterCheck } from './checks/agent-frontmatter';
import { brokenLinksCheck } from './checks/broken-links';
import { claudeMdImportsCheck } from './checks/claude-md-imports';
import { claudeMdSizeCheck } from './checks/claude-md-size';
import { duplicateNamesCheck } from './checks/duplicate-names';
import { frontmatterCheck } from './checks/frontmatter-check';
import { hookMistakesCheck } from './checks/hook-mistakes';
import { hookScriptsCheck } from './checks/hook-scripts';
import { settingsJsonCheck } from './checks/settings-json';
import { skillFoldersCheck } from './checks/skill-folders';
import { skillFrontmatterCheck } from './checks/skill-frontmatter';
import type { RuleCheck } from './types';

export const BUILT_IN_CHECKS: readonly RuleCheck[] = [
	frontmatterCheck,
	brokenLinksCheck,
	claudeMdImportsCheck,
	skillFoldersCheck,
	skillFrontmatterCheck,
	agentFrontmatterCheck,
	duplicateNamesCheck,
	claudeMdSizeCheck,
	settingsJsonCheck,
	hookMistakesCheck,
	hookScriptsCheck,
];
