/**
 * `doctor` for the Claude Code plugin (claude-plugin/): where Claude Code has it enabled, and what
 * that means for the folder a session starts in. The plugin's hooks stand in for the ones `install`
 * registers, so a vault served by the plugin alone is no failure for want of them.
 */
import type { Check, DoctorOptions } from './doctor/doctor-report';
import { pluginEnabled } from './claude-plugin';

export function claudePluginChecks(o: DoctorOptions, env: NodeJS.ProcessEnv, checks: Check[]): void {
	if (o.agent !== 'claude-code') return;
	// As for a session started in the vault, the folder doctor's advice is about.
	const enabled = pluginEnabled(o.vault, env, o.home);
	if (enabled.length === 0) return;
	const ids = enabled.map((e) => e.id).join(', ');
	// Not installed into the vault at all: the install's missing parts are no problem, the plugin brings its own.
	const installed = !checks.some((c) => c.id === 'script' && c.status === 'fail' && c.message.startsWith('The bridge is not in the vault'));
	if (!installed) {
		const own = new Set(['script', 'record', 'registration', 'registration:PostToolUse']);
		const kept = checks.filter((c) => !own.has(c.id));
		checks.splice(0, checks.length, { id: 'claude-plugin:install', status: 'info', message: `This vault has no install of its own (nothing in .claude/hooks/ or in Claude Code's settings files); the plugin ${ids} gives the brief and the rule check.` }, ...kept);
	}
	for (const e of enabled) {
		const user = e.scopes.find((s) => s.scope === 'user');
		if (user !== undefined) {
			checks.push({
				id: 'claude-plugin',
				status: 'ok',
				message: `The Claude Code plugin ${e.id} is enabled in your user settings (${user.file}). In every session it looks for a vault in the folder the session starts in and the folders above it: sessions started in ${o.vault} or a folder inside it get this vault's brief; a session started anywhere else gets none from it.`,
			});
		} else {
			const where = e.scopes.map((s) => s.file).join(' and ');
			checks.push({
				id: 'claude-plugin',
				status: 'info',
				message: `The Claude Code plugin ${e.id} is enabled only in ${where}, which Claude Code reads only when it is started in ${o.vault} itself: a session started in a subfolder or elsewhere loads no plugin hooks and the brief is silently missing.`,
				fix: `Start Claude Code in the vault, or enable the plugin for every session: claude plugin install ${e.id} --scope user.`,
			});
		}
	}
	if (installed) {
		checks.push({ id: 'claude-plugin:once', status: 'info', message: `This vault has both the plugin and its own install: in a session that runs the install's hooks, the plugin's hooks leave the brief and the rule check to them, so each arrives once.` });
	}
}
