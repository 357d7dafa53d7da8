// The plugin's load (bench/plugin-load-child.ts, one fresh process per run): evaluating main.js as
// built, against the same build with the embedded hook files left out (the budget: at most 1.2×)
// and with them embedded as plain strings (as main.js carried them before); and the time `onload`
// holds the app before its first await. The three files differ only in the two embedded files, cut
// out of the one main.js `npm run build` made, so nothing else differs. Each run reports wall and
// CPU time; the budget is judged on CPU time, which a busy machine disturbs much less.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compiled } from './lib/compile';
import { REPO, childEnv } from './lib/repo';
import { median } from './lib/stats';

/**
 * The embedded files in main.js: gzip (magic bytes 1f 8b 08, base64 "H4sI") as base64 in a comment
 * of a function never called, `()=>/*H4sI…*\/0` (esbuild.config.mjs).
 */
const EMBEDDED = /\(\)=>\/\*(H4sI[A-Za-z0-9+/=]+)\*\/0/g;

export type LoadVariant = 'built' | 'without' | 'plainText';

export interface PluginLoadResult {
	bytes: Record<LoadVariant, number>;
	/** Median evaluation time per variant, ms (wall and CPU), and every run's. */
	evalMs: Record<LoadVariant, number>;
	evalCpuMs: Record<LoadVariant, number>;
	evalRuns: Record<LoadVariant, Array<{ wall: number; cpu: number }>>;
	onloadSyncMs: number;
	onloadMs: number;
	embeddedFiles: number;
}

function variants(dir: string): Record<LoadVariant, string> {
	const built = fs.readFileSync(path.join(REPO, 'main.js'), 'utf8');
	const files = { built: path.join(dir, 'built', 'main.js'), without: path.join(dir, 'without', 'main.js'), plainText: path.join(dir, 'plain-text', 'main.js') };
	const texts: Record<LoadVariant, string> = {
		built,
		without: built.replace(EMBEDDED, '()=>/**/0'),
		// As main.js carried them before: each file's text as a string, evaluated with the module.
		plainText: built.replace(EMBEDDED, (_, b64: string) => JSON.stringify(gunzipSync(Buffer.from(b64, 'base64')).toString('utf8'))),
	};
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

/** `rounds` rounds after `warmup` untimed ones; each round runs the three files in rotating order, then one onload. */
export function benchPluginLoad({ rounds, warmup }: { rounds: number; warmup: number }): PluginLoadResult {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-load-'));
	try {
		const bundle = compiled('bench/plugin-load-child.ts', { mainFields: ['module', 'main'], alias: { obsidian: path.join(REPO, 'tests', 'obsidian-stub', 'obsidian.ts') } });
		const files = variants(dir);
		const vault = exampleVault(dir);
		const order: LoadVariant[] = ['built', 'without', 'plainText'];
		const evalRuns: Record<LoadVariant, Array<{ wall: number; cpu: number }>> = { built: [], without: [], plainText: [] };
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
			bytes: { built: size(files.built), without: size(files.without), plainText: size(files.plainText) },
			evalMs: { built: median(evalRuns.built.map((x) => x.wall)), without: median(evalRuns.without.map((x) => x.wall)), plainText: median(evalRuns.plainText.map((x) => x.wall)) },
			evalCpuMs: { built: median(evalRuns.built.map((x) => x.cpu)), without: median(evalRuns.without.map((x) => x.cpu)), plainText: median(evalRuns.plainText.map((x) => x.cpu)) },
			evalRuns,
			onloadSyncMs: median(sync),
			onloadMs: median(whole),
			embeddedFiles: [...fs.readFileSync(files.built, 'utf8').matchAll(EMBEDDED)].length,
		};
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
