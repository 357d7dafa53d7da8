/**
 * The agent plugin (claude-plugin/): its hooks run for every project the plugin is enabled for,
 * vault or not, so they find the vault from the folder the session started in, never from the hook
 * input, and leave a session to the hooks `install` registered where both run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRegularFile } from '../state-file';
import { hooksFolder, MANIFEST_NAME, SCRIPT_NAME } from '../state-registry';
import { HOOK_COMMANDS } from '../../core/hosts/host';

/** The plugin's name in its manifest and in the marketplace; Claude Code enables it as `session-brief@<marketplace>`. */
export const CLAUDE_PLUGIN_NAME = 'session-brief';

/** The hook commands the plugin registers, each with Claude Code's event name (the first event of a command that runs at two: `turn-end` at Stop, and at SessionEnd too). */
export const PLUGIN_HOOK_EVENTS: Readonly<Record<string, string>> = Object.fromEntries(
	Object.entries(HOOK_COMMANDS)
		.reverse()
		.map(([event, command]) => [command, event]),
);

/** The hosts whose plugin format carries hooks, and so the plugin's launcher serves. */
export type PluginHost = 'claude-code' | 'codex';

/** Claude Code's user folder: `CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeUserFolder(env: NodeJS.ProcessEnv, home: string): string {
	const given = env.CLAUDE_CONFIG_DIR;
	return given !== undefined && given !== '' ? path.resolve(given) : path.join(home, '.claude');
}

function isFolder(p: string): boolean {
	try {
		return fs.statSync(p).isDirectory();
	} catch {
		return false;
	}
}

/**
 * The vault a session started in `start` works in: `start` itself or the nearest folder above it
 * that holds Obsidian's `.obsidian` folder or the record of an install (`.claude/hooks/session-brief.json`,
 * which names a renamed config folder). Null outside every vault.
 */
export function vaultAbove(start: string): string | null {
	let dir = path.resolve(start);
	for (;;) {
		if (isFolder(path.join(dir, '.obsidian')) || fs.existsSync(path.join(hooksFolder(dir), MANIFEST_NAME))) return dir;
		const up = path.dirname(dir);
		if (up === dir) return null;
		dir = up;
	}
}

function readJsonObject(file: string): Record<string, unknown> | null {
	try {
		const value = JSON.parse((readRegularFile(file, 16 * 1024 * 1024)?.toString('utf8') ?? '').replace(/^\uFEFF/, '')) as unknown;
		return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
	} catch {
		return null;
	}
}

/** The settings files Claude Code reads hooks and enabled plugins from for a session started in `projectDir`, with their scope. */
export function sessionSettingsFiles(projectDir: string, env: NodeJS.ProcessEnv, home: string): { scope: 'user' | 'project' | 'local'; file: string }[] {
	return [
		{ scope: 'user', file: path.join(claudeUserFolder(env, home), 'settings.json') },
		{ scope: 'project', file: path.join(projectDir, '.claude', 'settings.json') },
		{ scope: 'local', file: path.join(projectDir, '.claude', 'settings.local.json') },
	];
}

/** Codex's user folder: `CODEX_HOME`, else `~/.codex`. */
function codexUserFolder(env: NodeJS.ProcessEnv, home: string): string {
	const given = env.CODEX_HOME;
	return given !== undefined && given !== '' ? path.resolve(given) : path.join(home, '.codex');
}

/** Codex's hook files: `<project>/.codex/hooks.json` and `hooks.json` in `CODEX_HOME` (default `~/.codex`). */
function codexHookFiles(projectDir: string, env: NodeJS.ProcessEnv, home: string): string[] {
	const user = codexUserFolder(env, home);
	return [path.join(user, 'hooks.json'), path.join(projectDir, '.codex', 'hooks.json')];
}

/** Every command line (and exec-form argument) a settings object registers for `event`. */
function commandsFor(settings: Record<string, unknown>, event: string): string[] {
	const hooks = settings.hooks;
	if (hooks === null || typeof hooks !== 'object') return [];
	const groups = (hooks as Record<string, unknown>)[event];
	if (!Array.isArray(groups)) return [];
	const out: string[] = [];
	for (const group of groups) {
		const handlers = (group as { hooks?: unknown } | null)?.hooks;
		if (!Array.isArray(handlers)) continue;
		for (const h of handlers) {
			const { command, args } = (h ?? {}) as { command?: unknown; args?: unknown };
			if (typeof command === 'string') out.push(command);
			if (Array.isArray(args)) for (const a of args) if (typeof a === 'string') out.push(a);
		}
	}
	return out;
}

