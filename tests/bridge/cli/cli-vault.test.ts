/**
 * Without --vault, the commands a person runs use the vault around the current folder; the hooks
 * keep theirs (the vault whose hook folder holds the script), whatever folder the agent starts in.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';

function temp(prefix: string): string {
	return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** A vault with a config folder of its own name (found as the bridge finds it) and a deep subfolder. */
function vaultWithSubfolder(configDir = '.obsidian'): { vault: string; deep: string } {
	const vault = temp('sb-around-');
	fs.mkdirSync(path.join(vault, configDir, 'plugins'), { recursive: true });
	fs.writeFileSync(path.join(vault, configDir, 'app.json'), '{}');
	const deep = path.join(vault, 'Projects', 'a', 'b');
	fs.mkdirSync(deep, { recursive: true });
	fs.writeFileSync(path.join(vault, 'Projects', 'note.md'), '# Note\n');
	return { vault, deep };
}

describe('the vault around the current folder', () => {
	it('install, doctor and uninstall from a subfolder act on the vault around it', () => {
		const { vault, deep } = vaultWithSubfolder();
		const env = { ...process.env, HOME: temp('sb-home-') };
		const installed = run(BUNDLE, ['install'], '', { cwd: deep, env });
		expect(installed.stderr).toBe('');
		expect(installed.status).toBe(0);
		expect(fs.existsSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'))).toBe(true);
		expect(fs.existsSync(path.join(deep, '.claude'))).toBe(false);
		const doctor = run(BUNDLE, ['doctor'], '', { cwd: deep, env });
		expect(String(doctor.stdout)).toContain(`vault ${vault}`);
		expect(doctor.status).toBe(0);
		expect(run(BUNDLE, ['uninstall'], '', { cwd: deep, env }).status).toBe(0);
		expect(fs.existsSync(path.join(vault, '.claude'))).toBe(false);
	});

	it('check and report find a vault whose config folder has another name', () => {
		const { vault, deep } = vaultWithSubfolder('.config-obsidian');
		const r = run(BUNDLE, ['report', '--json'], '', { cwd: deep });
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
		expect(JSON.parse(String(r.stdout))).toBeTypeOf('object');
		expect(run(BUNDLE, ['check'], '', { cwd: vault }).status).toBe(0);
	});

	it('outside every vault the error says what to do and names no internal path', () => {
		const outside = temp('sb-outside-');
		for (const command of ['install', 'doctor', 'uninstall', 'check', 'report', 'changes', 'launcher']) {
			const r = run(BUNDLE, [command], '', { cwd: outside });
			expect(r.status, command).toBe(2);
			expect(r.stderr, command).toBe(`session-brief: no Obsidian vault here: ${command} found no vault around the current folder; run it inside your vault or pass --vault <folder>\n`);
		}
	});

	it('stops at the home folder: a home that looks like a vault is not taken for one', () => {
		const home = temp('sb-home-vault-');
		fs.mkdirSync(path.join(home, '.obsidian'));
		const inside = path.join(home, 'code', 'project');
		fs.mkdirSync(inside, { recursive: true });
		const r = run(BUNDLE, ['report'], '', { cwd: inside, env: { ...process.env, HOME: home, USERPROFILE: home } });
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('run it inside your vault or pass --vault <folder>');
	});

	it('the hooks never take the folder the agent started in for their vault', () => {
		const { deep } = vaultWithSubfolder();
		const start = run(BUNDLE, ['session-start'], '{}', { cwd: deep });
		expect(start.status).toBe(0);
		expect(String(start.stdout)).toContain('needs --vault DIR');
		const edit = run(BUNDLE, ['post-tool-use'], JSON.stringify({ tool_name: 'Edit', tool_input: { file_path: path.join(deep, 'x.md') } }), { cwd: deep });
		expect(edit.status).toBe(0);
		expect(String(edit.stdout)).toBe('');
		const mcp = run(BUNDLE, ['mcp'], '', { cwd: deep });
		expect(mcp.status).toBe(2);
		expect(mcp.stderr).toContain('needs --vault DIR');
	});
});
