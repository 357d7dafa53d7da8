/**
 * Loads the BUILT plugin (main.js, CommonJS) against the `obsidian` stand-in, the way Obsidian
 * loads a community plugin: the file is compiled with Node's own CommonJS wrapper
 * (`vm.runInThisContext`, so it sees this test's DOM globals) and given a `require` that answers
 * 'obsidian' with the stand-in and everything else (Node's built-ins, the optional ws add-ons)
 * with Node's `require` from main.js's folder. No global require hook is installed, so nothing
 * else in the test run is affected.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as obsidian from '../obsidian-stub/obsidian';
import { App, type Plugin, type PluginManifest } from '../obsidian-stub/obsidian';

export const ROOT = path.resolve(__dirname, '../..');
export const BUILT_MAIN = path.join(ROOT, 'main.js');
export const BUILT_BRIDGE = path.join(ROOT, 'bridge', 'dist', 'session-brief.cjs');
export const EXAMPLE_VAULT = path.join(ROOT, 'example-vault');

/** The real manifest, as Obsidian passes it to the plugin's constructor. */
export const MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')) as PluginManifest;

/** What a plugin class built from main.ts looks like from outside. */
export type BuiltPluginClass = new (app: App, manifest: PluginManifest) => Plugin & { onload(): Promise<void> };

export interface LoadedBuilt {
	PluginClass: BuiltPluginClass;
	/** Every module id main.js asked `require` for, in order of first request. */
	required: string[];
}

/** Compiles and runs main.js once; each call gives a fresh module (fresh module-level state). */
export function loadBuiltMain(file = BUILT_MAIN): LoadedBuilt {
	const source = fs.readFileSync(file, 'utf8');
	const nodeRequire = createRequire(file);
	const required: string[] = [];
	const requireForPlugin = (id: string): unknown => {
		if (!required.includes(id)) required.push(id);
		return id === 'obsidian' ? obsidian : nodeRequire(id);
	};
	const module = { exports: {} as Record<string, unknown> };
	// Node's CommonJS wrapper, verbatim: the bundle runs exactly as under `require`.
	const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file }) as (
		exports: unknown,
		require: (id: string) => unknown,
		module: { exports: Record<string, unknown> },
		filename: string,
		dirname: string,
	) => void;
	wrapper.call(module.exports, module.exports, requireForPlugin, module, file, path.dirname(file));
	// Obsidian takes `module.exports.default` (esbuild's ES-module interop) or `module.exports`.
	const PluginClass = (module.exports.default ?? module.exports) as unknown as BuiltPluginClass;
	if (typeof PluginClass !== 'function') throw new Error('main.js exports no plugin class');
	return { PluginClass, required };
}

/** A temporary copy of example-vault/ without the cache files a demo run may have left there. */
export function copyExampleVault(): string {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-built-'));
	fs.cpSync(EXAMPLE_VAULT, base, { recursive: true });
	const pluginDir = path.join(base, '.obsidian', 'plugins', MANIFEST.id);
	fs.mkdirSync(pluginDir, { recursive: true });
	for (const f of fs.readdirSync(pluginDir)) if (f !== 'data.json') fs.rmSync(path.join(pluginDir, f), { force: true });
	return base;
}

/** The parts of the built plugin the tests wait on. Property names survive minification (esbuild does not mangle them). */
export interface BuiltInternals {
	sync: { whenBuilt(): Promise<void>; ready: boolean; index: { size: number } };
	writer: { idle(): Promise<void>; fullWrites: number };
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
}

/** Starts the built plugin on a vault folder as Obsidian does (tests/plugin/harness.ts does the same for main.ts). */
export async function startBuilt(base: string): Promise<StartedBuilt> {
	const { PluginClass, required } = loadBuiltMain();
	const app = App.create(base);
	// Obsidian restores its metadata cache before plugins run; files are parsed already.
	app.metadataCache.primeAll();
	const plugin = new PluginClass(app, MANIFEST);
	await plugin.onload();
	app.workspace.setLayoutReady();
	app.metadataCache.trigger('resolved');
	const internals = plugin as unknown as BuiltInternals;
	await internals.sync.whenBuilt();
	return { app, plugin, internals, base, pluginDir: path.join(base, app.vault.configDir, 'plugins', MANIFEST.id), required };
}

/** Unloads like Obsidian does, waits for the final write, removes the vault. */
export async function stopBuilt(s: StartedBuilt | null): Promise<void> {
	if (s === null) return;
	if (s.plugin.loaded) s.plugin.unload();
	await s.internals.writer.idle();
	fs.rmSync(s.base, { recursive: true, force: true });
}
