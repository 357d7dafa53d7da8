/**
 * A full scan on two cores. The notes are read in chunks that the main thread and one worker
 * thread (running this same bundled file, bridge/scan-worker.ts) claim one at a time from a shared
 * counter, so neither waits for the other: the main thread starts reading at once, a worker that
 * starts late reads fewer chunks, and one that never starts reads none. Only with a free core (by
 * the tasks running at the moment where Linux tells them, else by the load average): a second
 * thread costs about a third more CPU time in all (its own start, and the hot code compiled again
 * in its isolate), which shortens the run only when it does not compete with the first
 * (docs/bench/README.md has the measurements). Synchronous for the caller
 * (Atomics.wait and receiveMessageOnPort), and never less safe than reading alone: a chunk the
 * worker claimed but did not answer for (it failed, or took too long) is read here.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Settings } from '../core/settings';
import type { ReadPart, WalkedNote } from './scan';
import type { ThreadTrace } from './thread-trace';
import { WORKER_FLAG } from './worker-flag';

/** Defined (true) only in the bridge bundle, the one file a worker can start from. */
declare const BRIDGE_SCAN_WORKERS: boolean | undefined;

/** Below this, starting a thread costs more than it saves (measured in docs/bench/README.md). */
export const PARALLEL_MIN_NOTES = 20_000;
/** Notes per claim: small enough that the two threads finish close together, large enough that claiming costs nothing. */
export const CHUNK_NOTES = 64;
const DONE_TIMEOUT_MS = 300_000;

/** Slots of the shared counter block. */
const NEXT = 0;
const DONE = 1;

export interface ScanJob {
	root: string;
	settings: Settings;
	/** The notes' paths joined by NUL (one string clones faster than 100,000 objects); a full scan's notes carry nothing else. */
	paths: string;
	/** Int32 slots: [NEXT] the next unclaimed chunk, [DONE] 1 once the worker's answer is posted. */
	shared: SharedArrayBuffer;
	port: MessagePort;
}

/** What the worker posts: the chunks it read, by index. Empty when it failed. */
export interface ScanAnswer {
	parts?: [number, ReadPart][];
}

type ReadNotes = (root: string, settings: Settings, notes: readonly WalkedNote[]) => ReadPart;

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

function othersRunning(): number | null {
	if (process.platform !== 'linux') return null;
	try {
		return othersRunningNow(fs.readFileSync('/proc/loadavg', 'utf8'));
	} catch {
		return null;
	}
}

/** Claims chunks from the shared counter until none is left; `read` is called with each chunk's index. */
export function claimChunks(shared: SharedArrayBuffer, total: number, read: (chunk: number) => void): void {
	const slots = new Int32Array(shared);
	const chunks = Math.ceil(total / CHUNK_NOTES);
	for (let c = Atomics.add(slots, NEXT, 1); c < chunks; c = Atomics.add(slots, NEXT, 1)) read(c);
}

/** The worker's side: reads the chunks it claims, posts them, signals. */
export function workerRead(job: ScanJob, readNotes: ReadNotes): void {
	const slots = new Int32Array(job.shared);
	let answer: ScanAnswer = {};
	try {
		const notes: WalkedNote[] = job.paths.split('\0').map((p) => ({ path: p, mtime: 0, size: -1 }));
		const parts: [number, ReadPart][] = [];
		claimChunks(job.shared, notes.length, (c) => parts.push([c, readNotes(job.root, job.settings, notes.slice(c * CHUNK_NOTES, (c + 1) * CHUNK_NOTES))]));
		answer = { parts };
	} catch {
		// An empty answer: the main thread reads the claimed chunks itself.
	}
	try {
		job.port.postMessage(answer);
	} finally {
		Atomics.store(slots, DONE, 1);
		Atomics.notify(slots, DONE);
		job.port.close();
	}
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

/** How a full scan's notes were read: `part` null when the caller reads them all on one thread. */
export interface SplitOutcome {
	part: ReadPart | null;
	trace: ThreadTrace;
}

/** Reads on two threads when the rule allows (threadChoice); otherwise leaves the reading to the caller. */
export function splitRead(root: string, settings: Settings, notes: readonly WalkedNote[], readNotes: ReadNotes): SplitOutcome {
	const alone = (why: string): SplitOutcome => ({ part: null, trace: { walk: 'scan', threads: 1, why, notes: notes.length } });
	if (typeof BRIDGE_SCAN_WORKERS === 'undefined' || !BRIDGE_SCAN_WORKERS) return alone('not the bridge bundle');
	const choice = threadChoice(notes.length, process.env);
	if (!choice.two) return alone(choice.why);
	// A full scan's walk lists only (no stat, no error): anything else is read by one thread.
	if (notes.some((n) => n.error !== undefined || n.mtime !== 0 || n.size !== -1 || n.path.includes('\0'))) return alone('a note the walk could not list plainly');
	const shared = new SharedArrayBuffer(8);
	const { port1, port2 } = new MessageChannel();
	let worker: Worker;
	try {
		const job: ScanJob = { root, settings, paths: notes.map((n) => n.path).join('\0'), shared, port: port2 };
		// A worker's own output never reaches the hook's stdout: only the posted answer counts.
		worker = new Worker(__filename, { argv: [WORKER_FLAG], workerData: job, transferList: [port2], stdout: true, stderr: true });
	} catch {
		return alone('the worker could not start');
	}
	worker.unref();
	worker.on('error', () => undefined);
	const chunks = Math.ceil(notes.length / CHUNK_NOTES);
	const parts = new Array<ReadPart | undefined>(chunks);
	const readChunk = (c: number): ReadPart => readNotes(root, settings, notes.slice(c * CHUNK_NOTES, (c + 1) * CHUNK_NOTES));
	claimChunks(shared, notes.length, (c) => {
		parts[c] = readChunk(c);
	});
	let workerNotes = 0;
	if (parts.includes(undefined)) {
		// The worker claimed some: wait for its answer (it is reading its last chunk at most).
		const slots = new Int32Array(shared);
		const done = Atomics.wait(slots, DONE, 0, DONE_TIMEOUT_MS) !== 'timed-out' || Atomics.load(slots, DONE) === 1;
		const answer = done ? (receiveMessageOnPort(port1)?.message as ScanAnswer | undefined) : undefined;
		for (const [c, part] of answer?.parts ?? []) {
			if (c >= 0 && c < chunks && parts[c] === undefined) {
				parts[c] = part;
				workerNotes += Math.min(CHUNK_NOTES, notes.length - c * CHUNK_NOTES);
			}
		}
	}
	port1.close();
	void worker.terminate();
	const all: ReadPart = { entries: [], sizes: [], read: 0 };
	for (let c = 0; c < chunks; c++) {
		const part = parts[c] ?? readChunk(c);
		for (const e of part.entries) all.entries.push(e);
		for (const s of part.sizes) all.sizes.push(s);
		all.read += part.read;
	}
	// Two threads only when the worker read some of the notes; one that started too late read none.
	const trace: ThreadTrace = workerNotes > 0 ? { walk: 'scan', threads: 2, why: choice.why, notes: notes.length, workerNotes } : { walk: 'scan', threads: 1, why: 'the worker took no part', notes: notes.length, workerNotes };
	return { part: all, trace };
}
