/**
 * The live channel in the plugin: started once the index is built when the
 * setting is on, answering from the in-memory index (an edit shows in the next answer), with the
 * key the bridge expects; stopped (discovery file removed, port closed) on setting off and unload.
 */
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brief } from '../../../src/core/brief/brief';
import { readDiscovery } from '../../../src/node/live/discovery';
import { askLive } from '../../../src/node/live/client';
import type { LiveBrief, LiveCheck } from '../../../src/core/live-protocol';
import { FIXTURE } from '../fixture';
import { internals, readJson, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';
import { EXAMPLE_RAW } from '../../helpers/example-settings';
import { CHECK_COUNT } from '../../helpers/registries';

const BUNDLE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');
const run = promisify(execFile);

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function discovery(s: Started): string {
	return path.join(s.pluginDir, 'live.json');
}

/** The channel opens after the index is built, a few ticks after `startPlugin` returns. */
async function waitForFile(file: string, present = true): Promise<void> {
	for (let i = 0; i < 200 && fs.existsSync(file) !== present; i++) await new Promise((r) => setTimeout(r, 5));
	expect(fs.existsSync(file)).toBe(present);
}

async function brief(s: Started): Promise<LiveBrief> {
	const answer = await askLive(path.dirname(discovery(s)), discovery(s), 'brief', 2000);
	if (!answer.ok) throw new Error(`no live answer: ${answer.reason}`);
	return answer.result as LiveBrief;
}

function needsReview(b: LiveBrief): string[] {
	return (b.brief as Brief).items.needsReview?.paths ?? [];
}

describe('live channel in the plugin', () => {
	it('starts on load: a private discovery file, and the current brief under the cache writer\'s key', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await waitForFile(discovery(started));
		if (process.platform !== 'win32') expect(fs.statSync(discovery(started)).mode & 0o777).toBe(0o600);
		expect(readDiscovery(path.dirname(discovery(started)), discovery(started))).toMatchObject({ version: 1, pid: process.pid });
		const answer = await brief(started);
		expect(needsReview(answer)).toEqual(['Inbox/Deep/Article.md', 'Notes/Broken.md', 'Notes/Flagged.md', 'Notes/Inline.md']);
		await internals(started.plugin).writer.flush();
		const cache = readJson(path.join(started.pluginDir, 'brief-cache.json')) as { key: string; date: string };
		expect(answer.key).toBe(cache.key);
		expect(answer.date).toBe(cache.date);
		expect(answer.lang).toBe('en');
		expect(await askLive(path.dirname(discovery(started)), discovery(started), 'review', 2000)).toMatchObject({ ok: true, result: { key: cache.key } });
	});

	it('answers from the index: an edit is in the next answer without a file being read', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await waitForFile(discovery(started));
		expect(needsReview(await brief(started))).not.toContain('Notes/Plain.md');
		const file = started.app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await started.app.vault.modify(file, '# Plain\n\nNow #needs-review\n');
		await settle(started.app);
		const reads = started.app.vault.cachedReads;
		expect(needsReview(await brief(started))).toContain('Notes/Plain.md');
		expect(started.app.vault.cachedReads).toBe(reads);
	});

	it('is accepted by the bridge: report --source live answers with source live and the edit', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await waitForFile(discovery(started));
		const file = started.app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await started.app.vault.modify(file, '#needs-review\n');
		await settle(started.app);
		// Asynchronous: the server answers from this very process while the bridge waits.
		const { stdout } = await run(process.execPath, [BUNDLE, 'report', '--source', 'live', '--json', '--vault', started.base], { encoding: 'utf8' });
		const report = JSON.parse(stdout) as { source: string; items: { needsReview: { paths: string[] } } };
		expect(report.source).toBe('live');
		expect(report.items.needsReview.paths).toContain('Notes/Plain.md');
	});

	it('runs the built-in rule checks for `check`, never an external program', async () => {
		const external = { command: process.execPath, args: ['-e', 'require("fs").writeFileSync("ran.txt", "x")'] };
		started = await startPlugin(tempVault({ ...FIXTURE, 'CLAUDE.md': 'See [[Nowhere]].\n' }), { data: { ...EXAMPLE_RAW, externalCheck: external } });
		await waitForFile(discovery(started));
		const answer = await askLive(path.dirname(discovery(started)), discovery(started), 'check', 5000);
		if (!answer.ok) throw new Error(answer.reason);
		const check = answer.result as LiveCheck;
		expect(check.summary).toBe(`1 of the ${CHECK_COUNT} checks that ran found something: 1 error, 0 warnings.`);
		expect(check.checksRun).not.toContain('external');
		expect(check.external).toBe('skipped');
		expect(fs.existsSync(path.join(started.base, 'ran.txt'))).toBe(false);
	});

	it('answers `check` as the bridge\'s serve answers it on the same files', async () => {
		const files = { ...FIXTURE, 'CLAUDE.md': 'See [[Nowhere]] and [[Flagged]].\n', '.claude/skills/x/SKILL.md': '---\nname: y\ndescription: d\n---\n' };
		started = await startPlugin(tempVault(files));
		await waitForFile(discovery(started));
		const other = tempVault(files);
		const serve = spawn(process.execPath, [BUNDLE, 'serve', '--vault', other], { stdio: ['ignore', 'ignore', 'pipe'] });
		try {
			const served = path.join(other, '.obsidian', 'plugins', 'session-brief', 'live.json');
			await waitForFile(served);
			const [fromPlugin, fromServe] = await Promise.all([askLive(path.dirname(discovery(started)), discovery(started), 'check', 5000), askLive(path.dirname(served), served, 'check', 5000)]);
			if (!fromPlugin.ok || !fromServe.ok) throw new Error(`no answer: ${JSON.stringify([fromPlugin, fromServe])}`);
			const a = fromPlugin.result as LiveCheck;
			const b = fromServe.result as LiveCheck;
			expect(a.findings.length).toBe(2);
			expect(b.findings).toEqual(a.findings);
			expect(b.summary).toBe(a.summary);
			expect(b.checksRun).toEqual(a.checksRun);
		} finally {
			serve.kill('SIGTERM');
			await new Promise((r) => serve.once('exit', r));
			fs.rmSync(other, { recursive: true, force: true, maxRetries: 30 });
		}
	});

	it('stops when the setting goes off (file removed, port closed) and starts afresh when it comes back', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const file = discovery(started);
		await waitForFile(file);
		const first = readDiscovery(path.dirname(file), file);
		await started.plugin.updateSettings({ ...started.plugin.settings, liveChannel: false });
		expect(fs.existsSync(file)).toBe(false);
		fs.writeFileSync(file, JSON.stringify(first));
		// The old port no longer answers, even to the old token.
		expect((await askLive(path.dirname(file), file, 'ping', 1000)).ok).toBe(false);
		fs.rmSync(file);
		await started.plugin.updateSettings({ ...started.plugin.settings, liveChannel: true });
		await waitForFile(file);
		expect(readDiscovery(path.dirname(file), file)?.token).not.toBe(first?.token);
		expect((await askLive(path.dirname(file), file, 'ping', 1000)).ok).toBe(true);
	});

	it('stops on unload: the discovery file goes at once and the port closes', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const file = discovery(started);
		await waitForFile(file);
		const before = readDiscovery(path.dirname(file), file);
		started.plugin.unload();
		// Removed synchronously: Obsidian does not wait for a plugin's unload.
		expect(fs.existsSync(file)).toBe(false);
		fs.writeFileSync(file, JSON.stringify(before));
		expect((await askLive(path.dirname(file), file, 'ping', 1000)).ok).toBe(false);
	});

	it('does not start when the setting is off, or where the vault is no folder on disk', async () => {
		started = await startPlugin(tempVault(FIXTURE), { data: { liveChannel: false } });
		await settle(started.app, 10);
		expect(fs.existsSync(discovery(started))).toBe(false);
		await stopPlugin(started);
		started = await startPlugin(tempVault(FIXTURE), { plainAdapter: true });
		await settle(started.app, 10);
		expect(fs.existsSync(discovery(started))).toBe(false);
	});
});
