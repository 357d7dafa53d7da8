/** Starts the real plugin (main.ts) against the stand-in over a temporary vault folder. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import SessionBriefPlugin from '../../main';
import { asBriefCache, BRIEF_FILE, type BriefCache } from '../../src/core/brief/cache-format';
import type { BriefService } from '../../src/plugin/index/brief-service';
import type { CacheWriter } from '../../src/plugin/index/cache-writer';
import type { DesktopParts } from '../../src/plugin/desktop-parts';
import type { IndexSync } from '../../src/plugin/index/index-sync';
import { VIEW_TYPE_REVIEW } from '../../src/plugin/sidebar/review-view';
import { App, languageState, Menu, Modal, Notice, type Plugin as StubPlugin, type PluginManifest } from '../../stand-in/obsidian';
import { EXAMPLE_RAW } from '../helpers/example-settings';

export const MANIFEST: PluginManifest = {
	id: 'session-brief',
	name: 'Session Brief',
	version: '0.1.0',
	minAppVersion: '1.9.0',
	description: 'test',
	author: 'test',
};

export function tempVault(files: Record<string, string>, configDir = '.obsidian'): string {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-plugin-'));
	fs.mkdirSync(path.join(base, configDir, 'plugins', MANIFEST.id), { recursive: true });
	for (const [p, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(base, p)), { recursive: true });
		fs.writeFileSync(path.join(base, p), text);
	}
	return base;
}

export interface Internals {
	sync: IndexSync;
	service: BriefService;
	/** The desktop parts (src/plugin/desktop-parts.ts); null on mobile. */
	desktop: DesktopParts | null;
	/** The desktop's cache writer; throws on mobile, where there is none. */
	writer: CacheWriter;
}

export function internals(plugin: SessionBriefPlugin): Internals {
	const p = plugin as unknown as { sync: IndexSync; service: BriefService; desktop: DesktopParts | null };
	return {
		sync: p.sync,
		service: p.service,
		desktop: p.desktop,
		get writer(): CacheWriter {
			if (p.desktop === null) throw new Error('no cache writer: the plugin runs as on mobile');
			return p.desktop.writer;
		},
	};
}

export interface Started {
	app: App;
	plugin: SessionBriefPlugin;
	/** The same object seen as the stand-in's Plugin, with what it recorded (commands, status bar, …). */
	stub: StubPlugin;
	base: string;
	pluginDir: string;
}

/**
 * Lets queued microtasks, metadata parses and fs promises run (real timers), then draws what an
 * open sidebar's burst throttle holds back (src/plugin/sidebar/render-throttle.ts): it would draw the same
 * at most a quarter second later; tests/plugin/sidebar/render-throttle.test.ts proves that it does.
 */
export async function settle(app: App, rounds = 3): Promise<void> {
	for (let i = 0; i < rounds; i++) {
		await app.metadataCache.settle();
		await new Promise<void>((r) => setImmediate(r));
	}
	for (const leaf of app.workspace.leaves) (leaf.view as { flushRender?: () => void }).flushRender?.();
}

export async function startPlugin(base: string, options: { configDir?: string; plainAdapter?: boolean; data?: unknown; dir?: string } = {}): Promise<Started> {
	const configDir = options.configDir ?? '.obsidian';
	// `dir` is `manifest.dir`: the folder Obsidian loaded the plugin from, vault-relative.
	const pluginDir = path.join(base, options.dir ?? path.join(configDir, 'plugins', MANIFEST.id));
	fs.mkdirSync(pluginDir, { recursive: true });
	// An existing install unless told otherwise, with the example vault's settings, whose folders
	// (`AI/Regelwerk`, `Import`) the plugin tests' vaults use: `data: null` starts without a
	// data.json, as a new install does (src/core/first-run.ts); `{}` has the defaults.
	if (options.data !== null) fs.writeFileSync(path.join(pluginDir, 'data.json'), JSON.stringify(options.data ?? EXAMPLE_RAW));
	const app = App.create(base, { configDir, plainAdapter: options.plainAdapter });
	// Obsidian restores its metadata cache before plugins run; files are parsed already.
	app.metadataCache.primeAll();
	const plugin = new SessionBriefPlugin(app as never, options.dir === undefined ? MANIFEST : { ...MANIFEST, dir: options.dir });
	// As Obsidian's `load()`: loaded, then `onload`; stopPlugin unloads a plugin still loaded.
	(plugin as unknown as StubPlugin).loaded = true;
	plugin.onload();
	app.workspace.setLayoutReady();
	app.metadataCache.trigger('resolved');
	await plugin.started;
	await internals(plugin).sync.whenBuilt();
	return { app, plugin, stub: plugin as unknown as StubPlugin, base, pluginDir };
}

export function readJson(file: string): unknown {
	return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
}

/**
 * What the stand-in keeps across plugins (the language, the notices, the open modal, the last
 * menu), as it is before any test: the next test starts from a fresh Obsidian.
 */
export function resetStandIn(): void {
	languageState.value = 'en';
	Notice.shown = [];
	Notice.all = [];
	Modal.open = [];
	Menu.last = null;
}

/**
 * Unloads like Obsidian does (cleanups, then onunload), waits for the final write, removes the
 * vault, and resets the stand-in's shared state.
 */
export async function stopPlugin(s: Started | null): Promise<void> {
	if (s !== null) {
		if (s.stub.loaded) s.plugin.unload();
		await internals(s.plugin).desktop?.writer.idle();
		// A live channel still opening when the plugin unloaded closes once open; its vault must still be there.
		await internals(s.plugin).desktop?.live.close();
		fs.rmSync(s.base, { recursive: true, force: true, maxRetries: 30 });
	}
	resetStandIn();
}

/** The brief cache file in a plugin folder, checked against its schema. */
export function readCache(dir: string): BriefCache {
	const cache = asBriefCache(JSON.parse(fs.readFileSync(path.join(dir, BRIEF_FILE), 'utf8')));
	if (cache === null) throw new Error('no valid cache');
	return cache;
}

/** Opens the Needs review sidebar through its command and returns the view's content element. */
export async function openReviewView(s: Started): Promise<HTMLElement> {
	s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
	await settle(s.app);
	const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
	if (leaf === undefined) throw new Error('view not open');
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}
