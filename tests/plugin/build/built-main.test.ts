/**
 * The BUILT plugin (main.js, what a user installs) against the `obsidian` stand-in, on a copy of
 * example-vault/, with the BUILT bridge reading what it writes. The other plugin tests run main.ts
 * through vitest; this one checks that the bundle esbuild makes runs and behaves the same way.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { processIdentity } from '../../../src/node/live/process-identity';
import { SECTIONS } from '../../helpers/registries';
import { BUILT_BRIDGE, BUILT_MAIN, copyExampleVault, settle, startBuilt, stopBuilt, type StartedBuilt } from './load-built';

const HAVE_BUILD = fs.existsSync(BUILT_MAIN) && fs.existsSync(BUILT_BRIDGE);
if (!HAVE_BUILD) console.warn(`built-main.test.ts SKIPPED: ${path.relative(process.cwd(), BUILT_MAIN)} or the built bridge is missing; run \`npm run build\` (\`npm test\` does).`);

/** The cache writer's debounce (src/plugin/index/cache-writer.ts WRITE_DELAY_MS; about once a second). */
const DEBOUNCE_MS = 1000;
const VIEW_TYPE_REVIEW = 'session-brief-review';

interface BriefCacheFile {
	writer: string;
	plugin?: { pid: number; pending: boolean };
	noteCount: number;
}

interface ReportJson {
	source: string;
	items: Record<string, { count: number; paths: string[] } | { path: string; exists: boolean } | null>;
}

interface FsCalls {
	/** Files the bridge read or opened, relative to the vault. */
	read: string[];
	/** Folders it listed and paths it stat'ed, relative to the vault. */
	listed: string[];
	statted: string[];
}

// A preload for the bridge process that records every file it reads, folder it lists and path it
// stats (the bridge bundle calls these through the `fs` module object, so patching it sees them).
const COUNTER = `
const fs = require('node:fs');
const out = process.env.SB_FS_LOG;
const calls = { read: [], listed: [], statted: [] };
const wrap = (name, list) => {
	const orig = fs[name];
	fs[name] = function (p, ...rest) {
		if (typeof p === 'string') calls[list].push(p);
		return orig.call(this, p, ...rest);
	};
};
wrap('readFileSync', 'read');
wrap('openSync', 'read');
wrap('createReadStream', 'read');
wrap('readdirSync', 'listed');
wrap('opendirSync', 'listed');
wrap('statSync', 'statted');
wrap('lstatSync', 'statted');
wrap('existsSync', 'statted');
const origReadFile = fs.promises.readFile;
fs.promises.readFile = function (p, ...rest) {
	if (typeof p === 'string') calls.read.push(p);
	return origReadFile.call(this, p, ...rest);
};
process.on('exit', () => fs.writeFileSync(out, JSON.stringify(calls)));
`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-built-test-'));
const counterFile = path.join(tmp, 'fs-counter.cjs');
fs.writeFileSync(counterFile, COUNTER);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 30 }));

/** Runs the built bridge's `report --json` on a vault and records which files it touched. */
function bridgeReport(vault: string, extra: string[] = []): { status: number; json: ReportJson | null; stderr: string; fs: FsCalls } {
	const log = path.join(tmp, `fs-${Date.now()}-${Math.random()}.json`);
	const r = spawnSync(process.execPath, ['--require', counterFile, BUILT_BRIDGE, 'report', '--json', ...extra, '--vault', vault], {
		encoding: 'utf8',
		env: { ...process.env, SB_FS_LOG: log },
	});
	const raw = JSON.parse(fs.readFileSync(log, 'utf8')) as FsCalls;
	const inVault = (ps: string[]) => ps.filter((p) => path.resolve(p).startsWith(vault + path.sep)).map((p) => path.relative(vault, path.resolve(p)));
	return {
		status: r.status ?? -1,
		json: r.status === 0 ? (JSON.parse(r.stdout) as ReportJson) : null,
		stderr: r.stderr,
		fs: { read: inVault(raw.read), listed: inVault(raw.listed), statted: inVault(raw.statted) },
	};
}

/** The desktop's cache writer (the stand-in runs as a desktop here). */
function writerOf(s: StartedBuilt): { idle(): Promise<void>; fullWrites: number } {
	if (s.internals.desktop === null) throw new Error('the built plugin started without its desktop parts');
	return s.internals.desktop.writer;
}

