/**
 * The status bar shows the words the agent's status line shows: the same count to review (the
 * plugin's note index against the count the cache carries for the bridge), the agent changes and
 * the last rule check as recorded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE } from '../fixture';
import { internals, readCache, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';
import { hookScript, placeBridge, run } from '../../helpers/bridge';
import { POLL_MS } from '../../../src/plugin/review/agent-changes';
import { HANG_MS } from '../../helpers/patience';

let started: Started | null = null;
afterEach(async () => {
	vi.useRealTimers();
	await stopPlugin(started);
	started = null;
});

const bar = (s: Started): HTMLElement => {
	const el = s.stub.statusBarItems.find((e) => e.hasClass('session-brief-status'));
	if (el === undefined) throw new Error('no status bar item');
	return el;
};

function agentLine(s: Started): string {
	const r = run(hookScript(s.base), ['statusline', '--no-color'], '{}', { env: { ...process.env } });
	expect(r.status).toBe(0);
	return r.stdout.toString();
}

describe('status bar words', () => {
	it('are the words of the agent\'s status line, from the cache the plugin keeps', async () => {
		const base = tempVault(FIXTURE);
		placeBridge(path.join(base, '.claude', 'hooks'));
		started = await startPlugin(base);
		const { writer } = internals(started.plugin);
		await settle(started.app);
		await new Promise((r) => setTimeout(r, 1200));
		await writer.idle();
		expect(readCache(started.pluginDir).toReview).toBe(7);
		expect(bar(started).textContent).toBe('7 to review');
		// The plugin (this process) keeps the cache, so the agent's line is not stale.
		expect(agentLine(started)).toBe(`vault: ${bar(started).textContent}\n`);
	}, HANG_MS);

	it('follow the last rule check as the bridge records it', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await settle(started.app);
		const record = (findings: { check: string; path: string; message: string }[]): void =>
			fs.writeFileSync(path.join(started!.pluginDir, 'last-check.json'), JSON.stringify({ schema: 1, writtenAt: new Date().toISOString(), lang: 'en', complete: true, findings }));
		record([
			{ check: 'broken-link', path: 'CLAUDE.md', message: 'a' },
			{ check: 'broken-link', path: 'CLAUDE.md', message: 'b' },
		]);
		await new Promise((r) => setTimeout(r, POLL_MS + 500));
		expect(bar(started).textContent).toBe('7 to review · rules: 2 broken links');
		record([]);
		await new Promise((r) => setTimeout(r, POLL_MS + 500));
		expect(bar(started).textContent).toBe('7 to review · rules ok');
		fs.writeFileSync(path.join(started.pluginDir, 'last-check.json'), '{"schema":1,"lang":"en","complete":true,"findings":[{"check":"x\\n"}]}');
		await new Promise((r) => setTimeout(r, POLL_MS + 500));
		expect(bar(started).textContent).toBe('7 to review');
	}, HANG_MS);
});
