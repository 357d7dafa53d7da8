// The child side of bench/plugin-main-thread.ts: the whole plugin (main.ts) in one process against
// the test stand-in, on one thread as Obsidian's renderer runs it, so every synchronous task is time
// the app cannot draw (the modes: docs/bench/README.md, "The plugin on Obsidian's main thread").
//
//   node <bundle> '<options as JSON>'
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { installDom } from './lib/dom';
import { appendJournal } from '../src/node/journal/agent-journal';
import { encodeRecord, type JournalRecord } from '../src/core/trail/agent-journal';
import { Journal, restoreJournal } from './lib/journal';
import { median } from './lib/stats';

export interface MainThreadOptions {
	mode: 'onload' | 'index';
	root: string;
	n: number;
	out: string;
	/** onload: timed runs per plugin after one untimed run of each. */
	runs: number;
	/** index: notes edited in the burst, and the time between two edits. */
	edits: number;
	editGapMs: number;
	/** index: bytes of journal records in place before the burst (a journal near its compaction). */
	journalBytes: number;
}

export interface LagTrace {
	/** The longest gap between two turns of the probe, ms: the longest synchronous task. */
	maxMs: number;
	/** The 99th percentile of the gaps, ms. */
	p99Ms: number;
	turns: number;
	wallMs: number;
}

export interface OnloadResult {
	mode: 'onload';
	/** Medians over the timed runs, ms. */
	ours: { syncMs: number; wholeMs: number; firstSyncMs: number; firstWholeMs: number };
	floor: { syncMs: number; wholeMs: number; firstSyncMs: number; firstWholeMs: number };
	runs: number;
}

export interface IndexResult {
	mode: 'index';
	n: number;
	markdownFiles: number;
	indexed: number;
	/** Median of the floor runs, ms. */
	floorMs: number;
	firstPass: { ms: number; lag: LagTrace };
	/** Null when no burst was asked for (`edits` 0). */
	burst: { edits: number; floorBefore: LagTrace; plugin: LagTrace; floorAfter: LagTrace; cacheWrites: number; journalBytesAtStart: number } | null;
}


/**
 * Records the gap between consecutive turns of the event loop (a `setImmediate` chain) until
 * stopped: any task longer than a turn's own cost shows as one long gap.
 */
function lagProbe(): { stop: () => LagTrace } {
	const gaps: number[] = [];
	let last = performance.now();
	const t0 = last;
	let running = true;
	const turn = (): void => {
		const now = performance.now();
		gaps.push(now - last);
		last = now;
		if (running) setImmediate(turn);
	};
	setImmediate(turn);
	return {
		stop: () => {
			running = false;
			const wallMs = performance.now() - t0;
			const s = [...gaps].sort((a, b) => a - b);
			return { maxMs: s[s.length - 1] ?? 0, p99Ms: s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] ?? 0, turns: s.length, wallMs };
		},
	};
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const MANIFEST = { id: 'session-brief', name: 'Session Brief', version: '0.1.0', minAppVersion: '1.9.0', description: 'bench', author: 'bench' };

