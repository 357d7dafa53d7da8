/**
 * `serve` claims the cache file with a fresh agent changes summary (src/node/tiers/serve-cache.ts), so a
 * hook answers `agentChanges` from it even when serve's rebuild was a verification that rewrote
 * nothing; a pending mark leaves the summary as it was.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentChangesSummary } from '../../src/core/trail/agent-summary';
import type { BriefCache } from '../../src/core/brief/cache-format';
import type { SourcedBrief } from '../../src/node/tiers/plugin-tier';
import { ServeCache } from '../../src/node/tiers/serve-cache';
import { hookScript, makeVault, run } from '../helpers/bridge';

const vaults: string[] = [];
afterAll(() => {
	for (const v of vaults) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

const SUMMARY: AgentChangesSummary = { journal: null, lastLine: null, marks: null, records: 0, count: 2, paths: ['Notes/a.md', 'Notes/b.md'], expires: null };

describe('serve-cache: the summary stored when serve claims the file', () => {
	it('claims with the summary it makes now; a pending mark keeps the stored one', async () => {
		const v = makeVault({ 'Notes/a.md': 'a\n', 'Notes/b.md': 'b\n' });
		vaults.push(v);
		expect(run(hookScript(v), ['report', '--json', '--source', 'scan'], '').status).toBe(0);
		const dir = path.join(v, '.obsidian', 'plugins', 'session-brief');
		const read = (): BriefCache => JSON.parse(fs.readFileSync(path.join(dir, 'brief-cache.json'), 'utf8')) as BriefCache;
		const written = read();
		const serve = new ServeCache(dir, dir, written.key, () => Promise.resolve({ brief: written.brief } as SourcedBrief), () => new Date(), 10);
		let made = 0;
		serve.summarize = () => {
			made++;
			return SUMMARY;
		};
		await serve.flush();
		expect(serve.lastError).toBeNull();
		expect(read().plugin).toMatchObject({ pid: process.pid, pending: false });
		expect(read().agentChanges).toEqual(SUMMARY);
		expect(made).toBe(1);
		await serve.stop();
		expect(read().plugin?.pending).toBe(true);
		expect(read().agentChanges).toEqual(SUMMARY);
		expect(made).toBe(1);
	});
});
