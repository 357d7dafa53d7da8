// A/B timing of bridge bundles on one generated vault, runs interleaved so load affects all alike:
//
//   node bench/ab.mjs [--n 10000 | --vault DIR] [--runs 7] [--args "report --json --source scan"] [--input JSON] CLI_A CLI_B …
//
// Besides wall time it reports CPU time (user + sys, from /usr/bin/time when present), which a
// busy shared machine disturbs much less than wall time.
//
// Used to measure optimization proposals: build a changed copy of the repo elsewhere (e.g.
// /tmp/exp) and pass both bundles. Prints the median per bundle and the ratio to the first.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BENCH_NOW, ensureVault } from './generate-vault.mjs';

const argv = process.argv.slice(2);
const opts = { n: '10000', runs: '7', args: 'report --json --source scan', input: '' };
const clis = [];
for (let i = 0; i < argv.length; i++) {
	if (argv[i].startsWith('--')) opts[argv[i].slice(2)] = argv[++i];
	else clis.push(path.resolve(argv[i]));
}
const root = opts.vault ? path.resolve(opts.vault) : ensureVault(Number(opts.n), { log: (m) => console.error(m) }).root;
const env = { ...process.env, SESSION_BRIEF_NOW: BENCH_NOW, LANG: 'en_US.UTF-8' };
const out = path.join(os.tmpdir(), `sb-ab-${process.pid}.out`);
const times = clis.map(() => []);
const cpu = clis.map(() => []);
const timeBin = fs.existsSync('/usr/bin/time');
const runs = Number(opts.runs);
for (let round = 0; round < runs + 1; round++) {
	for (let k = 0; k < clis.length; k++) {
		const j = (k + round) % clis.length;
		const fd = fs.openSync(out, 'w');
		const t0 = process.hrtime.bigint();
		const args = [clis[j], ...opts.args.split(' '), '--vault', root];
		const r = timeBin
			? spawnSync('/usr/bin/time', ['-f', 'SBCPU %U %S', process.execPath, ...args], { env, input: opts.input, stdio: ['pipe', fd, 'pipe'] })
			: spawnSync(process.execPath, args, { env, input: opts.input, stdio: ['pipe', fd, 'pipe'] });
		const ms = Number(process.hrtime.bigint() - t0) / 1e6;
		fs.closeSync(fd);
		const stderr = r.stderr.toString();
		const m = /SBCPU ([\d.]+) ([\d.]+)/.exec(stderr);
		if (r.status !== 0) console.error(`${clis[j]}: exit ${r.status} ${stderr}`);
		if (round > 0) {
			times[j].push(ms);
			if (m) cpu[j].push((Number(m[1]) + Number(m[2])) * 1000);
		}
	}
}
fs.rmSync(out, { force: true });
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const m0 = med(times[0]);
const c0 = cpu[0].length > 0 ? med(cpu[0]) : NaN;
for (let j = 0; j < clis.length; j++) {
	const c = cpu[j].length > 0 ? `   cpu ${med(cpu[j]).toFixed(0).padStart(6)} ms ${(med(cpu[j]) / c0).toFixed(2)}×` : '';
	console.log(`wall ${med(times[j]).toFixed(1).padStart(8)} ms  ${(med(times[j]) / m0).toFixed(2)}×${c}  ${clis[j]}`);
}
