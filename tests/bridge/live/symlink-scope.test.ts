/**
 * A vault reached through a symlink (a vault kept in a synced folder and linked into the home
 * folder): the rule check after an edit still runs, whichever side is the symlink, and `doctor`
 * warns about the symlink. The built bridge in child processes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, editInput, exampleVault, hookScript, removeTempDirs, runBridge, runHook, tempDir, type HookRun } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

// In the rules folder the bridge takes without a data.json (the default), as these vaults have none.
const BROKEN = { 'Rules/broken.md': '---\ntype: rule\n---\nSee [[does-not-exist]].\n' };

/** A vault in `<tmp>/synced/vault` and a symlink `<tmp>/home/vault` to it. */
function linkedVault(): { real: string; link: string } {
	const top = tempDir('sb-link-');
	const real = path.join(top, 'synced', 'vault');
	fs.mkdirSync(real, { recursive: true });
	exampleVault(BROKEN, real);
	// Without the plugin folder no record is kept, so every run reports all findings, and the
	// settings are the bridge's defaults.
	fs.rmSync(path.join(real, '.obsidian', 'plugins'), { recursive: true, force: true, maxRetries: 30 });
	fs.mkdirSync(path.join(top, 'home'));
	const link = path.join(top, 'home', 'vault');
	fs.symlinkSync(real, link, 'dir');
	return { real, link };
}

function reported(run: HookRun): string {
	expect(run.code).toBe(0);
	expect(run.json?.hookSpecificOutput.hookEventName).toBe('PostToolUse');
	return run.json?.hookSpecificOutput.additionalContext ?? '';
}

describe.skipIf(process.platform === 'win32')('symlinked vault path', () => {
	it('hook at the real path, file_path through the symlink: checked', () => {
		const { real, link } = linkedVault();
		expect(reported(runHook(real, editInput(path.join(link, 'Rules', 'broken.md'))))).toContain('Rules/broken.md:4: error [broken-link]');
	});

	it('hook through the symlink, file_path at the real path: checked', () => {
		const { real, link } = linkedVault();
		const run = runHook(link, editInput(path.join(real, 'CLAUDE.md')), { script: hookScript(link) });
		expect(reported(run)).toContain('Rule check after the edit of CLAUDE.md:');
	});

	it('a new file through the symlink (its folder exists, the file not yet): checked by its nearest existing parent', () => {
		const { real, link } = linkedVault();
		const input = { ...editInput(path.join(link, 'Rules', 'new', 'deeper', 'rule.md')), tool_name: 'Write' };
		expect(reported(runHook(real, input))).toContain('[broken-link]');
	});

	it('a symlink that leads out of the vault stays outside: silent', () => {
		const { real } = linkedVault();
		const elsewhere = exampleVault(BROKEN);
		const out = path.join(tempDir('sb-out-'), 'other');
		fs.symlinkSync(elsewhere, out, 'dir');
		const run = runHook(real, editInput(path.join(out, 'Rules', 'broken.md')));
		expect(run.code).toBe(0);
		expect(run.stdout.length).toBe(0);
	});

	it('doctor warns when the vault path goes through a symlink, and names the real path', () => {
		const { real, link } = linkedVault();
		const home = tempDir('sb-home-');
		const viaLink = runBridge(link, 'doctor', '', { args: ['--json', '--vault', link], env: bareEnv({ HOME: home }), script: hookScript(real) });
		const checks = (JSON.parse(viaLink.text) as { checks: Array<{ id: string; status: string; message: string; fix?: string }> }).checks;
		const warning = checks.find((c) => c.id === 'vault-symlink');
		expect(warning?.status).toBe('warn');
		expect(warning?.message).toContain(fs.realpathSync(real));
		const direct = runBridge(real, 'doctor', '', { args: ['--json', '--vault', fs.realpathSync(real)], env: bareEnv({ HOME: home }) });
		expect((JSON.parse(direct.text) as { checks: Array<{ id: string }> }).checks.some((c) => c.id === 'vault-symlink')).toBe(false);
	});
});
