/** `report` and the cache tiers: served only when proven current, never stale, never an error. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { processIdentity } from '../../../src/node/live/process-identity';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, makeVault, run, sessionStart, type Files } from '../../helpers/bridge';
import { REPORT_ITEMS } from '../../helpers/registries';

const made: string[] = [];
function vault(files: Files = {}): string {
	const v = makeVault(files);
	made.push(v);
	return v;
}
afterAll(() => {
	for (const v of made) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

const BASE: Files = { 'Inbox/a.md': '', 'Notes/b.md': '#needs-review', 'Notes/c.md': 'plain' };

interface Report {
	schema: number;
	vault: string;
	source: string;
	date: string;
	generatedAt: string;
	items: Record<string, { count: number; paths: string[]; entries?: unknown[] } | { path: string; exists: boolean } | null>;
	errors: unknown[];
}

function report(v: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): { status: number | null; json: Report; stderr: string } {
	const r = run(hookScript(v), ['report', '--json', ...args], '', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, ...env } });
	return { status: r.status, json: (r.status === 0 ? JSON.parse(r.stdout.toString()) : null) as Report, stderr: r.stderr };
}

const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');

describe('report --json', () => {
	it('has the stable schema of docs/cli.md', () => {
		const { status, json } = report(vault(BASE));
		expect(status).toBe(0);
		expect(Object.keys(json)).toEqual(['schema', 'vault', 'generatedAt', 'source', 'date', 'items', 'errors']);
		expect(json.schema).toBe(1);
		expect(json.date).toBe('2026-11-29');
		expect(Object.keys(json.items)).toEqual(REPORT_ITEMS);
		expect(json.items.needsReview).toEqual({ count: 1, paths: ['Notes/b.md'] });
		expect(json.items.dailyNote).toEqual({ path: '2026-11-29.md', exists: false });
	});
	it('--review adds per-note detail with the flag line', () => {
		const { json } = report(vault(BASE), ['--review']);
		expect(json.items.needsReview).toMatchObject({ entries: [{ path: 'Notes/b.md', hits: [{ where: 'body', line: 1, text: '#needs-review' }] }] });
	});
	it('rejects an unknown --source with exit 2 and a usage message', () => {
		const r = run(hookScript(vault(BASE)), ['report', '--source', 'nope']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('--source must be auto, cache, scan or live');
	});
	it('rejects a vault folder that does not exist with exit 2', () => {
		const r = run(hookScript(vault(BASE)), ['report', '--vault', '/no/such']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('vault folder /no/such does not exist');
	});
});

describe('cache tiers', () => {
	it('scans first, then serves the cache while nothing changed (tier 3)', () => {
		const v = vault(BASE);
		expect(report(v).json.source).toBe('scan');
		expect(fs.existsSync(path.join(pluginDir(v), 'brief-cache.json'))).toBe(true);
		expect(report(v).json.source).toBe('cache');
		expect(report(v, ['--source', 'cache']).json.source).toBe('cache');
	});
	it('tier 3 proves the cache by its stamp: the hook reads no index, and a same-size edit is still caught', () => {
		const v = vault(BASE);
		report(v);
		const cacheFile = path.join(pluginDir(v), 'brief-cache.json');
		const indexFile = path.join(pluginDir(v), 'brief-index.json');
		expect((JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as { stamp?: unknown }).stamp).toMatchObject({ notes: 3 });
		// With the index unreadable, only the stamp can prove the hook's cache current.
		fs.writeFileSync(indexFile, 'not json');
		expect(sessionStart(v).context.split('\n')[0]).toContain('(cached brief,');
		// A full report needs every path from the index, so it scans and says why.
		expect(report(v).json.source).toBe('scan');
		expect(report(v).json.source).toBe('cache');
		// Same bytes count, new modification time: the stamp differs, the brief is made again.
		const note = path.join(v, 'Notes', 'c.md');
		fs.writeFileSync(note, 'PLAIN');
		fs.utimesSync(note, new Date(2026, 10, 29, 9, 0, 0), new Date(2026, 10, 29, 9, 0, 0));
		expect(sessionStart(v).context.split('\n')[0]).toContain('own scan');
	});
	it('a cache from before the stamp is still verified against its index, row by row', () => {
		const v = vault(BASE);
		report(v);
		const cacheFile = path.join(pluginDir(v), 'brief-cache.json');
		const { stamp: _stamp, ...older } = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
		fs.writeFileSync(cacheFile, JSON.stringify(older));
		expect(sessionStart(v).context.split('\n')[0]).toContain('(cached brief,');
		expect(report(v).json.source).toBe('cache');
		fs.writeFileSync(path.join(v, 'Inbox', 'new.md'), '');
		const r = report(v);
		expect(r.json.source).toBe('scan');
		expect(r.json.items.inbox).toEqual({ count: 2, paths: ['Inbox/a.md', 'Inbox/new.md'] });
	});
	it('leaves no temp files behind', () => {
		const v = vault(BASE);
		report(v);
		expect(fs.readdirSync(pluginDir(v)).sort()).toEqual(['brief-cache.json', 'brief-index.json']);
	});
	it('a changed note makes the cache stale and is re-read alone', () => {
		const v = vault(BASE);
		report(v);
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'now #needs-review too');
		const after = report(v);
		expect(after.json.source).toBe('scan');
		expect(after.json.items.needsReview).toEqual({ count: 2, paths: ['Notes/b.md', 'Notes/c.md'] });
		const text = run(hookScript(v), ['report'], '', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW } });
		expect(text.stdout.toString()).toContain('cached brief');
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'flag removed');
		const third = run(hookScript(v), ['report'], '', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW } }).stdout.toString();
		expect(third).toContain('(read 1 note(s)');
		expect(third).toContain('needs-review: 1 (Notes/b.md)');
	});
	it('an added or removed note makes the cache stale', () => {
		const v = vault(BASE);
		report(v);
		fs.writeFileSync(path.join(v, 'Inbox', 'new.md'), '');
		expect(report(v).json.items.inbox).toEqual({ count: 2, paths: ['Inbox/a.md', 'Inbox/new.md'] });
		fs.rmSync(path.join(v, 'Inbox', 'a.md'));
		const r = report(v);
		expect(r.json.source).toBe('scan');
		expect(r.json.items.inbox).toEqual({ count: 1, paths: ['Inbox/new.md'] });
	});
	it('a cache from another day is stale, but its unchanged notes are not read again', () => {
		const v = vault(BASE);
		report(v);
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'changed overnight #needs-review');
		const next = report(v, [], { SESSION_BRIEF_NOW: '2026-11-30T08:00:00' });
		expect(next.json.source).toBe('scan');
		expect(next.json.date).toBe('2026-11-30');
		expect(next.json.items.needsReview).toEqual({ count: 2, paths: ['Notes/b.md', 'Notes/c.md'] });
		fs.rmSync(path.join(pluginDir(v), 'brief-cache.json'));
		report(v, [], { SESSION_BRIEF_NOW: '2026-11-30T08:00:00' });
		const text = run(hookScript(v), ['report'], '', { env: { ...process.env, SESSION_BRIEF_NOW: '2026-12-01T08:00:00' } }).stdout.toString();
		expect(text).toContain('(read 0 note(s)');
		expect(text).toContain('needs-review: 2 (Notes/b.md, Notes/c.md)');
	});
	it('a cache from another day under other settings is not reused', () => {
		const v = vault(BASE);
		report(v);
		fs.writeFileSync(path.join(pluginDir(v), 'data.json'), '{"tags":{"needsReview":"urgent"}}');
		const text = run(hookScript(v), ['report'], '', { env: { ...process.env, SESSION_BRIEF_NOW: '2026-12-01T08:00:00' } }).stdout.toString();
		expect(text).toContain('(read 3 note(s)');
		expect(text).toContain('urgent: 0');
	});
	it('changed plugin settings or daily-note settings make the cache stale', () => {
		const v = vault(BASE);
		report(v);
		fs.writeFileSync(path.join(pluginDir(v), 'data.json'), '{"inboxFolder":"Notes"}');
		const r = report(v);
		expect(r.json.source).toBe('scan');
		expect(r.json.items.inbox).toMatchObject({ count: 2 });
		expect(report(v).json.source).toBe('cache');
		fs.writeFileSync(path.join(v, '.obsidian', 'daily-notes.json'), '{"folder":"Journal"}');
		const d = report(v);
		expect(d.json.source).toBe('scan');
		expect(d.json.items.dailyNote).toEqual({ path: 'Journal/2026-11-29.md', exists: false });
	});
	it('a truncated, foreign or mismatched cache is a miss, never an error', () => {
		const v = vault(BASE);
		report(v);
		const file = path.join(pluginDir(v), 'brief-cache.json');
		const good = fs.readFileSync(file, 'utf8');
		for (const bad of [good.slice(0, good.length / 2), '{"format":"something-else"}', '[]', '', '\u0000\u0001']) {
			fs.writeFileSync(file, bad);
			const r = report(v);
			expect(r.status).toBe(0);
			expect(r.json.source).toBe('scan');
		}
		fs.writeFileSync(path.join(pluginDir(v), 'brief-index.json'), '{"format":"session-brief-index","version":1,"id":"other","notes":[]}');
		expect(report(v).json.source).toBe('scan');
	});
	it('--source cache without a current cache exits 1 and says why', () => {
		const v = vault(BASE);
		const r = run(hookScript(v), ['report', '--source', 'cache']);
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('No current cached brief');
	});
	it('--source scan ignores a current cache', () => {
		const v = vault(BASE);
		report(v);
		expect(report(v, ['--source', 'scan']).json.source).toBe('scan');
	});
	it('serves a plugin-written cache while that process runs and nothing is pending (tier 1)', () => {
		const v = vault(BASE);
		report(v);
		const file = path.join(pluginDir(v), 'brief-cache.json');
		const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
		// A cached brief that differs from the notes shows which tier answered the hook.
		const brief = cache.brief as { items: { inbox: { count: number; paths: string[]; entries: unknown[] } } };
		brief.items.inbox = { count: 9, paths: ['from-plugin.md'], entries: [] };
		const write = (plugin: { pid: number; pending: boolean; started?: string }): void => fs.writeFileSync(file, JSON.stringify({ ...cache, writer: 'plugin', plugin }));
		const started = processIdentity(process.pid) ?? undefined;
		write({ pid: process.pid, pending: false, started });
		fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'flagged without the plugin seeing it yet #needs-review');
		expect(sessionStart(v).context).toContain('Inbox: 9 (from-plugin.md, +8 more)');
		// report needs every path: rebuilt from the plugin's index, still without reading a note.
		const full = report(v);
		expect(full.json.source).toBe('cache');
		expect(full.json.items.needsReview).toEqual({ count: 1, paths: ['Notes/b.md'] });
		write({ pid: process.pid, pending: true, started });
		expect(report(v).json.items.needsReview).toMatchObject({ count: 2 });
		write({ pid: 2 ** 22 + 12345, pending: false, started });
		expect(sessionStart(v).context).toContain('Inbox: 1 (Inbox/a.md)');
	});
	describe('pid reuse: tier 1 proves the writer is the same process, not just a live pid', () => {
		function pluginCache(v: string, plugin: Record<string, unknown>): void {
			report(v);
			const file = path.join(pluginDir(v), 'brief-cache.json');
			const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { brief: { items: Record<string, unknown> } };
			cache.brief.items.inbox = { count: 9, paths: ['from-plugin.md'], entries: [] };
			fs.writeFileSync(file, JSON.stringify({ ...cache, writer: 'plugin', plugin }));
			// A change the cache does not know: only tier 1 would serve it anyway.
			fs.writeFileSync(path.join(v, 'Notes', 'c.md'), 'flagged since #needs-review');
		}
		const me = processIdentity(process.pid);
		it.runIf(me !== null)('a live pid with another start time (the pid was reused after a crash) is not served', () => {
			const v = vault(BASE);
			const ticks = /:(\d+)$/.exec(me ?? '')?.[1] ?? '0';
			pluginCache(v, { pid: process.pid, pending: false, started: (me ?? '').replace(/:\d+$/, `:${Number(ticks) + 1}`) });
			const context = sessionStart(v).context;
			expect(context).toContain('Inbox: 1 (Inbox/a.md)');
			expect(context).not.toContain('from-plugin.md');
		});
		it.runIf(me !== null)('a pid from another pid namespace (a sandboxed Obsidian) is not served', () => {
			const v = vault(BASE);
			pluginCache(v, { pid: process.pid, pending: false, started: (me ?? '').replace(/pid:\[\d+\]/, 'pid:[1]') });
			expect(sessionStart(v).context).not.toContain('from-plugin.md');
		});
		it('an unknown start time fails closed (tier 3 verifies instead)', () => {
			const v = vault(BASE);
			pluginCache(v, { pid: process.pid, pending: false });
			expect(sessionStart(v).context).toContain('Inbox: 1 (Inbox/a.md)');
		});
		it.runIf(me !== null)('the same process with the same start time is served', () => {
			const v = vault(BASE);
			pluginCache(v, { pid: process.pid, pending: false, started: me });
			expect(sessionStart(v).context).toContain('Inbox: 9 (from-plugin.md, +8 more)');
		});
		it('a process that is gone is not served, whatever it recorded', () => {
			const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
			const v = vault(BASE);
			pluginCache(v, { pid: Number(child.stdout.toString()), pending: false, started: me ?? 'x' });
			expect(sessionStart(v).context).not.toContain('from-plugin.md');
		});
	});
	it('keeps the cached brief small: counts and the first names only', () => {
		const files: Files = {};
		for (let i = 0; i < 40; i++) files[`Inbox/n${String(i).padStart(2, '0')}.md`] = '#needs-review';
		const v = vault(files);
		report(v);
		const cache = JSON.parse(fs.readFileSync(path.join(pluginDir(v), 'brief-cache.json'), 'utf8')) as { brief: { items: { inbox: { count: number; paths: string[]; entries: unknown[] } } } };
		expect(cache.brief.items.inbox.count).toBe(40);
		expect(cache.brief.items.inbox.paths).toHaveLength(5);
		expect(cache.brief.items.inbox.entries).toEqual([]);
		expect(report(v).json.items.inbox).toMatchObject({ count: 40 });
		expect((report(v).json.items.inbox as { paths: string[] }).paths).toHaveLength(40);
	});
});
