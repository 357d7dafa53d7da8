/**
 * Fresh means re-read (src/plugin/index/index-sync.ts): a note changed on disk keeps the cache
 * pending until its flags are those of the version on disk, from Obsidian's re-parse of that
 * version or from the plugin reading its text after the bounded wait. The stand-in holds its
 * parses back to play an Obsidian whose parser lags behind a large pull.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { asBriefIndex, INDEX_FILE } from '../../../src/core/brief/cache-format';
import { WRITE_DELAY_MS } from '../../../src/plugin/index/cache-writer';
import { liveHandlers } from '../../../src/plugin/index/live-channel';
import type { RuleCheckRunner } from '../../../src/plugin/check/rule-check-runner';
import { parseNote } from '../../../stand-in/markdown';
import { internals, readCache, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

const BRIDGE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');
const NOTE = 'Notes/Plan.md';
const OLD_TEXT = '# Plan\n\nNothing to look at.\n';
const NEW_TEXT = '# Plan\n\nLook at this now #needs-review\n';

let started: Started | null = null;
afterEach(async () => {
	started?.app.metadataCache.release();
	await started?.app.metadataCache.settle();
	await stopPlugin(started);
	started = null;
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The plugin with a full write behind it (`pending: false`), and a re-read that never comes unless a test asks. */
async function startFresh(): Promise<Started> {
	const s = await startPlugin(tempVault({ [NOTE]: OLD_TEXT, 'Notes/Other.md': 'Other #needs-review\n' }));
	internals(s.plugin).sync.rereadAfterMs = 3_600_000;
	await internals(s.plugin).writer.flush();
	expect(readCache(s.pluginDir).plugin?.pending).toBe(false);
	return s;
}

/**
 * The note rewritten on disk with Obsidian's parse held back, and a later mtime for sure (the
 * whole-ms stamps of two quick writes can be equal). Returns the note's stat before.
 */
function changeLater(s: Started): fs.Stats {
	const file = path.join(s.base, NOTE);
	const before = fs.statSync(file);
	s.app.metadataCache.hold();
	fs.writeFileSync(file, NEW_TEXT);
	fs.utimesSync(file, before.atime, new Date(before.mtimeMs + 5000));
	s.app.vault.changeOnDisk(NOTE);
	return before;
}

/** The index file's row for a path: [path, mtime, size, flags]. */
function indexRow(s: Started, p: string): unknown[] | undefined {
	const cache = readCache(s.pluginDir);
	const index = asBriefIndex(JSON.parse(fs.readFileSync(path.join(s.pluginDir, INDEX_FILE), 'utf8')), cache.indexId);
	return index?.notes.find((r) => r[0] === p);
}

function flaggedInCache(s: Started): string[] {
	return readCache(s.pluginDir).brief.items.needsReview?.paths ?? [];
}

