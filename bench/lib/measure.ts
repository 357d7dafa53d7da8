// Running and timing child processes, interleaved so a noisy neighbour slows subject and
// baseline alike.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { childrenCpuMs } from './child-cpu';
import { REPO, childEnv } from './repo';
import { stats, type Stats } from './stats';

export interface RunResult {
	ms: number;
	/** CPU time (user + system) of the child, 10 ms resolution; undefined where not measurable. */
	cpuMs: number | undefined;
	status: number | null;
	stdout: string;
	stderr: string;
}

// Every child writes its stdout to a regular file, never to a pipe: reading a pipe in spawnSync
// costs the parent per write (rg -c writes once per file, the bridge once), and /dev/null would
// let rg stop at the first match. A file costs every program the same.
const STDOUT_FILE = `${os.tmpdir()}/session-brief-bench-stdout-${process.pid}.txt`;
process.on('exit', () => fs.rmSync(STDOUT_FILE, { force: true }));

const defaultEnv = childEnv();

export function run(cmd: string, args: readonly string[], { input = '', env = defaultEnv, cwd = REPO }: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): RunResult {
	const fd = fs.openSync(STDOUT_FILE, 'w');
	let r;
	let ms: number;
	let cpuMs: number | undefined;
	try {
		const c0 = childrenCpuMs();
		const t0 = process.hrtime.bigint();
		r = spawnSync(cmd, args, { input, env, cwd, stdio: ['pipe', fd, 'pipe'], maxBuffer: 1 << 30 });
		ms = Number(process.hrtime.bigint() - t0) / 1e6;
		const c1 = childrenCpuMs();
		cpuMs = c0 === undefined || c1 === undefined ? undefined : c1 - c0;
	} finally {
		fs.closeSync(fd);
	}
	if (r.error) throw r.error;
	return { ms, cpuMs, status: r.status, stdout: fs.readFileSync(STDOUT_FILE, 'utf8'), stderr: r.stderr.toString('utf8') };
}

export interface Job {
	label: string;
	cmd: string;
	args: readonly string[];
	/** Standard input; a function gives each run its own (a new session id per session-start, as real sessions have). */
	input?: string | (() => string);
	/** Environment of the child, when not the bench's default (childEnv). */
	env?: NodeJS.ProcessEnv;
	/** Folder the child starts in, when not the repository. */
	cwd?: string;
	/** Called with every timed run (e.g. to read what the child reported on stderr). */
	observe?: (r: RunResult) => void;
	/** An error text or null; runs on the first timed run only (parsing big outputs every run would cost the bench). */
	check?: (r: RunResult) => string | null;
}

export interface Measured extends Stats {
	/** Mean CPU time (user + system) per timed run, when measurable. */
	cpuMs?: number;
}

/**
 * Runs the jobs interleaved, rotating their order each round: `warmup` rounds untimed, then
 * `runs` timed. A failed check is reported through `onProblem`.
 */
export function measure<const J extends readonly Job[]>(jobs: J, [warmup, runs]: readonly [number, number], onProblem: (message: string) => void): { [K in keyof J]: Measured } {
	const times: number[][] = jobs.map(() => []);
	const cpu: number[][] = jobs.map(() => []);
	for (let round = 0; round < warmup + runs; round++) {
		for (let k = 0; k < jobs.length; k++) {
			const j = (k + round) % jobs.length;
			const job = jobs[j]!;
			const input = typeof job.input === 'function' ? job.input() : (job.input ?? '');
			const r = run(job.cmd, job.args, { input, ...(job.env === undefined ? {} : { env: job.env }), ...(job.cwd === undefined ? {} : { cwd: job.cwd }) });
			if (round === warmup && job.check) {
				const err = job.check(r);
				if (err !== null) onProblem(`${job.label}: ${err}`);
			}
			if (round >= warmup) {
				job.observe?.(r);
				times[j]!.push(r.ms);
				if (r.cpuMs !== undefined) cpu[j]!.push(r.cpuMs);
			}
		}
	}
	return times.map((xs, j): Measured => {
		const c = cpu[j]!;
		return c.length === xs.length && c.length > 0 ? { ...stats(xs), cpuMs: c.reduce((a, b) => a + b, 0) / c.length } : stats(xs);
	}) as { [K in keyof J]: Measured };
}
