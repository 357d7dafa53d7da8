// One measurement of the plugin's load in a fresh process (bench/plugin-load.ts runs many): main.js
// evaluated as Obsidian evaluates a plugin, and with `--onload` its `onload`, up to the first await
// and whole. Prints one JSON line.
//
//   node <bundle> <main.js> [--onload <vault folder>]
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vm from 'node:vm';
import { installDom } from './lib/dom';


async function main(): Promise<void> {
	const [file, flag, vault] = process.argv.slice(2);
	if (file === undefined) throw new Error('usage: plugin-load-child <main.js> [--onload <vault>]');
	installDom();
	const stub = await import('../stand-in/obsidian');
	// The stand-in puts Obsidian's global helpers on `window`, which is the global object only in a browser.
	const g = globalThis as unknown as Record<string, unknown>;
	const w = g.window as Record<string, unknown>;
	for (const name of ['createEl', 'createDiv', 'createSpan', 'createFragment', 'activeDocument', 'activeWindow']) g[name] = w[name];
	const source = fs.readFileSync(file, 'utf8');
	const nodeRequire = createRequire(path.resolve(file));
	const requireForPlugin = (id: string): unknown => (id === 'obsidian' ? stub : nodeRequire(id));
	const module = { exports: {} as Record<string, unknown> };

	const c0 = process.cpuUsage();
	const t0 = performance.now();
	const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file }) as (...args: unknown[]) => void;
	wrapper.call(module.exports, module.exports, requireForPlugin, module, file, path.dirname(file));
	const evalMs = performance.now() - t0;
	const cpu = process.cpuUsage(c0);
	const out: { evalMs: number; evalCpuMs: number; onloadSyncMs?: number; onloadMs?: number } = { evalMs, evalCpuMs: (cpu.user + cpu.system) / 1000 };

	if (flag === '--onload' && vault !== undefined) {
		type Loaded = { onload(): Promise<void>; unload(): void };
		const PluginClass = (module.exports.default ?? module.exports) as unknown as new (app: unknown, manifest: unknown) => Loaded;
		const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'manifest.json'), 'utf8')) as unknown;
		const app = stub.App.create(vault);
		app.metadataCache.primeAll();
		const plugin = new PluginClass(app, manifest);
		const t1 = performance.now();
		const loading = plugin.onload();
		out.onloadSyncMs = performance.now() - t1;
		await loading;
		out.onloadMs = performance.now() - t1;
		plugin.unload();
	}
	process.stdout.write(`${JSON.stringify(out)}\n`);
	// The plugin's intervals and the stand-in's timers would keep the process alive.
	process.exit(0);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
