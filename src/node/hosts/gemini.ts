/**
 * Gemini CLI: `hooks` in `.gemini/settings.json` or `~/.gemini/settings.json`, Claude Code's group
 * shape plus a `name` (Gemini dedupes by name and command). Docs: geminicli.com/docs/hooks/reference.
 * AfterTool (matcher: its file-writing tools) runs the rule check and the journal; BeforeTool (its
 * file-writing tools and its shell tool) the fence around Session Brief's own files, the Write guard
 * and the before-versions; AfterAgent, the end of a turn, the session net.
 */
import * as path from 'node:path';
import { geminiTrust } from './trust/gemini-trust';
import type { HostSpec } from './host-spec';

/** Gemini CLI's file-writing tools (a regular expression on the tool name). */
export const GEMINI_EDIT_MATCHER = 'write_file|replace';

/** What BeforeTool runs for: the file-writing tools and the shell tool (the fence reaches both). */
export const GEMINI_PRE_TOOL_MATCHER = 'write_file|replace|run_shell_command';

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
	events: ['SessionStart', 'PostToolUse', 'PreToolUse', 'Stop'],
	entries(command) {
		// No timeout: Gemini counts it in milliseconds, and its 60 s default is enough. Each entry has
		// its own name: Gemini dedupes hooks by name and command.
		return [
			{ event: 'SessionStart', handler: { name: 'session-brief', type: 'command', command: command('SessionStart').native } },
			{ event: 'AfterTool', matcher: GEMINI_EDIT_MATCHER, handler: { name: 'session-brief-after-edit', type: 'command', command: command('PostToolUse').native } },
			{ event: 'BeforeTool', matcher: GEMINI_PRE_TOOL_MATCHER, handler: { name: 'session-brief-before-tool', type: 'command', command: command('PreToolUse').native } },
			{ event: 'AfterAgent', handler: { name: 'session-brief-turn-end', type: 'command', command: command('Stop').native } },
		];
	},
	commandFields: ['command'],
	editTools: ['write_file', 'replace'],
	preToolTools: ['write_file', 'replace', 'run_shell_command'],
	guardTool: 'write_file',
	notes() {
		return ['Older Gemini CLI versions run hooks only when enabled in settings (hooksConfig.enabled, or tools.enableHooks before 0.26); this install does not change that switch.'];
	},
	// A project's settings load only in a trusted folder; user settings always do.
	trust: (o) => (o.scope === 'user' ? [] : [geminiTrust(o.vault, o.home, o.env, o.platform)]),
};
