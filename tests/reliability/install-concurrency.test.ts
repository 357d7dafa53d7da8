/**
 * Local abuse of `install`/`uninstall`: runs at the same time (two terminals, the plugin's button
 * and a script) against a vault whose settings file already holds the user's own hooks. Each trial
 * starts several runs of the built bridge at once; at the end one uninstall must give back the
 * user's original bytes, and a `.bak` holding the recorded original is never overwritten.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, lockFileFor, STALE_MS } from '../../src/node/hosts/install/install-lock';
import { BUNDLE } from '../helpers/bridge';

const made: string[] = [];
afterAll(() => {
	for (const dir of made) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
});

function tmp(prefix: string): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	made.push(dir);
	return dir;
}

function cli(args: string[], home: string): Promise<{ code: number | null; out: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [BUNDLE, ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, USERPROFILE: home } });
		let out = '';
		child.stdout.on('data', (c: Buffer) => (out += c.toString()));
		child.stderr.on('data', (c: Buffer) => (out += c.toString()));
		child.on('close', (code) => resolve({ code, out }));
	});
}

/** The user's own settings, with odd formatting a rewrite would not reproduce. */
function original(trial: number): string {
	return `{\n    "permissions": { "allow": ["Bash(npm test)"] },\n  "hooks": {\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "echo mine-${trial}" } ] } ]\n  }\n}\n`;
}

describe('local abuse: concurrent install and uninstall', () => {
	it('20 trials of concurrent installs, then installs and uninstalls at once, end with the original bytes', async () => {
		const lossless: number[] = [];
		for (let trial = 0; trial < 20; trial++) {
			const vault = tmp('sb-race-');
			const home = tmp('sb-race-home-');
			fs.mkdirSync(path.join(vault, '.obsidian'));
			const settings = path.join(vault, '.claude', 'settings.json');
			fs.mkdirSync(path.dirname(settings), { recursive: true });
			fs.writeFileSync(settings, original(trial));
			const bak = `${settings}.session-brief.bak`;

			const installs = await Promise.all([1, 2, 3].map(() => cli(['install', '--vault', vault], home)));
			for (const r of installs) expect(r.code, r.out).toBe(0);
			// The first install's backup is the user's original, whoever ran first.
			expect(fs.readFileSync(bak, 'utf8'), `trial ${trial}`).toBe(original(trial));

			const mixed = await Promise.all([cli(['uninstall', '--vault', vault], home), cli(['install', '--vault', vault], home), cli(['uninstall', '--vault', vault], home)]);
			for (const r of mixed) expect(r.code, r.out).toBe(0);
			if (fs.existsSync(bak)) expect(fs.readFileSync(bak, 'utf8'), `trial ${trial}: the backup was overwritten`).toBe(original(trial));

			const last = await cli(['uninstall', '--vault', vault], home);
			expect(last.code, last.out).toBe(0);
			if (fs.readFileSync(settings, 'utf8') === original(trial)) lossless.push(trial);
			expect(fs.existsSync(path.join(vault, '.claude', 'hooks')), `trial ${trial}: hooks folder left`).toBe(false);
		}
		expect(lossless).toHaveLength(20);
	}, 600_000);

	it('a stale lock of a process that is gone is taken over; a live one makes the run wait and then say so', () => {
		const target = path.join(tmp('sb-lock-'), 'settings.json');
		const file = lockFileFor(target);
		// A lock left by a crashed run: a pid that does not run.
		fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 4321, started: null, nonce: 'dead', at: Date.now() }));
		const held = acquireLock(target, 1000);
		expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
		// Held by a live process (this one): a second run waits, then fails with an actionable message.
		expect(() => acquireLock(target, 200)).toThrow(/another install or uninstall is changing .* held by process \d+/);
		held.release();
		expect(fs.existsSync(file)).toBe(false);
		// Too old counts as stale even when the pid runs (a hung run).
		fs.writeFileSync(file, JSON.stringify({ pid: process.pid, started: null, nonce: 'old', at: Date.now() - STALE_MS - 1 }));
		acquireLock(target, 1000).release();
		expect(fs.existsSync(file)).toBe(false);
	});
});
