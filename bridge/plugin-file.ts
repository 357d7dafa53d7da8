/**
 * The entry of session-brief.plugin.cjs, which the agent plugin's hooks run: it finds the vault from
 * the folder the session started in and runs the hook entry beside it with `--vault`. Silent in a
 * project that is no vault, and where the hooks `install` registered also run, so a session gets
 * one brief and one rule check.
 */
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { installedHookRuns, PLUGIN_HOOK_EVENTS, vaultAbove, type PluginHost } from '../src/node/hosts/claude-plugin';

const ENTRY = path.join(__dirname, 'session-brief.cjs');

function pluginHook(argv: string[]): void {
	const command = argv[0] ?? '';
	const event = PLUGIN_HOOK_EVENTS[command];
	if (event === undefined) {
		process.stderr.write(`session-brief.plugin.cjs runs the Claude Code plugin's hooks (${Object.keys(PLUGIN_HOOK_EVENTS).join(', ')}); for ${JSON.stringify(command)} run session-brief.cjs beside it with --vault DIR\n`);
		process.exitCode = 2;
		return;
	}
	const rest = argv.slice(1);
	const agentAt = rest.indexOf('--agent');
	const host: PluginHost = agentAt >= 0 && rest[agentAt + 1] === 'codex' ? 'codex' : 'claude-code';
	let vault: string | null = null;
	try {
		const env = process.env;
		const project = env.CLAUDE_PROJECT_DIR !== undefined && env.CLAUDE_PROJECT_DIR !== '' ? env.CLAUDE_PROJECT_DIR : process.cwd();
		vault = vaultAbove(project);
		if (vault !== null && installedHookRuns(vault, project, event, env, env.HOME || env.USERPROFILE || os.homedir(), host)) vault = null;
	} catch {
		// A hook fails open: no vault found is no output.
		vault = null;
	}
	if (vault === null) return;
	// The hook entry reads its command from process.argv, as when node runs it.
	process.argv = [process.argv[0] ?? process.execPath, ENTRY, command, '--vault', vault, ...rest];
	createRequire(__filename)(ENTRY);
}

pluginHook(process.argv.slice(2));
