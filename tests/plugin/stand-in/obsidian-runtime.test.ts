/**
 * What real Obsidian does that a plain stand-in would not (docs/obsidian-runtime.md): start-up
 * parsing in either order with layout ready (or without `resolved`), entries that predate the file, popout windows with their
 * own DOM classes, deferred leaves, a plugin folder not named after the id, and settings rewritten
 * by a sync. Each behaviour is modelled in stand-in with its evidence.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import SessionBriefPlugin from '../../../main';
import { loadVaultContext } from '../../../src/node/vault-config';
import { settingsKey } from '../../../src/core/brief/cache-key';
import { asBriefCache, BRIEF_FILE, type BriefCache } from '../../../src/core/brief/cache-format';
import { DISCOVERY_FILE } from '../../../src/core/live-protocol';
import { WRITE_DELAY_MS } from '../../../src/plugin/index/cache-writer';
import { CURRENT_AT_KEY, IndexSync } from '../../../src/plugin/index/index-sync';
import type { LiveChannel } from '../../../src/plugin/index/live-channel';
import { VIEW_TYPE_REVIEW } from '../../../src/plugin/sidebar/review-view';
import type { RuleCheckRunner } from '../../../src/plugin/check/rule-check-runner';
import { VIEW_TYPE_RULE_CHECK } from '../../../src/plugin/check/rule-check-view';
import { App, Menu, Notice, type FileExplorerView, type Plugin as StubPlugin, type PluginSettingTab, type WorkspaceLeaf } from '../../../stand-in/obsidian';
import { FIXTURE } from '../fixture';
import { internals, MANIFEST, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';
import { EXAMPLE_RAW } from '../../helpers/example-settings';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function briefFile(dir: string): BriefCache | null {
	const file = path.join(dir, BRIEF_FILE);
	return fs.existsSync(file) ? asBriefCache(JSON.parse(fs.readFileSync(file, 'utf8'))) : null;
}

function live(plugin: SessionBriefPlugin): LiveChannel {
	return (plugin as unknown as { desktop: { live: LiveChannel } }).desktop.live;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const OLD = Date.now() - 3_600_000;
const STAMP = Date.now() - 1_800_000;

/**
 * A vault as Obsidian starts it. `warm`: its metadata cache restored from the last session, which
 * still describes two notes as they were when Obsidian was closed: `Old flag.md` was flagged then (no
 * longer), `New flag.md` was not (now is); they were edited since the index was last current (the
 * stamp), the other notes before. `cold`: no entries yet. The fallback wait is an hour: a test that
 * passes here became ready without it.
 */
async function startVault(mode: 'warm' | 'cold', files: Record<string, string> = {}): Promise<{ app: App; plugin: SessionBriefPlugin; base: string }> {
	const base = tempVault({ 'Notes/Old flag.md': 'Reviewed, nothing left\n', 'Notes/New flag.md': 'Look at this #needs-review\n', 'Notes/Plain.md': 'Plain\n', 'Notes/Kept.md': 'Still open #needs-review\n', ...files });
	for (const p of ['Notes/Plain.md', 'Notes/Kept.md']) fs.utimesSync(path.join(base, p), OLD / 1000, OLD / 1000);
	const app = App.create(base);
	app.saveLocalStorage(CURRENT_AT_KEY, STAMP);
	if (mode === 'warm') {
		app.metadataCache.primeAll();
		app.metadataCache.restoreStale('Notes/Old flag.md', 'Check this #needs-review\n');
		app.metadataCache.restoreStale('Notes/New flag.md', 'Nothing yet\n');
	}
	const plugin = new SessionBriefPlugin(app as never, MANIFEST);
	plugin.onload();
	internals(plugin).sync.startupFallbackMs = 3_600_000;
	return { app, plugin, base };
}

async function stop(app: App, plugin: SessionBriefPlugin, base: string): Promise<void> {
	plugin.unload();
	await internals(plugin).writer.idle();
	await app.metadataCache.settle();
	fs.rmSync(base, { recursive: true, force: true, maxRetries: 30 });
}

const FLAGGED = ['Notes/Kept.md', 'Notes/New flag.md'];

