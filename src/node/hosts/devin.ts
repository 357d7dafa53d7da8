/**
 * Devin CLI: `hooks` in `.devin/config.json`, `.devin/config.local.json` or the user's config, in
 * Claude Code's group shape; `.devin/hooks.v1.json` is read too, so doctor lists it. Docs:
 * docs.devin.ai/cli/extensibility/hooks/overview.
 */
import * as path from 'node:path';
import type { HostPaths, HostSpec } from './host-spec';

/** Devin's file-writing tools, named in lowercase (docs: lifecycle hooks). */
export const DEVIN_EDIT_MATCHER = 'edit|write|notebook_edit';

function devinUserDir(p: HostPaths): string {
	if (p.platform !== 'win32') return path.join(p.home, '.config', 'devin');
	const appData = p.env.APPDATA;
	return appData !== undefined && appData !== '' ? path.join(appData, 'devin') : path.join(p.home, 'AppData', 'Roaming', 'devin');
}

export const devin: HostSpec = {
	agent: 'devin',
	scopes: ['project', 'local', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		if (scope === 'user') return path.join(devinUserDir(p), 'config.json');
		return path.join(p.vault, '.devin', scope === 'local' ? 'config.local.json' : 'config.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(devinUserDir(p), 'config.json'), label: 'user' },
			{ file: path.join(p.vault, '.devin', 'config.json'), label: 'project' },
			{ file: path.join(p.vault, '.devin', 'config.local.json'), label: 'local' },
			{ file: path.join(p.vault, '.devin', 'hooks.v1.json'), label: 'project', eventsAtTop: true },
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		return [
			// No matcher: Devin matches SessionStart entries against nothing but a tool name.
			{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, timeout: 30 } },
			{ event: 'PostToolUse', matcher: DEVIN_EDIT_MATCHER, handler: { type: 'command', command: command('PostToolUse').native, timeout: 60 } },
			{ event: 'Stop', handler: { type: 'command', command: command('Stop').native, timeout: 60 } },
		];
	},
	commandFields: ['command'],
	editTools: ['edit', 'write'],
	notes() {
		return [
			'Devin CLI also runs the Claude Code hooks in .claude/settings*.json and ~/.claude/settings.json; with those installed too, each session runs both entries (the brief still arrives once). Keep one installation.',
			'Devin CLI loads no hooks in a workspace under Restricted Mode; run /hooks in a session to see the ones it loaded.',
		];
	},
};
