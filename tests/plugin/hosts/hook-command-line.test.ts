// The bridge commands the agent-hook dialogs show (src/plugin/hosts/hook-command-line.ts): the
// vault path reaches the bridge exactly as it is, whatever a POSIX shell would otherwise read in it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { installCommand, uninstallCommand } from '../../../src/plugin/hosts/hook-command-line';
import { shellWord } from '../../../src/node/hosts/command-line/shell-word';

const PATHS = ['/Users/ann/My Vault', "/home/o'brien/notes", '/v/$HOME/`id`/"q"/a\\b', '/v/line\nbreak', '/v/!history*?[x]~;&|<>(){}#'];

describe.skipIf(process.platform === 'win32')('the vault path in a POSIX shell', () => {
	it.each(PATHS)('%j comes through sh -c unchanged', (p) => {
		const r = spawnSync('sh', ['-c', `printf '%s' ${shellWord(p, 'linux')}`], { encoding: 'utf8' });
		expect(r.status).toBe(0);
		expect(r.stdout).toBe(p);
	});
});

describe('the commands', () => {
	it('install names the vault, agent and scope with the flags the bridge takes', () => {
		expect(installCommand('/Users/ann/My Vault', 'codex', 'user', 'darwin')).toBe('npx session-brief install --vault "/Users/ann/My Vault" --agent codex --scope user');
	});

	it('uninstall leaves out what was left open (every recorded installation)', () => {
		expect(uninstallCommand('/v', undefined, undefined, 'linux')).toBe('npx session-brief uninstall --vault "/v"');
		expect(uninstallCommand('/v', 'gemini', undefined, 'linux')).toBe('npx session-brief uninstall --vault "/v" --agent gemini');
	});

	it('on Windows the path is double-quoted for PowerShell, which cmd.exe reads the same for an ordinary path', () => {
		expect(shellWord('C:\\Users\\Ann\\My Vault', 'win32')).toBe('"C:\\Users\\Ann\\My Vault"');
		expect(shellWord('C:\\a$b', 'win32')).toBe('"C:\\a`$b"');
	});
});
