/**
 * The hook entry (src/node/hosts/hook-files/hook-entry.cjs) runs session-brief.start.cjs for a session
 * start, which answers from the plugin's cache without loading the bridge beside it; every other
 * run goes to that bridge. The answers are the bridge's own, byte for byte.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, hookScript, makeVault, run, codeCacheOf } from '../../helpers/bridge';
import { cacheFile, keptCache } from '../../helpers/kept-cache';

const SLOW = 120_000;
const NOW = '2026-11-29T11:00:00.000Z';
const vaults: string[] = [];
afterAll(() => {
	for (const v of vaults) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

const bridgeFile = (v: string): string => path.join(v, '.claude', 'hooks', 'session-brief.bridge.cjs');
// The run's own state folder, and no session-net baseline: a detached baseline process would still
// be writing into the vault when it is removed (vitest.config.ts sets both for the test process itself).
const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '', SESSION_BRIEF_NOW: NOW, SESSION_BRIEF_BASELINE: 'off', SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR });

function vault(): string {
	const v = makeVault({ 'Inbox/a.md': '# a\n', 'Notes/b.md': 'text #needs-review\n', 'Daily/2026-11-29.md': '' });
	vaults.push(v);
	return v;
}

let sessions = 0;
function sessionStart(script: string, v: string): { status: number | null; text: string; stderr: string } {
	sessions++;
	const args = script === BUNDLE ? ['session-start', '--vault', v] : ['session-start'];
	const r = run(script, args, JSON.stringify({ session_id: `entry-${sessions}`, hook_event_name: 'SessionStart', source: 'resume' }), { env: env() });
	const text = (JSON.parse(r.stdout.toString('utf8')) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
	return { status: r.status, text, stderr: r.stderr };
}

function keepCache(v: string): void {
	fs.writeFileSync(cacheFile(v), JSON.stringify(keptCache(v, env())));
}

describe('the hook entry', () => {
	it(
		'answers a session start from the plugin cache without the bridge, with the bridge\'s own text',
		() => {
			const v = vault();
			keepCache(v);
			const fromBridge = sessionStart(BUNDLE, v);
			expect(fromBridge.text).toContain('(cached brief,');
			// Without the bridge beside it, the session start still answers: it never loaded the bridge.
			fs.renameSync(bridgeFile(v), `${bridgeFile(v)}.away`);
			const alone = sessionStart(hookScript(v), v);
			expect(alone.status).toBe(0);
			expect(alone.stderr).toBe('');
			expect(alone.text).toBe(fromBridge.text);
		},
		SLOW,
	);

	it(
		'loads the later tiers from the bridge when tier 1 cannot serve, and answers as the bridge does',
		() => {
			const v = vault();
			// A scan's cache and no plugin running: tier 3 proves the cache by a stat walk.
			expect(run(BUNDLE, ['report', '--json', '--source', 'scan', '--vault', v], '', { env: env() }).status).toBe(0);
			const fromBridge = sessionStart(BUNDLE, v);
			const fromEntry = sessionStart(hookScript(v), v);
			expect(fromEntry.status).toBe(0);
			expect(fromEntry.text).toBe(fromBridge.text);
			expect(fromEntry.text).toContain('Inbox: 1');
			// A note added since: the entry's run goes on to the bridge's scan and counts it.
			fs.writeFileSync(path.join(v, 'Inbox', 'c.md'), '# c\n');
			expect(sessionStart(hookScript(v), v).text).toContain('Inbox: 2');
		},
		SLOW,
	);

	it(
		'fails open with a line that names the missing bridge and the fix',
		() => {
			const v = vault();
			fs.rmSync(bridgeFile(v));
			const r = sessionStart(hookScript(v), v);
			expect(r.status).toBe(0);
			expect(r.text).toMatch(/^Date \(machine clock\): 2026-11-29/);
			expect(r.text).toContain('Session brief: ');
			expect(r.text).toContain('session-brief.bridge.cjs');
		},
		SLOW,
	);

	it(
		'refuses a bridge of another release beside the session start file, and says to install again',
		() => {
			const v = vault();
			fs.writeFileSync(bridgeFile(v), "exports.version = '0.0.1';\nexports.localTiers = () => Promise.reject(new Error('not this one'));\n");
			const r = sessionStart(hookScript(v), v);
			expect(r.status).toBe(0);
			expect(r.text).toContain('is version 0.0.1');
			expect(r.text).toContain('run install again');
			expect(r.text).not.toContain('not this one');
		},
		SLOW,
	);

	it(
		'runs every other command through the bridge',
		() => {
			const v = vault();
			const version = run(hookScript(v), ['--version'], '', { env: env() });
			expect(version.status).toBe(0);
			expect(version.stdout.toString('utf8')).toBe(run(BUNDLE, ['--version'], '', { env: env() }).stdout.toString('utf8'));
			const help = run(hookScript(v), ['session-start', '--help'], '', { env: env() });
			expect(help.status).toBe(0);
			expect(help.stdout.toString('utf8')).toMatch(/^Usage: node \S*session-brief\.cjs session-start /);
			// Hidden bridge: only the session start file could still answer.
			fs.renameSync(bridgeFile(v), `${bridgeFile(v)}.away`);
			expect(run(hookScript(v), ['--version'], '', { env: env() }).status).not.toBe(0);
		},
		SLOW,
	);

	it(
		'runs the bridge for a session start when the session start file is missing (an install of an earlier version)',
		() => {
			const v = vault();
			keepCache(v);
			const before = sessionStart(hookScript(v), v).text;
			fs.rmSync(path.join(v, '.claude', 'hooks', 'session-brief.start.cjs'));
			expect(sessionStart(hookScript(v), v).text).toBe(before);
		},
		SLOW,
	);

	it(
		'keeps a code cache of the file it ran in the state folder, and replaces one that V8 rejects',
		() => {
			const v = vault();
			keepCache(v);
			const hooks = path.join(v, '.claude', 'hooks');
			// The scan that wrote the cache ran the bridge; its cache goes, to see whether a session start makes one.
			fs.rmSync(codeCacheOf(path.join(hooks, 'session-brief.bridge.cjs')), { force: true });
			const first = sessionStart(hookScript(v), v).text;
			expect(fs.existsSync(codeCacheOf(path.join(hooks, 'session-brief.start.cjs')))).toBe(true);
			// A session start that tier 1 serves never compiles the bridge, so it leaves no cache for it.
			expect(fs.existsSync(codeCacheOf(path.join(hooks, 'session-brief.bridge.cjs')))).toBe(false);
			expect(sessionStart(hookScript(v), v).text).toBe(first);
			// A stale or foreign cache is rejected by V8 and replaced; the answer stays the same.
			fs.writeFileSync(codeCacheOf(path.join(hooks, 'session-brief.start.cjs')), 'not a code cache');
			expect(sessionStart(hookScript(v), v).text).toBe(first);
			expect(fs.readFileSync(codeCacheOf(path.join(hooks, 'session-brief.start.cjs'))).toString('latin1')).not.toBe('not a code cache');
		},
		SLOW,
	);

	it(
		'refuses to run the session start file without the hook entry',
		() => {
			const v = vault();
			const r = run(path.join(v, '.claude', 'hooks', 'session-brief.start.cjs'), ['session-start'], '{}', { env: env() });
			expect(r.status).toBe(0);
			expect(r.stdout.toString('utf8')).toContain('runs through the hook entry beside it');
		},
		SLOW,
	);

	it(
		'exits 0 without a word on stderr when the host closed its end of stdout',
		async () => {
			const v = vault();
			keepCache(v);
			const child = spawn(process.execPath, [hookScript(v), 'session-start'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
			child.stdout.destroy();
			let stderr = '';
			child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
			child.stdin.end(JSON.stringify({ session_id: 'closed-stdout', hook_event_name: 'SessionStart' }));
			const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
			expect(code).toBe(0);
			expect(stderr).toBe('');
		},
		SLOW,
	);
});
