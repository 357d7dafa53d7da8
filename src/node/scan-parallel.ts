/**
 * A full scan of a large vault on two cores: the main thread reads the first half of the notes
 * while a worker thread, running this same bundled file (scan-worker.ts), reads the second.
 * Synchronous for the caller (Atomics.wait and receiveMessageOnPort), and never less safe than
 * reading alone: a worker that does not start, fails or takes too long is dropped and its half
 * read here.
 */
import * as os from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Settings } from '../core/settings';
import type { ReadPart, WalkedNote } from './scan';
import { WORKER_FLAG } from './worker-flag';

/** Defined (true) only in the bridge bundle, the one file a worker can start from. */
declare const BRIDGE_SCAN_WORKERS: boolean | undefined;

/** Below this, starting a thread costs more than it saves (see docs/bench). */
export const PARALLEL_MIN_NOTES = 20_000;
const START_TIMEOUT_MS = 5_000;
const DONE_TIMEOUT_MS = 300_000;

export interface ScanJob {
	root: string;
	settings: Settings;
	notes: WalkedNote[];
	/** [0] becomes 1 when the worker runs, [1] when its answer is posted. */
	signal: SharedArrayBuffer;
	port: MessagePort;
}

type ReadNotes = (root: string, settings: Settings, notes: readonly WalkedNote[]) => ReadPart;

function cores(): number {
	return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Null when one thread should read everything (small vault, one core, not the bundle). */
export function splitRead(root: string, settings: Settings, notes: WalkedNote[], readNotes: ReadNotes): ReadPart | null {
	if (typeof BRIDGE_SCAN_WORKERS === 'undefined' || !BRIDGE_SCAN_WORKERS || notes.length < PARALLEL_MIN_NOTES || cores() < 2) return null;
	const half = Math.ceil(notes.length / 2);
	const signal = new SharedArrayBuffer(8);
	const flags = new Int32Array(signal);
	const { port1, port2 } = new MessageChannel();
	let worker: Worker;
	try {
		const job: ScanJob = { root, settings, notes: notes.slice(half), signal, port: port2 };
		// A worker's own output never reaches the hook's stdout: only the posted answer counts.
		worker = new Worker(__filename, { argv: [WORKER_FLAG], workerData: job, transferList: [port2], stdout: true, stderr: true });
	} catch {
		return null;
	}
	worker.unref();
	worker.on('error', () => undefined);
	const mine = readNotes(root, settings, notes.slice(0, half));
	const started = Atomics.wait(flags, 0, 0, START_TIMEOUT_MS) !== 'timed-out' || Atomics.load(flags, 0) === 1;
	const done = started && (Atomics.wait(flags, 1, 0, DONE_TIMEOUT_MS) !== 'timed-out' || Atomics.load(flags, 1) === 1);
	const message = done ? (receiveMessageOnPort(port1)?.message as { part?: ReadPart } | undefined) : undefined;
	port1.close();
	void worker.terminate();
	const theirs = message?.part ?? readNotes(root, settings, notes.slice(half));
	return { entries: mine.entries.concat(theirs.entries), sizes: mine.sizes.concat(theirs.sizes), read: mine.read + theirs.read };
}