describe('start-up in either order (docs/obsidian-runtime.md)', () => {
	it('`resolved` before the layout is ready: ready at the first pass, from the re-parsed entries', async () => {
		const { app, plugin, base } = await startVault('warm');
		try {
			const { sync, service } = internals(plugin);
			await app.metadataCache.startupReparse();
			const reads = app.vault.cachedReads;
			app.workspace.setLayoutReady();
			await plugin.started;
			await sync.whenReady();
			expect(sync.startup).toMatchObject({ resolvedBeforeLayout: true, endedBy: 'resolved' });
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
			// The entries are current: only the flagged notes' lines are read, for the report's text.
			expect(app.vault.cachedReads - reads).toBe(2);
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('layout ready first, `resolved` never: ready as soon as every note has an entry, the notes edited since the index was current read from disk', async () => {
		const { app, plugin, base } = await startVault('warm');
		const pluginDir = path.join(base, '.obsidian', 'plugins', MANIFEST.id);
		try {
			const { sync, service } = internals(plugin);
			app.workspace.setLayoutReady();
			await plugin.started;
			await sync.whenReady();
			expect(sync.startup).toMatchObject({ resolvedBeforeLayout: false, endedBy: 'every-entry', waitingAtPass: 0, unverifiedAtPass: 2 });
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
			expect(sync.index.get('Notes/New flag.md')?.flags?.needsReview[0]?.text).toBe('Look at this #needs-review');
			await vi.waitFor(() => expect(briefFile(pluginDir)?.plugin?.pending).toBe(false), { timeout: HANG_MS });
			expect(briefFile(pluginDir)?.brief.items.needsReview?.paths).toEqual(FLAGGED);
			await vi.waitFor(() => expect(live(plugin).running).toBe(true), { timeout: HANG_MS });
			// The re-parse arriving later changes nothing.
			await app.metadataCache.startupReparse();
			await settle(app);
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('layout ready first, `resolved` after it: the same brief', async () => {
		const { app, plugin, base } = await startVault('warm');
		try {
			const { sync, service } = internals(plugin);
			app.workspace.setLayoutReady();
			await plugin.started;
			await app.metadataCache.startupReparse();
			await sync.whenReady();
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('a cold cache, `resolved` never: pending while notes lack an entry, ready the moment the last one has it', async () => {
		const { app, plugin, base } = await startVault('cold');
		const pluginDir = path.join(base, '.obsidian', 'plugins', MANIFEST.id);
		try {
			app.workspace.setLayoutReady();
			await plugin.started;
			const { sync, service, writer } = internals(plugin);
			await sync.whenBuilt();
			expect(sync.startup.waitingAtPass).toBe(4);
			await app.metadataCache.startupReparse({ resolved: false, only: ['Notes/Plain.md', 'Notes/Kept.md', 'Notes/Old flag.md'] });
			// Longer than the write debounce: a plugin that took a partial cache as the end would have written by now.
			await sleep(WRITE_DELAY_MS + 300);
			await writer.idle();
			expect(sync.ready).toBe(false);
			expect(briefFile(pluginDir)?.plugin?.pending ?? true).toBe(true);
			expect(live(plugin).running).toBe(false);

			await app.metadataCache.startupReparse({ resolved: false });
			await sync.whenReady();
			expect(sync.startup.endedBy).toBe('every-entry');
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
			await vi.waitFor(() => expect(briefFile(pluginDir)?.plugin?.pending).toBe(false), { timeout: HANG_MS });
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('notes that never get an entry are read from disk after the bounded wait', async () => {
		const { app, plugin, base } = await startVault('cold');
		try {
			const { sync, service } = internals(plugin);
			sync.startupFallbackMs = 50;
			app.workspace.setLayoutReady();
			await plugin.started;
			await sync.whenReady();
			expect(sync.startup.endedBy).toBe('wait');
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('with no record of when the index was current, every restored entry is checked against the note', async () => {
		const { app, plugin, base } = await startVault('warm');
		try {
			const { sync, service } = internals(plugin);
			app.saveLocalStorage(CURRENT_AT_KEY, null);
			// The sync read the stamp at load; a new one stands for a first start with this version.
			const fresh = new IndexSync(app as never, plugin.settings, () => undefined);
			fresh.startupFallbackMs = 3_600_000;
			fresh.listen(plugin);
			app.workspace.setLayoutReady();
			await plugin.started;
			fresh.start(plugin);
			await fresh.whenReady();
			expect(fresh.startup).toMatchObject({ endedBy: 'every-entry', unverifiedAtPass: 4 });
			expect([...fresh.index.paths('needsReview')].sort()).toEqual(FLAGGED);
			await sync.whenReady();
			expect(service.brief().items.needsReview?.paths).toEqual(FLAGGED);
		} finally {
			await stop(app, plugin, base);
		}
	});

	it('records when the index was current, and a plugin loaded after the layout trusts the cache', async () => {
		const { app, plugin, base } = await startVault('warm');
		try {
			const before = Date.now();
			app.workspace.setLayoutReady();
			await plugin.started;
			await internals(plugin).sync.whenReady();
			expect(app.loadLocalStorage(CURRENT_AT_KEY)).toBeGreaterThanOrEqual(before);
			const late = new IndexSync(app as never, plugin.settings, () => undefined);
			late.listen(plugin);
			late.start(plugin);
			await late.whenReady();
			expect(late.startup).toMatchObject({ loadedAfterLayout: true, endedBy: 'resolved' });
		} finally {
			await stop(app, plugin, base);
		}
	});
});

/** Opens a view of `type` in a new popout window, as dragging its tab out of the main window does. */
async function inPopout(s: Started, type: string): Promise<WorkspaceLeaf> {
	const leaf = s.app.workspace.openPopoutLeaf();
	await leaf.setViewState({ type, active: true });
	await settle(s.app);
	return leaf;
}

function contentOf(leaf: WorkspaceLeaf): HTMLElement {
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

function click(el: Element | null, init: MouseEventInit = {}, type = 'click'): void {
	if (el === null) throw new Error('no element to click');
	el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
}

describe('popout windows', () => {
	it('the needs review sidebar answers clicks, section toggles, hovers and the context menu there', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const leaf = await inPopout(started, VIEW_TYPE_REVIEW);
		const root = contentOf(leaf);
		// The stand-in's popout is a realm of its own, as in Obsidian: a plain instanceof fails there.
		expect(root instanceof HTMLElement).toBe(false);
		expect(root.instanceOf(HTMLElement)).toBe(true);

		const row = root.querySelector('.session-brief-item[data-path="Notes/Flagged.md"]');
		click(row?.querySelector('.session-brief-item-name') ?? null);
		await settle(started.app);
		expect(started.app.workspace.leaves.flatMap((l) => l.opened.map((f) => f.path))).toEqual(['Notes/Flagged.md']);

		click(root.querySelector('[data-toggle="inbox"] .session-brief-section-title'));
		expect(root.querySelector('.session-brief-section[data-section="inbox"]')?.classList.contains('is-collapsed')).toBe(true);

		// The toggle re-rendered the list: the row is a new element.
		const again = root.querySelector('.session-brief-item[data-path="Notes/Flagged.md"]');
		const hovers: unknown[] = [];
		started.app.workspace.on('hover-link', (info) => hovers.push((info as { linktext: string }).linktext));
		click(again, {}, 'mouseover');
		expect(hovers).toEqual(['Notes/Flagged.md']);

		click(again, {}, 'contextmenu');
		expect(Menu.last?.items.map((i) => i.title)).toContain('Mark as reviewed');
	});

	it('the rule check view opens a finding\'s file from there', async () => {
		started = await startPlugin(tempVault({ 'CLAUDE.md': '# Rules\n\nSee [[Missing note]].\n' }));
		await (started.plugin as unknown as { rules: RuleCheckRunner }).rules.run();
		const leaf = await inPopout(started, VIEW_TYPE_RULE_CHECK);
		const row = contentOf(leaf).querySelector('.session-brief-finding.is-clickable');
		click(row?.querySelector('.session-brief-finding-message') ?? null);
		await settle(started.app);
		expect(started.app.workspace.leaves.flatMap((l) => l.opened.map((f) => f.path))).toEqual(['CLAUDE.md']);
	});
});

describe('deferred views', () => {
	it('*Reveal in file explorer* loads a file explorer restored in a background tab instead of saying there is none', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const explorer = started.app.workspace.addDeferredLeaf('file-explorer');
		expect(explorer.isDeferred).toBe(true);
		const leaf = started.app.workspace.getRightLeaf(false);
		await leaf.setViewState({ type: VIEW_TYPE_REVIEW });
		click(contentOf(leaf).querySelector('.session-brief-item[data-path="Inbox/Idea.md"]'), {}, 'contextmenu');
		const reveal = Menu.last?.items.find((i) => i.title === 'Reveal in file explorer');
		await reveal?.handler?.();
		await settle(started.app);
		expect(Notice.shown).not.toContain('The file explorer is not available.');
		expect(explorer.isDeferred).toBe(false);
		expect((explorer.view as FileExplorerView).revealedFiles.map((f) => f.path)).toEqual(['Inbox/Idea.md']);
	});
});

describe('plugin folder from manifest.dir', () => {
	const DIR = '.obsidian/plugins/session-brief-dev';

	it('writes the cache and the discovery file next to data.json, and says so in the settings tab', async () => {
		started = await startPlugin(tempVault(FIXTURE), { dir: DIR, data: { ...EXAMPLE_RAW, inboxFolder: 'Inbox' } });
		const { writer } = internals(started.plugin);
		await writer.flush();
		expect(started.pluginDir).toBe(path.join(started.base, DIR));
		expect(briefFile(started.pluginDir)?.plugin?.pending).toBe(false);
		expect(fs.existsSync(path.join(started.pluginDir, DISCOVERY_FILE))).toBe(true);
		expect(fs.existsSync(path.join(started.base, '.obsidian', 'plugins', MANIFEST.id, BRIEF_FILE))).toBe(false);

		const tab = started.stub.settingTabs[0] as PluginSettingTab;
		tab.display();
		expect(tab.containerEl.querySelector('.session-brief-plugin-folder')?.textContent).toContain(DIR);
	});

	it('says nothing about the folder when it is the usual one', async () => {
		started = await startPlugin(tempVault(FIXTURE), { dir: '.obsidian/plugins/session-brief' });
		const tab = started.stub.settingTabs[0] as PluginSettingTab;
		tab.display();
		expect(tab.containerEl.querySelector('.session-brief-plugin-folder')).toBeNull();
	});
});

describe('settings changed outside Obsidian', () => {
	it('reloads them, re-indexes when what counts changed, rewrites the cache, and a later save keeps them', async () => {
		started = await startPlugin(tempVault({ ...FIXTURE, 'Triage/New.md': 'A new note\n' }));
		const stub = started.stub as StubPlugin & { writeDataExternally(data: unknown): Promise<void> };
		const { writer, service } = internals(started.plugin);
		await writer.flush();
		const synced = { ...started.plugin.settings, inboxFolder: 'Triage', maxNamesPerItem: 9 };
		await stub.writeDataExternally(synced);
		await settle(started.app);
		await writer.idle();
		expect(started.plugin.settings.inboxFolder).toBe('Triage');
		expect(service.brief().items.inbox?.paths).toEqual(['Triage/New.md']);
		const cache = briefFile(started.pluginDir);
		expect(cache?.plugin?.pending).toBe(false);
		// The key the bridge computes from the new data.json: the rewritten cache is current to it.
		expect(cache?.key).toBe(loadVaultContext(started.base, { env: {} }).key);
		expect(cache?.key).toBe(settingsKey(started.plugin.settings, service.dailyNote));
		// A change made in the settings tab afterwards starts from the synced settings.
		await started.plugin.updateSettings({ ...started.plugin.settings, showStatusBar: false });
		const saved = JSON.parse(fs.readFileSync(path.join(started.pluginDir, 'data.json'), 'utf8')) as { inboxFolder: string; maxNamesPerItem: number };
		expect(saved.inboxFolder).toBe('Triage');
		expect(saved.maxNamesPerItem).toBe(9);
	});
});
