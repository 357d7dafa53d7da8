// The Needs review sidebar under a burst of edits, in-process against the test stand-in, with and
// without the render throttle and the row cap; the numbers are for docs/speed.md
// (docs/design-decisions/sidebar.md says why the throttle and the cap exist).
//
//   npm run bench:render [-- --notes 100000 --rate 50 --seconds 4 --no-uncapped]
// Chromium's side of the same comparison: `npx tsx bench/render-rows.ts`.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { installDom } from './lib/dom';

interface Args {
	notes: number;
	rate: number;
	seconds: number;
}

function args(): Args {
	const get = (name: string, def: number): number => {
		const i = process.argv.indexOf(`--${name}`);
		const v = i >= 0 ? Number(process.argv[i + 1]) : def;
		return Number.isFinite(v) && v > 0 ? v : def;
	};
	return { notes: get('notes', 100_000), rate: get('rate', 50), seconds: get('seconds', 4) };
}


function flagged(i: number): string {
	return `# Note ${i}\n\nSome text #needs-review and more.\n`;
}
function plain(i: number): string {
	return `# Note ${i}\n\nNothing to review here.\n`;
}

function makeVault(n: number): string {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-render-burst-'));
	fs.mkdirSync(path.join(base, '.obsidian', 'plugins', 'session-brief'), { recursive: true });
	for (let f = 0; f < 200; f++) fs.mkdirSync(path.join(base, `F${f}`));
	for (let i = 0; i < n; i++) fs.writeFileSync(path.join(base, `F${i % 200}`, `n${i}.md`), i % 10 === 0 ? flagged(i) : plain(i));
	return base;
}

