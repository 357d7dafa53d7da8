/**
 * The hosts added through one descriptor each: Devin CLI and CodeBuddy Code installed, run and
 * undone byte for byte like the others; Kiro and Windsurf refused with their reasons; and the
 * PowerShell line Cursor, Codex and Gemini CLI get on Windows.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { parseArgs } from '../../../bridge/args';
import { runAgentCommand } from '../../../bridge/commands/agents-cli';
import { parseHookOutput, type AgentId } from '../../../src/core/hosts/agent-contracts';
import { doctor, formatDoctor } from '../../../src/node/hosts/doctor/doctor';
import { install } from '../../../src/node/hosts/install/install';
import { EXIT, type AgentOptions } from '../../../src/node/hosts/install/options';
import { uninstall } from '../../../src/node/hosts/install/uninstall';
import { BUNDLE, FIXED_NOW } from '../../helpers/bridge';
import { parsePowerShellCommand } from '../../helpers/powershell-line';
import { BRIDGE_SOURCE as SOURCE, hookGroups, installOptions, installVault, readJson, type Group, type Json } from '../../helpers/install-vault';
import { exampleVault, removeTempDirs, tempDir } from '../../helpers/rule-vault';
import { HOOK_FILE_HASHES } from '../../../bridge/hook-file-texts';

afterAll(removeTempDirs);

const tmp = (): string => tempDir('sb-hosts-');
const vault = (files: Record<string, string> = {}, name = 'vault'): string => installVault(files, name, 'sb-hosts-');
const opts = (v: string, home: string, extra: Partial<AgentOptions> = {}): AgentOptions => installOptions(v, home, { agent: 'devin', ...extra });

function groups(file: string, event: string): Group[] {
	return hookGroups(readJson(file), event);
}

function ours(file: string, event: string): Group[] {
	return groups(file, event).filter((g) => g.hooks.some((h) => String(h.command).includes('session-brief.cjs')));
}

/** An operator's file: comments are not JSON, so a plain file with their own hooks and keys. */
const OPERATOR = `{
  "permissions": { "allow": ["Read(**)", "Exec(git)"] },
  "hooks": {
    "PreToolUse": [ { "matcher": "exec", "hooks": [ { "type": "command", "command": "./scripts/check.sh" } ] } ],
    "SessionStart": [ { "hooks": [ { "type": "command", "command": "./mine.sh" } ] } ]
  }
}
`;

const HOST_FILES: Array<[AgentId, Record<'project' | 'local' | 'user', string>, string]> = [
	['devin', { project: '.devin/config.json', local: '.devin/config.local.json', user: '.config/devin/config.json' }, 'edit|write|notebook_edit'],
	['codebuddy', { project: '.codebuddy/settings.json', local: '.codebuddy/settings.local.json', user: '.codebuddy/settings.json' }, 'Edit|Write|MultiEdit|NotebookEdit'],
];

