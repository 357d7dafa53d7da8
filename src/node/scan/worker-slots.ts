/**
 * The layouts of the blocks of shared memory (SharedArrayBuffer, read as Int32 slots) through which
 * a second thread works with the main one, each declared once. The stat walk's worker runs its
 * source text (stat-walk.ts), so it cannot import this module: its layout travels with the job.
 */

/** The stat walk's block (stat-walk.ts): a header of slots, then one folder queue per thread. */
export const STAT_WALK_LAYOUT = {
	/** How many threads are walking a folder they claimed. */
	ACTIVE: 0,
	/** Bumped at every folder offered: a thread with nothing to claim waits on it. */
	SEQ: 1,
	/** Per queue (0 the main thread's, 1 the worker's): the next folder to claim. */
	NEXT: [2, 3],
	/** Per queue: the folders offered so far. */
	COUNT: [4, 5],
	/** Folders the worker has walked: its sign of life. */
	PROGRESS: 6,
	/** 0 until the worker starts (1), or the main thread finished first and took it (-1). */
	STARTED: 8,
	/** The worker's end: 1 done, 2 failed. */
	DONE: 9,
	/** The worker's sum: two lanes, the count, and 1 when every folder and note could be looked at. */
	SUM_A: 10,
	SUM_B: 11,
	SUM_COUNT: 12,
	CLEAN: 13,
	/** Slots in the header. */
	HEADER: 16,
	/** Folders per thread's queue, and bytes for their paths; a full queue keeps folders private. */
	QUEUE_FOLDERS: 8192,
	QUEUE_BYTES: 512 * 1024,
	/** How long the main thread waits for a worker that stopped making progress before walking again alone. */
	SILENCE_MS: 10_000,
} as const;

export type StatWalkLayout = typeof STAT_WALK_LAYOUT;

/** Bytes of the stat walk's block: the header, then per thread its folder end offsets and path bytes. */
export function statWalkBytes(layout: StatWalkLayout = STAT_WALK_LAYOUT): number {
	return layout.HEADER * 4 + 2 * (layout.QUEUE_FOLDERS * 4 + layout.QUEUE_BYTES);
}

/** The full scan's counter block (scan-parallel.ts). */
export const SCAN_SLOTS = {
	/** The next unclaimed chunk of notes. */
	NEXT: 0,
	/** 1 once the worker's answer is posted. */
	DONE: 1,
	/** A fed split's chunks posted so far. */
	POSTED: 2,
	/** 1 once the walk has ended (every chunk is posted). */
	WALKED: 3,
	/** Bytes of the block. */
	BYTES: 16,
} as const;
