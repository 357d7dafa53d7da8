/**
 * install / uninstall against real-looking settings files: lossless edits, idempotence, exact
 * restore, refusals, moved vaults, every host's file, and the "done when" run of the registered
 * command line through a shell from another folder. Every test uses a fake HOME.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { parseArgs } from '../../../bridge/args';
import { EDIT_MATCHER } from '../../../src/node/hosts/claude-code';
import { backupPath, manifestPath, readManifest } from '../../../src/node/hosts/install/manifest';
import { EXIT } from '../../../src/node/hosts/install/options';
import { runAgentCommand } from '../../../bridge/commands/agents-cli';
import { install } from '../../../src/node/hosts/install/install';
import { uninstall } from '../../../src/node/hosts/install/uninstall';
import { loadVaultContext } from '../../../src/node/vault-config';
import { parseHookOutput, type AgentId } from '../../../src/core/hosts/agent-contracts';
import { BUNDLE, FIXED_NOW, REPO } from '../../helpers/bridge';
import { BRIDGE_SOURCE as SOURCE, hookGroups, installOptions, installVault, readJson, type Group, type Json } from '../../helpers/install-vault';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';
import { copyExampleVault } from '../../../scripts/example-vault.mjs';

afterAll(removeTempDirs);

const tmp = (prefix = 'sb-inst-'): string => tempDir(prefix);
const vault = (files: Record<string, string> = {}, name = 'vault'): string => installVault(files, name);
const opts = installOptions;
const groups = hookGroups;

function own(settings: Json, event: string): Group[] {
	return groups(settings, event).filter((g) => g.hooks.some((h) => String(h.command).includes('.claude/hooks/session-brief.cjs')));
}

/** A settings file as people keep them: permissions, env, model, other hooks on our events. */
const OPERATOR = `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {
    "allow": ["Bash(npm run test:*)", "Read(~/.zshrc)"],
    "deny": ["Read(./.env)"]
  },
  "env": { "FOO": "bar" },
  "hooks": {
    "SessionStart": [
      { "matcher": "startup", "hooks": [ { "type": "command", "command": "echo hello" } ] }
    ],
    "PostToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/log.sh", "timeout": 5 } ] }
    ],
    "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]
  },
  "model": "opus"
}
`;

function settingsFile(v: string, name = 'settings.json'): string {
	return path.join(v, '.claude', name);
}

function withoutOurs(settings: Json): Json {
	const copy = JSON.parse(JSON.stringify(settings)) as Json;
	const hooks = copy.hooks as Record<string, Group[]>;
	for (const event of Object.keys(hooks)) {
		const all = hooks[event] ?? [];
		const kept = all.filter((g) => !g.hooks.some((h) => String(h.command).includes('session-brief.cjs')));
		// An event only our entries were under (the Write guard's PreToolUse) goes with them.
		if (kept.length === 0 && all.length > 0) delete hooks[event];
		else hooks[event] = kept;
	}
	return copy;
}

