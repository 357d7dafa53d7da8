/**
 * OpenAI Codex CLI: `hooks.json` in `<vault>/.codex/` or `~/.codex/` (`CODEX_HOME` moves it), in
 * Claude Code's group shape (docs: developers.openai.com/codex/hooks). Edits arrive as `apply_patch`,
 * whose paths the core's contract reads out of the patch.
 */
import * as path from 'node:path';
import { codexTrust } from './trust/codex-trust';
import { homeDir, type HostSpec } from './host-spec';

/** Codex's edit tool: `apply_patch` (Codex also lets `Edit` and `Write` match it). */
export const CODEX_EDIT_MATCHER = 'apply_patch|Edit|Write';

/** What PreToolUse runs for: the edit tool and the shell tools, which Codex's hook input names `Bash`. */
export const CODEX_PRE_TOOL_MATCHER = 'apply_patch|Edit|Write|Bash';

export const codex: HostSpec = {
	agent: 'codex',
	scopes: ['project', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(homeDir(p, 'CODEX_HOME', '.codex'), 'hooks.json') : path.join(p.vault, '.codex', 'hooks.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(homeDir(p, 'CODEX_HOME', '.codex'), 'hooks.json'), label: 'user' },
			{ file: path.join(p.vault, '.codex', 'hooks.json'), label: 'project' },
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'PreToolUse', 'Stop'],
	entries(command) {
		return [
			{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, timeout: 30 } },
			{ event: 'PostToolUse', matcher: CODEX_EDIT_MATCHER, handler: { type: 'command', command: command('PostToolUse').native, timeout: 60 } },
			{ event: 'PreToolUse', matcher: CODEX_PRE_TOOL_MATCHER, handler: { type: 'command', command: command('PreToolUse').native, timeout: 10 } },
			{ event: 'Stop', handler: { type: 'command', command: command('Stop').native, timeout: 60 } },
		];
	},
	commandFields: ['command'],
	editTools: ['apply_patch'],
	preToolTools: ['apply_patch', 'Bash'],
	// No tool of Codex's is a whole-file Write: the guard never applies.
	guardTool: null,
	// The trust steps (trusted project, /hooks) are explained by the trust check instead.
	notes() {
		return [];
	},
	trust: (o) => codexTrust(o.vault, o.home, o.scope, o.env, o.platform),
};
