/**
 * Gemini CLI: `hooks` in `.gemini/settings.json` or `~/.gemini/settings.json`, Claude Code's group
 * shape plus a `name` (Gemini dedupes by name and command). Docs: geminicli.com/docs/hooks/reference.
 * AfterTool (matcher: its file-writing tools) runs the rule check and the journal; AfterAgent, the
 * end of a turn, the session net.
 */
import * as path from 'node:path';
import { geminiTrust } from './gemini-trust';
import type { HostSpec } from './host-spec';

/** Gemini CLI's file-writing tools (a regular expression on the tool name). */
export const GEMINI_EDIT_MATCHER = 'write_file|replace';

export const gemini: HostSpec = {
	agent: 'gemini',
	scopes: ['project', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(p.home, '.gemini', 'settings.json') : path.join(p.vault, '.gemini', 'settings.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(p.home, '.gemini', 'settings.json'), label: 'user' },
			{ file: path.join(p.vault, '.gemini', 'settings.json'), label: 'project' },
			{ file: p.platform === 'win32' ? 'C:\\ProgramData\\gemini-cli\\settings.json' : p.platform === 'darwin' ? '/Library/Application Support/GeminiCli/settings.json' : '/etc/gemini-cli/settings.json', label: 'system', managed: true },
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		// No timeout: Gemini counts it in milliseconds, and its 60 s default is enough. Each entry has
		// its own name: Gemini dedupes hooks by name and command.
		return [
			{ event: 'SessionStart', handler: { name: 'session-brief', type: 'command', command: command('SessionStart').native } },
			{ event: 'AfterTool', matcher: GEMINI_EDIT_MATCHER, handler: { name: 'session-brief-after-edit', type: 'command', command: command('PostToolUse').native } },
			{ event: 'AfterAgent', handler: { name: 'session-brief-turn-end', type: 'command', command: command('Stop').native } },
		];
	},
	commandFields: ['command'],
	editTools: ['write_file', 'replace'],
	notes() {
		return ['Older Gemini CLI versions run hooks only when enabled in settings (hooksConfig.enabled, or tools.enableHooks before 0.26); this install does not change that switch.'];
	},
	// A project's settings load only in a trusted folder; user settings always do.
	trust: (o) => (o.scope === 'user' ? [] : [geminiTrust(o.vault, o.home, o.env, o.platform)]),
};