/**
 * Whether a session started in `projectDir` also runs the hook `install` put into `vault` for this
 * event: its entry is registered in a settings file that session reads and the hook entry is in
 * place. The plugin's hook then stays silent, so the session gets one brief and one rule check.
 */
export function installedHookRuns(vault: string, projectDir: string, event: string, env: NodeJS.ProcessEnv, home: string, host: PluginHost = 'claude-code'): boolean {
	const entry = path.join(hooksFolder(vault), SCRIPT_NAME);
	if (!fs.existsSync(entry)) return false;
	const files = host === 'codex' ? codexHookFiles(projectDir, env, home) : sessionSettingsFiles(projectDir, env, home).map((f) => f.file);
	for (const file of files) {
		const settings = readJsonObject(file);
		if (settings === null || settings.disableAllHooks === true) continue;
		if (commandsFor(settings, event).some((c) => c.includes(entry))) return true;
	}
	return false;
}

export interface PluginEnabled {
	/** `session-brief@<marketplace>`. */
	id: string;
	/** The settings that enable it, in the order Claude Code reads them (user, project, local). */
	scopes: { scope: 'user' | 'project' | 'local'; file: string }[];
}

/**
 * Where Claude Code has the plugin enabled for a session started in `projectDir` (`enabledPlugins`
 * of the user, project and local settings; a later scope's `false` turns it off).
 */
export function pluginEnabled(projectDir: string, env: NodeJS.ProcessEnv, home: string): PluginEnabled[] {
	const state = new Map<string, PluginEnabled>();
	for (const { scope, file } of sessionSettingsFiles(projectDir, env, home)) {
		const enabled = readJsonObject(file)?.enabledPlugins;
		if (enabled === null || typeof enabled !== 'object') continue;
		for (const [id, on] of Object.entries(enabled as Record<string, unknown>)) {
			if (!id.startsWith(`${CLAUDE_PLUGIN_NAME}@`)) continue;
			if (on === true) state.set(id, { id, scopes: [...(state.get(id)?.scopes ?? []), { scope, file }] });
			else if (on === false) state.delete(id);
		}
	}
	return [...state.values()];
}

/**
 * Where Codex has the plugin on: `codex plugin add` writes `[plugins."session-brief@<marketplace>"]`
 * with `enabled = true` into `config.toml` of its user folder (Codex keeps plugins per user only);
 * `enabled = false`, or `plugins = false` under `[features]`, turns it off.
 */
export function codexPluginEnabled(env: NodeJS.ProcessEnv, home: string): PluginEnabled[] {
	const file = path.join(codexUserFolder(env, home), 'config.toml');
	let text = '';
	try {
		text = readRegularFile(file, 16 * 1024 * 1024)?.toString('utf8') ?? '';
	} catch {
		return [];
	}
	const on = new Map<string, boolean>();
	let table: string | null = null;
	let featuresOff = false;
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.replace(/\s+#.*$/, '').trim();
		const header = /^\[(.*)\]$/.exec(line);
		if (header !== null) {
			const m = /^plugins\.(?:"((?:[^"\\]|\\.)*)"|'([^']*)')$/.exec((header[1] ?? '').trim());
			const id = m === null ? null : (m[1]?.replace(/\\(.)/g, '$1') ?? m[2] ?? null);
			table = id !== null && id.startsWith(`${CLAUDE_PLUGIN_NAME}@`) ? id : (header[1] ?? '').trim() === 'features' ? '[features]' : null;
			if (table !== null && table !== '[features]' && !on.has(table)) on.set(table, true);
			continue;
		}
		const kv = /^([\w-]+)\s*=\s*(true|false)\b/.exec(line);
		if (kv === null || table === null) continue;
		if (table === '[features]' && kv[1] === 'plugins') featuresOff = kv[2] === 'false';
		else if (table !== '[features]' && kv[1] === 'enabled') on.set(table, kv[2] === 'true');
	}
	if (featuresOff) return [];
	return [...on].filter(([, enabled]) => enabled).map(([id]) => ({ id, scopes: [{ scope: 'user' as const, file }] }));
}
