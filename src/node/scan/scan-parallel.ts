/**
 * A full scan on two cores: the main thread and one worker claim chunks of notes from a shared
 * counter, so neither waits and a worker that starts late or never reads less or nothing. Only
 * with a core free, since a second thread costs CPU time of its own (thread-choice.ts;
 * docs/bench/README.md, "Two threads for the full scan, and when"). A chunk the worker claimed but
 * did not answer for is read here, so it is never less safe than reading alone.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Settings } from '../../core/settings';
import type { ReadPart, WalkedNote } from './scan';
import type { ThreadTrace } from './thread-trace';
import { threadChoice } from './thread-choice';
import { WORKER_FLAG } from './worker-flag';
import { SCAN_SLOTS } from './worker-slots';

/** Defined (true) only in the bridge bundle, the one file a worker can start from. */
declare const BRIDGE_SCAN_WORKERS: boolean | undefined;

/** Notes per claim: small enough that the two threads finish close together, large enough that claiming costs nothing. */
export const CHUNK_NOTES = 64;
const DONE_TIMEOUT_MS = 300_000;
/** How long a fed worker waits for the next chunk before it looks again (a lost wake-up costs this much). */
const FEED_WAIT_MS = 50;

const { NEXT, DONE, POSTED, WALKED, BYTES: SLOTS_BYTES } = SCAN_SLOTS;

export interface ScanJob {
	root: string;
	settings: Settings;
	/**
	 * The notes' paths joined by NUL (one string clones cheaper than an object per note); a full scan's
	 * notes carry nothing else. Null for a fed split: chunk c comes through the port as
	 * `[c, paths joined by NUL]`.
	 */
	paths: string | null;
	/** Int32 slots as SCAN_SLOTS lays them out (worker-slots.ts). */
	shared: SharedArrayBuffer;
	port: MessagePort;
}

/** What the worker posts: the chunks it read, by index. Empty when it failed. */
export interface ScanAnswer {
	parts?: [number, ReadPart][];
}

type ReadNotes = (root: string, settings: Settings, notes: readonly WalkedNote[]) => ReadPart;

const asNotes = (paths: string): WalkedNote[] => (paths === '' ? [] : paths.split('\0').map((p) => ({ path: p, mtime: 0, size: -1 })));

/** Claims chunks from the shared counter until none is left; `read` is called with each chunk's index. */
export function claimChunks(shared: SharedArrayBuffer, total: number, read: (chunk: number) => void): void {
	const slots = new Int32Array(shared);
	const chunks = Math.ceil(total / CHUNK_NOTES);
	for (let c = Atomics.add(slots, NEXT, 1); c < chunks; c = Atomics.add(slots, NEXT, 1)) read(c);
}

/** A fed worker's chunk `c`: waits until it is posted; null when the walk ended without it. */
function fedChunk(job: ScanJob, slots: Int32Array, got: Map<number, string>, c: number): WalkedNote[] | null {
	for (;;) {
		const paths = got.get(c);
		if (paths !== undefined) {
			got.delete(c);
			return asNotes(paths);
		}
		const message = receiveMessageOnPort(job.port)?.message as [number, string] | undefined;
		if (message !== undefined) {
			got.set(message[0], message[1]);
			continue;
		}
		const posted = Atomics.load(slots, POSTED);
		if (c < posted) continue; // posted since the port was looked at
		if (Atomics.load(slots, WALKED) === 1) return null;
		Atomics.wait(slots, POSTED, posted, FEED_WAIT_MS);
	}
}

