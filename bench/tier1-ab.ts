// Tier 1 of several builds side by side, in wall clock and CPU time:
//
//   npx tsx bench/tier1-ab.ts [--runs 21] DIST_A DIST_B …
//
// Each DIST is a folder of built files as bridge/dist holds them (a build of another commit, e.g.
// the hook files of `git show plugin~N:hooks/…` under bridge/dist's names). Each build
// is placed as install places the hook files, in its own copy of example-vault with a fresh
// plugin-written cache whose keeper is this process, and every run is checked to be answered from
// that cache. The builds run interleaved with `node -e 0` and the floor hook (bench/lib/hook-floor.ts),
// so a busy machine slows them alike. CPU time is disturbed much less: where `perf` can count this
// user's processes, every run is repeated under `perf stat -e task-clock` (CPU time of all the
// process's threads, to the microsecond), else it is user + system of the child at 10 ms resolution.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { flag } from './lib/args';
import { hookFloorFile } from './lib/hook-floor';
import { placeHookFiles } from './lib/hook-files';
import { run } from './lib/measure';
import { makePluginCache } from './lib/plugin-cache';
import { childEnv, sessionStartInput } from './lib/repo';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const RUNS = Number(flag(argv, 'runs') ?? 21);
const dists = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--runs').map((d) => path.resolve(d));
if (dists.length === 0) {
	console.error('usage: npx tsx bench/tier1-ab.ts [--runs 21] DIST_A DIST_B …');
	process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-tier1-ab-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
const builds = dists.map((dist, i) => {
	const vault = path.join(work, `vault-${i}`);
	copyExampleVault(vault);
	const entry = placeHookFiles(path.join(vault, '.claude', 'hooks'), dist);
	run(process.execPath, [entry, 'report', '--json', '--source', 'scan', '--vault', vault]);
	makePluginCache(vault);
	// The first runs make the code caches of the hook files.
	for (let k = 0; k < 3; k++) run(process.execPath, [entry, 'session-start', '--vault', vault], { input: sessionStartInput() });
	return { label: dist, vault, entry, cache: path.join(vault, '.obsidian', 'plugins', 'session-brief', 'brief-cache.json') };
});
const PERF_OUT = path.join(work, 'perf.txt');
/** CPU milliseconds of one run under `perf stat` (task-clock), or undefined without a usable perf. */
function perfCpuMs(args: readonly string[], input: string): number | undefined {
	const r = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '-o', PERF_OUT, process.execPath, ...args], { input, env: childEnv(), stdio: ['pipe', 'ignore', 'ignore'] });
	if (r.status !== 0) return undefined;
	const line = fs.readFileSync(PERF_OUT, 'utf8').split('\n').find((l) => l.includes('task-clock'));
	const ms = Number(line?.split(',')[0]);
	return Number.isFinite(ms) ? ms : undefined;
}
const perf = perfCpuMs(['-e', '0'], '') !== undefined;
const times = new Map<string, { ms: number[]; cpu: number[] }>();
const add = (label: string, r: { ms: number; cpuMs: number | undefined }, args: readonly string[], input = ''): void => {
	const t = times.get(label) ?? { ms: [], cpu: [] };
	t.ms.push(r.ms);
	const cpu = perf ? perfCpuMs(args, input) : r.cpuMs;
	if (cpu !== undefined) t.cpu.push(cpu);
	times.set(label, t);
};
const load = [os.loadavg()[0] ?? 0];
for (let i = 0; i < RUNS; i++) {
	add('node -e 0', run(process.execPath, ['-e', '0']), ['-e', '0']);
	const floorArgs = [hookFloorFile(), builds[0]!.cache];
	add('floor hook', run(process.execPath, floorArgs, { input: sessionStartInput() }), floorArgs, sessionStartInput());
	for (const b of builds) {
		const args = [b.entry, 'session-start', '--vault', b.vault];
		const r = run(process.execPath, args, { input: sessionStartInput() });
		if (!r.stdout.includes('(cached brief,')) throw new Error(`${b.label}: not answered from the plugin's cache: ${r.stdout.slice(0, 300)}`);
		add(b.label, r, args, sessionStartInput());
	}
}
load.push(os.loadavg()[0] ?? 0);
const base = times.get('node -e 0')!;
console.log(`Tier 1, ${RUNS} interleaved runs each (Node ${process.version}; load average ${load.map((l) => l.toFixed(1)).join(' → ')}; CPU ${perf ? 'task-clock from perf stat, separate runs' : 'user + system at 10 ms resolution'})\n`);
console.log('| run | wall (median) | vs node -e 0 | CPU (median) | vs node -e 0 |\n|---|---:|---:|---:|---:|');
for (const [label, t] of times) {
	const cpu = t.cpu.length > 0 ? median(t.cpu) : Number.NaN;
	console.log(`| ${label} | ${median(t.ms).toFixed(2)} ms | ${(median(t.ms) / median(base.ms)).toFixed(3)}× | ${cpu.toFixed(2)} ms | ${(cpu / median(base.cpu)).toFixed(3)}× |`);
}
