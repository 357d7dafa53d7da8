// Tier 1 of several builds side by side, in wall clock and CPU time:
//
//   npx tsx bench/tier1-ab.ts [--runs 21] DIST_A DIST_B …
//
// Each DIST is a folder of built files as bridge/dist holds them (a build of another commit, e.g.
// the hook files of `git show COMMIT:claude-plugin/hooks/…` under bridge/dist's names). Each build
// is placed as install places the hook files, in its own copy of example-vault with a fresh
// plugin-written cache whose keeper is this process, and every run is checked to be answered from
// that cache. The builds run interleaved with `node -e 0` and the floor hook (bench/lib/hook-floor.ts),
// so a busy machine slows them alike; CPU time (user + system of the child) is disturbed much less.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { flag } from './lib/args';
import { hookFloorFile } from './lib/hook-floor';
import { placeHookFiles } from './lib/hook-files';
import { run } from './lib/measure';
import { makePluginCache } from './lib/plugin-cache';
import { sessionStartInput } from './lib/repo';
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
const times = new Map<string, { ms: number[]; cpu: number[] }>();
const add = (label: string, r: { ms: number; cpuMs: number | undefined }): void => {
	const t = times.get(label) ?? { ms: [], cpu: [] };
	t.ms.push(r.ms);
	if (r.cpuMs !== undefined) t.cpu.push(r.cpuMs);
	times.set(label, t);
};
const load = [os.loadavg()[0] ?? 0];
for (let i = 0; i < RUNS; i++) {
	add('node -e 0', run(process.execPath, ['-e', '0']));
	add('floor hook', run(process.execPath, [hookFloorFile(), builds[0]!.cache], { input: sessionStartInput() }));
	for (const b of builds) {
		const r = run(process.execPath, [b.entry, 'session-start', '--vault', b.vault], { input: sessionStartInput() });
		if (!r.stdout.includes('(cached brief,')) throw new Error(`${b.label}: not answered from the plugin's cache: ${r.stdout.slice(0, 300)}`);
		add(b.label, r);
	}
}
load.push(os.loadavg()[0] ?? 0);
const base = times.get('node -e 0')!;
console.log(`Tier 1, ${RUNS} interleaved runs each (Node ${process.version}; load average ${load.map((l) => l.toFixed(1)).join(' → ')}; CPU time at 10 ms resolution)\n`);
console.log('| run | wall (median) | vs node -e 0 | CPU (median) | vs node -e 0 |\n|---|---:|---:|---:|---:|');
for (const [label, t] of times) {
	const cpu = t.cpu.length > 0 ? median(t.cpu) : Number.NaN;
	console.log(`| ${label} | ${median(t.ms).toFixed(2)} ms | ${(median(t.ms) / median(base.ms)).toFixed(3)}× | ${cpu.toFixed(1)} ms | ${(cpu / median(base.cpu)).toFixed(3)}× |`);
}
