/**
 * The Claude Code plugin in claude-plugin/ without the CLI (tests/clients/claude-plugin.test.ts runs
 * it in the real one): the files the build copies in are the build's, its manifest and marketplace entry keep
 * the package's version, its hooks find the vault from the session's start folder, stay silent
 * outside every vault, and leave a session to the hooks `install` registered when that session runs
 * them too.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { CLAUDE_PLUGIN_COPIES, CLAUDE_PLUGIN_DIR } from '../../../scripts/claude-plugin.mjs';
import { installedHookRuns, pluginEnabled, vaultAbove } from '../../../src/node/hosts/claude-plugin';
import { FIXED_NOW, REPO } from '../../helpers/bridge';
import { exampleVault, removeTempDirs, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as Record<string, unknown>;
const LAUNCHER = path.join(CLAUDE_PLUGIN_DIR, 'hooks', 'session-brief.plugin.cjs');

/** A vault copy without the bridge `exampleVault` places, and a home of its own. */
function bareVault(): { vault: string; home: string } {
	const vault = exampleVault();
	fs.rmSync(path.join(vault, '.claude', 'hooks'), { recursive: true, force: true, maxRetries: 30 });
	return { vault, home: tempDir('sb-plugin-home-') };
}

function pluginHook(command: string, project: string, home: string, input: object): { status: number | null; stdout: string; stderr: string } {
	const r = spawnSync(process.execPath, [LAUNCHER, command], { cwd: project, input: JSON.stringify(input), encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, CLAUDE_PROJECT_DIR: project, SESSION_BRIEF_NOW: FIXED_NOW }, timeout: HANG_MS });
	return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function install(vault: string, home: string): void {
	const r = spawnSync(process.execPath, [path.join(REPO, 'bridge', 'dist', 'session-brief.cjs'), 'install', '--vault', vault], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' });
	expect(r.status, r.stderr).toBe(0);
}

describe('the plugin as the build leaves it in claude-plugin/', () => {
	it("holds the build's hook files byte for byte", () => {
		for (const [from, name] of CLAUDE_PLUGIN_COPIES) {
			expect(fs.readFileSync(path.join(CLAUDE_PLUGIN_DIR, 'hooks', name)).equals(fs.readFileSync(path.join(REPO, from))), `claude-plugin/hooks/${name} is not ${from}: run npm run build`).toBe(true);
		}
	});

	// Where the marketplace entry points (the release's plugin branch): tests/release/plugin-branch.test.ts.
	it("keeps the package's version and name in its manifest and the marketplace", () => {
		const version = read('package.json').version;
		const manifest = read('claude-plugin/.claude-plugin/plugin.json');
		const codex = read('claude-plugin/.codex-plugin/plugin.json');
		expect(codex).toMatchObject({ name: 'session-brief', version, hooks: './hooks/codex-hooks.json' });
		const market = read('.claude-plugin/marketplace.json') as { name: string; plugins: { name: string; version: string }[] };
		expect(manifest.name).toBe('session-brief');
		expect(manifest.version).toBe(version);
		expect(market.plugins).toHaveLength(1);
		expect(market.plugins[0]).toMatchObject({ name: 'session-brief', version });
	});

	it('registers its hooks through its launcher, with the matchers install uses', () => {
		const hooks = read('claude-plugin/hooks/hooks.json').hooks as Record<string, { matcher?: string; hooks: { command: string; args: string[] }[] }[]>;
		const runs = Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.map((g) => [g.matcher ?? '', g.hooks[0]?.command, ...(g.hooks[0]?.args ?? [])])]));
		expect(runs).toEqual({
			SessionStart: [['', 'node', '${CLAUDE_PLUGIN_ROOT}/hooks/session-brief.plugin.cjs', 'session-start']],
			PostToolUse: [['Edit|Write|MultiEdit|NotebookEdit', 'node', '${CLAUDE_PLUGIN_ROOT}/hooks/session-brief.plugin.cjs', 'post-tool-use']],
			PreToolUse: [['Edit|Write|MultiEdit|NotebookEdit|Bash', 'node', '${CLAUDE_PLUGIN_ROOT}/hooks/session-brief.plugin.cjs', 'pre-tool-use']],
			Stop: [['', 'node', '${CLAUDE_PLUGIN_ROOT}/hooks/session-brief.plugin.cjs', 'turn-end']],
			SessionEnd: [['', 'node', '${CLAUDE_PLUGIN_ROOT}/hooks/session-brief.plugin.cjs', 'turn-end']],
		});
		// Codex (its manifest names this file): the session start, the edit hook, the pre-tool hook and the end of a turn,
		// in Codex's contract. Codex runs no exec form, so the line is a shell's, with the plugin root Codex exports quoted.
		const codex = read('claude-plugin/hooks/codex-hooks.json').hooks as Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
		expect(Object.keys(codex)).toEqual(['SessionStart', 'PostToolUse', 'PreToolUse', 'Stop']);
		expect(codex.SessionStart?.[0]?.hooks[0]?.command).toBe('node "${PLUGIN_ROOT}/hooks/session-brief.plugin.cjs" session-start --agent codex');
		expect(codex.PostToolUse?.[0]).toMatchObject({ matcher: 'apply_patch|Edit|Write', hooks: [{ command: 'node "${PLUGIN_ROOT}/hooks/session-brief.plugin.cjs" post-tool-use --agent codex' }] });
		expect(codex.PreToolUse?.[0]).toMatchObject({ matcher: 'apply_patch|Edit|Write|Bash', hooks: [{ command: 'node "${PLUGIN_ROOT}/hooks/session-brief.plugin.cjs" pre-tool-use --agent codex', timeout: 10 }] });
		expect(codex.Stop?.[0]?.hooks[0]?.command).toBe('node "${PLUGIN_ROOT}/hooks/session-brief.plugin.cjs" turn-end --agent codex');
	});
});