describe('install into Claude Code settings', () => {
	it('copies the bridge, records the config folder and registers both hooks in a new file', () => {
		const v = vault();
		const home = tmp();
		const r = install(opts(v, home));
		expect(r.code).toBe(0);
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		// The hook entry the commands run, and the bridge itself beside it, both readable files.
		expect(fs.readFileSync(path.join(v, '.claude', 'hooks', 'session-brief.bridge.cjs')).equals(SOURCE)).toBe(true);
		expect(fs.readFileSync(script, 'utf8')).toBe(fs.readFileSync(path.join(__dirname, '../../../src/node/hosts/hook-files/hook-entry.cjs'), 'utf8'));
		const m = readManifest(v);
		expect(m?.configDir).toBe('.obsidian');
		expect(m?.version).toBe('0.1.0');
		expect(m?.scriptSha256).toMatch(/^[0-9a-f]{64}$/);
		const s = readJson(settingsFile(v));
		const start = own(s, 'SessionStart');
		expect(start).toHaveLength(1);
		expect(start[0]?.matcher).toBeUndefined();
		expect(start[0]?.hooks[0]?.command).toBe(`"${process.execPath}" "${script}" session-start`);
		const post = own(s, 'PostToolUse');
		expect(post[0]?.matcher).toBe(EDIT_MATCHER);
		expect(post[0]?.hooks[0]?.command).toBe(`"${process.execPath}" "${script}" post-tool-use`);
		expect(r.lines.join('\n')).toContain('Registered SessionStart, PostToolUse, PreToolUse, Stop and SessionEnd');
		expect(fs.existsSync(path.join(home, '.claude'))).toBe(false);
	});

	it("keeps every operator entry and key, in order, next to ours", () => {
		const v = vault({ '.claude/settings.json': OPERATOR });
		const before = readJson(settingsFile(v));
		expect(install(opts(v, tmp())).code).toBe(0);
		const text = fs.readFileSync(settingsFile(v), 'utf8');
		const after = JSON.parse(text) as Json;
		expect(Object.keys(after)).toEqual(Object.keys(before));
		expect(withoutOurs(after)).toEqual(before);
		expect(groups(after, 'SessionStart')[0]).toEqual({ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hello' }] });
		expect(own(after, 'SessionStart')).toHaveLength(1);
		expect(own(after, 'PostToolUse')).toHaveLength(1);
		// Lines outside the edited arrays are byte-identical.
		expect(text.startsWith(OPERATOR.slice(0, OPERATOR.indexOf('"hooks"')))).toBe(true);
		expect(text.endsWith('  "model": "opus"\n}\n')).toBe(true);
		expect(fs.readFileSync(backupPath(settingsFile(v)), 'utf8')).toBe(OPERATOR);
	});

	it('keeps tabs, CRLF, a missing final newline and an unusual key order', () => {
		const odd = '{\r\n\t"model": "sonnet",\r\n\t"hooks": {\r\n\t\t"Stop": []\r\n\t},\r\n\t"alwaysThinkingEnabled": true,\r\n\t"$schema": "x"\r\n}';
		const v = vault({ '.claude/settings.json': odd });
		expect(install(opts(v, tmp())).code).toBe(0);
		const text = fs.readFileSync(settingsFile(v), 'utf8');
		expect(text.replace(/\r\n/g, '')).not.toContain('\n');
		expect(text.split('\r\n').every((l) => !/^ /.test(l))).toBe(true);
		expect(text.endsWith('}')).toBe(true);
		expect(Object.keys(JSON.parse(text) as Json)).toEqual(['model', 'hooks', 'alwaysThinkingEnabled', '$schema']);
		expect(Object.keys((JSON.parse(text) as Json).hooks as Json)).toEqual(['Stop', 'SessionStart', 'PostToolUse', 'PreToolUse', 'SessionEnd']);
	});

	it('keeps a BOM', () => {
		const v = vault({ '.claude/settings.json': '\uFEFF{\n  "model": "opus"\n}\n' });
		expect(install(opts(v, tmp())).code).toBe(0);
		expect(fs.readFileSync(settingsFile(v), 'utf8').startsWith('\uFEFF{\n  "model": "opus",')).toBe(true);
	});

	it('is a no-op the second time: same bytes, no write, no new backup', () => {
		const v = vault({ '.claude/settings.json': OPERATOR });
		const home = tmp();
		expect(install(opts(v, home)).code).toBe(0);
		const files = [settingsFile(v), backupPath(settingsFile(v)), manifestPath(v), path.join(v, '.claude', 'hooks', 'session-brief.cjs')];
		const snap = files.map((f) => [fs.readFileSync(f), fs.statSync(f).mtimeMs] as const);
		const listing = fs.readdirSync(path.join(v, '.claude')).sort();
		const again = install(opts(v, home));
		expect(again.code).toBe(0);
		expect(again.changed).toEqual([]);
		expect(again.lines.join('\n')).toContain('left unchanged');
		files.forEach((f, i) => {
			expect(fs.readFileSync(f).equals(snap[i]?.[0] ?? Buffer.alloc(0))).toBe(true);
			expect(fs.statSync(f).mtimeMs).toBe(snap[i]?.[1]);
		});
		expect(fs.readdirSync(path.join(v, '.claude')).sort()).toEqual(listing);
	});

	it('install then uninstall gives back the original bytes and removes the bridge', () => {
		for (const original of [OPERATOR, '{\r\n\t"hooks": {\r\n\t\t"SessionStart": []\r\n\t}\r\n}']) {
			const v = vault({ '.claude/settings.json': original });
			const home = tmp();
			expect(install(opts(v, home)).code).toBe(0);
			const r = uninstall({ vault: v, home, env: {} });
			expect(r.code).toBe(0);
			expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(original);
			expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
			expect(fs.existsSync(backupPath(settingsFile(v)))).toBe(false);
		}
	});

	it('uninstall removes a file install created, and the folders it made', () => {
		const v = vault();
		const home = tmp();
		install(opts(v, home));
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.existsSync(path.join(v, '.claude'))).toBe(false);
		expect(fs.readdirSync(v)).toEqual(['.obsidian']);
	});

	it('uninstall after the operator changed the file removes only our entries and the containers we made', () => {
		const v = vault({ '.claude/settings.json': '{\n  "model": "opus"\n}\n' });
		const home = tmp();
		install(opts(v, home));
		const s = readJson(settingsFile(v));
		(s.hooks as Record<string, Group[]>).SessionStart?.unshift({ hooks: [{ type: 'command', command: 'echo mine' }] });
		s.theme = 'dark';
		fs.writeFileSync(settingsFile(v), `${JSON.stringify(s, null, 2)}\n`);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(readJson(settingsFile(v))).toEqual({ model: 'opus', hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] }, theme: 'dark' });
	});

	it("never removes an operator's empty hooks object or event array", () => {
		const original = '{\n  "hooks": {\n    "SessionStart": [],\n    "Stop": []\n  }\n}\n';
		const v = vault({ '.claude/settings.json': original });
		const home = tmp();
		install(opts(v, home));
		// A change in between forces the edit path instead of the byte-exact restore.
		fs.appendFileSync(settingsFile(v), '\n');
		uninstall({ vault: v, home, env: {} });
		expect(readJson(settingsFile(v))).toEqual({ hooks: { SessionStart: [], Stop: [] } });
	});

	it('refuses a file it cannot parse and leaves it byte-for-byte as it was', () => {
		for (const bad of ['{ "hooks": { }, }', '// comment\n{}', '{"a": 1', '[1, 2]', '{"hooks": []}', '{"hooks": {"SessionStart": {"x": 1}}}']) {
			const v = vault({ '.claude/settings.json': bad });
			const r = install(opts(v, tmp()));
			expect(r.code, bad).toBe(EXIT.unparseable);
			expect(r.lines.join('\n')).toMatch(/left unchanged/);
			expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(bad);
			expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
			expect(fs.existsSync(backupPath(settingsFile(v)))).toBe(false);
		}
	});

	it('refuses invalid UTF-8 unchanged', () => {
		const v = vault();
		fs.mkdirSync(path.join(v, '.claude'));
		const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
		fs.writeFileSync(settingsFile(v), bytes);
		expect(install(opts(v, tmp())).code).toBe(EXIT.unparseable);
		expect(fs.readFileSync(settingsFile(v)).equals(bytes)).toBe(true);
	});

	it('refuses a read-only file with a clear message and changes nothing', () => {
		const v = vault({ '.claude/settings.json': OPERATOR });
		fs.chmodSync(settingsFile(v), 0o444);
		const r = install(opts(v, tmp()));
		expect(r.code).toBe(EXIT.writeFailed);
		expect(r.lines.join('\n')).toMatch(/read-only.*chmod/);
		expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(OPERATOR);
		expect(fs.statSync(settingsFile(v)).mode & 0o777).toBe(0o444);
		expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
	});

	it('quotes a vault path with spaces and runs from it', () => {
		const v = vault({}, 'My Vault (work)');
		expect(install(opts(v, tmp())).code).toBe(0);
		const cmd = String(own(readJson(settingsFile(v)), 'SessionStart')[0]?.hooks[0]?.command);
		expect(cmd).toContain(`"${path.join(v, '.claude', 'hooks', 'session-brief.cjs')}"`);
		const out = spawnSync('/bin/sh', ['-c', cmd], { cwd: tmp(), input: '{"source":"startup"}', env: { ...process.env, HOME: tmp(), SESSION_BRIEF_NOW: FIXED_NOW } });
		expect(out.status).toBe(0);
		expect(parseHookOutput('claude-code', 'SessionStart', String(out.stdout)).text).toContain('My Vault (work)');
	});

	it.each([
		['a dollar sign', 'a$HOME'],
		['a double quote', 'a"b'],
		['a backquote', 'a`id`'],
		['a line break', 'a\nb'],
		['a backslash', 'a\\b'],
	])('refuses a vault path with %s and writes nothing', (_label, name) => {
		const v = vault({ '.claude/settings.json': OPERATOR }, name);
		const r = install(opts(v, tmp()));
		expect(r.code).toBe(EXIT.unsafePath);
		expect(r.lines.join('\n')).toMatch(/would break the quoted hook command/);
		expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(OPERATOR);
		expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
	});

	it('on Windows refuses % and writes forward slashes', () => {
		const v = vault({}, 'a%USERNAME%b');
		expect(install(opts(v, tmp(), { platform: 'win32' })).code).toBe(EXIT.unsafePath);
		const ok = vault();
		expect(install(opts(ok, tmp(), { platform: 'win32' })).code).toBe(0);
		const cmd = String(own(readJson(settingsFile(ok)), 'SessionStart')[0]?.hooks[0]?.command);
		expect(cmd).not.toContain('\\');
	});

	it('refuses a node path that would break the command', () => {
		const dir = path.join(tmp(), 'n$de');
		fs.mkdirSync(dir);
		fs.copyFileSync(process.execPath, path.join(dir, 'node'));
		const v = vault();
		expect(install(opts(v, tmp(), { nodePath: path.join(dir, 'node') })).code).toBe(EXIT.unsafePath);
	});

	it('falls back to plain node with a warning when no absolute interpreter is found', () => {
		const v = vault();
		const r = install(opts(v, tmp(), { nodePath: '/nonexistent/bin/node' }));
		expect(r.code).toBe(0);
		expect(r.warnings.join('\n')).toMatch(/plain "node"/);
		expect(String(own(readJson(settingsFile(v)), 'SessionStart')[0]?.hooks[0]?.command)).toMatch(/^"node" "/);
	});

	it('recognises its entries after the vault moved and updates them instead of adding more', () => {
		const a = vault({ '.claude/settings.json': OPERATOR });
		const home = tmp();
		install(opts(a, home));
		const b = path.join(tmp(), 'moved vault');
		fs.cpSync(a, b, { recursive: true });
		fs.rmSync(a, { recursive: true });
		const r = install(opts(b, home));
		expect(r.code).toBe(0);
		expect(r.lines.join('\n')).toContain(`Replaced an older entry of ours that ran: "${process.execPath}" "${path.join(a, '.claude', 'hooks', 'session-brief.cjs')}" session-start`);
		const s = readJson(settingsFile(b));
		expect(own(s, 'SessionStart')).toHaveLength(1);
		expect(own(s, 'PostToolUse')).toHaveLength(1);
		expect(String(own(s, 'SessionStart')[0]?.hooks[0]?.command)).toContain(b);
		expect(withoutOurs(s)).toEqual(JSON.parse(OPERATOR));
		// The moved record no longer matches the file, so uninstall cuts our entries out instead.
		expect(uninstall({ vault: b, home, env: {} }).code).toBe(0);
		// The Write guard's PreToolUse and the session net's SessionEnd arrays were made before the
		// move, so the new record does not name them: they stay, empty (an operator's own empty array looks the same).
		const left = readJson(settingsFile(b));
		expect((left.hooks as Json).PreToolUse).toEqual([]);
		expect((left.hooks as Json).SessionEnd).toEqual([]);
		delete (left.hooks as Json).PreToolUse;
		delete (left.hooks as Json).SessionEnd;
		expect(left).toEqual(withoutOurs(JSON.parse(OPERATOR) as Json));
	});

	it('collapses duplicate entries of ours and replaces only our handler inside an operator group', () => {
		const v = vault();
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		const old = '"/usr/bin/node" "/old/place/.claude/hooks/session-brief.cjs" session-start';
		const settings = {
			hooks: {
				SessionStart: [
					{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo keep' }, { type: 'command', command: old }] },
					{ hooks: [{ type: 'command', command: old }] },
				],
			},
		};
		fs.mkdirSync(path.join(v, '.claude'));
		fs.writeFileSync(settingsFile(v), JSON.stringify(settings, null, 2));
		expect(install(opts(v, tmp())).code).toBe(0);
		const start = groups(readJson(settingsFile(v)), 'SessionStart');
		expect(start).toHaveLength(1);
		expect(start[0]?.matcher).toBe('startup');
		expect(start[0]?.hooks[0]).toEqual({ type: 'command', command: 'echo keep' });
		expect(start[0]?.hooks[1]?.command).toBe(`"${process.execPath}" "${script}" session-start`);
	});

	it('does not take a hooks/session-brief.cjs outside a .claude/hooks folder for its own', () => {
		const foreign = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'node /opt/hooks/session-brief.cjs session-start' }] }] } };
		const v = vault({ '.claude/settings.json': JSON.stringify(foreign) });
		install(opts(v, tmp()));
		expect(groups(readJson(settingsFile(v)), 'SessionStart')).toHaveLength(2);
	});

	it('writes .claude/settings.local.json with --scope local and leaves settings.json alone', () => {
		const local = '{\n  "permissions": {\n    "allow": ["Bash(git status)"]\n  }\n}\n';
		const v = vault({ '.claude/settings.local.json': local, '.claude/settings.json': OPERATOR });
		const home = tmp();
		expect(install(opts(v, home, { scope: 'local' })).code).toBe(0);
		expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(OPERATOR);
		const s = readJson(settingsFile(v, 'settings.local.json'));
		expect(s.permissions).toEqual({ allow: ['Bash(git status)'] });
		expect(own(s, 'SessionStart')).toHaveLength(1);
		expect(uninstall({ vault: v, home, env: {}, scope: 'local' }).code).toBe(0);
		expect(fs.readFileSync(settingsFile(v, 'settings.local.json'), 'utf8')).toBe(local);
	});

	it('--scope user writes the fake home with absolute paths, and CLAUDE_CONFIG_DIR moves it', () => {
		const v = vault();
		const home = tmp();
		expect(install(opts(v, home, { scope: 'user' })).code).toBe(0);
		const s = readJson(path.join(home, '.claude', 'settings.json'));
		expect(String(own(s, 'SessionStart')[0]?.hooks[0]?.command)).toContain(`"${path.join(v, '.claude', 'hooks', 'session-brief.cjs')}"`);
		expect(fs.existsSync(settingsFile(v))).toBe(false);
		const configDir = path.join(tmp(), 'cc-config');
		const v2 = vault();
		expect(install(opts(v2, home, { scope: 'user', env: { CLAUDE_CONFIG_DIR: configDir } })).code).toBe(0);
		expect(fs.existsSync(path.join(configDir, 'settings.json'))).toBe(true);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.existsSync(path.join(home, '.claude'))).toBe(false);
	});

	it('edits the target of a symlinked settings file and keeps the link', () => {
		const v = vault();
		const home = tmp();
		const real = path.join(tmp(), 'dotfiles-settings.json');
		fs.writeFileSync(real, '{\n  "model": "opus"\n}\n');
		fs.mkdirSync(path.join(home, '.claude'));
		fs.symlinkSync(real, path.join(home, '.claude', 'settings.json'));
		expect(install(opts(v, home, { scope: 'user' })).code).toBe(0);
		expect(fs.lstatSync(path.join(home, '.claude', 'settings.json')).isSymbolicLink()).toBe(true);
		expect(own(readJson(real), 'SessionStart')).toHaveLength(1);
	});
});

