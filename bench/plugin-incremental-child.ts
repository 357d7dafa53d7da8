// The child side of bench/plugin-incremental.ts: one vault, in one `node --expose-gc` process.
// The parent bundles this file with esbuild (`obsidian` aliased to the test stand-in, which is the
// Obsidian API outside Obsidian), runs it with the options as JSON in argv[2], and reads the result
// file it writes. The plugin's index pieces are used as main.ts wires them, without the UI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LIST_ITEM_TABLE } from '../src/core/brief/brief-items';
import { resolveSettings, type Settings } from '../src/core/settings';
import { BriefService, CHANGED } from '../src/plugin/index/brief-service';
import { NoteIndex } from '../src/plugin/index/note-index';
import { IndexSync } from '../src/plugin/index/index-sync';
import { App, Plugin, type TFile } from '../stand-in/obsidian';
import { Journal, restoreJournal } from './lib/journal';
import { mulberry32 } from './lib/rng';
import { median, summary, type Summary } from './lib/stats';

export interface ChildOptions {
	root: string;
	n: number;
	updates: number;
	warmup: number;
	briefUpdates: number;
	briefWarmup: number;
	moves: number;
	/** Renames (each there and back) timed with the caches flushed before each. */
	coldMoves: number;
	moveWarmup: number;
	seed: number;
	out: string;
}

/** What the child writes (the parent passes it on to results.json as `raw.plugin[n]`). */
export interface PluginBenchResult {
	n: number;
	setup: { standInLoadMs: number; markdownFiles: number; firstPassMs: number; firstBriefMs: number; relevantNotes: number; items: Record<string, number | null> };
	memory: { standInBytes: number; indexBytes: number; indexPeakBytes: number; notes: number; bytesPerNote: number; peakBytesPerNote: number; heapUsedAfter: number };
	change: Record<'indexMs' | 'endToEndMs', Summary>;
	changeWithBrief: Record<'indexMs' | 'briefMs' | 'indexAndBriefMs' | 'statusCountMs', Summary>;
	rename: Record<'indexMs' | 'endToEndMs', Summary>;
	/** Renames with the CPU caches flushed before each (`FLUSH_BYTES` written): the work, apart from cache state. */
	renameCold: Record<'indexMs' | 'endToEndMs', Summary>;
	deleteCreate: Record<'deleteIndexMs' | 'createIndexMs' | 'indexMs' | 'endToEndMs', Summary>;
	checks: {
		changeReflected: string;
		changeNotReflected: { path: string; hitsBefore: number; hitsAfter: number | null; sameMtime: boolean }[];
		fileReadsDuringChanges: number;
		renameReflected: string;
		deleteCreateSameFlags: string;
		indexSizeAtEnd: number;
		indexSizeUnchanged: boolean;
		/** The status bar's count as the index keeps it per change, and as counted from its sets at the end. */
		reviewCount: { kept: number; counted: number };
	};
	/**
	 * The same NoteIndex operations in a tight loop on random notes, in this index (N notes) and in
	 * an index of `smallNotes` of the same notes built in the same process: ns per operation, median
	 * of the rounds. What differs between the two is the size of the hash tables alone.
	 */
	probe: { smallNotes: number; getNs: { index: number; small: number }; renameNs: { index: number; small: number } };
	restoredNotes: number;
}

interface Waiter {
	path: string;
	brief?: boolean;
	done: () => boolean;
	resolve: () => void;
	t0: number;
	tEvent?: number;
	tIndex: number;
	tBrief: number;
	tCount: number;
	reviewCount?: number;
}

/** Larger than the last-level cache of the machines the bench runs on (a few MB to 32 MB). */
const FLUSH_BYTES = 64 * 2 ** 20;

function heap(): number {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc === undefined) throw new Error('the plugin bench child needs `node --expose-gc`');
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

function summaries<K extends string>(lists: Record<K, number[]>): Record<K, Summary> {
	return Object.fromEntries(Object.entries<number[]>(lists).map(([k, v]) => [k, summary(v)])) as Record<K, Summary>;
}

