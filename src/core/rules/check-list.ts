/**
 * The check registry: every built-in check, in the order a run reports them. Adding a check is one
 * module beside this file and one entry here (docs/contributing.md, "A rule check"); the engine,
 * the reports' explanations and the count in the summary line all read this list.
 */
import { agentFrontmatterCheck } from './agent-frontmatter';
import { brokenLinksCheck } from './broken-links';
import { claudeMdImportsCheck } from './claude-md-imports';
import { claudeMdSizeCheck } from './claude-md-size';
import { duplicateNamesCheck } from './duplicate-names';
import { frontmatterCheck } from './frontmatter-check';
import { hookMistakesCheck } from './hook-mistakes';
import { hookScriptsCheck } from './hook-scripts';
import { settingsJsonCheck } from './settings-json';
import { skillFoldersCheck } from './skill-folders';
import { skillFrontmatterCheck } from './skill-frontmatter';
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
