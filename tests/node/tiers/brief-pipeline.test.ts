import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brief } from '../../../src/core/brief/brief';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { getBrief, runTiers, startRun, tiersFor, type PipelineRun, type Tier } from '../../../src/node/tiers/brief-pipeline';
import type { VaultContext } from '../../../src/node/vault-config';

const NOW = new Date(2026, 10, 29, 10, 0, 0);
const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function context(pluginDir: string | null, warnings: string[] = []): VaultContext {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-pipeline-'));
	dirs.push(root);
	return { root, configDir: null, pluginDir, settings: DEFAULT_SETTINGS, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, lang: 'en', key: 'k', warnings };
}

const brief = { date: '2026-11-29', weekday: 0, items: {}, errors: [] } as unknown as Brief;
const says = (reason: string): Tier => ({ name: reason, run: () => ({ reason }) });
const skips: Tier = { name: 'skips', run: () => null };
const serves = (notes: string[] = []): Tier => ({ name: 'serves', run: () => ({ brief, source: 'scan', generatedAt: 1, notesRead: 0, cache: null, notes }) });
const fails: Tier = {
	name: 'fails',
	run: () => {
		throw new Error('a tier after the answer must not run');
	},
};

describe('the brief pipeline', () => {
	it('serves the first brief and makes its source note from the warnings, the cache verdict and the reasons before it', async () => {
		const run: PipelineRun = startRun(context(null, ['bad data.json']), 'auto', NOW, false);
		expect(run.cache.reason).toBe('no Obsidian config folder found, so no cache');
		const { sourced, reasons } = await runTiers(run, [says('tier a: no'), skips, says('tier b: no'), serves(['own note']), fails]);
		expect(sourced?.notes).toEqual(['bad data.json', 'no Obsidian config folder found, so no cache', 'tier a: no', 'tier b: no', 'own note']);
		expect(reasons).toEqual(['no Obsidian config folder found, so no cache', 'tier a: no', 'tier b: no']);
	});

	it('returns every reason when no tier serves, and does not look at the cache for a forced scan or live answer', async () => {
		expect((await runTiers(startRun(context(null), 'cache', NOW, true), [says('x')])).sourced).toBeNull();
		expect(startRun(context(null), 'scan', NOW, true).cache).toEqual({ read: null, usable: null, reason: null, rejected: [] });
		expect(startRun(context(null), 'live', NOW, true).cache.reason).toBeNull();
	});

	it('orders the tiers per choice, cheapest first, and never asks the live channel from serve', () => {
		const names = (c: Parameters<typeof tiersFor>[0]) => tiersFor(c).map((t) => t.name);
		expect(names('auto')).toEqual(['plugin', 'live', 'verified cache', 'scan']);
		expect(names('cache')).toEqual(['plugin', 'verified cache']);
		expect(names('local')).toEqual(['plugin', 'verified cache', 'scan']);
		expect(names('scan')).toEqual(['scan']);
		expect(names('live')).toEqual(['live']);
	});

	it('says why there is no current cache when only the cache may answer', async () => {
		const ctx = context(null, ['w']);
		ctx.pluginDir = path.join(ctx.root, 'plugin');
		fs.mkdirSync(ctx.pluginDir);
		await expect(getBrief(ctx, 'cache', NOW)).rejects.toThrow('w; no readable cache');
	});
});
