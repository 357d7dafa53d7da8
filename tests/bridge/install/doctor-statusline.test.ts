/**
 * doctor and the status line `install --statusline` registers: nothing said where none was
 * installed; ours found, current, not shadowed, and run once (only our part of a chained line)
 * printing one line with exit 0; each way it goes wrong named with the command that fixes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctor, formatDoctor, type Check } from '../../../src/node/hosts/doctor/doctor';
import { install } from '../../../src/node/hosts/install/install';
import type { AgentOptions } from '../../../src/node/hosts/install/options';
import { HOOK_FILE_HASHES } from '../../../bridge/hook-file-texts';
import { FIXED_NOW } from '../../helpers/bridge';
import { BRIDGE_SOURCE, installOptions, installVault } from '../../helpers/install-vault';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs);

const settingsOf = (v: string, name = 'settings.json'): string => path.join(v, '.claude', name);

function setup(extra: Partial<AgentOptions> = {}, settings?: string): { v: string; home: string } {
	const v = installVault({ 'note.md': '#needs-review' });
	const home = tempDir('sb-sl-doc-');
	if (settings !== undefined) {
		fs.mkdirSync(path.join(v, '.claude'), { recursive: true });
		fs.writeFileSync(settingsOf(v), settings);
	}
	expect(install(installOptions(v, home, extra)).code).toBe(0);
	return { v, home };
}

async function statusChecks(v: string, home: string): Promise<Check[]> {
	const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent: 'claude-code', version: '0.1.0', scriptSource: BRIDGE_SOURCE, env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_NOW: FIXED_NOW }, runFrom: tempDir('sb-sl-run-'), managedDir: tempDir('sb-sl-managed-'), program: 'session-brief' });
	return report.checks.filter((c) => c.id.startsWith('status-line'));
}

const byId = (checks: Check[], id: string): Check | undefined => checks.find((c) => c.id === id);

function setCommand(v: string, command: string, file = settingsOf(v)): void {
	const s = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
	s.statusLine = { type: 'command', command, padding: 0 };
	fs.writeFileSync(file, JSON.stringify(s, null, 2));
}

/** A stand-in for node that prints what `body` prints, to give doctor a broken status line. */
function fakeNode(body: string): string {
	const f = path.join(tempDir('sb-sl-node-'), 'node');
	fs.writeFileSync(f, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
	return f;
}

describe('doctor and the status line', () => {
	it('passes ours, chained, and runs only our part of the line; says nothing where none was installed', async () => {
		const marker = path.join(tempDir('sb-sl-mark-'), 'theirs-ran');
		const theirs = JSON.stringify({ statusLine: { type: 'command', command: `touch '${marker}'; echo theirs` } }, null, 2);
		const plain = setup({}, theirs);
		expect(await statusChecks(plain.v, plain.home)).toEqual([]);
		const { v, home } = setup({ statusLine: true, chain: true }, theirs);
		const checks = await statusChecks(v, home);
		expect(byId(checks, 'status-line')?.status, JSON.stringify(checks)).toBe('ok');
		expect(byId(checks, 'status-line')?.message).toContain('after your own');
		expect(byId(checks, 'status-line-run')?.status).toBe('ok');
		expect(byId(checks, 'status-line-run')?.message).toMatch(/one line: vault: /);
		expect(byId(checks, 'status-line-shadowed')).toBeUndefined();
		expect(fs.existsSync(marker)).toBe(false);
	});

	it('names a status line of the user in a file that wins over ours, with the command that chains there', async () => {
		const { v, home } = setup({ statusLine: true });
		fs.writeFileSync(settingsOf(v, 'settings.local.json'), JSON.stringify({ statusLine: { type: 'command', command: 'echo mine' } }));
		const shadow = byId(await statusChecks(v, home), 'status-line-shadowed');
		expect(shadow?.status).toBe('warn');
		expect(shadow?.message).toContain('settings.local.json (local)');
		expect(shadow?.command).toBe(`session-brief install --vault "${v}" --agent claude-code --scope local --statusline --chain`);
	});

	it('fails when the recorded status line is gone, and says how to install it again', async () => {
		const { v, home } = setup({ statusLine: true });
		const s = JSON.parse(fs.readFileSync(settingsOf(v), 'utf8')) as Record<string, unknown>;
		delete s.statusLine;
		fs.writeFileSync(settingsOf(v), JSON.stringify(s, null, 2));
		const gone = byId(await statusChecks(v, home), 'status-line');
		expect(gone?.status).toBe('fail');
		expect(gone?.command).toBe(`session-brief install --vault "${v}" --agent claude-code --scope project --statusline`);
	});

	it('warns about a line not as install writes it now, and fails one that prints two lines or exits non-zero', async () => {
		const { v, home } = setup({ statusLine: true });
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		for (const [body, problem] of [
			['echo one; echo two', /not one line/],
			['echo broken; exit 3', /exited with 3/],
		] as const) {
			setCommand(v, `"${fakeNode(body)}" "${script}" statusline`);
			const checks = await statusChecks(v, home);
			expect(byId(checks, 'status-line')?.status, formatDoctor({ ok: false, vault: v, agent: 'claude-code', checks })).toBe('warn');
			expect(byId(checks, 'status-line')?.command).toContain('--statusline');
			expect(byId(checks, 'status-line-run')?.status).toBe('fail');
			expect(byId(checks, 'status-line-run')?.message).toMatch(problem);
		}
	});
});