async function child(opts: ChildOptions): Promise<void> {
	const { root, n, updates, warmup, briefUpdates, briefWarmup, moves, coldMoves, moveWarmup, seed, out } = opts;
	// IndexSync uses `window.setTimeout`; set after loading so the stand-in does not patch a DOM.
	(globalThis as { window?: unknown }).window = globalThis;
	const now = (): number => performance.now();
	const setup: Partial<PluginBenchResult['setup']> = {};
	const memory: Partial<PluginBenchResult['memory']> = {};

	// 1. Setup: the stand-in loads the vault and parses every note (Obsidian's restored cache).
	const h0 = heap();
	let t = now();
	const app = App.create(root);
	app.metadataCache.primeAll();
	setup.standInLoadMs = now() - t;
	setup.markdownFiles = app.vault.getMarkdownFiles().length;
	const h1 = heap();
	memory.standInBytes = h1 - h0;

	let settingsRaw: unknown;
	try {
		settingsRaw = JSON.parse(fs.readFileSync(path.join(root, '.obsidian', 'plugins', 'session-brief', 'data.json'), 'utf8')) as unknown;
	} catch {
		settingsRaw = undefined;
	}
	const settings = resolveSettings(settingsRaw);
	const plugin = new Plugin(app, { id: 'session-brief', name: 'Session Brief', version: '0', minAppVersion: '0', description: '', author: '' });

	// The waiter: what the current timed operation waits for, and its timestamps.
	let waiter: Waiter | null = null;
	let service: BriefService | null = null;
	const onChange = (): void => {
		// main.ts: onIndexChanged → service.changed() (and the cache writer's debounced write).
		service?.changed();
		const w = waiter;
		if (w === null || !w.done()) return;
		waiter = null;
		w.tIndex = now();
		if (w.brief === true && service !== null) {
			service.brief();
			w.tBrief = now();
			w.reviewCount = sync.index.toReviewCount();
			w.tCount = now();
		}
		w.resolve();
	};
	const sync = new IndexSync(app as never, settings, onChange);
	// Registered before IndexSync's own handlers, so each stamps the moment the event reaches the plugin.
	const stamp = (file: unknown): void => {
		const at = (file as { path?: unknown } | null)?.path;
		if (waiter !== null && waiter.tEvent === undefined && at === waiter.path) waiter.tEvent = now();
	};
	plugin.registerEvent(app.metadataCache.on('changed', (file) => stamp(file)));
	plugin.registerEvent(app.vault.on('rename', (file) => stamp(file)));
	plugin.registerEvent(app.vault.on('delete', (file) => stamp(file)));
	plugin.registerEvent(app.vault.on('create', (file) => stamp(file)));

	// 2. The first full pass, and the index's retained heap.
	let peak = process.memoryUsage().heapUsed;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().heapUsed);
	}, 2);
	t = now();
	sync.listen(plugin as never);
	sync.start(plugin as never);
	app.metadataCache.trigger('resolved');
	await sync.whenBuilt();
	setup.firstPassMs = now() - t;
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	const h2 = heap();
	memory.indexBytes = h2 - h1;
	memory.indexPeakBytes = peak - h1;
	memory.notes = sync.index.size;
	memory.bytesPerNote = (h2 - h1) / sync.index.size;
	memory.peakBytesPerNote = (peak - h1) / sync.index.size;
	memory.heapUsedAfter = h2;

	const briefs = new BriefService(app as never, sync.index, () => settings);
	// The desktop status bar (src/plugin/sidebar/status-bar.ts) reads the to-review count on every change;
	// its count is the part of its update that could grow with the vault, so it is in every timing.
	let statusCount = 0;
	plugin.registerEvent(briefs.on(CHANGED, () => (statusCount = sync.index.toReviewCount())) as never);
	service = briefs;
	await briefs.refreshDailyNoteSettings();
	t = now();
	const first = briefs.brief();
	setup.firstBriefMs = now() - t;
	setup.relevantNotes = sync.index.relevant().length;
	setup.items = Object.fromEntries(Object.entries(first.items).filter(([k]) => k !== 'dailyNote').map(([k, v]) => [k, v !== null && v !== undefined && 'count' in v && typeof v.count === 'number' ? v.count : null]));

	// Random notes, each used once: the order of a seeded shuffle of the index's paths.
	const random = mulberry32((seed * 7919 + n) >>> 0 || 1);
	const paths = [...sync.index.all()].map((x) => x.path).sort();
	for (let i = paths.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[paths[i], paths[j]] = [paths[j]!, paths[i]!];
	}
	let nextPath = 0;
	const pick = (): string => {
		const p = paths[nextPath++];
		if (p === undefined) throw new Error(`the vault has too few notes (${paths.length}) for this many updates`);
		return p;
	};
	const fileAt = (rel: string): TFile => {
		const f = app.vault.getFileByPath(rel);
		if (f === null) throw new Error(`${rel} is not in the stand-in's vault`);
		return f;
	};

	const journal = new Journal(root);
	type Want = Pick<Waiter, 'path' | 'brief' | 'done'>;
	const time = async (want: Want, act: () => Promise<unknown>): Promise<Waiter> => {
		let w0: Waiter | undefined;
		const done = new Promise<void>((resolve) => {
			w0 = { ...want, resolve, t0: now(), tIndex: NaN, tBrief: NaN, tCount: NaN };
			waiter = w0;
		});
		if (w0 === undefined) throw new Error('unreachable: a Promise runs its executor at once');
		await act();
		await done;
		await app.metadataCache.settle();
		await tick();
		return w0;
	};

	// 3a. Change: vault.modify with a flagged line appended. First the index alone (no brief is
	// made between changes, as with the sidebar closed: the cache writer makes one at most once a
	// second), then changes each followed by BriefService.brief(), as the open sidebar renders on
	// every change — kept apart so the brief's garbage does not land in the index-only timings.
	const change: Record<'indexMs' | 'endToEndMs', number[]> = { indexMs: [], endToEndMs: [] };
	const withBrief: Record<'indexMs' | 'briefMs' | 'indexAndBriefMs' | 'statusCountMs', number[]> = { indexMs: [], briefMs: [], indexAndBriefMs: [], statusCountMs: [] };
	let reflected = 0;
	let tried = 0;
	const notReflected: PluginBenchResult['checks']['changeNotReflected'] = [];
	let readsDuringChange = 0;
	const changeOne = async (i: number, brief: boolean): Promise<Waiter> => {
		const rel = pick();
		const file = fileAt(rel);
		const prev = sync.index.get(rel);
		const prevHits = prev?.flags?.needsReview.length ?? 0;
		journal.backup(rel);
		const text = `${app.vault.readSync(file)}\n\nBench edit ${i} #needs-review\n`;
		const reads = app.vault.cachedReads;
		const w = await time({ path: rel, brief, done: () => sync.index.get(rel) !== prev }, () => app.vault.modify(file, text));
		readsDuringChange += app.vault.cachedReads - reads;
		const after = sync.index.get(rel);
		tried++;
		if ((after?.flags?.needsReview.length ?? 0) === prevHits + 1 && after?.mtime === Math.trunc(file.stat.mtime)) reflected++;
		else if (notReflected.length < 5) notReflected.push({ path: rel, hitsBefore: prevHits, hitsAfter: after?.flags?.needsReview.length ?? null, sameMtime: after?.mtime === Math.trunc(file.stat.mtime) });
		return w;
	};
	for (let i = 0; i < warmup + updates; i++) {
		const w = await changeOne(i, false);
		if (i < warmup) continue;
		change.indexMs.push(w.tIndex - (w.tEvent ?? NaN));
		change.endToEndMs.push(w.tIndex - w.t0);
	}
	for (let i = 0; i < briefWarmup + briefUpdates; i++) {
		const w = await changeOne(warmup + updates + i, true);
		if (i < briefWarmup) continue;
		withBrief.indexMs.push(w.tIndex - (w.tEvent ?? NaN));
		withBrief.briefMs.push(w.tBrief - w.tIndex);
		withBrief.indexAndBriefMs.push(w.tBrief - (w.tEvent ?? NaN));
		withBrief.statusCountMs.push(w.tCount - w.tBrief);
	}
	// A note that ends inside an open code fence or HTML comment keeps the appended tag out: the
	// index is right not to count it; the identity check above proves the update landed anyway.
	const changeReflected = `${reflected}/${tried}`;

	// 3b. Rename to a sibling name and back. Then the same with the CPU caches flushed before each
	// rename (a write over a buffer larger than the last-level cache): every size starts from the same
	// cold caches, so what is left of a slope in N is work the plugin does, not what a larger index
	// or the stand-in's own bookkeeping before the event (it grows with the folder) left in the caches.
	let renamedOk = 0;
	const flush = new Int32Array(FLUSH_BYTES / 4);
	const renames = async (count: number, cold: boolean): Promise<Record<'indexMs' | 'endToEndMs', number[]>> => {
		const out: Record<'indexMs' | 'endToEndMs', number[]> = { indexMs: [], endToEndMs: [] };
		for (let i = 0; i < moveWarmup + count; i++) {
			const rel = pick();
			const file = fileAt(rel);
			const moved = rel.replace(/\.md$/, ' (bench renamed).md');
			journal.rename(rel, moved);
			for (const [from, to] of [
				[rel, moved],
				[moved, rel],
			] as const) {
				const act = (): Promise<void> => {
					// One write per 64-byte line.
					if (cold) for (let k = 0; k < flush.length; k += 16) flush[k]!++;
					return app.vault.rename(file, to);
				};
				const w = await time({ path: to, done: () => sync.index.has(to) && !sync.index.has(from) }, act);
				if (sync.index.has(to) && !sync.index.has(from)) renamedOk++;
				if (i < moveWarmup) continue;
				out.indexMs.push(w.tIndex - (w.tEvent ?? NaN));
				out.endToEndMs.push(w.tIndex - w.t0);
			}
		}
		return out;
	};
	const rename = await renames(moves, false);
	const renameCold = await renames(coldMoves, true);

	// 3c. Delete, then create the same note again with the same text.
	const dc: Record<'deleteIndexMs' | 'createIndexMs' | 'indexMs' | 'endToEndMs', number[]> = { deleteIndexMs: [], createIndexMs: [], indexMs: [], endToEndMs: [] };
	let dcOk = 0;
	for (let i = 0; i < moveWarmup + moves; i++) {
		const rel = pick();
		const file = fileAt(rel);
		const text = app.vault.readSync(file);
		const flags = JSON.stringify(sync.index.get(rel)?.flags);
		journal.backup(rel);
		const d = await time({ path: rel, done: () => !sync.index.has(rel) }, () => app.vault.delete(file));
		const c = await time({ path: rel, done: () => sync.index.has(rel) }, () => app.vault.create(rel, text));
		if (JSON.stringify(sync.index.get(rel)?.flags) === flags) dcOk++;
		if (i < moveWarmup) continue;
		dc.deleteIndexMs.push(d.tIndex - (d.tEvent ?? NaN));
		dc.createIndexMs.push(c.tIndex - (c.tEvent ?? NaN));
		dc.indexMs.push(d.tIndex - (d.tEvent ?? NaN) + (c.tIndex - (c.tEvent ?? NaN)));
		dc.endToEndMs.push(d.tIndex - d.t0 + (c.tIndex - c.t0));
	}

	// 4. The probe: where a rename's time goes as N grows, apart from the stand-in and the events.
	const probe = probeIndex(sync.index, paths, settings, random);
	const counted = new Set<string>();
	for (const item of LIST_ITEM_TABLE) if (item.sidebar?.mark !== undefined) for (const p of sync.index.paths(item.id)) counted.add(p);

	plugin.unload();
	journal.close();
	const result: PluginBenchResult = {
		n,
		setup: setup as PluginBenchResult['setup'],
		memory: memory as PluginBenchResult['memory'],
		change: summaries(change),
		changeWithBrief: summaries(withBrief),
		rename: summaries(rename),
		renameCold: summaries(renameCold),
		deleteCreate: summaries(dc),
		checks: {
			changeReflected,
			changeNotReflected: notReflected,
			fileReadsDuringChanges: readsDuringChange,
			renameReflected: `${renamedOk}/${2 * (2 * moveWarmup + moves + coldMoves)}`,
			deleteCreateSameFlags: `${dcOk}/${moveWarmup + moves}`,
			indexSizeAtEnd: sync.index.size,
			indexSizeUnchanged: sync.index.size === memory.notes,
			reviewCount: { kept: statusCount, counted: counted.size },
		},
		probe,
		restoredNotes: restoreJournal(root),
	};
	fs.writeFileSync(out, JSON.stringify(result));
}