describe('the plugin folder', () => {
	const DEV = '.obsidian/plugins/session-brief-dev';

	it('records a plugin folder not named after the id, and the bridge reads data.json and the cache there', () => {
		const v = vault({ [`${DEV}/data.json`]: JSON.stringify({ inboxFolder: 'Triage' }) });
		expect(install(opts(v, tmp(), { pluginDir: DEV })).code).toBe(0);
		expect(readManifest(v)?.pluginDir).toBe(DEV);
		const ctx = loadVaultContext(v, { env: {} });
		expect(ctx.pluginDir).toBe(path.join(v, DEV));
		expect(ctx.settings.inboxFolder).toBe('Triage');
	});

	it('records nothing for the usual folder, and a run from the command line keeps an earlier record', () => {
		const v = vault({ [`${DEV}/data.json`]: '{}' });
		const home = tmp();
		expect(install(opts(v, home, { pluginDir: '.obsidian/plugins/session-brief' })).code).toBe(0);
		expect(readManifest(v)?.pluginDir).toBeUndefined();
		expect(install(opts(v, home, { pluginDir: DEV })).code).toBe(0);
		// The command line cannot know manifest.dir: it keeps what the plugin recorded.
		expect(install(opts(v, home)).code).toBe(0);
		expect(readManifest(v)?.pluginDir).toBe(DEV);
	});

	it('ignores a recorded folder outside the vault or one that is gone', () => {
		const v = vault();
		const hooks = path.join(v, '.claude', 'hooks');
		fs.mkdirSync(hooks, { recursive: true });
		const usual = path.join(v, '.obsidian', 'plugins', 'session-brief');
		const absolute = tmp();
		fs.mkdirSync(path.join(v, '..', 'outside'));
		for (const pluginDir of ['../outside', absolute, '.obsidian/plugins/gone']) {
			fs.writeFileSync(path.join(hooks, 'session-brief.json'), JSON.stringify({ configDir: '.obsidian', pluginDir, installs: [] }));
			expect(loadVaultContext(v, { env: {} }).pluginDir).toBe(usual);
		}
	});
});

