/**
 * Cursor: `.cursor/hooks.json` (project) or `~/.cursor/hooks.json` (user), `{"version": 1, "hooks":
 * {"sessionStart": [{"command": …}]}}` with flat entries (the nested Claude shape never fires).
 * Docs: cursor.com/docs/agent/hooks. The project file is the operator's, so the same lossless rules apply.
 */
import * as path from 'node:path';
import type { HostSpec } from './host-spec';

export const cursor: HostSpec = {
	agent: 'cursor',
	scopes: ['project', 'user'],
	shape: 'flat',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(p.home, '.cursor', 'hooks.json') : path.join(p.vault, '.cursor', 'hooks.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(p.home, '.cursor', 'hooks.json'), label: 'user' },
			{ file: path.join(p.vault, '.cursor', 'hooks.json'), label: 'project' },
		];
	},
	skeleton: { version: 1 },
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		// PowerShell's call form on Windows, where Cursor runs hook commands in PowerShell.
		return [
			{ event: 'sessionStart', handler: { command: command('SessionStart').native, timeout: 30 } },
			// afterFileEdit fires for the agent's file edits only, so it needs no matcher.
			{ event: 'afterFileEdit', handler: { command: command('PostToolUse').native, timeout: 60 } },
			{ event: 'stop', handler: { command: command('Stop').native, timeout: 60 } },
		];
	},
	commandFields: ['command'],
	// `.cursor/mcp.json` in the vault or `~/.cursor/mcp.json`, entries `{ "command", "args" }`.
	mcp: {
		files: (vault, home) => [
			{ file: path.join(vault, '.cursor', 'mcp.json'), scope: 'project' },
			{ file: path.join(home, '.cursor', 'mcp.json'), scope: 'user' },
		],
		entry: (node, script) => ({ command: node, args: [script, 'mcp'] }),
	},
	notes() {
		return [
			'Cursor can also run the hooks in .claude/settings*.json ("Include third-party configs"); with both installed each session runs both entries, and the brief still arrives once (the second entry says it was already given). Keep one installation, or turn that option off, to spare the second run.',
			'Some Cursor builds rejected sessionStart as an unknown hook type; update Cursor if its hook log says so.',
		];
	},
};
