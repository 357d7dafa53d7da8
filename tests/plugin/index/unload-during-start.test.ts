/**
 * Nothing outlives the plugin: unloaded at any point of its start (before layout ready, while the
 * settings, the desktop parts or the first pass are awaited, while the live channel opens), it leaves
 * no server, no `live.json`, no timer and no write behind. The start is stepped one event-loop turn
 * at a time; a dry run counts the turns until it is done, so every await point is crossed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DISCOVERY_FILE } from '../../../src/core/live-protocol';
import SessionBriefPlugin from '../../../main';
import { App, type Plugin as StubPlugin } from '../../../stand-in/obsidian';
import { HANG_MS } from '../../helpers/patience';
import { FIXTURE } from '../fixture';
import { internals, MANIFEST, resetStandIn, tempVault } from '../harness';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
// The test's own waits use the timer functions as they were before any TimerWatch replaced them.
const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

const TIMER_KEYS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] as const;

/** The window timers the plugin's code holds: those set and neither fired (timeouts) nor cleared. */
class TimerWatch {
	readonly live = new Set<number>();
	/** Set after `mark()`: a timer made by code that ran after the unload. */
	madeAfterMark = 0;
	private marked = false;
	private readonly saved = {
		setTimeout: window.setTimeout.bind(window),
		setInterval: window.setInterval.bind(window),
		clearTimeout: window.clearTimeout.bind(window),
		clearInterval: window.clearInterval.bind(window),
	};
	private readonly descriptors = TIMER_KEYS.map((k) => [k, Object.getOwnPropertyDescriptor(window, k)] as const);

	install(): void {
		const { saved, live } = this;
		const made = (id: number): number => {
			live.add(id);
			if (this.marked) this.madeAfterMark++;
			return id;
		};
		window.setTimeout = ((fn: () => void, ms?: number) => {
			const id = saved.setTimeout(() => {
				live.delete(id);
				fn();
			}, ms);
			return made(id);
		}) as typeof window.setTimeout;
		window.setInterval = ((fn: () => void, ms?: number) => made(saved.setInterval(fn, ms))) as typeof window.setInterval;
		window.clearTimeout = ((id?: number) => {
			if (id !== undefined) live.delete(id);
			saved.clearTimeout(id);
		}) as typeof window.clearTimeout;
		window.clearInterval = ((id?: number) => {
			if (id !== undefined) live.delete(id);
			saved.clearInterval(id);
		}) as typeof window.clearInterval;
	}

	mark(): void {
		this.marked = true;
	}

	uninstall(): void {
		for (const [key, descriptor] of this.descriptors) {
			if (descriptor !== undefined) Object.defineProperty(window, key, descriptor);
			else delete (window as unknown as Record<string, unknown>)[key];
		}
	}
}

/** Every file under the plugin's folder with its size and bytes: a write anywhere there changes it. */
function snapshot(dir: string): string {
	const out: string[] = [];
	const walk = (d: string): void => {
		for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(d, e.name);
			if (e.isDirectory()) walk(full);
			else out.push(`${path.relative(dir, full)} ${fs.readFileSync(full).toString('base64')}`);
		}
	};
	walk(dir);
	return out.join('\n');
}

const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

interface Run {
	base: string;
	app: App;
	plugin: SessionBriefPlugin;
	pluginDir: string;
}

function begin(): Run {
	const base = tempVault(FIXTURE);
	const pluginDir = path.join(base, '.obsidian', 'plugins', MANIFEST.id);
	fs.writeFileSync(path.join(pluginDir, 'data.json'), JSON.stringify({ liveChannel: true }));
	const app = App.create(base);
	app.metadataCache.primeAll();
	const plugin = new SessionBriefPlugin(app as never, MANIFEST);
	(plugin as unknown as StubPlugin).loaded = true;
	void plugin.onload();
	app.workspace.setLayoutReady();
	app.metadataCache.trigger('resolved');
	return { base, app, plugin, pluginDir };
}

/** The start is done: the index ready and the live channel open. */
function done(run: Run): boolean {
	const { desktop, sync } = internals(run.plugin);
	return sync.ready && desktop !== null && desktop.live.running;
}

let watch: TimerWatch | null = null;
afterEach(() => {
	watch?.uninstall();
	watch = null;
	resetStandIn();
});

describe('unloaded during its start', () => {
	it('leaves no server, no live.json, no timer and no write behind, at every turn of the start', async () => {
		const baseline = servers();
		// The dry run: how many turns the whole start takes here, with its first full write.
		const dry = begin();
		internals(dry.plugin).sync.startupFallbackMs = 60_000;
		let turns = 0;
		const deadline = Date.now() + HANG_MS;
		while (!done(dry) && Date.now() < deadline) {
			await turn();
			turns++;
		}
		expect(done(dry)).toBe(true);
		dry.plugin.unload();
		await internals(dry.plugin).desktop?.writer.idle();
		await sleep(50);
		expect(servers()).toBe(baseline);
		fs.rmSync(dry.base, { recursive: true, force: true, maxRetries: 30 });

		const steps = [...new Set([0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, ...Array.from({ length: 12 }, (_, i) => Math.round(((i + 1) * turns) / 12)), turns + 2])].sort((a, b) => a - b);
		for (const k of steps) {
			watch = new TimerWatch();
			watch.install();
			const run = begin();
			for (let i = 0; i < k; i++) await turn();
			run.plugin.unload();
			watch.mark();
			// What the unload itself writes (the cache marked pending) lands first.
			await internals(run.plugin).desktop?.writer.idle();
			await sleep(20);
			const after = snapshot(run.pluginDir);
			// Everything the start had under way runs out: the rest of the start, parses, fs callbacks.
			await run.plugin.started;
			await run.app.metadataCache.settle();
			for (let i = 0; i < 20; i++) await turn();
			await sleep(200);
			await internals(run.plugin).desktop?.writer.idle();
			const label = `unloaded after ${k} of ${turns} turns`;
			expect(fs.existsSync(path.join(run.pluginDir, DISCOVERY_FILE)), label).toBe(false);
			expect(internals(run.plugin).desktop?.live.running ?? false, label).toBe(false);
			expect(servers(), label).toBe(baseline);
			expect(watch.madeAfterMark, label).toBe(0);
			expect([...watch.live], label).toEqual([]);
			expect(snapshot(run.pluginDir), label).toBe(after);
			watch.uninstall();
			watch = null;
			fs.rmSync(run.base, { recursive: true, force: true, maxRetries: 30 });
		}
	}, 240_000);
});