function readCache(s: StartedBuilt): BriefCacheFile {
	return JSON.parse(fs.readFileSync(path.join(s.pluginDir, 'brief-cache.json'), 'utf8')) as BriefCacheFile;
}

/** What the bridge's own full scan makes of a fresh copy of the example vault. */
function scanOfExampleVault(): ReportJson {
	const vault = copyExampleVault();
	try {
		return JSON.parse(execFileSync(process.execPath, [BUILT_BRIDGE, 'report', '--json', '--source', 'scan', '--vault', vault], { encoding: 'utf8' })) as ReportJson;
	} finally {
		fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 });
	}
}

let started: StartedBuilt | null = null;
afterEach(async () => {
	vi.useRealTimers();
	await stopBuilt(started);
	started = null;
});

describe.skipIf(!HAVE_BUILD)('built main.js in the stand-in, on example-vault/', () => {
	it('ends with the full license text of every package bundled into it', () => {
		const text = fs.readFileSync(BUILT_MAIN, 'utf8');
		const footer = text.slice(text.lastIndexOf('/*\nLicenses of the packages bundled into this file'));
		for (const name of ['diff', 'ws', 'yaml']) {
			const { version, license } = JSON.parse(fs.readFileSync(path.join('node_modules', name, 'package.json'), 'utf8')) as { version: string; license: string };
			expect(footer).toContain(`${name} ${version} (${license}):`);
		}
		expect(footer).toContain('Copyright (c) 2009-2015, Kevin Decker');
	});

	it('loads, requiring only obsidian and Node built-ins, and registers its view, commands and ribbon icon', async () => {
		started = await startBuilt(copyExampleVault());
		expect(started.required).toContain('obsidian');
		// Everything else is a Node built-in, or one of ws's optional native add-ons, which it tries and may not find.
		const other = started.required.filter((id) => id !== 'obsidian' && !builtinModules.includes(id.replace(/^node:/, '')));
		expect(other.filter((id) => id !== 'bufferutil' && id !== 'utf-8-validate')).toEqual([]);
		expect(started.plugin.commands.map((c) => c.id)).toContain('open-review-sidebar');
		expect(started.app.workspace.viewCreators.has(VIEW_TYPE_REVIEW)).toBe(true);
		expect(started.plugin.ribbonIcons.length).toBe(1);
		expect(started.internals.sync.ready).toBe(true);
	});

	it('indexes the vault and writes a cache the built bridge serves as source "cache" (tier 1) without reading a note', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const expected = scanOfExampleVault();
		started = await startBuilt(copyExampleVault());
		const s = started;
		await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
		await writerOf(s).idle();
		const cache = readCache(s);
		expect(cache.writer).toBe('plugin');
		// Tier 1 (docs/design.md): the writer is alive (it is this test process) and has nothing pending.
		expect(cache.plugin).toEqual({ pid: process.pid, pending: false, started: processIdentity('self') });
		expect(cache.noteCount).toBe(s.internals.sync.index.size);
		expect(s.internals.sync.index.size).toBeGreaterThan(10);

		const served = bridgeReport(s.base);
		expect(served.status).toBe(0);
		expect(served.json?.source).toBe('cache');
		// The plugin's index gives the same brief as the bridge's full scan of the same vault.
		expect(served.json?.items).toEqual(expected.items);
		// Zero notes read and no walk: only config and plugin files, plus one stat of today's daily note.
		expect(served.fs.read.filter((p) => p.endsWith('.md'))).toEqual([]);
		// What it does read: settings (its own, Obsidian's daily notes, the agent hook config) and the
		// plugin's cache files (the brief, and for the full path lists of --json the index).
		expect(served.fs.read.filter((p) => !p.startsWith(`.obsidian${path.sep}`) && !p.startsWith(`.claude${path.sep}`))).toEqual([]);
		expect(served.fs.read).toContain(path.join('.obsidian', 'plugins', 'session-brief', 'brief-cache.json'));
		expect(served.fs.listed).toEqual([]);
		expect([...new Set(served.fs.statted.filter((p) => p.endsWith('.md')))]).toEqual([path.normalize((expected.items.dailyNote as { path: string }).path)]);

		// The contrast: once the plugin is unloaded its last write says pending, and the bridge must
		// prove the cache by its stat walk (tier 3), which the counter does see.
		s.plugin.unload();
		await writerOf(s).idle();
		const verified = bridgeReport(s.base);
		expect(verified.json?.source).toBe('cache');
		expect(verified.json?.items).toEqual(expected.items);
		expect(verified.fs.listed.length).toBeGreaterThan(0);
		expect(verified.fs.statted.filter((p) => p.endsWith('.md')).length).toBeGreaterThan(10);
		expect(verified.fs.read.filter((p) => p.endsWith('.md'))).toEqual([]);
	});

	it('reflects an edit in the cache within the debounce window, and the bridge never serves the old brief meanwhile', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		started = await startBuilt(copyExampleVault());
		const s = started;
		await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
		await writerOf(s).idle();
		const before = bridgeReport(s.base);
		const needsReview = () => (before.json?.items.needsReview as { paths: string[] }).paths;
		expect(needsReview()).not.toContain('Notes/Tag syntax.md');
		const writesBefore = writerOf(s).fullWrites;

		// An edit as Obsidian's editor saves it: the vault writes, the metadata cache re-parses.
		const file = s.app.vault.getFileByPath('Notes/Tag syntax.md');
		if (file === null) throw new Error('example vault changed: Notes/Tag syntax.md is missing');
		await s.app.vault.process(file, (text) => `${text}\nCheck this again #needs-review\n`);
		await settle(s.app);
		await writerOf(s).idle();
		// At once: the cache says a change is pending, so tier 1 is off and the stale index fails tier 3.
		expect(readCache(s).plugin?.pending).toBe(true);
		const meanwhile = bridgeReport(s.base, ['--source', 'cache']);
		expect(meanwhile.status).toBe(1);
		expect(meanwhile.stderr).toContain('No current cached brief');

		await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
		expect(writerOf(s).fullWrites).toBe(writesBefore);
		await vi.advanceTimersByTimeAsync(1);
		await writerOf(s).idle();
		expect(writerOf(s).fullWrites).toBe(writesBefore + 1);
		expect(readCache(s).plugin).toEqual({ pid: process.pid, pending: false, started: processIdentity('self') });
		const after = bridgeReport(s.base);
		expect(after.json?.source).toBe('cache');
		expect((after.json?.items.needsReview as { paths: string[] }).paths).toEqual([...needsReview(), 'Notes/Tag syntax.md'].sort());
		expect(after.fs.read.filter((p) => p.endsWith('.md'))).toEqual([]);
		expect(after.fs.listed).toEqual([]);
	});

	it('opens the Needs review sidebar with its sections, counts and rows, collapses, opens a note, and updates live', async () => {
		const brief = scanOfExampleVault();
		started = await startBuilt(copyExampleVault());
		const s = started;
		s.plugin.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
		await settle(s.app);
		const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
		if (leaf === undefined) throw new Error('the sidebar did not open');
		expect(leaf.side).toBe('right');
		expect(leaf.view.getDisplayText()).toBe('Needs review');
		const root = (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
		const section = (id: string) => root.querySelector<HTMLElement>(`.session-brief-section[data-section="${id}"]`);
		const rows = (id: string) => Array.from(section(id)?.querySelectorAll<HTMLElement>('.session-brief-item') ?? []).map((e) => e.dataset.path);
		expect(Array.from(root.querySelectorAll<HTMLElement>('.session-brief-section')).map((e) => e.dataset.section)).toEqual(SECTIONS);
		for (const id of SECTIONS) {
			const item = brief.items[id] as { count: number; paths: string[] };
			expect(section(id)?.querySelector('.session-brief-count')?.textContent).toBe(String(item.count));
			expect([...rows(id)].sort()).toEqual([...item.paths].sort());
		}
		expect(root.querySelector('.session-brief-filter')).not.toBeNull();

		section('inbox')?.querySelector<HTMLElement>('.session-brief-section-header')?.click();
		expect(section('inbox')?.classList.contains('is-collapsed')).toBe(true);
		expect(rows('inbox')).toEqual([]);

		root.querySelector<HTMLElement>('.session-brief-item[data-path="Notes/Reading list.md"]')?.click();
		await settle(s.app);
		const main = s.app.workspace.leaves.filter((l) => l.side === 'main');
		expect(main.map((l) => l.opened.map((f) => f.path))).toEqual([['Notes/Reading list.md']]);

		const file = s.app.vault.getFileByPath('Notes/Tag syntax.md');
		if (file === null) throw new Error('example vault changed: Notes/Tag syntax.md is missing');
		await s.app.vault.process(file, (text) => `${text}\n#needs-review\n`);
		await settle(s.app);
		expect(rows('needsReview')).toContain('Notes/Tag syntax.md');
	});
});
