/**
 * Claude Code: `hooks` in `.claude/settings.json` (project), `.claude/settings.local.json` (local)
 * or `~/.claude/settings.json` (user; `CLAUDE_CONFIG_DIR` moves it). Docs: code.claude.com/docs/en/hooks
 * and /settings. The project files are read only from the folder the session starts in (docs/design.md, "The start-folder trap").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { homeDir, type HostPaths, type HostSpec, type ReadFile } from './host-spec';
import { writeGuardEntry } from './install/write-guard-entry';
import { managedSettingsDir, managedSettingsFiles } from './managed-settings';
import { MCP_SERVER_NAME } from './install/mcp-host';

/** The edit tools whose files the rule check looks at (MultiEdit is legacy, kept for older versions). */
export const EDIT_MATCHER = 'Edit|Write|MultiEdit|NotebookEdit';

export function claudeUserDir(p: HostPaths): string {
	return homeDir(p, 'CLAUDE_CONFIG_DIR', '.claude');
}

/**
 * Whether Claude Code on Windows finds Git Bash: `CLAUDE_CODE_GIT_BASH_PATH`, or Git for Windows
 * (`bash.exe` or `git.exe`) on PATH. Without it Claude Code runs hooks in PowerShell, which cannot
 * run the Git Bash form install writes (docs/agents.md, "PowerShell").
 */
export function gitBashFound(env: NodeJS.ProcessEnv): boolean {
	const given = env.CLAUDE_CODE_GIT_BASH_PATH;
	if (given !== undefined && given !== '') return fs.existsSync(given);
	return (env.PATH ?? env.Path ?? '')
		.split(';')
		.filter((d) => d !== '')
		.some((d) => fs.existsSync(path.join(d, 'bash.exe')) || fs.existsSync(path.join(d, 'git.exe')));
}

export const claudeCode: HostSpec = {
	agent: 'claude-code',
	scopes: ['project', 'local', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		if (scope === 'user') return path.join(claudeUserDir(p), 'settings.json');
		return path.join(p.vault, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');
	},
	readFiles(p): ReadFile[] {
		return [
			{ file: path.join(claudeUserDir(p), 'settings.json'), label: 'user' },
			{ file: path.join(p.vault, '.claude', 'settings.json'), label: 'project' },
			{ file: path.join(p.vault, '.claude', 'settings.local.json'), label: 'local' },
			// managed-settings.json and the drop-ins of managed-settings.d/.
			...managedSettingsFiles(p.managedDir ?? managedSettingsDir(p.platform)),
		];
	},
	skeleton: {},
	events: ['SessionStart', 'PostToolUse', 'PreToolUse', 'Stop', 'SessionEnd'],
	entries(command) {
		return [
			// No matcher: every source (startup, resume, clear, compact, and fork since v2.1.214).
			// statusMessage: the spinner text Claude Code shows while the hook runs.
			{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, timeout: 30, statusMessage: "Reading the vault's brief…" } },
			{ event: 'PostToolUse', matcher: EDIT_MATCHER, handler: { type: 'command', command: command('PostToolUse').native, timeout: 60, statusMessage: 'Checking the rule set…' } },
			// The opt-in Write guard: registered always, it reads its setting on each run.
			writeGuardEntry(command),
			// The session net: what the turn changed that no edit hook saw (shell commands, renames, deletions).
			{ event: 'Stop', handler: { type: 'command', command: command('Stop').native, timeout: 60 } },
			// A turn a user interrupts ends without Stop. SessionEnd hooks share a 1.5 s budget that a larger timeout raises.
			{ event: 'SessionEnd', handler: { type: 'command', command: command('SessionEnd').native, timeout: 30 } },
		];
	},
	commandFields: ['command'],
	claudeHookRules: true,
	editTools: ['Edit', 'Write'],
	machineChecks(p) {
		if (p.platform !== 'win32' || gitBashFound(p.env)) return [];
		return [
			{
				status: 'warn',
				message: 'No Git Bash was found (CLAUDE_CODE_GIT_BASH_PATH is not set, and neither bash.exe nor git.exe is on PATH). Without it Claude Code runs hooks in PowerShell, which cannot run the registered command (a line starting with a quoted path), so the brief would not arrive.',
				fix: 'Install Git for Windows, or set CLAUDE_CODE_GIT_BASH_PATH to its bash.exe, then start a new session.',
			},
		];
	},
	// The vault's `.mcp.json` and `~/.claude.json` (`mcpServers`), entries `{ "type": "stdio", "command", "args" }`.
	mcp: {
		files: (vault, home) => [
			{ file: path.join(vault, '.mcp.json'), scope: 'project' },
			{ file: path.join(home, '.claude.json'), scope: 'user' },
		],
		entry: (node, script) => ({ type: 'stdio', command: node, args: [script, 'mcp'] }),
		// Its place in `~/.claude.json` is keyed by how Claude Code spells the project path.
		unwritten: (scope, node, script) => (scope === 'local' ? `MCP server: not registered for the "local" scope; run: claude mcp add --scope local ${MCP_SERVER_NAME} -- ${node} ${script} mcp` : undefined),
	},
	// Shown under the prompt, run through the same shell as the hooks; managed settings win, then local, project, user.
	statusLine: { path: ['statusLine'], entry: (command) => ({ type: 'command', command, padding: 0 }), precedence: ['managed', 'local', 'project', 'user'] },
	notes(scope, p) {
		if (scope === 'user') return ['Every Claude Code session on this machine, started in any folder, now gets this vault\'s brief.'];
		return [
			`Claude Code reads ${scope === 'local' ? '.claude/settings.local.json' : '.claude/settings.json'} only when it is started in ${p.vault} itself; a session started in a subfolder or elsewhere (also "claude --resume" from another folder) gets no brief. Start it in the vault, or run "install --scope user".`,
		];
	},
};
