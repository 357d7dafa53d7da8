/** The hosts' trust step: Gemini CLI's trusted folders and Codex's trusted projects, read as the hosts read them. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexProjectTrusted, geminiFolderTrust, trustFindings } from '../../../src/node/hosts/trust/trust';

describe('Gemini CLI trusted folders', () => {
	it('TRUST_FOLDER covers the folder and everything below it', () => {
		expect(geminiFolderTrust({ '/home/u/vault': 'TRUST_FOLDER' }, '/home/u/vault', 'linux')).toBe(true);
		expect(geminiFolderTrust({ '/home/u/vault': 'TRUST_FOLDER' }, '/home/u/vault/sub', 'linux')).toBe(true);
		expect(geminiFolderTrust({ '/home/u/vault': 'TRUST_FOLDER' }, '/home/u/vault-old', 'linux')).toBeUndefined();
	});
	it('TRUST_PARENT covers the parent of the folder it was given for', () => {
		expect(geminiFolderTrust({ '/home/u/projects/one': 'TRUST_PARENT' }, '/home/u/projects/vault', 'linux')).toBe(true);
		expect(geminiFolderTrust({ '/home/u/projects/one': 'TRUST_PARENT' }, '/home/u/vault', 'linux')).toBeUndefined();
	});
	it('the most specific rule wins, so DO_NOT_TRUST below a trusted parent is untrusted', () => {
		const rules = { '/home/u': 'TRUST_FOLDER', '/home/u/vault': 'DO_NOT_TRUST' };
		expect(geminiFolderTrust(rules, '/home/u/vault', 'linux')).toBe(false);
		expect(geminiFolderTrust(rules, '/home/u/other', 'linux')).toBe(true);
	});
	it('ignores what it cannot read', () => {
		expect(geminiFolderTrust(undefined, '/v', 'linux')).toBeUndefined();
		expect(geminiFolderTrust(['/v'], '/v', 'linux')).toBeUndefined();
		expect(geminiFolderTrust({ '/v': 'MAYBE' }, '/v', 'linux')).toBeUndefined();
	});
	it('compares case-insensitively where the file system usually is', () => {
		expect(geminiFolderTrust({ '/Users/U/Vault': 'TRUST_FOLDER' }, '/users/u/vault', 'darwin')).toBe(true);
		expect(geminiFolderTrust({ '/Users/U/Vault': 'TRUST_FOLDER' }, '/users/u/vault', 'linux')).toBeUndefined();
	});
});

describe('Codex trusted projects', () => {
	const toml = ['model = "o4"', '', '[projects."/home/u/vault"]', 'trust_level = "trusted"', '', "[projects.'/home/u/other']", 'trust_level = "untrusted"', '[features]', 'trust_level = "trusted"'].join('\n');
	it('reads the project table of the vault', () => {
		expect(codexProjectTrusted(toml, '/home/u/vault', 'linux')).toBe(true);
		expect(codexProjectTrusted(toml, '/home/u/other', 'linux')).toBe(false);
		expect(codexProjectTrusted(toml, '/home/u/none', 'linux')).toBeUndefined();
	});
});

describe('trust findings', () => {
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-trust-home-'));
	const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-trust-vault-'));
	it('Gemini: an untrusted vault is a warning with the fix; a trusted one is fine; user scope needs no trust', () => {
		const untrusted = trustFindings('gemini', { vault, home, scope: 'project', env: {}, platform: 'linux' });
		expect(untrusted).toHaveLength(1);
		expect(untrusted[0]?.status).toBe('warn');
		expect(untrusted[0]?.message).toContain('only in a trusted folder');
		expect(untrusted[0]?.fix).toContain('TRUST_FOLDER');
		fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
		fs.writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [vault]: 'TRUST_FOLDER' }));
		expect(trustFindings('gemini', { vault, home, scope: 'project', env: {}, platform: 'linux' })[0]?.status).toBe('ok');
		expect(trustFindings('gemini', { vault, home, scope: 'user', env: {}, platform: 'linux' })).toEqual([]);
		expect(trustFindings('gemini', { vault: '/elsewhere', home, scope: 'project', env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' }, platform: 'linux' })[0]?.status).toBe('ok');
	});
	it('Codex: the project trust and the per-hook trust in /hooks', () => {
		const found = trustFindings('codex', { vault, home, scope: 'project', env: {}, platform: 'linux' });
		expect(found.map((f) => f.status)).toEqual(['warn', 'warn']);
		expect(found[1]?.message).toContain('/hooks');
		expect(trustFindings('codex', { vault, home, scope: 'user', env: {}, platform: 'linux' })).toHaveLength(1);
	});
	it('Qwen Code: nothing to fix while folder trust is off; on, an untrusted vault is a warning with the fix, a trusted one is fine', () => {
		const qwen = (env: NodeJS.ProcessEnv = {}): { status: string; message: string; fix?: string } | undefined => trustFindings('qwen', { vault, home, scope: 'project', env, platform: 'linux' })[0];
		fs.mkdirSync(path.join(home, '.qwen'), { recursive: true });
		fs.rmSync(path.join(home, '.qwen', 'settings.json'), { force: true });
		expect(qwen()).toMatchObject({ status: 'ok', message: expect.stringMatching(/Folder trust is off/) as unknown });
		fs.writeFileSync(path.join(home, '.qwen', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: true } } }));
		const untrusted = qwen();
		expect(untrusted?.status).toBe('warn');
		expect(untrusted?.message).toContain('brief is silently missing');
		expect(untrusted?.fix).toContain(`"${vault}": "TRUST_FOLDER"`);
		fs.writeFileSync(path.join(home, '.qwen', 'trustedFolders.json'), JSON.stringify({ [vault]: 'TRUST_FOLDER' }));
		expect(qwen()?.status).toBe('ok');
		fs.writeFileSync(path.join(home, '.qwen', 'trustedFolders.json'), JSON.stringify({ [vault]: 'DO_NOT_TRUST' }));
		expect(qwen()?.message).toContain("Don't trust");
		// QWEN_CODE_TRUSTED_FOLDERS_PATH names another rules file.
		const other = path.join(home, 'trusted.json');
		fs.writeFileSync(other, JSON.stringify({ [vault]: 'TRUST_FOLDER' }));
		expect(qwen({ QWEN_CODE_TRUSTED_FOLDERS_PATH: other })?.status).toBe('ok');
		expect(trustFindings('qwen', { vault, home, scope: 'user', env: {}, platform: 'linux' })).toEqual([]);
		fs.rmSync(path.join(home, '.qwen'), { recursive: true, force: true, maxRetries: 30 });
		fs.rmSync(other, { force: true });
	});
	it('hosts without a trust step have nothing to say', () => {
		expect(trustFindings('claude-code', { vault, home, env: {}, platform: 'linux' })).toEqual([]);
	});
});