describe('a note changed on disk while Obsidian has not re-parsed it', () => {
	it('keeps the cache pending, with the row of the version its flags came from, until the re-parse of the new version arrives', async () => {
		started = await startFresh();
		const { app } = started;
		const { writer, sync } = internals(started.plugin);
		const oldStat = changeLater(started);
		// Longer than the write delay: a writer that took the modify for the change would have written by now.
		await sleep(WRITE_DELAY_MS + 400);
		await writer.idle();
		expect(sync.fresh).toBe(false);
		expect(readCache(started.pluginDir).plugin?.pending).toBe(true);
		expect(flaggedInCache(started)).not.toContain(NOTE);
		// The row says the version its flags are of, so the bridge's stat walk sees the change.
		expect(indexRow(started, NOTE)?.slice(1, 3)).toEqual([Math.trunc(oldStat.mtimeMs), oldStat.size]);

		app.metadataCache.release();
		await app.metadataCache.settle();
		await vi.waitFor(
			async () => {
				await writer.idle();
				expect(readCache(started?.pluginDir ?? '').plugin?.pending).toBe(false);
			},
			{ timeout: HANG_MS, interval: 100 },
		);
		expect(flaggedInCache(started)).toContain(NOTE);
		const now = fs.statSync(path.join(started.base, NOTE));
		expect(indexRow(started, NOTE)?.slice(1, 3)).toEqual([Math.trunc(now.mtimeMs), now.size]);
	});

	it('is served fresh by the bridge meanwhile: the pending cache is not tier 1, and its rows send the stat walk to the note', async () => {
		started = await startFresh();
		const { writer } = internals(started.plugin);
		changeLater(started);
		await sleep(WRITE_DELAY_MS + 400);
		await writer.idle();
		const report = JSON.parse(execFileSync(process.execPath, [BRIDGE, 'report', '--json', '--vault', started.base], { encoding: 'utf8' })) as { source: string; items: { needsReview: { paths: string[] } } };
		expect(report.items.needsReview.paths).toContain(NOTE);
		expect(report.source).not.toBe('cache');
	});

	it('an earlier version parsed late does not end the wait', async () => {
		started = await startFresh();
		const { app } = started;
		const { sync } = internals(started.plugin);
		app.metadataCache.hold();
		const file = app.vault.changeOnDisk(NOTE, NEW_TEXT);
		// Obsidian's parse of the version before (another length) arriving after the modify.
		app.metadataCache.trigger('changed', file, OLD_TEXT, parseNote(OLD_TEXT));
		await sleep(50);
		expect(sync.fresh).toBe(false);
		expect(sync.index.get(NOTE)?.flags?.needsReview ?? []).toEqual([]);
	});

	it('without a re-parse (a touch, or a parser far behind) the plugin reads the text itself after the bounded wait', async () => {
		started = await startFresh();
		const { app } = started;
		const { writer, sync } = internals(started.plugin);
		sync.rereadAfterMs = 100;
		app.metadataCache.hold();
		app.vault.changeOnDisk(NOTE, NEW_TEXT);
		expect(sync.fresh).toBe(false);
		await vi.waitFor(() => expect(sync.fresh).toBe(true), { timeout: HANG_MS, interval: 50 });
		expect(sync.index.get(NOTE)?.flags?.needsReview.length).toBe(1);
		await writer.flush();
		expect(readCache(started.pluginDir).plugin?.pending).toBe(false);
		expect(flaggedInCache(started)).toContain(NOTE);
	});

	it('the live channel reads the touched notes before it answers, never with an older version’s flags', async () => {
		started = await startFresh();
		const { app } = started;
		const { sync, service } = internals(started.plugin);
		app.metadataCache.hold();
		app.vault.changeOnDisk(NOTE, NEW_TEXT);
		expect(sync.fresh).toBe(false);
		const handlers = liveHandlers(service, sync, {} as RuleCheckRunner);
		const answer = (await handlers.brief()) as { brief: { items: { needsReview?: { paths: string[] } } } };
		expect(answer.brief.items.needsReview?.paths).toContain(NOTE);
		expect(sync.fresh).toBe(true);
	});

	it('a rename keeps a fresh entry fresh; a note created on disk is read at once from its text', async () => {
		started = await startFresh();
		const { app } = started;
		const { sync } = internals(started.plugin);
		app.metadataCache.hold();
		const file = app.vault.getFileByPath(NOTE);
		if (file === null) throw new Error('no note');
		await app.vault.rename(file, 'Notes/Plan renamed.md');
		expect(sync.fresh).toBe(true);
		fs.writeFileSync(path.join(started.base, 'Notes/New.md'), 'New one #needs-review\n');
		app.vault.syncFromDisk();
		await vi.waitFor(() => expect(sync.index.get('Notes/New.md')?.flags?.needsReview.length).toBe(1), { timeout: HANG_MS, interval: 50 });
		expect(sync.fresh).toBe(true);
	});
});
