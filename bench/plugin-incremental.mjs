// The plugin's incremental update of one note, in-process, against the test stand-in for
// `obsidian`. Used by bench/run.mjs; also runs alone:
//
//   node bench/plugin-incremental.mjs [N…] [--updates 200] [--warmup 30]
//
// At bench time esbuild bundles bench/plugin-incremental-entry.ts (IndexSync, BriefService, the
// settings resolver and the stand-in's App/Plugin; `obsidian` aliased to tests/obsidian-stub) into
// one CommonJS file. Each N runs in its own child (`node --expose-gc`), which:
//   1. loads the generated vault into the stand-in (Vault walks the folder, MetadataCache parses
//      every note up front as Obsidian restores its cache) — setup, not measured;
//   2. builds the index as main.ts does (IndexSync.start + first `resolved`, then whenBuilt) with
//      heapUsed after two forced GCs before and after: retained bytes of the index per note;
//   3. times incremental updates on random notes (each note touched once), after warm-up:
//      * change: `vault.modify` with the note's text plus a line carrying #needs-review. Timed
//        (a) from the metadata cache's `changed` event to the index holding the new entry (the
//        plugin's own work: IndexSync.update → readIndexedNote → NoteIndex.set → onChange),
//        (b) (a) plus the brief recomputed by BriefService.brief() (what the open sidebar does on
//        every change; the status bar's count is timed too), and
//        (c) end to end from the `vault.modify` call (includes the stand-in's disk write, stat and
//        its own YAML parse of the note, which real Obsidian does in its worker);
//      * rename to a sibling name and back (vault `rename` event → index holds the new path);
//      * delete + create of the same note (vault `delete` → gone; `create` → indexed again, which
//        reads the note's text because the metadata cache has none for it yet).
// Every note the bench changes is backed up first (bytes, atime, mtime) in a journal next to the
// vault and put back byte for byte with its mtime at the end — also on the next run if a run was
// killed — so the generated vault and its ground truth stay valid for the other measurements.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const REPO = path.resolve(path.dirname(HERE), '..');
const BUNDLE = path.join(os.tmpdir(), `session-brief-bench-plugin-${process.pid}.cjs`);

// ---------------------------------------------------------------------------------------------
// Parent side (bench/run.mjs).

let built = null;

/** Bundles the entry with esbuild's JS API (synchronous: bench/run.mjs is). Returns the file. */
export function buildPluginBundle() {
	if (built !== null) return built;
	const esbuild = createRequire(import.meta.url)('esbuild');
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
	esbuild.buildSync({
		absWorkingDir: REPO,
		entryPoints: [path.join(REPO, 'bench', 'plugin-incremental-entry.ts')],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node18',
		mainFields: ['module', 'main'],
		alias: { obsidian: path.join(REPO, 'tests', 'obsidian-stub', 'obsidian.ts') },
		loader: { '.cjs': 'text' },
		define: { BRIDGE_VERSION: JSON.stringify(pkg.version) },
		logLevel: 'warning',
		outfile: BUNDLE,
	});
	process.on('exit', () => fs.rmSync(BUNDLE, { force: true }));
	built = BUNDLE;
	return built;
}

/**
 * Measures one vault in a child process. `root` is a generated vault (bench/generate-vault.mjs).
 * Returns the child's JSON result (see `child()` below) or throws with its stderr.
 */
export function benchPluginIncremental(n, root, { updates = 200, warmup = 30, briefUpdates = 60, briefWarmup = 5, moves = 60, moveWarmup = 10, seed = 1 } = {}) {
	const bundle = buildPluginBundle();
	restoreJournal(root);
	const out = path.join(os.tmpdir(), `session-brief-bench-plugin-${process.pid}-${n}.json`);
	const args = ['--expose-gc', '--max-old-space-size=8192', HERE, '--child', JSON.stringify({ bundle, root, n, updates, warmup, briefUpdates, briefWarmup, moves, moveWarmup, seed, out })];
	const env = { ...process.env };
	delete env.NODE_OPTIONS;
	const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 30 * 60_000 });
	try {
		if (r.status !== 0 || !fs.existsSync(out)) {
			restoreJournal(root);
			throw new Error(`plugin bench child for ${n} notes failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}): ${(r.stderr || String(r.error ?? '')).trim().split('\n').slice(-8).join('\n')}`);
		}
		return JSON.parse(fs.readFileSync(out, 'utf8'));
	} finally {
		fs.rmSync(out, { force: true });
	}
}

// ---------------------------------------------------------------------------------------------
// The journal: every file the child changes, backed up before the change.