/** The worker's side: reads the chunks it claims, posts them, signals. */
export function workerRead(job: ScanJob, readNotes: ReadNotes): void {
	const slots = new Int32Array(job.shared);
	let answer: ScanAnswer = {};
	try {
		const parts: [number, ReadPart][] = [];
		const read = (c: number, notes: readonly WalkedNote[]): void => {
			parts.push([c, readNotes(job.root, job.settings, notes)]);
		};
		if (job.paths !== null) {
			const notes = asNotes(job.paths);
			claimChunks(job.shared, notes.length, (c) => read(c, notes.slice(c * CHUNK_NOTES, (c + 1) * CHUNK_NOTES)));
		} else {
			const got = new Map<number, string>();
			for (let c = Atomics.add(slots, NEXT, 1); ; c = Atomics.add(slots, NEXT, 1)) {
				const notes = fedChunk(job, slots, got, c);
				if (notes === null) break;
				read(c, notes);
			}
		}
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

/** How a full scan's notes were read: `part` null when the caller reads them all on one thread. */
export interface SplitOutcome {
	part: ReadPart | null;
	trace: ThreadTrace;
}

interface Helper {
	worker: Worker;
	shared: SharedArrayBuffer;
	port: MessagePort;
}

/** Starts the second thread on a job; null when it cannot start. */
function startWorker(root: string, settings: Settings, paths: string | null): Helper | null {
	const shared = new SharedArrayBuffer(SLOTS_BYTES);
	const { port1, port2 } = new MessageChannel();
	try {
		const job: ScanJob = { root, settings, paths, shared, port: port2 };
		// A worker's own output never reaches the hook's stdout: only the posted answer counts.
		const worker = new Worker(__filename, { argv: [WORKER_FLAG], workerData: job, transferList: [port2], stdout: true, stderr: true });
		worker.unref();
		worker.on('error', () => undefined);
		return { worker, shared, port: port1 };
	} catch {
		return null;
	}
}

/** A worker started before the walk, fed each chunk of paths as the walk lists them. */
export class FedSplit {
	private pending: string[] = [];
	private posted = 0;

	private constructor(
		readonly helper: Helper,
		readonly why: string,
	) {}

	/** Started when the vault is expected to be large (the last cache's note count) and a core is free; else null. */
	static start(root: string, settings: Settings, expectedNotes: number): FedSplit | null {
		if (typeof BRIDGE_SCAN_WORKERS === 'undefined' || !BRIDGE_SCAN_WORKERS) return null;
		const choice = threadChoice(expectedNotes, process.env);
		if (!choice.two) return null;
		const helper = startWorker(root, settings, null);
		return helper === null ? null : new FedSplit(helper, `fed during the walk, ${choice.why}`);
	}

	/** The walk listed one more note. */
	add(notePath: string): void {
		this.pending.push(notePath);
		if (this.pending.length === CHUNK_NOTES) this.post();
	}

	/** The walk is over: the last chunk goes out and the worker learns there is no more. */
	end(): void {
		this.post();
		const slots = new Int32Array(this.helper.shared);
		Atomics.store(slots, WALKED, 1);
		Atomics.notify(slots, POSTED);
	}

	/** The walk failed: the worker is stopped, its reading no longer wanted. */
	cancel(): void {
		this.helper.port.close();
		void this.helper.worker.terminate();
	}

	private post(): void {
		if (this.pending.length === 0) return;
		this.helper.port.postMessage([this.posted, this.pending.join('\0')]);
		this.pending = [];
		this.posted++;
		const slots = new Int32Array(this.helper.shared);
		Atomics.store(slots, POSTED, this.posted);
		Atomics.notify(slots, POSTED);
	}
}

/**
 * Reads on two threads when the rule allows (threadChoice); otherwise leaves the reading to the
 * caller. With a fed split (already given every path, and ended) the worker is already reading.
 */
export function splitRead(root: string, settings: Settings, notes: readonly WalkedNote[], readNotes: ReadNotes, fed?: FedSplit | null): SplitOutcome {
	const alone = (why: string): SplitOutcome => ({ part: null, trace: { walk: 'scan', threads: 1, why, notes: notes.length } });
	let helper: Helper;
	let why: string;
	if (fed) {
		// The worker holds the walk's paths and may have read some: the two read to the end.
		helper = fed.helper;
		why = fed.why;
	} else {
		if (typeof BRIDGE_SCAN_WORKERS === 'undefined' || !BRIDGE_SCAN_WORKERS) return alone('not the bridge bundle');
		const choice = threadChoice(notes.length, process.env);
		if (!choice.two) return alone(choice.why);
		// A full scan's walk lists only (no stat, no error): anything else is read by one thread.
		if (notes.some((n) => n.error !== undefined || n.mtime !== 0 || n.size !== -1 || n.path.includes('\0'))) return alone('a note the walk could not list plainly');
		const started = startWorker(root, settings, notes.map((n) => n.path).join('\0'));
		if (started === null) return alone('the worker could not start');
		helper = started;
		why = choice.why;
	}
	const { shared, worker, port } = helper;
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
		const answer = done ? (receiveMessageOnPort(port)?.message as ScanAnswer | undefined) : undefined;
		for (const [c, part] of answer?.parts ?? []) {
			if (c >= 0 && c < chunks && parts[c] === undefined) {
				parts[c] = part;
				workerNotes += Math.min(CHUNK_NOTES, notes.length - c * CHUNK_NOTES);
			}
		}
	}
	port.close();
	void worker.terminate();
	const all: ReadPart = { entries: [], sizes: [], read: 0 };
	for (let c = 0; c < chunks; c++) {
		const part = parts[c] ?? readChunk(c);
		for (const e of part.entries) all.entries.push(e);
		for (const s of part.sizes) all.sizes.push(s);
		all.read += part.read;
	}
	// Two threads only when the worker read some of the notes; one that started too late read none.
	const trace: ThreadTrace = workerNotes > 0 ? { walk: 'scan', threads: 2, why, notes: notes.length, workerNotes } : { walk: 'scan', threads: 1, why: 'the worker took no part', notes: notes.length, workerNotes };
	return { part: all, trace };
}