async function main(): Promise<void> {
	const opts = JSON.parse(process.argv[2] ?? '{}') as MainThreadOptions;
	installDom();
	const stub = await import('../stand-in/obsidian');
	// The stand-in puts Obsidian's global helpers on `window`, which is the global object only in a browser.
	const g = globalThis as unknown as Record<string, unknown>;
	const w = g.window as Record<string, unknown>;
	for (const name of ['createEl', 'createDiv', 'createSpan', 'createFragment', 'activeDocument', 'activeWindow']) g[name] = w[name];
	const { default: SessionBriefPlugin } = await import('../main');
	type Loaded = { onload(): Promise<void>; unload(): void };
	type PluginClass = new (app: unknown, manifest: unknown) => Loaded;

	/** The floor plugin: what any plugin with a view, a command and settings does in `onload`. */
	class MinimalPlugin extends stub.Plugin {
		async onload(): Promise<void> {
			this.registerView('bench-minimal', (leaf) => new (class extends stub.ItemView {
				getViewType(): string {
					return 'bench-minimal';
				}
				getDisplayText(): string {
					return 'Minimal';
				}
			})(leaf));
			this.addCommand({ id: 'bench-minimal', name: 'Minimal', callback: () => undefined });
			this.addSettingTab(
				new (class extends stub.PluginSettingTab {
					display(): void {
						this.containerEl.createEl('p', { text: 'Minimal' });
					}
				})(this.app, this),
			);
			await this.loadData();
		}
	}

	if (opts.mode === 'onload') {
		const times: Record<'ours' | 'floor', Array<{ sync: number; whole: number }>> = { ours: [], floor: [] };
		for (let r = 0; r < opts.runs + 1; r++) {
			const order: Array<'ours' | 'floor'> = r % 2 === 0 ? ['floor', 'ours'] : ['ours', 'floor'];
			for (const which of order) {
				const app = stub.App.create(opts.root);
				app.metadataCache.primeAll();
				const Class = (which === 'ours' ? SessionBriefPlugin : MinimalPlugin) as unknown as PluginClass;
				const plugin = new Class(app, MANIFEST);
				const t = performance.now();
				const loading = plugin.onload();
				const sync = performance.now() - t;
				await loading;
				const whole = performance.now() - t;
				times[which].push({ sync, whole });
				plugin.unload();
				// What unload leaves queued (the cache writer's last write) ends before the next run.
				await sleep(20);
			}
		}
		const pick = (xs: Array<{ sync: number; whole: number }>): OnloadResult['ours'] => ({
			syncMs: median(xs.slice(1).map((x) => x.sync)),
			wholeMs: median(xs.slice(1).map((x) => x.whole)),
			firstSyncMs: xs[0]!.sync,
			firstWholeMs: xs[0]!.whole,
		});
		const result: OnloadResult = { mode: 'onload', ours: pick(times.ours), floor: pick(times.floor), runs: opts.runs };
		fs.writeFileSync(opts.out, JSON.stringify(result));
		return;
	}

	const { root, n } = opts;
	const pluginDir = path.join(root, '.obsidian', 'plugins', MANIFEST.id);
	fs.mkdirSync(pluginDir, { recursive: true });
	// An existing install with the default settings (no first-run setup offered).
	if (!fs.existsSync(path.join(pluginDir, 'data.json'))) fs.writeFileSync(path.join(pluginDir, 'data.json'), '{}');
	const journalFile = path.join(pluginDir, 'agent-changes.jsonl');
	const app = stub.App.create(root);
	app.metadataCache.primeAll();
	const files = app.vault.getMarkdownFiles();

	// (b) The floor: every note's metadata asked for and kept, with nothing of ours.
	const floorRuns: number[] = [];
	for (let r = 0; r < 5; r++) {
		const t = performance.now();
		const kept = new Map<string, unknown>();
		for (const f of files) kept.set(f.path, app.metadataCache.getFileCache(f));
		floorRuns.push(performance.now() - t);
		if (kept.size !== files.length) throw new Error('the floor kept fewer notes than the vault has');
	}

	// A journal as a busy week of agents leaves it, just short of its compaction, written as hooks write it.
	const now = Date.now();
	const record = (i: number, at: number): JournalRecord => ({ path: files[i % files.length]!.path, tool: 'Edit', session: `bench-session-${i % 40}`, at: new Date(at).toISOString() });
	{
		const lines: string[] = [];
		for (let i = 0, bytes = 0; bytes < opts.journalBytes; i++) {
			const line = encodeRecord(record(i * 7919, now - 20 * 86_400_000 + i * 1000)) ?? '';
			lines.push(line);
			bytes += Buffer.byteLength(line);
		}
		fs.writeFileSync(journalFile, lines.join(''));
	}
	const journalBytesAtStart = fs.statSync(journalFile).size;

	const plugin = new (SessionBriefPlugin as unknown as PluginClass)(app, MANIFEST);
	const internals = plugin as unknown as { sync: { whenBuilt(): Promise<void>; whenReady(): Promise<void>; index: { size: number } }; desktop: { writer: { fullWrites: number; idle(): Promise<void> } } | null };
	await plugin.onload();

	// (b) The first pass: from layout ready (Obsidian's restored cache is current) to the built index,
	// with the start that runs there first (settings, desktop parts).
	const probe = lagProbe();
	const t = performance.now();
	app.workspace.setLayoutReady();
	app.metadataCache.trigger('resolved');
	await (plugin as unknown as { started: Promise<void> }).started;
	await internals.sync.whenBuilt();
	const firstPassMs = performance.now() - t;
	const firstPassLag = probe.stop();
	await internals.sync.whenReady();
	await sleep(1500);
	await internals.desktop?.writer.idle();

	const agentBurst = async (): Promise<NonNullable<IndexResult['burst']>> => {
		// (c) The burst: each edit a hook's journal append, then the note written through the vault
		// (its `modify` event, then the metadata cache's `changed` after its parse).
		const backup = new Journal(root);
		let next = 0;
		const burst = async (): Promise<LagTrace> => {
			const p = lagProbe();
			for (let i = 0; i < opts.edits; i++) {
				const file = files[(next++ * 104729) % files.length]!;
				backup.backup(file.path);
				await appendJournal(root, pluginDir, record(next, Date.now()), new Date());
				await app.vault.modify(file, `${app.vault.readSync(file)}\nAgent edit ${next} #needs-review\n`);
				await sleep(opts.editGapMs);
			}
			// Long enough for the last debounced cache write and the journal's poll.
			await sleep(2500);
			await app.metadataCache.settle();
			return p.stop();
		};
		// Floor before: the plugin is not loaded (unloaded after its first pass, its last write done).
		await sleep(200);
		const floorBefore = await burst();
		// The plugin loaded again, its index built, then the burst.
		const loaded = new (SessionBriefPlugin as unknown as PluginClass)(app, MANIFEST);
		const li = loaded as unknown as typeof internals;
		await loaded.onload();
		await li.sync.whenReady();
		await sleep(1500);
		await li.desktop?.writer.idle();
		const writesBefore = li.desktop?.writer.fullWrites ?? 0;
		const pluginLag = await burst();
		const cacheWrites = (li.desktop?.writer.fullWrites ?? 0) - writesBefore;
		loaded.unload();
		await li.desktop?.writer.idle();
		await sleep(200);
		const floorAfter = await burst();
		backup.close();
		return { edits: opts.edits, floorBefore, plugin: pluginLag, floorAfter, cacheWrites, journalBytesAtStart };
	};
	const indexedAtFirstPass = internals.sync.index.size;
	plugin.unload();
	await internals.desktop?.writer.idle();
	const result: IndexResult = {
		mode: 'index',
		n,
		markdownFiles: files.length,
		indexed: indexedAtFirstPass,
		floorMs: median(floorRuns),
		firstPass: { ms: firstPassMs, lag: firstPassLag },
		burst: opts.edits > 0 ? await agentBurst() : null,
	};
	fs.writeFileSync(opts.out, JSON.stringify(result));
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		try {
			const opts = JSON.parse(process.argv[2] ?? '{}') as Partial<MainThreadOptions>;
			if (opts.mode === 'index' && opts.root !== undefined) restoreJournal(opts.root);
		} catch (e) {
			process.stderr.write(`restoring the vault failed too: ${e instanceof Error ? e.stack : String(e)}\n`);
		}
		process.exit(1);
	},
);
