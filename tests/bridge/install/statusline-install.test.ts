/**
 * `install --statusline [--chain]` and its undoing: Claude Code's `statusLine` added, a user's own
 * left alone or chained before ours (their object kept, only `command` ours + `--before`), the
 * chained line run through `sh -c` as Claude Code runs it, uninstall giving theirs back byte for
 * byte, idempotence, and a forged install record that must not put a command into user settings.
 * Every test uses a fake home; user scope goes to a temporary CLAUDE_CONFIG_DIR.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseArgs } from '../../../bridge/args';
import { runAgentCommand } from '../../../bridge/commands/agents-cli';
import { install } from '../../../src/node/hosts/install/install';
import { uninstall } from '../../../src/node/hosts/install/uninstall';
import { manifestPath } from '../../../src/node/hosts/install/manifest';
import { EXIT } from '../../../src/node/hosts/install/options';
import { statusLineAgents } from '../../../src/node/hosts/index';
import { AGENT_IDS } from '../../../src/core/hosts/agent-contracts';
import { BUNDLE, FIXED_NOW } from '../../helpers/bridge';
import { HANG_MS } from '../../helpers/patience';
import { installOptions, installVault, readJson, type Json } from '../../helpers/install-vault';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs);

const SCRIPT = (v: string): string => path.join(v, '.claude', 'hooks', 'session-brief.cjs');
const OURS = (v: string): string => `"${process.execPath}" "${SCRIPT(v)}" statusline`;
const settingsOf = (v: string): string => path.join(v, '.claude', 'settings.json');

/** Their status line: a quote of each kind, the session JSON from stdin, no final line break. */
const THEIRS = `printf '%s' "theirs: $(cat)"`;

/** A settings file as Claude Code writes one, with a hook of the user's and their own status line (padding and key order theirs). */
function withTheirs(command = THEIRS): string {
	return `{
  "model": "opus",
  "statusLine": {
    "padding": 2,
    "type": "command",
    "command": ${JSON.stringify(command)}
  },
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "say done"
          }
        ]
      }
    ]
  }
}
`;
}

function vaultWith(settings?: string): string {
	const v = installVault();
	if (settings !== undefined) {
		fs.mkdirSync(path.join(v, '.claude'), { recursive: true });
		fs.writeFileSync(settingsOf(v), settings);
	}
	return v;
}

async function cli(argv: string[], home: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
	let out = '';
	let err = '';
	const code = await runAgentCommand(parseArgs(argv), BUNDLE, { HOME: home, ...env }, { out: (t) => (out += t), err: (t) => (err += t), nodePath: process.execPath });
	return { code, out, err };
}

/** Runs a status line command as Claude Code does on POSIX: `/bin/sh -c`, the session JSON on stdin. */
function runLine(command: string, input: string): { status: number | null; stdout: string } {
	const r = spawnSync('/bin/sh', ['-c', command], { input, timeout: HANG_MS, env: { ...process.env, NO_COLOR: '1', SESSION_BRIEF_NOW: FIXED_NOW } });
	return { status: r.status, stdout: String(r.stdout) };
}

function statusLine(file: string): Json | undefined {
	return readJson(file).statusLine as Json | undefined;
}

