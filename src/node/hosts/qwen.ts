/**
 * Qwen Code: `hooks` in `.qwen/settings.json` or `~/.qwen/settings.json`, Claude Code's group shape.
 * Docs: qwenlm.github.io/qwen-code-docs (features/hooks). The docs disagree on the timeout unit
 * (ms vs s), so none is written and Qwen's default applies.
 */
import * as path from 'node:path';
import type { HostSpec } from './host-spec';

/** Qwen Code's file-writing tools. */
export const QWEN_EDIT_MATCHER = 'write_file|edit';

export const qwen: HostSpec = {
	agent: 'qwen',
	scopes: ['project', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(p.home, '.qwen', 'settings.json') : path.join(p.vault, '.qwen', 'settings.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(p.home, '.qwen', 'settings.json'), label: 'user' },
			{ file: path.join(p.vault, '.qwen', 'settings.json'), label: 'project' },
			{ file: path.join(p.vault, '.qwen', 'settings.local.json'), label: 'local' },
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		return [
			{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, name: 'session-brief' } },
			{ event: 'PostToolUse', matcher: QWEN_EDIT_MATCHER, handler: { type: 'command', command: command('PostToolUse').native, name: 'session-brief-after-edit' } },
			{ event: 'Stop', handler: { type: 'command', command: command('Stop').native, name: 'session-brief-turn-end' } },
		];
	},
	commandFields: ['command'],
	editTools: ['write_file', 'edit'],
	notes() {
		return ['Qwen Code 0.15 had a bug that dropped SessionStart context (QwenLM/qwen-code#4111); use a later version.'];
	},
};