function journalDir(root) {
	return path.join(path.dirname(root), 'plugin-bench-journal');
}

/** Puts back every note a (possibly killed) run changed: bytes and mtime. Returns how many. */
export function restoreJournal(root) {
	const dir = journalDir(root);
	const list = path.join(dir, 'journal.ndjson');
	if (!fs.existsSync(list)) {
		fs.rmSync(dir, { recursive: true, force: true });
		return 0;
	}
	const entries = fs
		.readFileSync(list, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.flatMap((l) => {
			try {
				return [JSON.parse(l)];
			} catch {
				return []; // a line cut off by a kill: its change had not started
			}
		});
	// Renames first, newest first, then every backed-up file's bytes and times.
	for (const e of [...entries].reverse()) {
		if (e.kind !== 'rename') continue;
		const from = path.join(root, e.from);
		const to = path.join(root, e.to);
		if (!fs.existsSync(from) && fs.existsSync(to)) fs.renameSync(to, from);
		else if (fs.existsSync(to)) fs.rmSync(to);
	}
	let restored = 0;
	for (const e of entries) {
		if (e.kind !== 'file') continue;
		const abs = path.join(root, e.rel);
		fs.mkdirSync(path.dirname(abs), { recursive: true });
		fs.writeFileSync(abs, fs.readFileSync(path.join(dir, e.backup)));
		fs.utimesSync(abs, e.atimeMs / 1000, e.mtimeMs / 1000);
		if (Math.trunc(fs.statSync(abs).mtimeMs) !== Math.trunc(e.mtimeMs)) throw new Error(`could not restore the mtime of ${e.rel}`);
		restored++;
	}
	fs.rmSync(dir, { recursive: true, force: true });
	return restored;
}

class Journal {
	constructor(root) {
		this.root = root;
		this.dir = journalDir(root);
		fs.mkdirSync(this.dir, { recursive: true });
		this.fd = fs.openSync(path.join(this.dir, 'journal.ndjson'), 'a');
		this.count = 0;
	}
	backup(rel) {
		const abs = path.join(this.root, rel);
		const st = fs.statSync(abs);
		const backup = `${this.count++}.bin`;
		fs.copyFileSync(abs, path.join(this.dir, backup));
		fs.writeSync(this.fd, `${JSON.stringify({ kind: 'file', rel, backup, atimeMs: st.atimeMs, mtimeMs: st.mtimeMs })}\n`);
	}
	rename(from, to) {
		fs.writeSync(this.fd, `${JSON.stringify({ kind: 'rename', from, to })}\n`);
	}
	close() {
		fs.closeSync(this.fd);
	}
}

// ---------------------------------------------------------------------------------------------
// Child side.

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length === 0 ? null : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function summary(xs) {
	const s = [...xs].sort((a, b) => a - b);
	const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
	return { median: median(s), p10: q(0.1), p90: q(0.9), min: s[0], max: s[s.length - 1], runs: s.length };
}

function rng(seed) {
	let a = seed >>> 0 || 1;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function heap() {
	globalThis.gc();
	globalThis.gc();
	return process.memoryUsage().heapUsed;
}

const tick = () => new Promise((r) => setImmediate(r));

async function child(opts) {
	const { bundle, root, n, updates, warmup, briefUpdates, briefWarmup, moves, moveWarmup, seed, out } = opts;
	const m = createRequire(import.meta.url)(bundle);
	// IndexSync uses `window.setTimeout`; set after loading so the stand-in does not patch a DOM.
	globalThis.window = globalThis;
	const now = () => performance.now();
	const result = { n, setup: {}, memory: {}, change: {}, changeWithBrief: {}, rename: {}, deleteCreate: {}, checks: {} };

	// 1. Setup: the stand-in loads the vault and parses every note (Obsidian's restored cache).
	const h0 = heap();
	let t = now();
	const app = m.App.create(root);
	app.metadataCache.primeAll();
	result.setup.standInLoadMs = now() - t;
	result.setup.markdownFiles = app.vault.getMarkdownFiles().length;
	const h1 = heap();
	result.memory.standInBytes = h1 - h0;

	let settingsRaw;
	try {
		settingsRaw = JSON.parse(fs.readFileSync(path.join(root, '.obsidian', 'plugins', 'session-brief', 'data.json'), 'utf8'));
	} catch {
		settingsRaw = undefined;
	}
	const settings = m.resolveSettings(settingsRaw);
	const plugin = new m.Plugin(app, { id: 'session-brief', name: 'Session Brief', version: '0', minAppVersion: '0', description: '', author: '' });

	// The waiter: what the current timed operation waits for, and its timestamps.
	let waiter = null;
	let service = null;
	const onChange = () => {
		// main.ts: onIndexChanged → service.changed() (and the cache writer's debounced write).
		service?.changed();
		const w = waiter;
		if (w === null || !w.done()) return;
		waiter = null;
		w.tIndex = now();
		if (w.brief) {
			service.brief();
			w.tBrief = now();
			w.reviewCount = sync.index.toReviewCount();
			w.tCount = now();
		}
		w.resolve();
	};
	const sync = new m.IndexSync(app, settings, onChange);
	// Registered before IndexSync's own handlers, so each stamps the moment the event reaches the plugin.
	const stamp = (file) => {
		if (waiter !== null && waiter.tEvent === undefined && file.path === waiter.path) waiter.tEvent = now();
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
	sync.start(plugin);
	app.metadataCache.trigger('resolved');
	await sync.whenBuilt();
	result.setup.firstPassMs = now() - t;
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	const h2 = heap();
	result.memory.indexBytes = h2 - h1;
	result.memory.indexPeakBytes = peak - h1;
	result.memory.notes = sync.index.size;
	result.memory.bytesPerNote = (h2 - h1) / sync.index.size;
	result.memory.peakBytesPerNote = (peak - h1) / sync.index.size;
	result.memory.heapUsedAfter = h2;

	service = new m.BriefService(app, sync.index, () => settings);
	await service.refreshDailyNoteSettings();
	t = now();
	const first = service.brief();
	result.setup.firstBriefMs = now() - t;
	result.setup.relevantNotes = sync.index.relevant().length;
	result.setup.items = Object.fromEntries(Object.entries(first.items).filter(([k]) => k !== 'dailyNote').map(([k, v]) => [k, v?.count ?? null]));

	// Random notes, each used once: the order of a seeded shuffle of the index's paths.
	const random = rng(seed * 7919 + n);
	const paths = [...sync.index.all()].map((x) => x.path).sort();
	for (let i = paths.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[paths[i], paths[j]] = [paths[j], paths[i]];
	}
	let nextPath = 0;
	const pick = () => paths[nextPath++];

	const journal = new Journal(root);
	const wait = (w) =>
		new Promise((resolve) => {
			waiter = { ...w, resolve };
		});
	const time = async (w, act) => {
		const done = wait(w);
		const w0 = waiter;
		w0.t0 = now();
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
	const change = { indexMs: [], endToEndMs: [] };
	const withBrief = { indexMs: [], briefMs: [], indexAndBriefMs: [], statusCountMs: [] };
	let reflected = 0;
	let tried = 0;
	const notReflected = [];
	let readsDuringChange = 0;
	const changeOne = async (i, brief) => {
		const rel = pick();
		const file = app.vault.getFileByPath(rel);
		const prev = sync.index.get(rel);
		const prevHits = prev?.flags?.needsReview.length ?? 0;
		journal.backup(rel);
		const text = `${app.vault.readSync(file)}\n\nBench edit ${i} #needs-review\n`;
		const reads = app.vault.cachedReads;
		const w = await time({ path: rel, brief, done: () => sync.index.get(rel) !== prev }, () => app.vault.modify(file, text));
		readsDuringChange += app.vault.cachedReads - reads;
		const after = sync.index.get(rel);
		tried++;
		if ((after?.flags?.needsReview.length ?? 0) === prevHits + 1 && after.mtime === Math.trunc(file.stat.mtime)) reflected++;
		else if (notReflected.length < 5) notReflected.push({ path: rel, hitsBefore: prevHits, hitsAfter: after?.flags?.needsReview.length ?? null, sameMtime: after?.mtime === Math.trunc(file.stat.mtime) });
		return w;
	};
	for (let i = 0; i < warmup + updates; i++) {
		const w = await changeOne(i, false);
		if (i < warmup) continue;
		change.indexMs.push(w.tIndex - w.tEvent);
		change.endToEndMs.push(w.tIndex - w.t0);
	}
	for (let i = 0; i < briefWarmup + briefUpdates; i++) {
		const w = await changeOne(warmup + updates + i, true);
		if (i < briefWarmup) continue;
		withBrief.indexMs.push(w.tIndex - w.tEvent);
		withBrief.briefMs.push(w.tBrief - w.tIndex);
		withBrief.indexAndBriefMs.push(w.tBrief - w.tEvent);
		withBrief.statusCountMs.push(w.tCount - w.tBrief);
	}
	result.checks.changeReflected = `${reflected}/${tried}`;
	// A note that ends inside an open code fence or HTML comment keeps the appended tag out: the
	// index is right not to count it; the identity check above proves the update landed anyway.
	result.checks.changeNotReflected = notReflected;
	result.checks.fileReadsDuringChanges = readsDuringChange;
	for (const [k, v] of Object.entries(change)) result.change[k] = summary(v);
	for (const [k, v] of Object.entries(withBrief)) result.changeWithBrief[k] = summary(v);

	// 3b. Rename to a sibling name and back.
	const rename = { indexMs: [], endToEndMs: [] };
	let renamedOk = 0;
	for (let i = 0; i < moveWarmup + moves; i++) {
		const rel = pick();
		const file = app.vault.getFileByPath(rel);
		const moved = rel.replace(/\.md$/, ' (bench renamed).md');
		journal.rename(rel, moved);
		for (const [from, to] of [
			[rel, moved],
			[moved, rel],
		]) {
			const w = await time({ path: to, done: () => sync.index.has(to) && !sync.index.has(from) }, () => app.vault.rename(file, to));
			if (sync.index.has(to) && !sync.index.has(from)) renamedOk++;
			if (i < moveWarmup) continue;
			rename.indexMs.push(w.tIndex - w.tEvent);
			rename.endToEndMs.push(w.tIndex - w.t0);
		}
	}
	result.checks.renameReflected = `${renamedOk}/${2 * (moveWarmup + moves)}`;
	for (const [k, v] of Object.entries(rename)) result.rename[k] = summary(v);

	// 3c. Delete, then create the same note again with the same text.
	const dc = { deleteIndexMs: [], createIndexMs: [], indexMs: [], endToEndMs: [] };
	let dcOk = 0;
	for (let i = 0; i < moveWarmup + moves; i++) {
		const rel = pick();
		const file = app.vault.getFileByPath(rel);
		const text = app.vault.readSync(file);
		const flags = JSON.stringify(sync.index.get(rel)?.flags);
		journal.backup(rel);
		const d = await time({ path: rel, done: () => !sync.index.has(rel) }, () => app.vault.delete(file));
		const c = await time({ path: rel, done: () => sync.index.has(rel) }, () => app.vault.create(rel, text));
		if (JSON.stringify(sync.index.get(rel)?.flags) === flags) dcOk++;
		if (i < moveWarmup) continue;
		dc.deleteIndexMs.push(d.tIndex - d.tEvent);
		dc.createIndexMs.push(c.tIndex - c.tEvent);
		dc.indexMs.push(d.tIndex - d.tEvent + (c.tIndex - c.tEvent));
		dc.endToEndMs.push(d.tIndex - d.t0 + (c.tIndex - c.t0));
	}
	result.checks.deleteCreateSameFlags = `${dcOk}/${moveWarmup + moves}`;
	for (const [k, v] of Object.entries(dc)) result.deleteCreate[k] = summary(v);

	plugin.unload();
	journal.close();
	result.checks.indexSizeAtEnd = sync.index.size;
	result.checks.indexSizeUnchanged = sync.index.size === result.memory.notes;
	result.restoredNotes = restoreJournal(root);
	fs.writeFileSync(out, JSON.stringify(result));
}

// ---------------------------------------------------------------------------------------------
// CLI.

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) {
	const argv = process.argv.slice(2);
	if (argv[0] === '--child') {
		const opts = JSON.parse(argv[1]);
		child(opts).then(
			() => process.exit(0),
			(error) => {
				process.stderr.write(`${error?.stack ?? error}\n`);
				try {
					restoreJournal(opts.root);
				} catch (e) {
					process.stderr.write(`restoring the vault failed too: ${e?.stack ?? e}\n`);
				}
				process.exit(1);
			},
		);
	} else {
		const flag = (name) => {
			const i = argv.indexOf(`--${name}`);
			return i >= 0 ? Number(argv[i + 1]) : undefined;
		};
		const { ensureVault } = await import('./generate-vault.mjs');
		const sizes = argv.filter((a, i) => /^\d+$/.test(a) && !argv[i - 1]?.startsWith('--')).map(Number);
		for (const n of sizes.length > 0 ? sizes : [10000]) {
			const { root } = ensureVault(n, { log: (s) => console.error(s) });
			const opts = {};
			if (flag('updates') !== undefined) opts.updates = flag('updates');
			if (flag('warmup') !== undefined) opts.warmup = flag('warmup');
			if (flag('moves') !== undefined) opts.moves = flag('moves');
			console.log(JSON.stringify(benchPluginIncremental(n, root, opts), null, 1));
		}
	}
}