describe('finding the vault', () => {
	it('is the start folder or the nearest folder above it with a vault; none outside', () => {
		const { vault } = bareVault();
		expect(vaultAbove(vault)).toBe(vault);
		expect(vaultAbove(path.join(vault, 'AI', 'Regelwerk'))).toBe(vault);
		expect(vaultAbove(tempDir('sb-no-vault-'))).toBeNull();
		// A vault whose config folder is renamed, known from its install record.
		const renamed = tempDir('sb-renamed-');
		fs.mkdirSync(path.join(renamed, '.claude', 'hooks'), { recursive: true });
		fs.writeFileSync(path.join(renamed, '.claude', 'hooks', 'session-brief.json'), '{}');
		expect(vaultAbove(path.join(renamed))).toBe(renamed);
	});
});

describe('the plugin hook', () => {
	it('gives the brief in the vault and in a folder below it', () => {
		const { vault, home } = bareVault();
		for (const [i, from] of [vault, path.join(vault, 'Notes')].entries()) {
			const r = pluginHook('session-start', from, home, { session_id: `s${i}`, hook_event_name: 'SessionStart', source: 'startup' });
			expect(r.status).toBe(0);
			const out = JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } };
			expect(out.hookSpecificOutput.additionalContext).toMatch(/^Session brief for vault "/);
		}
	});

	it('says nothing outside every vault, for each of its events', () => {
		const home = tempDir('sb-plugin-home-');
		const elsewhere = tempDir('sb-project-');
		for (const command of ['session-start', 'post-tool-use', 'pre-tool-use']) {
			const r = pluginHook(command, elsewhere, home, { session_id: 'x', tool_name: 'Write', tool_input: { file_path: path.join(elsewhere, 'a.md') } });
			expect(r.status, command).toBe(0);
			expect(r.stdout, command).toBe('');
			expect(r.stderr, command).toBe('');
		}
	});

	it("refuses the agent's edits of Session Brief's own files, as the installed hook does", () => {
		const { vault, home } = bareVault();
		const target = path.join(vault, '.obsidian', 'plugins', 'session-brief', 'agent-review.json');
		const r = pluginHook('pre-tool-use', vault, home, { session_id: 'f', hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: target, old_string: 'a', new_string: 'b' } });
		expect(r.status).toBe(0);
		expect((JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe('deny');
		const shell = pluginHook('pre-tool-use', vault, home, { session_id: 'f', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf .obsidian/plugins' }, cwd: vault });
		expect(shell.stdout).toContain("Session Brief's plugin folder");
		expect(pluginHook('pre-tool-use', vault, home, { session_id: 'f', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' }, cwd: vault }).stdout).toBe('');
	});

	it('leaves a session that runs the installed hooks to them: project, local or user settings', () => {
		const { vault, home } = bareVault();
		expect(installedHookRuns(vault, vault, 'SessionStart', {}, home)).toBe(false);
		install(vault, home);
		expect(installedHookRuns(vault, vault, 'SessionStart', {}, home)).toBe(true);
		expect(installedHookRuns(vault, vault, 'PostToolUse', {}, home)).toBe(true);
		expect(pluginHook('session-start', vault, home, { session_id: 'i1', source: 'startup' }).stdout).toBe('');
		// Started in a subfolder, the session loads no project hooks: the plugin gives the brief.
		const below = path.join(vault, 'Notes');
		expect(installedHookRuns(vault, below, 'SessionStart', {}, home)).toBe(false);
		expect(pluginHook('session-start', below, home, { session_id: 'i2', source: 'startup' }).stdout).toContain('Session brief for vault');
		// The hooks of the project file moved to the local one, then to the user's: the same.
		const settings = path.join(vault, '.claude', 'settings.json');
		const text = fs.readFileSync(settings, 'utf8');
		fs.rmSync(settings);
		fs.writeFileSync(path.join(vault, '.claude', 'settings.local.json'), text);
		expect(installedHookRuns(vault, vault, 'SessionStart', {}, home)).toBe(true);
		fs.rmSync(path.join(vault, '.claude', 'settings.local.json'));
		fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
		fs.writeFileSync(path.join(home, '.claude', 'settings.json'), text);
		expect(installedHookRuns(vault, below, 'SessionStart', {}, home)).toBe(true);
		// Hooks turned off, or the hook entry gone: the plugin gives the brief again.
		fs.writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ ...(JSON.parse(text) as object), disableAllHooks: true }));
		expect(installedHookRuns(vault, below, 'SessionStart', {}, home)).toBe(false);
		fs.writeFileSync(path.join(home, '.claude', 'settings.json'), text);
		fs.rmSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'));
		expect(installedHookRuns(vault, below, 'SessionStart', {}, home)).toBe(false);
	});

	it('for Codex, gives the brief in its contract and leaves a session to the hooks install --agent codex registered', () => {
		const { vault, home } = bareVault();
		const codexRun = () => spawnSync(process.execPath, [LAUNCHER, 'session-start', '--agent', 'codex'], { cwd: vault, input: JSON.stringify({ session_id: `c${Math.random()}`, hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_NOW: FIXED_NOW } });
		const alone = codexRun();
		expect(alone.status).toBe(0);
		expect((JSON.parse(alone.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext).toMatch(/^Session brief for vault "/);
		const r = spawnSync(process.execPath, [path.join(REPO, 'bridge', 'dist', 'session-brief.cjs'), 'install', '--vault', vault, '--agent', 'codex'], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' });
		expect(r.status, r.stderr).toBe(0);
		expect(installedHookRuns(vault, vault, 'SessionStart', {}, home, 'codex')).toBe(true);
		// Claude Code's files hold nothing of it.
		expect(installedHookRuns(vault, vault, 'SessionStart', {}, home, 'claude-code')).toBe(false);
		expect(codexRun().stdout).toBe('');
	});

	it('refuses to run anything but its hooks, naming the file to use instead', () => {
		const r = spawnSync(process.execPath, [LAUNCHER, 'report'], { encoding: 'utf8' });
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('run session-brief.cjs beside it with --vault DIR');
	});
});

describe('where Claude Code has the plugin enabled', () => {
	it('reads enabledPlugins of the user, project and local settings; a later false turns it off', () => {
		const { vault, home } = bareVault();
		expect(pluginEnabled(vault, {}, home)).toEqual([]);
		const userFile = path.join(home, '.claude', 'settings.json');
		fs.mkdirSync(path.dirname(userFile), { recursive: true });
		fs.writeFileSync(userFile, JSON.stringify({ enabledPlugins: { 'session-brief@session-brief': true, 'other@x': true } }));
		expect(pluginEnabled(vault, {}, home)).toEqual([{ id: 'session-brief@session-brief', scopes: [{ scope: 'user', file: userFile }] }]);
		const localFile = path.join(vault, '.claude', 'settings.local.json');
		fs.mkdirSync(path.dirname(localFile), { recursive: true });
		fs.writeFileSync(localFile, JSON.stringify({ enabledPlugins: { 'session-brief@session-brief': false } }));
		expect(pluginEnabled(vault, {}, home)).toEqual([]);
		// CLAUDE_CONFIG_DIR moves the user folder.
		const moved = tempDir('sb-config-');
		expect(pluginEnabled(vault, { CLAUDE_CONFIG_DIR: moved }, home)).toEqual([]);
	});
});

interface DoctorJson {
	ok: boolean;
	checks: { id: string; status: string; message: string }[];
}

/** The built bridge's `doctor --json`, as a user runs it for a vault the plugin serves. */
function doctorJson(vault: string, home: string, agent: string): DoctorJson {
	const state = tempDir('sb-plugin-state-');
	const r = spawnSync(process.execPath, [path.join(REPO, 'bridge', 'dist', 'session-brief.cjs'), 'doctor', '--json', '--agent', agent, '--vault', vault], { env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_STATE_DIR: state, SESSION_BRIEF_NOW: FIXED_NOW }, encoding: 'utf8', timeout: HANG_MS });
	return JSON.parse(r.stdout) as DoctorJson;
}

const problems = (d: DoctorJson): string[] => d.checks.filter((c) => c.status === 'warn' || c.status === 'fail').map((c) => c.message);

describe('doctor in plugin mode', () => {
	it('Claude Code: the plugin alone has every hook; no warning about a missing PreToolUse, Stop or PostToolUse entry', () => {
		const { vault, home } = bareVault();
		const userFile = path.join(home, '.claude', 'settings.json');
		fs.mkdirSync(path.dirname(userFile), { recursive: true });
		fs.writeFileSync(userFile, JSON.stringify({ enabledPlugins: { 'session-brief@session-brief': true } }));
		const d = doctorJson(vault, home, 'claude-code');
		expect(problems(d)).toEqual([]);
		expect(d.ok).toBe(true);
		expect(d.checks.map((c) => c.id)).toContain('claude-plugin');
	}, 120_000);

	it("Codex: doctor --agent codex sees the plugin in Codex's config.toml and names its /hooks trust step, not missing hooks", () => {
		const { vault, home } = bareVault();
		const config = path.join(home, '.codex', 'config.toml');
		fs.mkdirSync(path.dirname(config), { recursive: true });
		fs.writeFileSync(config, 'model = "x"\n\n[plugins."session-brief@session-brief"]\nenabled = true\n');
		const d = doctorJson(vault, home, 'codex');
		expect(d.ok).toBe(true);
		expect(problems(d)).toEqual([expect.stringContaining('only after you trust them in /hooks')]);
		expect(d.checks.find((c) => c.id === 'claude-plugin:install')?.message).toContain('the plugin session-brief@session-brief gives the brief');
		// Turned off: the install's absence is a failure again.
		fs.writeFileSync(config, '[plugins."session-brief@session-brief"]\nenabled = false\n');
		const off = doctorJson(vault, home, 'codex');
		expect(off.ok).toBe(false);
		expect(problems(off).join('\n')).toContain('No SessionStart hook for this vault');
	}, 120_000);

	it("with the vault's install too, a hook removed from the settings is no warning while the plugin's stands in", () => {
		const { vault, home } = bareVault();
		install(vault, home);
		const userFile = path.join(home, '.claude', 'settings.json');
		fs.mkdirSync(path.dirname(userFile), { recursive: true });
		fs.writeFileSync(userFile, JSON.stringify({ enabledPlugins: { 'session-brief@session-brief': true } }));
		const file = path.join(vault, '.claude', 'settings.json');
		const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, unknown> };
		delete settings.hooks.PreToolUse;
		fs.writeFileSync(file, JSON.stringify(settings, null, 2));
		const d = doctorJson(vault, home, 'claude-code');
		expect(problems(d).filter((m) => m.includes('PreToolUse'))).toEqual([]);
		expect(d.checks.find((c) => c.id === 'claude-plugin:stands-in')?.message).toContain('registers no PreToolUse hook');
	}, 120_000);
});
