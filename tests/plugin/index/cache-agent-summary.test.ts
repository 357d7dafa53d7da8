/**
 * The plugin's cache writer stores the unreviewed agent changes summary and the capped news
 * answers (docs/cache-format.md), and writes the summary again when the journal or the marks
 * change while Obsidian runs, so the hook keeps answering from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE } from '../../../src/core/trail/agent-journal';
import { isCountedNote } from '../../../src/core/notes/paths';
import { REVIEW_FILE, SESSION_STARTS_FILE } from '../../../src/core/trail/what-changed';
import { agentChangesFromSummary } from '../../../src/node/journal/agent-summary';
import { FIXTURE } from '../fixture';
import { internals, startPlugin, stopPlugin, tempVault, readCache, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('cache writer: agent changes summary and news', () => {
	it('stores the summary of the journal and the marks, and writes it again when they change', async () => {
		const now = new Date();
		const at = (minutes: number): string => new Date(now.getTime() - minutes * 60_000).toISOString();
		const vault = tempVault(FIXTURE);
		const notes = Object.keys(FIXTURE).filter((p) => p.endsWith('.md') && !p.startsWith('.'));
		const dir = path.join(vault, '.obsidian', 'plugins', 'session-brief');
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(path.join(dir, JOURNAL_FILE), notes.map((p, i) => encodeRecord({ path: p, tool: 'Edit', session: 's1', at: at(30 - i) }) ?? '').join(''));
		fs.writeFileSync(path.join(dir, SESSION_STARTS_FILE), JSON.stringify({ previous: null, current: at(600) }));
		started = await startPlugin(vault);
		const { writer, service } = internals(started.plugin);
		await writer.flush();
		const cache = readCache(started.pluginDir);
		const excludedRootFolders = service.settings.excludedRootFolders;
		const counted = notes.filter((p) => isCountedNote(p, excludedRootFolders));
		expect(counted.length).toBeGreaterThan(3);
		const place = { root: started.base, pluginDir: started.pluginDir, excludedRootFolders };
		expect(cache.agentChanges).toMatchObject({ count: counted.length, marks: null });
		expect(cache.agentChanges?.paths.length).toBe(Math.min(counted.length, cache.namesPerItem));
		expect(agentChangesFromSummary(place, cache.agentChanges!, new Date(), cache.namesPerItem)?.count).toBe(counted.length);
		expect(cache.news?.[0]?.since).toBe(at(600));

		// The human marks everything reviewed: the stored summary no longer answers until it is written again.
		fs.writeFileSync(path.join(started.pluginDir, REVIEW_FILE), JSON.stringify({ all: now.toISOString() }));
		expect(agentChangesFromSummary(place, readCache(started.pluginDir).agentChanges!, new Date(), cache.namesPerItem)).toBeNull();
		await writer.agentChangesChanged();
		const after = readCache(started.pluginDir);
		expect(after.indexId).toBe(cache.indexId);
		expect(after.plugin).toEqual(cache.plugin);
		expect(after.agentChanges).toMatchObject({ count: 0, paths: [] });
		expect(agentChangesFromSummary(place, after.agentChanges!, new Date(), cache.namesPerItem)).toEqual({ count: 0, paths: [] });
	});
});
