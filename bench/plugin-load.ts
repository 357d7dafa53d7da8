// The plugin's load (bench/plugin-load-child.ts, one fresh process per run): evaluating main.js as
// built, against evaluating an empty plugin (a class extending `Plugin`, nothing else) in the same
// child, which is the cost any plugin pays there; and the time `onload` holds the app before its
// first await. Each run reports wall and CPU time; the ratio is taken on CPU time, which a busy
// machine disturbs much less.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compiled } from './lib/compile';
import { REPO, childEnv } from './lib/repo';
import { median } from './lib/stats';

export type LoadVariant = 'built' | 'empty';

/** The baseline: a plugin module with nothing in it. */
const EMPTY_PLUGIN = '"use strict";\nvar obsidian = require("obsidian");\nmodule.exports = class EmptyPlugin extends obsidian.Plugin {};\n';

export interface PluginLoadResult {
	bytes: Record<LoadVariant, number>;
	/** Median evaluation time per variant, ms (wall and CPU), and every run's. */
	evalMs: Record<LoadVariant, number>;
	evalCpuMs: Record<LoadVariant, number>;
	evalRuns: Record<LoadVariant, Array<{ wall: number; cpu: number }>>;
	onloadSyncMs: number;
	onloadMs: number;
}

function variants(dir: string): Record<LoadVariant, string> {
	const files = { built: path.join(dir, 'built', 'main.js'), empty: path.join(dir, 'empty', 'main.js') };
	const texts: Record<LoadVariant, string> = { built: fs.readFileSync(path.join(REPO, 'main.js'), 'utf8'), empty: EMPTY_PLUGIN };
	for (const [k, file] of Object.entries(files) as Array<[LoadVariant, string]>) {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, texts[k]);
		fs.copyFileSync(path.join(REPO, 'manifest.json'), path.join(path.dirname(file), 'manifest.json'));
	}
	return files;
}

/** A copy of example-vault/ without what a demo run may have left in the plugin folder. */
function exampleVault(dir: string): string {
	const base = path.join(dir, 'vault');
	fs.cpSync(path.join(REPO, 'example-vault'), base, { recursive: true });
	const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	for (const f of fs.readdirSync(pluginDir)) if (f !== 'data.json') fs.rmSync(path.join(pluginDir, f), { force: true });
	return base;
}

interface ChildResult {
	evalMs: number;
	evalCpuMs: number;
	onloadSyncMs?: number;
	onloadMs?: number;
}

function child(bundle: string, args: string[]): ChildResult {
	const r = spawnSync(process.execPath, [bundle, ...args], { env: childEnv(), encoding: 'utf8', cwd: REPO });
	if (r.status !== 0) throw new Error(`plugin-load child failed (${r.status}): ${r.stderr.trim().split('\n').slice(0, 3).join(' / ')}`);
	return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as ChildResult;
}

/** `rounds` rounds after `warmup` untimed ones; each round runs the two files in rotating order, then one onload. */
export function benchPluginLoad({ rounds, warmup }: { rounds: number; warmup: number }): PluginLoadResult {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-load-'));
	try {
		const bundle = compiled('bench/plugin-load-child.ts', { mainFields: ['module', 'main'], alias: { obsidian: path.join(REPO, 'stand-in', 'obsidian.ts') } });
		const files = variants(dir);
		const vault = exampleVault(dir);
		const order: LoadVariant[] = ['built', 'empty'];
		const evalRuns: Record<LoadVariant, Array<{ wall: number; cpu: number }>> = { built: [], empty: [] };
		const sync: number[] = [];
		const whole: number[] = [];
		for (let round = 0; round < warmup + rounds; round++) {
			for (let k = 0; k < order.length; k++) {
				const v = order[(k + round) % order.length]!;
				const r = child(bundle, [files[v]]);
				if (round >= warmup) evalRuns[v].push({ wall: r.evalMs, cpu: r.evalCpuMs });
			}
			const r = child(bundle, [files.built, '--onload', vault]);
			if (round >= warmup && r.onloadSyncMs !== undefined && r.onloadMs !== undefined) {
				sync.push(r.onloadSyncMs);
				whole.push(r.onloadMs);
			}
		}
		const size = (f: string): number => fs.statSync(f).size;
		return {
			bytes: { built: size(files.built), empty: size(files.empty) },
			evalMs: { built: median(evalRuns.built.map((x) => x.wall)), empty: median(evalRuns.empty.map((x) => x.wall)) },
			evalCpuMs: { built: median(evalRuns.built.map((x) => x.cpu)), empty: median(evalRuns.empty.map((x) => x.cpu)) },
			evalRuns,
			onloadSyncMs: median(sync),
			onloadMs: median(whole),
		};
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
