/** install and doctor tell the user about a host's own trust step (Gemini CLI's trusted folders, Codex's /hooks). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';

function setup(): { vault: string; env: NodeJS.ProcessEnv; home: string } {
	const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-trust-vault-'));
	fs.mkdirSync(path.join(vault, '.obsidian'));
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-trust-home-'));
	const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home };
	return { vault, env, home };
}

describe('Gemini CLI: trusted folders', () => {
	it('install and doctor say the vault must be trusted; once it is, doctor finds no problem', () => {
		const { vault, env, home } = setup();
		const installed = run(BUNDLE, ['install', '--vault', vault, '--agent', 'gemini'], '', { env });
		expect(installed.status).toBe(0);
		expect(String(installed.stdout)).toContain('Before the first session: Gemini CLI loads the hooks in the vault\'s .gemini/settings.json only in a trusted folder');

		const untrusted = run(BUNDLE, ['doctor', '--vault', vault, '--agent', 'gemini'], '', { env });
		const text = String(untrusted.stdout);
		expect(text).toMatch(/\[WARN\] Gemini CLI loads the hooks .* only in a trusted folder, and .* is not in .*trustedFolders\.json/);
		expect(text).toContain('Fix: Start gemini in the vault and choose "Trust folder"');
		expect(text.trim().split('\n').pop()).toBe('Nothing failed, but see WARN above: the brief may not arrive until that is done.');
		expect(text).not.toContain('No problem found.');

		fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
		fs.writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [vault]: 'TRUST_FOLDER' }));
		const trusted = run(BUNDLE, ['doctor', '--vault', vault, '--agent', 'gemini'], '', { env });
		expect(String(trusted.stdout)).toContain('is a trusted folder for Gemini CLI');
		expect(String(trusted.stdout).trim().split('\n').pop()).toBe('No problem found.');
		expect(trusted.status).toBe(0);
	});
});

describe('Codex: trusted project and /hooks', () => {
	it('doctor reports the pending trust instead of "No problem found"', () => {
		const { vault, env } = setup();
		const installed = run(BUNDLE, ['install', '--vault', vault, '--agent', 'codex'], '', { env });
		expect(installed.status).toBe(0);
		expect(String(installed.stdout)).toContain('run /hooks and trust the Session Brief entries');
		const r = run(BUNDLE, ['doctor', '--vault', vault, '--agent', 'codex'], '', { env });
		const text = String(r.stdout);
		expect(text).toMatch(/\[WARN\] Codex loads a project's \.codex\/hooks\.json only in a trusted project/);
		expect(text).toMatch(/\[WARN\] Codex runs a new or changed hook only after you trust it in \/hooks/);
		expect(text).not.toContain('No problem found.');
	});
});

describe('Claude Code has no such step', () => {
	it('doctor adds no trust line', () => {
		const { vault, env } = setup();
		expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
		const r = run(BUNDLE, ['doctor', '--vault', vault], '', { env });
		expect(String(r.stdout)).not.toMatch(/only in a trusted|trust it in \/hooks/);
		expect(String(r.stdout).trim().split('\n').pop()).toBe('No problem found.');
	});
});
