/**
 * CodeBuddy Code (v1.16 and later): `hooks` in `.codebuddy/settings.json` (project),
 * `.codebuddy/settings.local.json` (local) or `~/.codebuddy/settings.json` (user), Claude Code's
 * group shape and tool names, timeouts in seconds. Docs: www.codebuddy.ai/docs/cli/hooks.
 */
import * as path from 'node:path';
import { EDIT_MATCHER } from './claude-code';
import type { HostSpec } from './host-spec';

export const codebuddy: HostSpec = {
	agent: 'codebuddy',
	scopes: ['project', 'local', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		if (scope === 'user') return path.join(p.home, '.codebuddy', 'settings.json');
		return path.join(p.vault, '.codebuddy', scope === 'local' ? 'settings.local.json' : 'settings.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(p.home, '.codebuddy', 'settings.json'), label: 'user' },
			{ file: path.join(p.vault, '.codebuddy', 'settings.json'), label: 'project' },
			{ file: path.join(p.vault, '.codebuddy', 'settings.local.json'), label: 'local' },
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		return [
			{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, timeout: 30 } },
			{ event: 'PostToolUse', matcher: EDIT_MATCHER, handler: { type: 'command', command: command('PostToolUse').native, timeout: 60 } },
			{ event: 'Stop', handler: { type: 'command', command: command('Stop').native, timeout: 60 } },
		];
	},
	commandFields: ['command'],
	editTools: ['Edit', 'Write'],
	notes() {
		return ['CodeBuddy Code runs hooks from version 1.16 on; update it if the brief does not arrive.'];
	},
};
