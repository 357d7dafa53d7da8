/** `launcher`: a shell function that starts the agent in the vault, whatever the vault's path holds. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launcherFunction } from '../../../bridge/commands/launcher';
import { BUNDLE, run } from '../../helpers/bridge';

/** A vault whose path a careless quote would break: a space, a quote, a dollar, a backquote. */
function awkwardVault(): string {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-launch-'));
	const vault = path.join(base, `My "odd" vault's $HOME \`x\``);
	fs.mkdirSync(vault);
	return vault;
}

/** A stand-in agent CLI on PATH that prints where it started and its arguments. */
function fakeCli(name: string): string {
	const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-launch-bin-'));
	fs.writeFileSync(path.join(bin, name), '#!/bin/sh\npwd\nfor a in "$@"; do echo "arg:$a"; done\n', { mode: 0o755 });
	return bin;
}

describe('launcher', () => {
	it('prints a bash function that starts the agent in the vault and passes its arguments', () => {
		const vault = awkwardVault();
		const r = run(BUNDLE, ['launcher', '--vault', vault]);
		expect(r.status).toBe(0);
		const text = String(r.stdout);
		expect(text).toMatch(/^# Starts Claude Code in the vault .*\(add to ~\/\.bashrc\):\nclaude-vault\(\) \{/);
		const bin = fakeCli('claude');
		const shell = spawnSync('bash', ['--noprofile', '--norc', '-c', `${text}\nclaude-vault --resume "two words"; echo "after:$PWD"`], {
			cwd: os.tmpdir(),
			env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: os.tmpdir() },
			encoding: 'utf8',
		});
		expect(shell.stderr).toBe('');
		expect(shell.stdout.split('\n')).toEqual([fs.realpathSync(vault), 'arg:--resume', 'arg:two words', `after:${os.tmpdir()}`, '']);
	});

	it('quotes for fish and PowerShell by their own rules', () => {
		expect(launcherFunction('fish', 'f', "/v/it's \\ here", 'claude')).toContain(`pushd '/v/it\\'s \\\\ here'; or return 1`);
		expect(launcherFunction('powershell', 'f', "C:\\Vaults\\it's", 'codex')).toContain(`Push-Location -LiteralPath 'C:\\Vaults\\it''s'`);
		expect(launcherFunction('powershell', 'f', 'C:\\v', 'codex')).toContain('try { & codex @args } finally { Pop-Location }');
		expect(launcherFunction('zsh', 'f', '/v', 'gemini')).toBe(`f() { (cd -- '/v' && gemini "$@"); }`);
	});

	it('names the agent CLI and the profile file of the chosen shell', () => {
		const vault = awkwardVault();
		const r = run(BUNDLE, ['launcher', '--vault', vault, '--shell', 'fish', '--agent', 'gemini', '--name', 'notes']);
		expect(r.status).toBe(0);
		expect(String(r.stdout)).toContain('Gemini CLI');
		expect(String(r.stdout)).toContain('~/.config/fish/config.fish');
		expect(String(r.stdout)).toMatch(/^function notes$/m);
		expect(String(r.stdout)).toMatch(/^ {4}gemini \$argv$/m);
	});

	it('refuses an unknown shell, agent or a function name that is not a plain word', () => {
		const vault = awkwardVault();
		expect(run(BUNDLE, ['launcher', '--vault', vault, '--shell', 'tcsh']).stderr).toContain('--shell must be bash, zsh, fish, powershell');
		expect(run(BUNDLE, ['launcher', '--vault', vault, '--agent', 'vim']).stderr).toContain('--agent must be one of');
		const bad = run(BUNDLE, ['launcher', '--vault', vault, '--name', 'x; rm -rf ~']);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('--name must be a plain word');
	});
});