describe.each(HOST_FILES)('install --agent %s', (agent, files, matcher) => {
	it.each(['project', 'local'] as const)('%s scope: both events beside the operator entries, idempotent, undone byte for byte', (scope) => {
		const v = vault({ [files[scope]]: OPERATOR });
		const home = tmp();
		const r = install(opts(v, home, { agent, scope }));
		expect(r.code, r.lines.join('\n')).toBe(0);
		const file = path.join(v, files[scope]);
		const start = ours(file, 'SessionStart');
		const post = ours(file, 'PostToolUse');
		expect(start).toHaveLength(1);
		expect(start[0]?.matcher).toBeUndefined();
		expect(String(start[0]?.hooks[0]?.command)).toMatch(new RegExp(`session-start --agent ${agent}$`));
		expect(post[0]?.matcher).toBe(matcher);
		expect(String(post[0]?.hooks[0]?.command)).toMatch(new RegExp(`post-tool-use --agent ${agent}$`));
		expect(groups(file, 'SessionStart').some((g) => g.hooks[0]?.command === './mine.sh')).toBe(true);
		const bytes = fs.readFileSync(file);
		expect(install(opts(v, home, { agent, scope })).changed).toEqual([]);
		expect(fs.readFileSync(file).equals(bytes)).toBe(true);
		expect(uninstall({ vault: v, home, env: {}, agent }).code).toBe(0);
		expect(fs.readFileSync(file, 'utf8')).toBe(OPERATOR);
		expect(fs.existsSync(path.join(v, '.claude'))).toBe(false);
	});

	it('user scope: a file under the fake home it creates and removes again', () => {
		const v = vault();
		const home = tmp();
		expect(install(opts(v, home, { agent, scope: 'user' })).code).toBe(0);
		const file = path.join(home, files.user);
		expect(String(ours(file, 'SessionStart')[0]?.hooks[0]?.command)).toContain(path.join(v, '.claude', 'hooks', 'session-brief.cjs'));
		expect(uninstall({ vault: v, home, env: {}, agent }).code).toBe(0);
		expect(fs.existsSync(file)).toBe(false);
	});

	it('the registered SessionStart command, run as the host runs it, prints an envelope the host reads', () => {
		const v = vault();
		install(opts(v, tmp(), { agent }));
		const command = String(ours(path.join(v, files.project), 'SessionStart')[0]?.hooks[0]?.command);
		// Devin sends no cwd: the bridge finds the vault from the script's place.
		const run = spawnSync('/bin/sh', ['-c', command], { cwd: tmp(), input: '{"session_id":"bramble-scorpion","hook_event_name":"SessionStart","source":"startup"}', env: { ...process.env, HOME: tmp(), SESSION_BRIEF_NOW: FIXED_NOW } });
		expect(run.status).toBe(0);
		const parsed = parseHookOutput(agent, 'SessionStart', String(run.stdout));
		expect(parsed.ok, parsed.problem).toBe(true);
		expect(parsed.text).toContain('vault');
	});

	it('doctor finds the registration, runs it and names the host', async () => {
		const v = vault();
		const home = tmp();
		install(opts(v, home, { agent }));
		const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent, version: '0.1.0', scriptSource: SOURCE, env: { PATH: process.env.PATH ?? '' }, timeoutMs: HANG_MS });
		const text = formatDoctor(report);
		expect(report.checks.find((c) => c.id === 'hook-run')?.status, text).toBe('ok');
		expect(report.checks.some((c) => c.id === 'registration:PostToolUse')).toBe(false);
		expect(text).toContain(`--agent ${agent}`);
	});
});

describe('Devin CLI specifics', () => {
	it('post-tool-use reads its lowercase edit tool and reports a broken rule in the Claude Code envelope', () => {
		const v = exampleVault({ 'AI/Regelwerk/broken.md': '---\ntype: rule\n---\nSee [[does-not-exist]].\n' });
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		const input = { session_id: 'bramble-scorpion', prompt_id: 'p1', hook_event_name: 'PostToolUse', tool_name: 'edit', tool_input: { file_path: path.join(v, 'AI', 'Regelwerk', 'broken.md'), old_string: 'a', new_string: 'b' }, tool_response: { success: true, output: '', error: null } };
		const run = spawnSync(process.execPath, [script, 'post-tool-use', '--agent', 'devin'], { input: JSON.stringify(input), cwd: tempDir(), env: { PATH: process.env.PATH ?? '' }, timeout: HANG_MS });
		expect(run.status).toBe(0);
		const out = JSON.parse(String(run.stdout)) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
		expect(out.hookSpecificOutput.hookEventName).toBe('PostToolUse');
		expect(out.hookSpecificOutput.additionalContext).toContain('broken-link');
	});

	it('doctor also reads .devin/hooks.v1.json, whose events are top-level keys', async () => {
		const v = vault();
		const home = tmp();
		install(opts(v, home));
		const config = path.join(v, '.devin', 'config.json');
		const start = JSON.stringify(ours(config, 'SessionStart'));
		// The same entry moved by hand into the hooks.v1.json file Devin also reads.
		fs.writeFileSync(path.join(v, '.devin', 'hooks.v1.json'), `{ "SessionStart": ${start} }\n`);
		fs.writeFileSync(config, '{}\n');
		const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent: 'devin', version: '0.1.0', scriptSource: SOURCE, env: { PATH: process.env.PATH ?? '' } });
		expect(report.checks.find((c) => c.id === 'registration:project')?.message).toContain('hooks.v1.json');
		expect(report.checks.find((c) => c.id === 'hook-run')?.status).toBe('ok');
		expect(report.checks.find((c) => c.id === 'registration:PostToolUse')?.status).toBe('warn');
	});

	it("on Windows the user file is under %APPDATA%\\devin", () => {
		const v = vault();
		const home = tmp();
		const appData = path.join(home, 'Roaming');
		expect(install(opts(v, home, { scope: 'user', platform: 'win32', env: { APPDATA: appData } })).code).toBe(0);
		expect(fs.existsSync(path.join(appData, 'devin', 'config.json'))).toBe(true);
	});
});

