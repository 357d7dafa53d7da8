/** `serve` keeps the cached brief as the plugin does, so hooks take tier 1 without a socket. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BriefCache } from '../../../src/core/brief/cache-format';
import { FIXED_NOW, hookScript, makeVault, sessionStart, stopServerAndRemove, waitFor } from '../../helpers/bridge';

const v = makeVault({ 'Inbox/a.md': '', 'Notes/b.md': '#needs-review' });
const dir = path.join(v, '.obsidian', 'plugins', 'session-brief');
let server: ChildProcess | null = null;
afterAll(async () => await stopServerAndRemove(server, v));

function cache(): BriefCache | null {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, 'brief-cache.json'), 'utf8')) as BriefCache;
	} catch {
		return null;
	}
}

/** The hook with the index hidden: only a cache its keeper vouches for (tier 1) can answer from the cache. */
function hookWithoutIndex(): string {
	const index = path.join(dir, 'brief-index.json');
	const hidden = `${index}.hidden`;
	fs.renameSync(index, hidden);
	try {
		return sessionStart(v, '{}', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW} }).context;
	} finally {
		fs.renameSync(hidden, index);
	}
}

describe('serve keeps the cache (tier 1)', () => {
	it('claims the cache with its pid once current, so the hook is served from it', async () => {
		server = spawn(process.execPath, [hookScript(v), 'serve'], { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW }, stdio: ['ignore', 'ignore', 'pipe'] });
		const pid = server.pid;
		expect(await waitFor(() => cache()?.plugin?.pid === pid && cache()?.plugin?.pending === false)).toBe(true);
		expect(cache()?.plugin?.started).toBeTruthy();
		// Tier 1 reads no index and asks no socket: with the index gone and the discovery file too,
		// only the keeper's word can serve the cached brief.
		const live = path.join(dir, 'live.json');
		const discovery = fs.readFileSync(live);
		fs.rmSync(live);
		try {
			const context = hookWithoutIndex();
			expect(context.split('\n')[0]).toContain('(cached brief, ');
			expect(context).toContain('needs-review: 1 (Notes/b.md)');
		} finally {
			fs.writeFileSync(live, discovery);
		}
	});

	it('marks the cache pending at an edit, then rewrites it current after the debounce', async () => {
		const before = cache()?.writtenAt ?? 0;
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'new #needs-review');
		// Either the pending mark is seen, or the rebuild already landed; both say the old file is gone.
		expect(await waitFor(() => cache()?.plugin?.pending === true || (cache()?.writtenAt ?? 0) > before)).toBe(true);
		expect(await waitFor(() => cache()?.plugin?.pending === false && cache()?.brief.items.needsReview?.count === 2)).toBe(true);
		const context = hookWithoutIndex();
		expect(context.split('\n')[0]).toContain('(cached brief, ');
		expect(context).toContain('needs-review: 2 (Notes/b.md, Notes/c.md)');
	});

	it('leaves the cache pending when it stops: nothing keeps it current any more', async () => {
		const s = server;
		expect(s).not.toBeNull();
		const exited = new Promise((resolve) => s?.once('exit', resolve));
		s?.kill('SIGTERM');
		await exited;
		server = null;
		expect(cache()?.plugin?.pending).toBe(true);
		// The hook then proves the cache by its stat walk (tier 3) instead.
		expect(sessionStart(v).context).toContain('needs-review: 2 (Notes/b.md, Notes/c.md)');
	});
});