describe('the command line', () => {
	async function cli(argv: string[], script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
		let out = '';
		let err = '';
		const code = await runAgentCommand(parseArgs(argv), script, env, { out: (t) => (out += t), err: (t) => (err += t), nodePath: process.execPath });
		return { code, out, err };
	}

	it('says clearly when a host has no session-start hook, with its own exit code', async () => {
		const v = vault();
		const r = await cli(['install', '--vault', v, '--agent', 'windsurf'], BUNDLE, { HOME: tmp() });
		expect(r.code).toBe(EXIT.unsupported);
		expect(r.err).toMatch(/no session-start event.*Nothing was changed/);
		expect(fs.existsSync(path.join(v, '.claude'))).toBe(false);
	});

	it('rejects an unknown agent, a wrong scope for a host, and a missing --vault', async () => {
		const v = vault();
		expect((await cli(['install', '--vault', v, '--agent', 'emacs'], BUNDLE, { HOME: tmp() })).code).toBe(EXIT.usage);
		expect((await cli(['install', '--vault', v, '--agent', 'codex', '--scope', 'local'], BUNDLE, { HOME: tmp() })).code).toBe(EXIT.usage);
		expect((await cli(['install', '--vault', v, '--scope', 'global'], BUNDLE, { HOME: tmp() })).code).toBe(EXIT.usage);
		const r = await cli(['install'], BUNDLE, { HOME: tmp() });
		expect(r.code).toBe(EXIT.usage);
		expect(r.err).toContain('run it inside your vault or pass --vault <folder>');
	});

	it('done when: install into a copy of the example vault, run the command as Claude Code would from elsewhere, uninstall restores', async () => {
		const v = path.join(tmp(), 'example vault');
		copyExampleVault(v);
		const handMade = `{
	"permissions": { "allow": ["Read(**)"] },
	"hooks": {
		"SessionStart": [ { "matcher": "compact", "hooks": [ { "type": "command", "command": "cat NOTES.md" } ] } ],
		"PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./guard.sh" } ] } ]
	}
}`;
		fs.writeFileSync(settingsFile(v), handMade);
		const home = tmp();
		const env = { HOME: home };
		const installed = await cli(['install', '--vault', v], BUNDLE, env);
		expect(installed.code, installed.err).toBe(0);
		expect(installed.out).toContain('Registered SessionStart, PostToolUse, PreToolUse, Stop and SessionEnd for Claude Code');

		const s = readJson(settingsFile(v));
		const command = String(own(s, 'SessionStart')[0]?.hooks[0]?.command);
		const elsewhere = tmp('sb-elsewhere-');
		const run = spawnSync('/bin/sh', ['-c', command], {
			cwd: elsewhere,
			input: '{"source":"startup"}',
			env: { PATH: process.env.PATH, HOME: home, CLAUDE_PROJECT_DIR: elsewhere, SESSION_BRIEF_NOW: FIXED_NOW },
			timeout: HANG_MS,
		});
		expect(run.status).toBe(0);
		const parsed = parseHookOutput('claude-code', 'SessionStart', String(run.stdout));
		expect(parsed.ok, parsed.problem).toBe(true);
		expect(parsed.text).toContain('Session brief for vault "example vault"');
		expect(parsed.text).toContain('Date (machine clock): 2026-11-29');
		expect(parsed.text).toMatch(/Inbox: \d+ \(/);
		expect(String(run.stdout)).not.toMatch(/[\u0080-\uffff]/);

		const removed = await cli(['uninstall', '--vault', v], BUNDLE, env);
		expect(removed.code, removed.err).toBe(0);
		expect(fs.readFileSync(settingsFile(v), 'utf8')).toBe(handMade);
		expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
		expect(fs.readdirSync(path.join(v, '.claude')).sort()).toEqual(['agents', 'settings.json', 'skills']);
	});
});

/** session-start --agent X prints X's envelope once the lead wires sessionStartOutput into session-start.ts. */
function agentEnvelopeWired(): boolean {
	const r = spawnSync(process.execPath, [BUNDLE, 'session-start', '--agent', 'cursor', '--vault', REPO], { input: '{}', timeout: HANG_MS });
	return String(r.stdout).includes('"additional_context"');
}
const WIRED = agentEnvelopeWired();

/** Each host's project file, session-start event and user file (under the home folder). */
const HOST_FILES: Array<[AgentId, string, string, string]> = [
	['codex', '.codex/hooks.json', 'SessionStart', '.codex/hooks.json'],
	['gemini', '.gemini/settings.json', 'SessionStart', '.gemini/settings.json'],
	['qwen', '.qwen/settings.json', 'SessionStart', '.qwen/settings.json'],
	['cursor', '.cursor/hooks.json', 'sessionStart', '.cursor/hooks.json'],
	['copilot', '.github/hooks/session-brief.json', 'sessionStart', '.copilot/hooks/session-brief.json'],
];

describe.each(HOST_FILES)('install --agent %s', (agent, rel, event, userFile) => {
	function commandsIn(file: string): string[] {
		const s = readJson(file);
		const arr = ((s.hooks as Json)[event] ?? []) as Array<Record<string, unknown>>;
		return arr.flatMap((item) => (Array.isArray(item.hooks) ? (item.hooks as Array<Record<string, unknown>>) : [item])).flatMap((h) => [h.command, h.bash].filter((c): c is string => typeof c === 'string'));
	}

	it('registers session-start --agent in the host file, keeps the operator entries, is idempotent and undone exactly', () => {
		const operator =
			agent === 'cursor'
				? '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }],\n    "sessionStart": [{ "command": "./mine.sh" }]\n  }\n}\n'
				: agent === 'copilot'
					? null
					: '{\n  "ui": { "theme": "dark" },\n  "hooks": {\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "./mine.sh" } ] } ]\n  }\n}\n';
		const v = vault(operator === null ? {} : { [rel]: operator });
		const home = tmp();
		const r = install(opts(v, home, { agent }));
		expect(r.code, r.lines.join('\n')).toBe(0);
		const file = path.join(v, rel);
		const commands = commandsIn(file);
		const ours = commands.filter((c) => c.includes('session-brief.cjs'));
		expect(ours).toHaveLength(1);
		expect(ours[0]).toMatch(new RegExp(`session-start --agent ${agent}$`));
		if (operator !== null) expect(commands).toContain('./mine.sh');
		if (agent === 'cursor' || agent === 'copilot') expect(readJson(file).version).toBe(1);
		if (agent === 'copilot') {
			const h = ((readJson(file).hooks as Json).sessionStart as Array<Record<string, unknown>>)[0];
			expect(h?.type).toBe('command');
			expect(String(h?.powershell)).toMatch(/^& "/);
		}
		const bytes = fs.readFileSync(file);
		expect(install(opts(v, home, { agent })).changed).toEqual([]);
		expect(fs.readFileSync(file).equals(bytes)).toBe(true);
		expect(fs.existsSync(path.join(v, '.claude', 'settings.json'))).toBe(false);
		expect(uninstall({ vault: v, home, env: {}, agent }).code).toBe(0);
		if (operator === null) expect(fs.existsSync(file)).toBe(false);
		else expect(fs.readFileSync(file, 'utf8')).toBe(operator);
		expect(fs.existsSync(path.join(v, '.claude', 'hooks'))).toBe(false);
	});

	it('writes the user file under the fake home with --scope user', () => {
		const v = vault();
		const home = tmp();
		expect(install(opts(v, home, { agent, scope: 'user' })).code).toBe(0);
		expect(commandsIn(path.join(home, userFile)).some((c) => c.includes(path.join(v, '.claude', 'hooks', 'session-brief.cjs')))).toBe(true);
	});

	it.skipIf(!WIRED)('the registered command prints the host envelope', () => {
		const v = vault();
		install(opts(v, tmp(), { agent }));
		const command = commandsIn(path.join(v, rel)).find((c) => c.includes('session-brief.cjs')) ?? '';
		const run = spawnSync('/bin/sh', ['-c', command], { cwd: tmp(), input: '{}', env: { ...process.env, HOME: tmp(), SESSION_BRIEF_NOW: FIXED_NOW } });
		expect(run.status).toBe(0);
		const parsed = parseHookOutput(agent, 'SessionStart', String(run.stdout));
		expect(parsed.ok, parsed.problem).toBe(true);
	});

	it('keeps another host installed when one is uninstalled', () => {
		const v = vault();
		const home = tmp();
		install(opts(v, home));
		install(opts(v, home, { agent }));
		expect(uninstall({ vault: v, home, env: {}, agent }).code).toBe(0);
		expect(fs.existsSync(path.join(v, '.claude', 'hooks', 'session-brief.cjs'))).toBe(true);
		expect(readManifest(v)?.installs.map((x) => x.agent)).toEqual(['claude-code']);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.existsSync(path.join(v, '.claude'))).toBe(false);
	});
});