describe('hosts refused with a reason', () => {
	async function cli(argv: string[]): Promise<{ code: number; err: string }> {
		let err = '';
		const code = await runAgentCommand(parseArgs(argv), BUNDLE, { HOME: tmp() }, { out: () => undefined, err: (t) => (err += t), nodePath: process.execPath });
		return { code, err };
	}

	it.each([
		['kiro', /Kiro CLI 2\.x runs hooks only from a custom agent file.*Nothing was changed/],
		['windsurf', /no session-start event.*--agent devin.*Nothing was changed/],
	])('install --agent %s exits 3, says why and writes nothing', async (agent, reason) => {
		const v = vault();
		const r = await cli(['install', '--vault', v, '--agent', agent]);
		expect(r.code).toBe(EXIT.unsupported);
		expect(r.err).toMatch(reason);
		expect(fs.readdirSync(v)).toEqual(['.obsidian']);
	});
});

describe('PowerShell lines on Windows', () => {
	it.each([
		['cursor', '.cursor/hooks.json', 'sessionStart'],
		['codex', '.codex/hooks.json', 'SessionStart'],
		['gemini', '.gemini/settings.json', 'SessionStart'],
	] as const)('%s gets the call operator, and a vault path with $ and a backtick is carried, not refused', (agent, rel, event) => {
		const v = vault({}, 'costs $HOME `x` 100%');
		const r = install(opts(v, tmp(), { agent, platform: 'win32' }));
		expect(r.code, r.lines.join('\n')).toBe(0);
		const s = JSON.parse(fs.readFileSync(path.join(v, rel), 'utf8')) as Json;
		const items = (s.hooks as Json)[event] as Array<Record<string, unknown>>;
		const command = String((Array.isArray(items[0]?.hooks) ? (items[0]?.hooks as Array<Record<string, unknown>>)[0] : items[0])?.command);
		const parsed = parsePowerShellCommand(command);
		expect(parsed.callOperator).toBe(true);
		expect(parsed.words).toEqual([process.execPath, path.join(v, '.claude', 'hooks', 'session-brief.cjs'), 'session-start', '--agent', agent]);
		expect(r.lines.find((l) => l.startsWith('Hook command: '))).toBe(`Hook command: ${command}`);
	});

	it('Claude Code, Devin CLI and CodeBuddy keep the POSIX line there (Git Bash) and still refuse what it cannot carry', () => {
		for (const agent of ['claude-code', 'devin', 'codebuddy'] as const) {
			expect(install(opts(vault({}, 'costs $HOME'), tmp(), { agent, platform: 'win32' })).code).toBe(EXIT.unsafePath);
		}
	});

	it("Copilot's entry carries both lines, so a path either shell cannot carry is refused", () => {
		const v = vault({}, 'Jörg & Tom');
		expect(install(opts(v, tmp(), { agent: 'copilot', platform: 'win32' })).code).toBe(0);
		const h = ((JSON.parse(fs.readFileSync(path.join(v, '.github', 'hooks', 'session-brief.json'), 'utf8')) as { hooks: { sessionStart: Array<Record<string, string>> } }).hooks.sessionStart)[0];
		expect(parsePowerShellCommand(String(h?.powershell)).words[1]).toBe(path.join(v, '.claude', 'hooks', 'session-brief.cjs'));
		expect(install(opts(vault({}, 'costs $HOME'), tmp(), { agent: 'copilot', platform: 'win32' })).code).toBe(EXIT.unsafePath);
	});
});

describe('Claude Code on Windows without Git Bash', () => {
	async function shellCheck(env: NodeJS.ProcessEnv): Promise<string | undefined> {
		const v = vault();
		const home = tmp();
		install(opts(v, home, { agent: 'claude-code', platform: 'win32' }));
		const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent: 'claude-code', version: '0.1.0', scriptSource: SOURCE, platform: 'win32', env, timeoutMs: HANG_MS });
		return report.checks.find((c) => c.id === 'shell')?.message;
	}

	it('doctor warns that PowerShell would run the hook, and is quiet when Git Bash is on PATH or named', async () => {
		expect(await shellCheck({ PATH: tmp() })).toMatch(/No Git Bash was found.*PowerShell/);
		const gitDir = tmp();
		fs.writeFileSync(path.join(gitDir, 'git.exe'), '');
		expect(await shellCheck({ PATH: `${tmp()};${gitDir}` })).toBeUndefined();
		const bash = path.join(tmp(), 'bash.exe');
		fs.writeFileSync(bash, '');
		expect(await shellCheck({ PATH: tmp(), CLAUDE_CODE_GIT_BASH_PATH: bash })).toBeUndefined();
	});
});
