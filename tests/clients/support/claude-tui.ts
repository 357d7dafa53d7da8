/**
 * Interactive Claude Code (its terminal UI, not `-p`) against the model-API stand-in, for what only
 * the UI does, such as running the `statusLine` command. The home folder's `~/.claude.json` carries
 * what a person's first start would have recorded, so no dialog stands between start and prompt:
 * onboarding done, a theme chosen, the stand-in's API key approved, the folders trusted (and their
 * CLAUDE.md imports from outside them allowed), and the user settings approve our MCP server from
 * the project's `.mcp.json`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { binary, claudeEnv, type Workspace } from './clients';
import type { ModelApi } from './model-api';
import type { NetworkGuard } from './network-guard';
import { startTerminal, type Terminal } from './terminal';

/** What the first start records in `~/.claude.json`; `trusted` are the folders whose trust dialog was accepted. */
export function claudeFirstStartDone(ws: Workspace, apiKey: string, trusted: string[]): void {
	const file = path.join(ws.home, '.claude.json');
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	// Started below the vault, the vault's CLAUDE.md imports rule files from outside the start folder: Claude Code asks once.
	const answered = { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, hasClaudeMdExternalIncludesApproved: true, hasClaudeMdExternalIncludesWarningShown: true };
	const projects = Object.fromEntries(trusted.map((dir) => [dir, answered]));
	const state = {
		...current,
		hasCompletedOnboarding: true,
		theme: 'dark',
		// Claude Code asks once whether to use an API key from the environment; it records the key's last 20 characters.
		customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
		projects,
	};
	fs.writeFileSync(file, JSON.stringify(state, null, 2));
	// The answer to "New MCP server found in this project" (install registers ours in .mcp.json).
	const settingsFile = path.join(ws.home, '.claude', 'settings.json');
	const settings = fs.existsSync(settingsFile) ? (JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>) : {};
	fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
	fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, enabledMcpjsonServers: ['session-brief'] }, null, 2));
}

export interface ClaudeTui {
	term: Terminal;
	/** Types a prompt and sends it. */
	send(prompt: string): void;
	/** Quits with `/exit`, and ends the program if it has not ended after a while. */
	quit(): Promise<number | null>;
}

export interface ClaudeTuiOptions {
	cwd?: string;
	/** Folders recorded as trusted (default: the start folder). */
	trusted?: string[];
	/** `--permission-mode` (default: `default`; the start default, auto, asks the model to judge tool calls). */
	permissionMode?: 'default' | 'acceptEdits';
	/** Leave `NO_COLOR` out of the environment (the suite sets it). */
	colour?: boolean;
	args?: string[];
}

export function startClaudeTui(ws: Workspace, api: ModelApi, guard: NetworkGuard, o: ClaudeTuiOptions = {}): ClaudeTui {
	const cwd = o.cwd ?? ws.vault;
	// Interactive, Claude Code also fetches its official plugin marketplace (downloads.claude.ai, then github.com).
	const env: NodeJS.ProcessEnv = { ...claudeEnv(ws, api, guard), TERM: 'xterm-256color', CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1' };
	if (o.colour === true) delete env.NO_COLOR;
	claudeFirstStartDone(ws, env.ANTHROPIC_API_KEY ?? '', o.trusted ?? [cwd]);
	const term = startTerminal(binary('claude'), ['--permission-mode', o.permissionMode ?? 'default', ...(o.args ?? [])], { cwd, env });
	return {
		term,
		send(prompt) {
			term.type(prompt);
			// Enter apart from the text: typed together, a paste-like burst keeps the newline in the prompt.
			setTimeout(() => term.type('\r'), 300);
		},
		async quit() {
			term.type('\u0015/exit');
			setTimeout(() => term.type('\r'), 300);
			const timer = setTimeout(() => term.kill(), 20_000);
			const code = await term.exited;
			clearTimeout(timer);
			return code;
		},
	};
}
