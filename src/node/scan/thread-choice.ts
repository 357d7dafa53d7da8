/**
 * Whether a walk of the vault takes a second thread (the full scan, scan-parallel.ts; tier 3's
 * stamp walk, stat-walk.ts): from 20,000 notes, with a core free, by the tasks running at the
 * moment where Linux tells them, else by the load average (docs/bench/README.md, "Which count says a
 * core is free").
 */
import * as fs from 'node:fs';
import * as os from 'node:os';

/** Below this, starting a thread costs more than it saves (measured in docs/bench/README.md). */
export const PARALLEL_MIN_NOTES = 20_000;

function cores(): number {
	return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * Whether a core is free for a second thread by the one-minute load average, which counts the
 * runnable processes (0 where the system does not report it, as on Windows). It lags: a busy
 * minute that just ended still counts, so it is the fallback for the count of the moment below.
 */
export function freeCore(cpuCount: number, load1: number): boolean {
	return cpuCount >= 2 && load1 <= cpuCount - 1;
}

/** Whether a core is free for a second thread with `others` other tasks running now, besides this process. */
export function freeCoreNow(cpuCount: number, others: number): boolean {
	return cpuCount >= 2 && others <= cpuCount - 2;
}

/**
 * The tasks running at this moment other than this process, from the fourth field of Linux's
 * /proc/loadavg (`0.61 0.52 0.40 2/345 6789`: two running, the reader among them); null when the
 * text is not of that form.
 */
export function othersRunningNow(loadavg: string): number | null {
	const m = /^\S+ \S+ \S+ (\d+)\/\d+/.exec(loadavg);
	return m === null ? null : Math.max(0, Number(m[1]) - 1);
}

/** Looks at the count this many times, a millisecond apart, and keeps the least. */
const SAMPLES = 3;

/**
 * The other tasks running now. The count is of threads, this process's own among them (V8
 * compiles and collects garbage on threads of its own), and on an idle machine it jumps between 1
 * and 4 from one millisecond to the next; another busy process keeps it up at every look.
 */
function othersRunning(): number | null {
	if (process.platform !== 'linux') return null;
	let least: number | null = null;
	const pause = new Int32Array(new SharedArrayBuffer(4));
	for (let i = 0; i < SAMPLES; i++) {
		if (i > 0) Atomics.wait(pause, 0, 0, 1);
		let now: number | null;
		try {
			now = othersRunningNow(fs.readFileSync('/proc/loadavg', 'utf8'));
		} catch {
			now = null;
		}
		if (now === null) return least;
		least = least === null ? now : Math.min(least, now);
	}
	return least;
}

/** Environment override: `1` never starts a second thread, `2` starts one whenever the vault is large enough, load or not. */
export const THREADS_ENV = 'SESSION_BRIEF_SCAN_THREADS';

/** Whether a walk of `notes` notes should take a second thread, and why (told by the trace, thread-trace.ts). */
export function threadChoice(notes: number, env: NodeJS.ProcessEnv): { two: boolean; why: string } {
	const forced = env[THREADS_ENV];
	if (forced === '1') return { two: false, why: `${THREADS_ENV}=1` };
	if (notes < PARALLEL_MIN_NOTES) return { two: false, why: `under ${PARALLEL_MIN_NOTES} notes` };
	if (cores() < 2) return { two: false, why: 'one core' };
	if (forced === '2') return { two: true, why: `${THREADS_ENV}=2` };
	const others = othersRunning();
	if (others !== null) {
		const now = `${others} other ${others === 1 ? 'task' : 'tasks'} running on ${cores()} cores`;
		return freeCoreNow(cores(), others) ? { two: true, why: `free core (${now})` } : { two: false, why: `no free core (${now})` };
	}
	const load = os.loadavg()[0] ?? 0;
	return freeCore(cores(), load) ? { two: true, why: `free core (load ${load.toFixed(2)})` } : { two: false, why: `no free core (load ${load.toFixed(2)})` };
}
