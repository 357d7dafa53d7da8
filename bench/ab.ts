// A/B timing of bridge bundles on one generated vault, runs interleaved so load affects all alike;
// for optimization proposals (options: docs/bench/README.md):
//
//   npx tsx bench/ab.ts [--n 10000 | --vault DIR] [--kind base|dense|frontmatter|tiny] [--rg] [--find] [--hook] [--runs 7] [--args "report --json --source scan"] [--input JSON] CLI_A CLI_B …
//
// `CLI@NAME=VALUE[,NAME=VALUE]` runs a bundle with those environment variables, so one bundle can be
// compared with itself. CPU time is reported beside wall time: a busy machine disturbs it less.
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureVault, isVaultKind } from './generate-vault';
import { run } from './lib/measure';
import { childEnv, sessionStartInput } from './lib/repo';
import { rgArgs } from './lib/ripgrep';
import { median } from './lib/stats';
import { threadModes, type ThreadModes } from './lib/thread-modes';
import { TRACE_ENV } from '../src/node/scan/thread-trace';

const argv = process.argv.slice(2);
const opts: Record<string, string> = { n: '10000', runs: '7', args: 'report --json --source scan', input: '' };
const clis: string[] = [];
let dense = false;
let withRg = false;
let withFind = false;
let hook = false;
for (let i = 0; i < argv.length; i++) {
	const a = argv[i]!;
	if (a === '--dense') dense = true;
	else if (a === '--rg') withRg = true;
	else if (a === '--find') withFind = true;
	else if (a === '--hook') hook = true;
	else if (a.startsWith('--')) opts[a.slice(2)] = argv[++i] ?? '';
	else clis.push(a);
}
const kind = opts.kind ?? (dense ? 'dense' : 'base');
if (!isVaultKind(kind)) throw new Error(`--kind ${kind}: not a kind of vault the generator makes`);
const root = opts.vault !== undefined ? path.resolve(opts.vault) : ensureVault(Number(opts.n), { kind, log: (m) => console.error(m) }).root;
const commandArgs = hook ? ['session-start'] : (opts.args ?? '').split(' ');
interface Subject {
	label: string;
	cmd: string;
	args: string[];
	env?: NodeJS.ProcessEnv;
	modes?: ThreadModes;
}
const subjects: Subject[] = clis.map((spec) => {
	const at = spec.indexOf('@');
	const cli = path.resolve(at < 0 ? spec : spec.slice(0, at));
	const env = at < 0 ? undefined : { ...childEnv(), ...Object.fromEntries(spec.slice(at + 1).split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])) };
	// Every bridge run tells which mode (one thread or two) it ran in (src/node/scan/thread-trace.ts).
	return { label: spec, cmd: process.execPath, args: [cli, ...commandArgs, '--vault', root], env: { ...(env ?? childEnv()), [TRACE_ENV]: '1' }, modes: threadModes(hook ? 'stat-walk' : 'scan') };
});
if (withRg) subjects.push({ label: 'rg (anchor)', cmd: 'rg', args: rgArgs(root) });
if (withFind) subjects.push({ label: 'find (tier 3 anchor)', cmd: 'find', args: [root, '-name', '*.md', '-printf', '%T@ %s\n'] });
const times: number[][] = subjects.map(() => []);
const cpu: number[][] = subjects.map(() => []);
const runs = Number(opts.runs);
for (let round = 0; round < runs + 1; round++) {
	for (let k = 0; k < subjects.length; k++) {
		const j = (k + round) % subjects.length;
		const s = subjects[j]!;
		const input = hook && s.cmd === process.execPath ? sessionStartInput() : (opts.input ?? '');
		const r = run(s.cmd, s.args, s.env === undefined ? { input } : { input, env: s.env });
		if (r.status !== 0 && s.cmd === process.execPath) console.error(`${s.label}: exit ${r.status} ${r.stderr}`);
		// Tier 3 is timed only when it serves: a brief from a scan would time the wrong path.
		if (hook && round === 0 && s.cmd === process.execPath && !r.stdout.includes('cached brief')) console.error(`${s.label}: not served from the cache (run a scan first): ${r.stdout.slice(0, 200)}`);
		if (round > 0) {
			s.modes?.observe(r);
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
	console.log(`wall ${median(times[j]!).toFixed(1).padStart(8)} ms  ${(median(times[j]!) / m0).toFixed(2)}× (${range(times[j]!)})${c}  ${s.label}${s.modes === undefined ? '' : `\n      ${s.modes.note()}`}`);
});
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