/**
 * Times `index.get` and a rename there and back on random notes of `index`, and the same on an
 * index of 1000 of its notes made here: the same code on a hash table 1/N the size, in the same
 * heap. Leaves `index` holding what it held.
 */
function probeIndex(index: NoteIndex, paths: readonly string[], settings: Settings, random: () => number): PluginBenchResult['probe'] {
	const K = 4000;
	const ROUNDS = 7;
	const draw = (from: readonly string[]): string[] => Array.from({ length: K }, () => from[Math.floor(random() * from.length)]!);
	const small = new NoteIndex(settings);
	for (const p of paths.slice(0, 1000)) {
		const note = index.get(p);
		if (note !== undefined) small.set(note);
	}
	const smallPaths = [...small.all()].map((n) => n.path);
	const keys = { index: draw(paths), small: draw(smallPaths) };
	let sink = 0;
	const get = (ix: NoteIndex, ks: readonly string[]): number => {
		const t = performance.now();
		for (const k of ks) if (ix.get(k) !== undefined) sink++;
		return ((performance.now() - t) * 1e6) / ks.length;
	};
	const rename = (ix: NoteIndex, ks: readonly string[], moved: readonly string[]): number => {
		const t = performance.now();
		for (let i = 0; i < ks.length; i++) {
			if (ix.rename(ks[i]!, moved[i]!)) sink++;
			if (ix.rename(moved[i]!, ks[i]!)) sink++;
		}
		return ((performance.now() - t) * 1e6) / (2 * ks.length);
	};
	// Distinct keys for the renames (a note renamed twice in a round would be found in the cache).
	const distinct = (ks: readonly string[]): string[] => [...new Set(ks)];
	const rk = { index: distinct(keys.index), small: distinct(keys.small) };
	// Still a note's name (a path that does not count would leave the index).
	const sibling = (k: string): string => k.replace(/\.md$/, ' (probe).md');
	const moved = { index: rk.index.map(sibling), small: rk.small.map(sibling) };
	const times = { getIndex: [] as number[], getSmall: [] as number[], renameIndex: [] as number[], renameSmall: [] as number[] };
	// Interleaved, so a slower moment of the machine lands on both.
	for (let r = 0; r < ROUNDS + 1; r++) {
		const g = [get(index, keys.index), get(small, keys.small)];
		const m = [rename(index, rk.index, moved.index), rename(small, rk.small, moved.small)];
		if (r === 0) continue; // warm-up
		times.getIndex.push(g[0]!);
		times.getSmall.push(g[1]!);
		times.renameIndex.push(m[0]!);
		times.renameSmall.push(m[1]!);
	}
	// Every get found its note and every rename moved one (there and back), or this timed something else.
	const want = (ROUNDS + 1) * (2 * K + 2 * (rk.index.length + rk.small.length));
	if (sink !== want || small.size !== smallPaths.length) throw new Error(`the index probe did ${sink} of ${want} lookups and renames`);
	return {
		smallNotes: small.size,
		getNs: { index: median(times.getIndex), small: median(times.getSmall) },
		renameNs: { index: median(times.renameIndex), small: median(times.renameSmall) },
	};
}

const opts = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
child(opts).then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		try {
			restoreJournal(opts.root);
		} catch (e) {
			process.stderr.write(`restoring the vault failed too: ${e instanceof Error ? e.stack : String(e)}\n`);
		}
		process.exit(1);
	},
);
