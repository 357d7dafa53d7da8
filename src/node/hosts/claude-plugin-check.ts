/**
 * `doctor` for the agent plugin (claude-plugin/), as a Claude Code or a Codex plugin: where the host
 * has it on, and what that means for the folder a session starts in. The plugin's hooks stand in
 * for the ones `install` registers (each stays silent only where the install's hook runs), so an
 * event the plugin answers is no problem for want of the install's entry.
 */
import { hostOf, type HookEvent } from '../../core/hosts/agent-contracts';
import type { Check, DoctorOptions } from './doctor/doctor-report';
import { codexPluginEnabled, pluginEnabled, type PluginEnabled } from './claude-plugin';

/** The checks that judge what install put into the vault, moot when the plugin brings its own files. */
const INSTALL_FILES = new Set(['script', 'record']);

function enabledFor(o: DoctorOptions, env: NodeJS.ProcessEnv): PluginEnabled[] {
	// As for a session started in the vault, the folder doctor's advice is about.
	if (o.agent === 'claude-code') return pluginEnabled(o.vault, env, o.home);
	if (o.agent === 'codex') return codexPluginEnabled(env, o.home);
	return [];
}

export function claudePluginChecks(o: DoctorOptions, env: NodeJS.ProcessEnv, checks: Check[]): void {
	const enabled = enabledFor(o, env);
	if (enabled.length === 0) return;
	const host = hostOf(o.agent).name;
	const ids = enabled.map((e) => e.id).join(', ');
	// The plugin's hook lists register every event the host has a hook for (claude-plugin/hooks/).
	const covered = new Set(Object.keys(hostOf(o.agent).events) as HookEvent[]);
	// Not installed into the vault at all: the install's missing parts are no problem, the plugin brings its own.
	const installed = !checks.some((c) => c.id === 'script' && c.status === 'fail' && c.message.startsWith('The bridge is not in the vault'));
	const standsIn = checks.filter((c) => c.hook !== undefined && covered.has(c.hook)).map((c) => c.hook as HookEvent);
	const kept = checks.filter((c) => !(c.hook !== undefined && covered.has(c.hook)) && !(!installed && INSTALL_FILES.has(c.id)));
	const head: Check[] = [];
	if (!installed) head.push({ id: 'claude-plugin:install', status: 'info', message: `This vault has no install of its own (nothing in .claude/hooks/ or in ${host}'s hook files); the plugin ${ids} gives the brief, the rule check, the fence around Session Brief's files and the review trail.` });
	else if (standsIn.length > 0) head.push({ id: 'claude-plugin:stands-in', status: 'info', message: `The vault's install registers no ${[...new Set(standsIn)].join(', ')} hook; the plugin ${ids} runs its own for ${standsIn.length === 1 ? 'it' : 'them'}.` });
	checks.splice(0, checks.length, ...head, ...kept);
	for (const e of enabled) checks.push(o.agent === 'codex' ? codexPluginCheck(e) : claudeScopeCheck(o, e));
	if (installed) {
		checks.push({ id: 'claude-plugin:once', status: 'info', message: `This vault has both the plugin and its own install: in a session that runs the install's hooks, the plugin's hooks leave the brief and the rule check to them, so each arrives once.` });
	}
}

function codexPluginCheck(e: PluginEnabled): Check {
	const file = e.scopes[0]?.file ?? 'config.toml';
	return {
		id: 'claude-plugin',
		status: 'warn',
		message: `The Codex plugin ${e.id} is on in ${file}. Codex runs its hooks in every session started in this vault or a folder inside it, but only after you trust them in /hooks (again after every update of the plugin); until then it skips them silently, and whether you did cannot be read from outside Codex.`,
		fix: 'Start codex in the vault, run /hooks and trust the Session Brief entries.',
	};
}

function claudeScopeCheck(o: DoctorOptions, e: PluginEnabled): Check {
	const user = e.scopes.find((s) => s.scope === 'user');
	if (user !== undefined) {
		return {
			id: 'claude-plugin',
			status: 'ok',
			message: `The Claude Code plugin ${e.id} is enabled in your user settings (${user.file}). In every session it looks for a vault in the folder the session starts in and the folders above it: sessions started in ${o.vault} or a folder inside it get this vault's brief; a session started anywhere else gets none from it.`,
		};
	}
	const where = e.scopes.map((s) => s.file).join(' and ');
	return {
		id: 'claude-plugin',
		status: 'info',
		message: `The Claude Code plugin ${e.id} is enabled only in ${where}, which Claude Code reads only when it is started in ${o.vault} itself: a session started in a subfolder or elsewhere loads no plugin hooks and the brief is silently missing.`,
		fix: `Start Claude Code in the vault, or enable the plugin for every session: claude plugin install ${e.id} --scope user.`,
	};
}
