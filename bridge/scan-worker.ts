/** The worker side of scan-parallel.ts: read the chunks of notes it claims, post them, signal. */
import { workerData } from 'node:worker_threads';
import { workerRead, type ScanJob } from '../src/node/scan/scan-parallel';
import { readNotes } from '../src/node/scan/scan';

export function runScanWorker(): void {
	workerRead(workerData as ScanJob, readNotes);
}