function quantile(xs: number[], q: number): number {
	if (xs.length === 0) return Number.NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function cpuMs(): number {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
}

/** One render as the view draws it (row cap on), then one with `uncapped` limits: rows, wall and CPU ms. */
function rowCapRow(view: unknown, uncapped: unknown): void {
	const v = view as { render: () => void; limits: unknown; contentEl: HTMLElement };
	const once = (): string => {
		const wall = performance.now();
		const cpu = cpuMs();
		v.render();
		const ms = performance.now() - wall;
		const rows = v.contentEl.querySelectorAll('.session-brief-item').length;
		return `${rows} rows in ${ms.toFixed(0)} ms (${(cpuMs() - cpu).toFixed(0)} ms CPU)`;
	};
	const capped = once();
	if (uncapped === null) {
		console.log(`  [row cap] one render: ${capped}`);
		return;
	}
	const kept = v.limits;
	v.limits = uncapped;
	const lifted = once();
	v.limits = kept;
	console.log(`  [row cap] one render: ${capped}; with the cap lifted: ${lifted}`);
}

async function main(): Promise<void> {
	const a = args();
	installDom();
	const stub = await import('../stand-in/obsidian');
	const g = globalThis as unknown as Record<string, unknown>;
	for (const name of ['createEl', 'createDiv', 'createSpan', 'createFragment', 'activeDocument', 'activeWindow']) g[name] = (g.window as Record<string, unknown>)[name];
	const { IndexSync } = await import('../src/plugin/index/index-sync');
	const { BriefService } = await import('../src/plugin/index/brief-service');
	const { ReviewActions } = await import('../src/plugin/sidebar/review-actions');
	const { AgentChanges } = await import('../src/plugin/review/agent-changes');
	const { HooksRemoved } = await import('../src/plugin/hosts/hooks-removed');
	const { ReviewView, RENDER_INTERVAL_MS } = await import('../src/plugin/sidebar/review-view');
	const { RowLimits } = await import('../src/plugin/sidebar/row-cap');
	const { DesktopAgentChangesIo } = await import('../src/plugin/review/agent-changes-io');
	const { resolveSettings } = await import('../src/core/settings');
	const { encodeRecord, JOURNAL_FILE } = await import('../src/core/trail/agent-journal');
	const { readJournalPiece } = await import('../src/node/journal/journal-tail');

	console.log(`render-burst: ${a.notes} notes (10% flagged), ${a.rate} edits/s for ${a.seconds} s; throttle interval ${RENDER_INTERVAL_MS} ms; Node ${process.version}`);
	let t = performance.now();
	const base = makeVault(a.notes);
	console.log(`  vault written in ${((performance.now() - t) / 1000).toFixed(1)} s`);

	for (const mode of ['before', 'after'] as const) {
		t = performance.now();
		const app = stub.App.create(base);
		app.metadataCache.primeAll();
		const plugin = new stub.Plugin(app, { id: 'session-brief', name: 'Session Brief', version: '0', minAppVersion: '0', description: '', author: '' });
		const settings = resolveSettings({});
		let service: InstanceType<typeof BriefService> | null = null;
		let changes = 0;
		const sync = new IndexSync(app as never, settings, () => {
			changes++;
			service?.changed();
		});
		service = new BriefService(app as never, sync.index, () => settings);
		const actions = new ReviewActions(app as never, service, sync.index);
		const agents = new AgentChanges(app as never, () => settings);
		app.workspace.setLayoutReady();
		sync.listen(plugin as never);
		sync.start(plugin as never);
		app.metadataCache.trigger('resolved');
		await sync.whenBuilt();
		const renderMs: number[] = [];
		const proto = ReviewView.prototype as unknown as { render: () => void };
		const original = proto.render;
		proto.render = function (this: unknown): void {
			const s = performance.now();
			original.call(this);
			renderMs.push(performance.now() - s);
		};
		const leaf = app.workspace.getRightLeaf(false);
		app.workspace.viewCreators.set('session-brief-review', (l) => new ReviewView(l as never, service, sync, actions, agents, new HooksRemoved()) as never);
		await leaf.setViewState({ type: 'session-brief-review' });
		const view = leaf.view as unknown as { throttle: unknown; render: () => void };
		if (mode === 'before') {
			// The wiring before the throttle: every change of the brief redraws at once.
			view.throttle = { request: () => view.render(), rendered: () => undefined, cancel: () => undefined, flush: () => undefined };
		}
		console.log(`  [${mode}] index of ${sync.index.size} notes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
		await sleep(RENDER_INTERVAL_MS * 2);
		renderMs.length = 0;
		changes = 0;
		const files = app.vault.getMarkdownFiles();
		// Edits on a fixed schedule for the given time; when renders make the loop fall behind, the next
		// edit follows at once, so the edits per second reached show what the renders allowed.
		const start = performance.now();
		const end = start + a.seconds * 1000;
		let rng = 12345;
		const random = (n: number): number => {
			rng = (rng * 1103515245 + 12345) % 2147483648;
			return rng % n;
		};
		let total = 0;
		for (let k = 0; performance.now() < end; k++) {
			const due = start + (k * 1000) / a.rate;
			// Always a new task, also when behind: happy-dom caches query results in WeakRefs, which
			// JavaScript keeps alive until the current job ends, so one endless job would keep them all.
			await sleep(Math.max(0, due - performance.now()));
			const file = files[random(files.length)];
			if (file === undefined) continue;
			const i = Number(/n(\d+)\.md$/.exec(file.path)?.[1] ?? 0);
			// Flag a plain note or unflag a flagged one, by turns, so about 10% stay flagged.
			await app.vault.modify(file, k % 2 === 0 ? flagged(i) : plain(i));
			total++;
		}
		await app.metadataCache.settle();
		await sleep(RENDER_INTERVAL_MS + 50);
		const wall = (performance.now() - start) / 1000;
		const spent = renderMs.reduce((x, y) => x + y, 0);
		console.log(
			`  [${mode}] ${(total / wall).toFixed(1)} edits/s, ${(changes / wall).toFixed(1)} brief changes/s -> ${(renderMs.length / wall).toFixed(1)} renders/s, ` +
				`${quantile(renderMs, 0.5).toFixed(1)} ms/render median, ${quantile(renderMs, 0.95).toFixed(1)} ms p95, ${((spent / 1000 / wall) * 100).toFixed(1)}% of wall time rendering`,
		);
		proto.render = original;
		if (mode === 'after') rowCapRow(view, process.argv.includes('--no-uncapped') ? null : new RowLimits(Number.POSITIVE_INFINITY));
		leaf.detach();
		plugin.unload();
	}

	// The agent changes poll: one idle tick (both files unchanged) costs two stats and reads nothing.
	const app = stub.App.create(base);
	const folder = '.obsidian/plugins/session-brief';
	const journal = path.join(base, folder, JOURNAL_FILE);
	const now = Date.now();
	let text = '';
	for (let i = 0; i < 10_000; i++) text += encodeRecord({ path: `F${i % 200}/n${i}.md`, tool: 'Edit', session: `s${Math.floor(i / 50)}`, at: new Date(now - (10_000 - i) * 1000).toISOString() }) ?? '';
	fs.writeFileSync(journal, text);
	const plugin = new stub.Plugin(app, { id: 'session-brief', name: 'Session Brief', version: '0', minAppVersion: '0', description: '', author: '' });
	const agents = new AgentChanges(app as never, () => resolveSettings({}));
	agents.attach(new DesktopAgentChangesIo(app as never, folder), plugin as never);
	await agents.refresh();
	const ticks = 2000;
	t = performance.now();
	for (let i = 0; i < ticks; i++) await agents.refresh();
	const idleUs = ((performance.now() - t) / ticks) * 1000;
	const st = fs.statSync(journal);
	fs.appendFileSync(journal, encodeRecord({ path: 'F1/n1.md', tool: 'Write', session: 'new', at: new Date().toISOString() }) ?? '');
	t = performance.now();
	const piece = await readJournalPiece(path.dirname(journal), journal, st.size, st.ino);
	const tailMs = performance.now() - t;
	t = performance.now();
	const whole = await readJournalPiece(path.dirname(journal), journal, 0, null);
	const wholeMs = performance.now() - t;
	t = performance.now();
	await agents.refresh();
	const tickWithLineMs = performance.now() - t;
	console.log(
		`  poll: idle tick ${idleUs.toFixed(0)} µs (2 stats, no read; every ${2} s); one appended record: tail read ${tailMs.toFixed(2)} ms (${piece?.text.length ?? 0} chars, whole: ${String(piece?.whole)}), ` +
			`tick with it ${tickWithLineMs.toFixed(1)} ms; whole read of 10,000 records ${wholeMs.toFixed(1)} ms (${whole?.text.length ?? 0} chars)`,
	);
	plugin.unload();
	fs.rmSync(base, { recursive: true, force: true });
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
