/**
 * GitHub Copilot CLI: any `.github/hooks/*.json` in the repository or `~/.copilot/hooks/*.json`
 * (`COPILOT_HOME` moves it), `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash":
 * …, "powershell": …}]}}`. Docs: docs.github.com/en/copilot/reference/hooks-reference. A file of
 * our own, so nobody else's entries share it.
 */
import * as path from 'node:path';
import type { HookEvent } from '../../core/hosts/agent-contracts';
import { homeDir, type HostSpec } from './host-spec';

const FILE = 'session-brief.json';

export const copilot: HostSpec = {
	agent: 'copilot',
	scopes: ['project', 'user'],
	shape: 'flat',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(homeDir(p, 'COPILOT_HOME', '.copilot'), 'hooks', FILE) : path.join(p.vault, '.github', 'hooks', FILE);
	},
	readFiles(p) {
		return [
			{ file: path.join(homeDir(p, 'COPILOT_HOME', '.copilot'), 'hooks', FILE), label: 'user' },
			{ file: path.join(p.vault, '.github', 'hooks', FILE), label: 'project' },
		];
	},
	skeleton: { version: 1 },
	events: ['SessionStart', 'PostToolUse', 'Stop'],
	entries(command) {
		const entry = (event: HookEvent, timeoutSec: number): Record<string, unknown> => {
			const c = command(event);
			return { type: 'command', bash: c.sh, powershell: c.ps, timeoutSec };
		};
		// postToolUse has no matcher here: it runs after every tool, and the hook reads only the file-writing ones (create, edit).
		return [
			{ event: 'sessionStart', handler: entry('SessionStart', 30) },
			{ event: 'postToolUse', handler: entry('PostToolUse', 60) },
			{ event: 'agentStop', handler: entry('Stop', 60) },
		];
	},
	commandFields: ['bash', 'powershell', 'command'],
	shells: ['sh', 'powershell'],
	notes() {
		return [
			'Copilot CLI also reads .claude/settings.json; with the Claude Code hooks installed too, each session runs both entries, and the brief still arrives once (the second entry says it was already given). Keep one installation to spare the second run.',
			'Copilot CLI versions before the current hooks reference ignored sessionStart output (github/copilot-cli#2142); update if the brief does not arrive.',
		];
	},
};
