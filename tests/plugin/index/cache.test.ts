import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processIdentity } from '../../../src/node/live/process-identity';
import { loadVaultContext } from '../../../src/node/vault-config';
import { asBriefCache, asBriefIndex, BRIEF_FILE, INDEX_FILE } from '../../../src/core/brief/cache-format';
import { isoDate } from '../../../src/core/brief/dates';
import { languageState } from '../../../stand-in/obsidian';
import { FIXTURE } from '../fixture';
import { internals, settle, startPlugin, stopPlugin, tempVault, readCache, type Started } from '../harness';

const BRIDGE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');

let started: Started | null = null;
afterEach(async () => {
	vi.useRealTimers();
	await stopPlugin(started);
	started = null;
});

async function advance(ms: number): Promise<void> {
	await vi.advanceTimersByTimeAsync(ms);
}

describe('cached brief', () => {
	it('is written once indexed, with what the bridge needs to judge it', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		languageState.value = 'de';
		started = await startPlugin(tempVault(FIXTURE));
		const { writer, sync } = internals(started.plugin);
		expect(fs.existsSync(path.join(started.pluginDir, BRIEF_FILE))).toBe(false);
		await advance(1000);
		await writer.idle();
		const cache = readCache(started.pluginDir);
		expect(cache.writer).toBe('plugin');
		expect(cache.plugin).toEqual({ pid: process.pid, pending: false, started: processIdentity('self') });
		expect(cache.date).toBe(isoDate(new Date()));
		expect(cache.lang).toBe('de');
		expect(cache.locale).toBe('en');
		expect(cache.noteCount).toBe(sync.index.size);
		// The key the bridge computes from data.json and daily-notes.json on disk.
		expect(cache.key).toBe(loadVaultContext(started.base, { env: {} }).key);
		const index = asBriefIndex(JSON.parse(fs.readFileSync(path.join(started.pluginDir, INDEX_FILE), 'utf8')), cache.indexId);
		expect(index?.notes.length).toBe(sync.index.size);
		for (const row of index?.notes ?? []) {
			const st = fs.statSync(path.join(started.base, row[0]));
			expect([row[1], row[2]]).toEqual([Math.trunc(st.mtimeMs), st.size]);
		}
		expect(fs.readdirSync(started.pluginDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
	});

	it('marks itself pending at once on a change and is rewritten at most once a second under a burst', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		started = await startPlugin(tempVault(FIXTURE));
		const { app, pluginDir } = started;
		const { writer } = internals(started.plugin);
		await advance(1000);
		await writer.idle();
		expect(writer.fullWrites).toBe(1);
		const file = app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await app.vault.modify(file, '#needs-review 0\n');
		await settle(app);
		await writer.idle();
		expect(readCache(pluginDir).plugin?.pending).toBe(true);
		expect(writer.fullWrites).toBe(1);
		for (let i = 1; i <= 10; i++) {
			await app.vault.modify(file, `#needs-review ${i}\n`);
			await settle(app);
			await advance(90);
		}
		await advance(1000);
		await writer.idle();
		// 11 edits within ~1.9 s: two full writes, not eleven.
		expect(writer.fullWrites).toBeLessThanOrEqual(3);
		const cache = readCache(pluginDir);
		expect(cache.plugin?.pending).toBe(false);
		// The brief file holds counts and names; the line text of the last edit sits in the index.
		expect(cache.brief.items.needsReview?.paths).toContain('Notes/Plain.md');
		const index = asBriefIndex(JSON.parse(fs.readFileSync(path.join(pluginDir, INDEX_FILE), 'utf8')), cache.indexId);
		const row = index?.notes.find((r) => r[0] === 'Notes/Plain.md');
		expect(row?.[3] !== 0 && row?.[3] !== null ? row?.[3]?.needsReview[0]?.text : undefined).toBe('#needs-review 10');
	});

	it('without a FileSystemAdapter writes a temp file, removes the target, then renames', async () => {
		started = await startPlugin(tempVault(FIXTURE), { plainAdapter: true });
		const { writer } = internals(started.plugin);
		await writer.flush();
		await writer.flush();
		const adapter = started.app.vault.adapter as unknown as { calls: string[] };
		const briefCalls = adapter.calls.filter((c) => c.includes(BRIEF_FILE));
		const target = `.obsidian/plugins/session-brief/${BRIEF_FILE}`;
		expect(briefCalls.at(-3)).toMatch(new RegExp(`^write ${target}\\.\\d+\\.[0-9a-f]+\\.tmp$`));
		expect(briefCalls.at(-2)).toBe(`remove ${target}`);
		expect(briefCalls.at(-1)).toMatch(new RegExp(`^rename ${target}\\..*\\.tmp ${target}$`));
		// The target itself is never written in place.
		expect(adapter.calls).not.toContain(`write ${target}`);
		expect(readCache(started.pluginDir).writer).toBe('plugin');
	});

	it('a concurrent reader always sees a whole file', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { writer } = internals(started.plugin);
		await writer.flush();
		const file = path.join(started.pluginDir, BRIEF_FILE);
		let reads = 0;
		let stop = false;
		const reader = (async () => {
			while (!stop) {
				expect(asBriefCache(JSON.parse(fs.readFileSync(file, 'utf8')))).not.toBeNull();
				reads++;
				await new Promise<void>((r) => setImmediate(r));
			}
		})();
		for (let i = 0; i < 30; i++) await writer.flush();
		stop = true;
		await reader;
		expect(reads).toBeGreaterThan(5);
	});

	it('is served by the bridge as source cache (tier 1), and after unload verified by its stat walk (tier 3)', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { writer } = internals(started.plugin);
		await writer.flush();
		const run = () => JSON.parse(execFileSync(process.execPath, [BRIDGE, 'report', '--json', '--source', 'cache', '--vault', started?.base ?? ''], { encoding: 'utf8' })) as { source: string; items: { needsReview: { paths: string[] } } };
		const live = run();
		expect(live.source).toBe('cache');
		expect(live.items.needsReview.paths).toContain('Notes/Inline.md');
		started.plugin.unload();
		await writer.idle();
		expect(readCache(started.pluginDir).plugin?.pending).toBe(true);
		const after = run();
		expect(after.source).toBe('cache');
		expect(after.items.needsReview.paths).toEqual(live.items.needsReview.paths);
	});

	it('marks a cache left by an earlier run of the plugin pending before indexing', async () => {
		const base = tempVault(FIXTURE);
		started = await startPlugin(base);
		await internals(started.plugin).writer.flush();
		// Simulate a crash of the plugin only: the file stays `pending: false` with a live pid.
		const second = await startPlugin(base);
		await internals(second.plugin).writer.idle();
		expect(readCache(started.pluginDir).plugin?.pending).toBe(true);
		second.plugin.unload();
		await internals(second.plugin).writer.idle();
	});
});

describe('settings and date', () => {
	it('rewrites the cache under a new key when settings change', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { writer } = internals(started.plugin);
		await writer.flush();
		const before = readCache(started.pluginDir).key;
		await started.plugin.updateSettings({ ...started.plugin.settings, inboxFolder: 'Notes' });
		await writer.flush();
		const after = readCache(started.pluginDir);
		expect(after.key).not.toBe(before);
		expect(after.key).toBe(loadVaultContext(started.base, { env: {} }).key);
		expect(after.brief.items.inbox?.paths).toContain('Notes/Plain.md');
	});

	it('follows a change of Obsidian daily-note settings on the next write', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { writer } = internals(started.plugin);
		fs.writeFileSync(path.join(started.base, '.obsidian', 'daily-notes.json'), JSON.stringify({ folder: 'Daily', format: 'YYYY/MM-DD' }));
		await writer.flush();
		const cache = readCache(started.pluginDir);
		expect(cache.brief.items.dailyNote?.path).toMatch(/^Daily\/\d{4}\/\d{2}-\d{2}\.md$/);
		expect(cache.key).toBe(loadVaultContext(started.base, { env: {} }).key);
	});
});