describe('install --statusline', () => {
	it('writes the entry into a new settings file, and uninstall removes the file again', () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		const r = install(installOptions(v, home, { statusLine: true }));
		expect(r.code).toBe(0);
		expect(statusLine(settingsOf(v))).toEqual({ type: 'command', command: OURS(v), padding: 0 });
		expect(r.lines.join('\n')).toContain("Claude Code's status line");
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.existsSync(settingsOf(v))).toBe(false);
	});

	it('adds it to a file with hooks of the user, idempotently, and uninstall gives the bytes back', () => {
		const original = `{\n\t"model": "opus",\n\t"hooks": {\n\t\t"Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]\n\t}\n}`;
		const v = vaultWith(original);
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home, { statusLine: true })).code).toBe(0);
		const once = fs.readFileSync(settingsOf(v), 'utf8');
		expect(statusLine(settingsOf(v))?.command).toBe(OURS(v));
		expect(once).toContain('\t"statusLine": {\n\t\t"type": "command"');
		// Again, with or without the flag: nothing changes.
		expect(install(installOptions(v, home, { statusLine: true })).changed).toEqual([]);
		expect(install(installOptions(v, home)).changed).toEqual([]);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(once);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(original);
	});

	it('leaves their status line untouched without --chain and says what to run to show both', async () => {
		const original = withTheirs();
		const v = vaultWith(original);
		const home = tempDir('sb-sl-home-');
		const r = await cli(['install', '--vault', v, '--statusline'], home);
		expect(r.code).toBe(0);
		expect(statusLine(settingsOf(v))).toEqual({ padding: 2, type: 'command', command: THEIRS });
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toContain(original.slice(original.indexOf('"statusLine"'), original.indexOf('"hooks"')));
		// The hooks went in all the same.
		expect(JSON.stringify(readJson(settingsOf(v)).hooks)).toContain(SCRIPT(v));
		expect(r.out).toContain(`install --vault "${v}" --agent claude-code --scope project --statusline --chain`);
		expect(r.out).toMatch(/yours runs first with the same input Claude Code sends, ours on the line below/);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(original);
	});

	it('with --chain keeps their object and makes only the command ours + --before theirs', async () => {
		const v = vaultWith(withTheirs());
		const home = tempDir('sb-sl-home-');
		const r = await cli(['install', '--vault', v, '--statusline', '--chain'], home);
		expect(r.code).toBe(0);
		const entry = statusLine(settingsOf(v));
		expect(entry).toEqual({ padding: 2, type: 'command', command: `${OURS(v)} --before 'printf '\\''%s'\\'' "theirs: $(cat)"'` });
		expect(Object.keys(entry ?? {})).toEqual(['padding', 'type', 'command']);
		expect(r.out).toContain('Chained the status line');
	});

	it('the chained line prints their output (with its own line break) then ours, both fed the same input', () => {
		const v = vaultWith(withTheirs());
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home, { statusLine: true, chain: true })).code).toBe(0);
		const input = '{"session_id":"s-1","cwd":"/x"}';
		const chained = runLine(String(statusLine(settingsOf(v))?.command), input);
		const alone = runLine(OURS(v), input);
		expect(chained.status).toBe(0);
		expect(alone.stdout.split('\n')).toHaveLength(2);
		expect(chained.stdout).toBe(`theirs: ${input}\n${alone.stdout}`);
	});

	it('a failing, hanging or missing command of theirs costs neither our line nor exit 0', { timeout: HANG_MS }, () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home)).code).toBe(0);
		const alone = runLine(OURS(v), '{}');
		for (const theirs of ['echo half; exit 3', 'echo early; sleep 60; echo late', 'no-such-status-line-command-here', "printf '\\033[31m%s' red"]) {
			const r = runLine(`${OURS(v)} --before '${theirs.replace(/'/g, `'\\''`)}'`, '{}');
			expect(r.status).toBe(0);
			const shown = theirs.startsWith('printf') ? '\u001b[31mred\n' : '';
			expect(r.stdout).toBe(`${shown}${alone.stdout}`);
		}
	});

	it('when Claude Code stops our run, theirs stops with it', { timeout: HANG_MS }, async () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home)).code).toBe(0);
		const pidFile = path.join(tempDir('sb-sl-pid-'), 'pid');
		const child = spawn('/bin/sh', ['-c', `exec ${OURS(v)} --before 'sleep 60 & echo $! > "${pidFile}"; wait'`], { stdio: ['pipe', 'ignore', 'ignore'] });
		child.stdin.end('{}');
		await vi.waitFor(() => expect(fs.readFileSync(pidFile, 'utf8')).toMatch(/^\d+\n$/), { timeout: HANG_MS, interval: 50 });
		const sleeper = Number(fs.readFileSync(pidFile, 'utf8'));
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
		await vi.waitFor(() => expect(() => process.kill(sleeper, 0)).toThrow(), { timeout: HANG_MS, interval: 50 });
	});

	it('caps their output', () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home)).code).toBe(0);
		const r = runLine(`${OURS(v)} --before 'head -c 200000 /dev/zero | tr "\\0" x'`, '{}');
		expect(r.status).toBe(0);
		const [theirs, ours] = r.stdout.split('\n');
		expect(theirs).toBe('x'.repeat(64 * 1024));
		expect(ours).toBe(runLine(OURS(v), '{}').stdout.replace(/\n$/, ''));
	});

	it('re-running --chain on a chained entry changes nothing and never chains ours before ours', () => {
		const v = vaultWith(withTheirs());
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home, { statusLine: true, chain: true })).code).toBe(0);
		const once = fs.readFileSync(settingsOf(v), 'utf8');
		for (let i = 0; i < 2; i++) expect(install(installOptions(v, home, { statusLine: true, chain: true })).changed).toEqual([]);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(once);
		expect(String(statusLine(settingsOf(v))?.command).split('session-brief.cjs')).toHaveLength(2);
		// A line of theirs that runs ours itself is not chained either.
		const w = vaultWith(withTheirs(`${OURS(v)}; echo more`));
		const r = install(installOptions(w, home, { statusLine: true, chain: true }));
		expect(statusLine(settingsOf(w))?.command).toBe(`${OURS(v)}; echo more`);
		expect(r.warnings.join('\n')).toContain("runs Session Brief's among other things");
	});

	it('uninstall restores theirs byte for byte, as a whole file or after the user edited other keys', () => {
		// `\/` and `\u0041` are spellings JSON.stringify never writes: they must come back as written.
		const original = withTheirs(THEIRS).replace('"theirs: ', '"\\/theirs\\u0041: ');
		for (const edit of [false, true]) {
			const v = vaultWith(original);
			const home = tempDir('sb-sl-home-');
			expect(install(installOptions(v, home, { statusLine: true, chain: true })).code).toBe(0);
			expect(String(statusLine(settingsOf(v))?.command)).toContain(' --before ');
			if (edit) fs.writeFileSync(settingsOf(v), fs.readFileSync(settingsOf(v), 'utf8').replace('"opus"', '"sonnet"'));
			const r = uninstall({ vault: v, home, env: {} });
			expect(r.code).toBe(0);
			expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(edit ? original.replace('"opus"', '"sonnet"') : original);
		}
	});

	it('uninstall --agent --scope without any install record still gives theirs back from our chained line', () => {
		const original = withTheirs();
		const v = vaultWith(original);
		const home = tempDir('sb-sl-home-');
		expect(install(installOptions(v, home, { statusLine: true, chain: true })).code).toBe(0);
		fs.rmSync(manifestPath(v));
		const r = uninstall({ vault: v, home, env: {}, agent: 'claude-code', scope: 'project' });
		expect(r.code).toBe(0);
		expect(r.lines.join('\n')).toContain(`yours is back as it was: ${THEIRS}`);
		expect(statusLine(settingsOf(v))).toEqual({ padding: 2, type: 'command', command: THEIRS });
		expect(fs.readFileSync(settingsOf(v), 'utf8')).not.toContain('session-brief.cjs');
	});

	it('user scope: CLAUDE_CONFIG_DIR holds the chained line, uninstall restores it, the real home is never touched', () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		const config = path.join(tempDir('sb-sl-cc-'), 'claude');
		fs.mkdirSync(config);
		const file = path.join(config, 'settings.json');
		const original = withTheirs();
		fs.writeFileSync(file, original);
		const env = { CLAUDE_CONFIG_DIR: config };
		expect(install(installOptions(v, home, { scope: 'user', env, statusLine: true, chain: true })).code).toBe(0);
		expect(String(statusLine(file)?.command).startsWith(`${OURS(v)} --before '`)).toBe(true);
		expect(fs.existsSync(path.join(home, '.claude'))).toBe(false);
		fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"opus"', '"haiku"'));
		expect(uninstall({ vault: v, home, env }).code).toBe(0);
		expect(fs.readFileSync(file, 'utf8')).toBe(original.replace('"opus"', '"haiku"'));
	});

	it('names a status line of the user in another file that ours hides or that hides ours, with the command for each', async () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		const config = path.join(tempDir('sb-sl-cc-'), 'claude');
		fs.mkdirSync(config);
		fs.writeFileSync(path.join(config, 'settings.json'), withTheirs());
		fs.mkdirSync(path.join(v, '.claude'));
		fs.writeFileSync(path.join(v, '.claude', 'settings.local.json'), withTheirs('echo local'));
		const r = await cli(['install', '--vault', v, '--statusline'], home, { CLAUDE_CONFIG_DIR: config });
		expect(r.code).toBe(0);
		expect(r.out).toContain(`Your status line in ${path.join(config, 'settings.json')} is not shown where ours is read (ours wins); to show both, run: `);
		expect(r.out).toContain(`--scope user --statusline --chain`);
		expect(r.out).toContain(`Your status line in ${path.join(v, '.claude', 'settings.local.json')} wins over ours, so that one is shown alone; to show both, run: `);
		expect(r.out).toContain(`--scope local --statusline --chain`);
		expect(statusLine(path.join(config, 'settings.json'))?.command).toBe(THEIRS);
	});

	it('a forged install record cannot make uninstall write a command into the user settings', () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		const config = path.join(tempDir('sb-sl-cc-'), 'claude');
		const env = { CLAUDE_CONFIG_DIR: config };
		expect(install(installOptions(v, home, { scope: 'user', env, statusLine: true })).code).toBe(0);
		const file = path.join(config, 'settings.json');
		expect(statusLine(file)?.command).toBe(OURS(v));
		// The user edits the file, so uninstall edits it rather than restoring a backup.
		fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('{', '{\n  "model": "opus",'));
		const record = JSON.parse(fs.readFileSync(manifestPath(v), 'utf8')) as { installs: Json[] };
		const evil = 'touch /tmp/forged-status-line';
		for (const x of record.installs) Object.assign(x, { statusLine: { type: 'command', command: evil }, before: evil, theirs: evil, original: evil, chained: true });
		fs.writeFileSync(manifestPath(v), JSON.stringify(record));
		expect(uninstall({ vault: v, home, env }).code).toBe(0);
		const after = fs.readFileSync(file, 'utf8');
		expect(after).not.toContain(evil);
		expect(readJson(file).statusLine).toBeUndefined();
		expect(readJson(file).model).toBe('opus');
	});

	it('--statusline names the agents with a status line; --chain needs --statusline', async () => {
		const v = vaultWith();
		const home = tempDir('sb-sl-home-');
		const without = AGENT_IDS.find((id) => !statusLineAgents().includes(id));
		expect(without).toBeDefined();
		const r = await cli(['install', '--vault', v, '--agent', String(without), '--statusline'], home);
		expect(r.code).toBe(EXIT.usage);
		expect(r.err).toContain(`--statusline is for ${statusLineAgents().join(', ')}`);
		expect(fs.existsSync(path.join(v, '.claude'))).toBe(false);
		const c = await cli(['install', '--vault', v, '--chain'], home);
		expect(c.code).toBe(EXIT.usage);
		expect(c.err).toContain('--chain goes with --statusline');
	});
});
