/** Tier 2 end to end: `serve` answers the hook over the live channel, current to an edit made a moment before. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, makeVault, run, sessionStart, stopServerAndRemove, waitFor } from '../../helpers/bridge';

const v = makeVault({ 'Inbox/a.md': '', 'Notes/b.md': '#needs-review' });
const discovery = path.join(v, '.obsidian', 'plugins', 'session-brief', 'live.json');
let server: ChildProcess | null = null;
afterAll(async () => await stopServerAndRemove(server, v));

function env(): NodeJS.ProcessEnv {
	return { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW };
}

function reportJson(args: string[]): { status: number | null; json: { source: string; items: Record<string, { count: number; paths: string[] }> } | null; stderr: string } {
	const r = run(hookScript(v), ['report', '--json', ...args], '', { env: env() });
	return { status: r.status, json: r.status === 0 ? (JSON.parse(r.stdout.toString()) as never) : null, stderr: r.stderr };
}

describe('live tier through serve', () => {
	it('--source live says clearly when nothing answers', () => {
		const r = reportJson(['--source', 'live']);
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('No live answer: live channel: no live channel');
	});
	it('serves the brief live and reflects an edit made a moment before', async () => {
		server = spawn(process.execPath, [hookScript(v), 'serve'], { env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
		expect(await waitFor(() => fs.existsSync(discovery))).toBe(true);
		const first = reportJson(['--source', 'live']);
		expect(first.json?.source).toBe('live');
		expect(first.json?.items.needsReview).toEqual({ count: 1, paths: ['Notes/b.md'] });
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'new #needs-review');
		const seen = await waitFor(() => reportJson(['--source', 'live']).json?.items.needsReview?.count === 2);
		expect(seen).toBe(true);
		const hook = sessionStart(v);
		// serve also keeps the cache: once its debounced rewrite lands, the hook takes tier 1 instead.
		expect(hook.context.split('\n')[0]).toMatch(/\((live channel|cached brief), /);
		expect(hook.context).toContain('needs-review: 2 (Notes/b.md, Notes/c.md)');
	});
	it('refuses a second serve for the same vault', () => {
		const r = run(hookScript(v), ['serve'], '', { env: env() });
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('a live channel already runs for this vault');
	});
	it('removes the discovery file when stopped, and the hook falls back to the local tiers', async () => {
		server?.kill('SIGTERM');
		expect(await waitFor(() => !fs.existsSync(discovery))).toBe(true);
		server = null;
		const r = reportJson([]);
		expect(r.json?.source === 'scan' || r.json?.source === 'cache').toBe(true);
	});
	it('a stale discovery file (dead process) falls through without trying to connect', () => {
		fs.writeFileSync(discovery, JSON.stringify({ version: 1, port: 1, pid: 2 ** 22 + 99, token: 'a'.repeat(64), startedAt: 0 }));
		// The process check answers before any socket is opened (a connection would say "refused" or time out).
		const live = reportJson(['--source', 'live']);
		expect(live.status).toBe(1);
		expect(live.stderr).toContain('live channel owner is not running');
		const hook = sessionStart(v);
		expect(hook.context).toContain('needs-review: 2');
		fs.rmSync(discovery);
	});
});
