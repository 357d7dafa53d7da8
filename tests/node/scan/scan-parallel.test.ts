/**
 * The fed split's worker side (src/node/scan/scan-parallel.ts), run on this thread: chunks of paths come
 * through the port as the walk lists them, the worker reads each chunk it claims, skips the ones the
 * main thread claimed, and stops once the walk has ended and no chunk is left.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { CHUNK_NOTES, workerRead, type ScanAnswer, type ScanJob } from '../../../src/node/scan/scan-parallel';
import type { ReadPart, WalkedNote } from '../../../src/node/scan/scan';

// Slots as scan-parallel.ts lays them out: NEXT, DONE, POSTED, WALKED.
const [NEXT, DONE, POSTED, WALKED] = [0, 1, 2, 3];

/** A reader that "reads" a note by recording its path. */
const readPaths = (_root: string, _settings: unknown, notes: readonly WalkedNote[]): ReadPart => ({ entries: notes.map((n) => ({ path: n.path, mtime: 0, flags: null })), sizes: notes.map(() => 1), read: notes.length });

function fedJob(chunks: string[][], claimedByMain: number): { job: ScanJob; answer: () => ScanAnswer; slots: Int32Array } {
	const shared = new SharedArrayBuffer(16);
	const slots = new Int32Array(shared);
	const { port1, port2 } = new MessageChannel();
	chunks.forEach((paths, c) => port1.postMessage([c, paths.join('\0')]));
	Atomics.store(slots, POSTED, chunks.length);
	Atomics.store(slots, WALKED, 1);
	// The main thread took the first chunks already.
	Atomics.store(slots, NEXT, claimedByMain);
	return {
		job: { root: '/v', settings: DEFAULT_SETTINGS, paths: null, shared, port: port2 },
		answer: () => {
			const got = receiveMessageOnPort(port1)?.message as ScanAnswer;
			port1.close();
			return got;
		},
		slots,
	};
}

describe('a fed worker', () => {
	it('reads every chunk it claims, in its own order, and none the main thread claimed', () => {
		const chunks = [0, 1, 2, 3].map((c) => Array.from({ length: c === 3 ? 5 : CHUNK_NOTES }, (_, i) => `f${c}/n${i}.md`));
		const { job, answer, slots } = fedJob(chunks, 2);
		workerRead(job, readPaths);
		const parts = answer().parts ?? [];
		expect(parts.map(([c]) => c)).toEqual([2, 3]);
		expect(parts[0]?.[1].entries.map((e) => e.path)).toEqual(chunks[2]);
		expect(parts[1]?.[1].entries.map((e) => e.path)).toEqual(chunks[3]);
		expect(Atomics.load(slots, DONE)).toBe(1);
	});

	it('stops with nothing read when the walk listed nothing', () => {
		const { job, answer } = fedJob([], 0);
		workerRead(job, readPaths);
		expect(answer().parts).toEqual([]);
	});

	it('answers empty, so the main thread reads its chunks, when reading fails', () => {
		const { job, answer, slots } = fedJob([['a.md']], 0);
		workerRead(job, () => {
			throw new Error('disk gone');
		});
		expect(answer()).toEqual({});
		expect(Atomics.load(slots, DONE)).toBe(1);
	});
});
