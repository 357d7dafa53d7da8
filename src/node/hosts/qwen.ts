/**
 * Qwen Code: `hooks` in `.qwen/settings.json` or `~/.qwen/settings.json`, Claude Code's group shape.
 * Docs: qwenlm.github.io/qwen-code-docs (features/hooks). The docs disagree on the timeout unit
 * (ms vs s), and 0.24 reads seconds but takes a large value for old milliseconds with a warning, so
 * none is written and Qwen's default (60 s) applies. With folder trust on, project hooks load only
 * in a trusted folder (qwen-trust.ts). Proven with 0.24.4 (docs/real-clients.md).
 */
import * as path from 'node:path';
import type { HostSpec } from './host-spec';
import { qwenTrust } from './trust/qwen-trust';

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
	// `ui.statusLine`: run through the shell under the footer, at most two lines shown; the project's file wins over the user's.
	statusLine: { path: ['ui', 'statusLine'], entry: (command) => ({ type: 'command', command }), precedence: ['project', 'user'] },
	notes() {
		return ['Qwen Code 0.15 and older never give the model the brief: headless (qwen -p) they do not run SessionStart at all, interactive they drop its context (QwenLM/qwen-code#4111). Use Qwen Code 0.24 or later.'];
	},
	// With folder trust on, a project's settings load only in a trusted folder; user settings always do.
	trust: (o) => (o.scope === 'user' ? [] : [qwenTrust(o.vault, o.home, o.env, o.platform)]),
};
