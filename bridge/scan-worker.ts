/** The worker side of scan-parallel.ts: read the notes it was given, post them, signal. */
import { workerData } from 'node:worker_threads';
import type { ScanJob } from '../src/node/scan-parallel';
import { readNotes } from '../src/node/scan';

export function runScanWorker(): void {
	const job = workerData as ScanJob;
	const flags = new Int32Array(job.signal);
	Atomics.store(flags, 0, 1);
	Atomics.notify(flags, 0);
	try {
		job.port.postMessage({ part: readNotes(job.root, job.settings, job.notes) });
	} catch {
		// An empty answer: the main thread reads this half itself.
		job.port.postMessage({});
	} finally {
		Atomics.store(flags, 1, 1);
		Atomics.notify(flags, 1);
		job.port.close();
	}
}
