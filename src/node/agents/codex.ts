/**
 * OpenAI Codex CLI: `hooks.json` beside a config layer, `<vault>/.codex/hooks.json` or
 * `~/.codex/hooks.json` (`CODEX_HOME` moves it); Claude Code's group shape, timeout in seconds.
 * Docs: developers.openai.com/codex/hooks. Codex reports edits as `apply_patch` with a patch and
 * no file_path, so only SessionStart is registered.
 */
import * as path from 'node:path';
import { codexTrust } from './codex-trust';
import { homeDir, type HostSpec } from './host-spec';

export const codex: HostSpec = {
	agent: 'codex',
	scopes: ['project', 'user'],
	shape: 'groups',
	settingsFile(scope, p) {
		return scope === 'user' ? path.join(homeDir(p, 'CODEX_HOME', '.codex'), 'hooks.json') : path.join(p.vault, '.codex', 'hooks.json');
	},
	readFiles(p) {
		return [
			{ file: path.join(homeDir(p, 'CODEX_HOME', '.codex'), 'hooks.json'), label: 'user' },
			{ file: path.join(p.vault, '.codex', 'hooks.json'), label: 'project' },
		];
	},
	skeleton: {},
	events: ['SessionStart'],
	entries(command) {
		return [{ event: 'SessionStart', handler: { type: 'command', command: command('SessionStart').native, timeout: 30 } }];
	},
	commandFields: ['command'],
	// The trust steps (trusted project, /hooks) are explained by the trust check instead.
	notes() {
		return [];
	},
	trust: (o) => codexTrust(o.vault, o.home, o.scope, o.env, o.platform),
};
