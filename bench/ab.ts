// A/B timing of bridge bundles on one generated vault, runs interleaved so load affects all alike:
//
//   npx tsx bench/ab.ts [--n 10000 | --vault DIR] [--dense] [--rg] [--runs 7] [--args "report --json --source scan"] [--input JSON] CLI_A CLI_B …
//
// `--rg` adds the full-scan anchor (bench/lib/ripgrep.ts) to the rotation, printed last.
//
// Besides wall time it reports CPU time (user + sys of the child, bench/lib/child-cpu.ts), which a
// busy shared machine disturbs much less than wall time.
//
// Used to measure optimization proposals: build a changed copy of the repo elsewhere (e.g.
// /tmp/exp) and pass both bundles. Prints the median per bundle and the ratio to the first.
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureVault } from './generate-vault';
import { run } from './lib/measure';
import { rgArgs } from './lib/ripgrep';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const opts: Record<string, string> = { n: '10000', runs: '7', args: 'report --json --source scan', input: '' };
const clis: string[] = [];
let dense = false;
let withRg = false;
for (let i = 0; i < argv.length; i++) {
	const a = argv[i]!;
	if (a === '--dense') dense = true;
	else if (a === '--rg') withRg = true;
	else if (a.startsWith('--')) opts[a.slice(2)] = argv[++i] ?? '';
	else clis.push(path.resolve(a));
}
const root = opts.vault !== undefined ? path.resolve(opts.vault) : ensureVault(Number(opts.n), { dense, log: (m) => console.error(m) }).root;
const subjects = clis.map((cli) => ({ label: cli, cmd: process.execPath, args: [cli, ...(opts.args ?? '').split(' '), '--vault', root] }));
if (withRg) subjects.push({ label: 'rg (anchor)', cmd: 'rg', args: rgArgs(root) });
const times: number[][] = subjects.map(() => []);
const cpu: number[][] = subjects.map(() => []);
const runs = Number(opts.runs);
for (let round = 0; round < runs + 1; round++) {
	for (let k = 0; k < subjects.length; k++) {
		const j = (k + round) % subjects.length;
		const s = subjects[j]!;
		const r = run(s.cmd, s.args, { input: opts.input });
		if (r.status !== 0 && s.cmd !== 'rg') console.error(`${s.label}: exit ${r.status} ${r.stderr}`);
		if (round > 0) {
			times[j]!.push(r.ms);
			if (r.cpuMs !== undefined) cpu[j]!.push(r.cpuMs);
		}
	}
}
const m0 = median(times[0] ?? []);
const c0 = median(cpu[0] ?? []);
const range = (xs: number[]): string => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
subjects.forEach((s, j) => {
	const c = cpu[j]!.length > 0 ? `   cpu ${median(cpu[j]!).toFixed(0).padStart(6)} ms ${(median(cpu[j]!) / c0).toFixed(2)}× (${range(cpu[j]!)})` : '';
	console.log(`wall ${median(times[j]!).toFixed(1).padStart(8)} ms  ${(median(times[j]!) / m0).toFixed(2)}× (${range(times[j]!)})${c}  ${s.label}`);
});
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
