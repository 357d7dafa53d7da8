/**
 * Loads the BUILT plugin (main.js, CommonJS) against the `obsidian` stand-in, the way Obsidian
 * loads a community plugin: the file is compiled with Node's own CommonJS wrapper
 * (`vm.runInThisContext`, so it sees this test's DOM globals) and given a `require` that answers
 * 'obsidian' with the stand-in and everything else (Node's built-ins, the optional ws add-ons)
 * with Node's `require` from main.js's folder. No global require hook is installed, so nothing
 * else in the test run is affected.
 *
 * As on mobile (`{ mobile: true }`): `Platform` says mobile, the desktop adapter class is missing,
 * the `require` throws for every module but 'obsidian' (the phone has no Node), and Node's globals
 * (`process`, `Buffer`, `setImmediate`, …) are undefined inside main.js.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { copyExampleVault as copyRepositoryExample } from '../../../scripts/example-vault.mjs';
import * as obsidian from '../../../stand-in/obsidian';
import { App, type Plugin, type PluginManifest } from '../../../stand-in/obsidian';

export const ROOT = path.resolve(__dirname, '../../..');
export const BUILT_MAIN = path.join(ROOT, 'main.js');
export const BUILT_BRIDGE = path.join(ROOT, 'bridge', 'dist', 'session-brief.cjs');

/** The real manifest, as Obsidian passes it to the plugin's constructor. */
export const MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')) as PluginManifest;

/** What a plugin class built from main.ts looks like from outside. */
export type BuiltPluginClass = new (app: App, manifest: PluginManifest) => Plugin & { onload(): Promise<void> };

export interface LoadedBuilt {
	PluginClass: BuiltPluginClass;
	/** Every module id main.js asked `require` for, in order of first request (on mobile: tried to). */
	required: string[];
}

export interface LoadOptions {
	/** Load it as Obsidian's mobile app would (see the top of this file). */
	mobile?: boolean;
}

/** The `Platform` of Obsidian's phone app (obsidian.d.ts 1.13.1, `Platform`). */
export const MOBILE_PLATFORM = { isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isTablet: false, isIosApp: false, isAndroidApp: true };

/** A plugin on the phone: the status bar is "Not available on mobile" (obsidian.d.ts 1.13.1, `addStatusBarItem`). */
class MobilePlugin extends obsidian.Plugin {
	addStatusBarItem(): HTMLElement {
		throw new Error('addStatusBarItem is not available on mobile');
	}
}

/**
 * The stand-in as the phone app's `obsidian` module. Without `FileSystemAdapter`: the phone's adapter
 * is another class, and code on a mobile path that as much as names the desktop one fails here.
 */
export const MOBILE_OBSIDIAN: Record<string, unknown> = { ...obsidian, Platform: MOBILE_PLATFORM, FileSystemAdapter: undefined, Plugin: MobilePlugin };

/** Node's globals a CommonJS module sees, which the phone's JavaScript engine does not have. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', 'setImmediate', 'clearImmediate'] as const;

/** Compiles and runs main.js once; each call gives a fresh module (fresh module-level state). */
export function loadBuiltMain(file = BUILT_MAIN, options: LoadOptions = {}): LoadedBuilt {
	const mobile = options.mobile === true;
	const source = fs.readFileSync(file, 'utf8');
	const nodeRequire = createRequire(file);
	const required: string[] = [];
	const requireForPlugin = (id: string): unknown => {
		if (!required.includes(id)) required.push(id);
		if (id === 'obsidian') return mobile ? MOBILE_OBSIDIAN : obsidian;
		if (mobile) throw new Error(`Cannot find module '${id}' (Obsidian mobile has no Node.js)`);
		return nodeRequire(id);
	};
	const module = { exports: {} as Record<string, unknown> };
	// Node's CommonJS wrapper, verbatim, plus Node's globals as parameters: the bundle runs exactly as
	// under `require` (desktop: the real globals are passed), or without them (mobile: undefined).
	const params = ['exports', 'require', 'module', '__filename', '__dirname', ...NODE_GLOBALS].join(', ');
	const wrapper = vm.runInThisContext(`(function (${params}) {${source}\n})`, { filename: file }) as (...args: unknown[]) => void;
	const globals = NODE_GLOBALS.map((name) => (mobile ? undefined : (globalThis as Record<string, unknown>)[name]));
	wrapper.call(module.exports, module.exports, requireForPlugin, module, mobile ? undefined : file, mobile ? undefined : path.dirname(file), ...globals);
	// Obsidian takes `module.exports.default` (esbuild's ES-module interop) or `module.exports`.
	const PluginClass = (module.exports.default ?? module.exports) as unknown as BuiltPluginClass;
	if (typeof PluginClass !== 'function') throw new Error('main.js exports no plugin class');
	return { PluginClass, required };
}

/** A temporary copy of example-vault/ as the repository holds it (scripts/example-vault.mjs). */
export function copyExampleVault(): string {
	return copyRepositoryExample(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-built-')));
}

/** The parts of the built plugin the tests wait on. Property names survive minification (esbuild does not mangle them). */
export interface BuiltInternals {
	sync: { whenBuilt(): Promise<void>; ready: boolean; index: { size: number } };
	/** null on mobile. */
	desktop: { writer: { idle(): Promise<void>; fullWrites: number } } | null;
}

export interface StartedBuilt {
	app: App;
	plugin: Plugin & { onload(): Promise<void> };
	internals: BuiltInternals;
	base: string;
	pluginDir: string;
	required: string[];
}

/** Lets queued microtasks, metadata parses and fs promises run. */
export async function settle(app: App, rounds = 3): Promise<void> {
	for (let i = 0; i < rounds; i++) {
		await app.metadataCache.settle();
		await new Promise<void>((r) => setImmediate(r));
	}
	// As tests/plugin/harness.ts: what the sidebar's burst throttle holds back is drawn now.
	for (const leaf of app.workspace.leaves) (leaf.view as { flushRender?: () => void }).flushRender?.();
}

/** Starts the built plugin on a vault folder as Obsidian does (tests/plugin/harness.ts does the same for main.ts). */
export async function startBuilt(base: string, options: LoadOptions = {}): Promise<StartedBuilt> {
	const { PluginClass, required } = loadBuiltMain(BUILT_MAIN, options);
	// The phone's adapter is no FileSystemAdapter (it has no folder path to give).
	const app = App.create(base, { plainAdapter: options.mobile === true });
	// Obsidian restores its metadata cache before plugins run; files are parsed already.
	app.metadataCache.primeAll();
	const plugin = new PluginClass(app, MANIFEST);
	// As Obsidian's `load()`: loaded, then `onload`; stopBuilt unloads a plugin still loaded.
	plugin.loaded = true;
	await plugin.onload();
	app.workspace.setLayoutReady();
	app.metadataCache.trigger('resolved');
	await (plugin as unknown as { started: Promise<void> }).started;
	const internals = plugin as unknown as BuiltInternals;
	await internals.sync.whenBuilt();
	return { app, plugin, internals, base, pluginDir: path.join(base, app.vault.configDir, 'plugins', MANIFEST.id), required };
}

/** Unloads like Obsidian does, waits for the final write, removes the vault. */
export async function stopBuilt(s: StartedBuilt | null): Promise<void> {
	if (s === null) return;
	if (s.plugin.loaded) s.plugin.unload();
	await s.internals.desktop?.writer.idle();
	fs.rmSync(s.base, { recursive: true, force: true, maxRetries: 30 });
}
