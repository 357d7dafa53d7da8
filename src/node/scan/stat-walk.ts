/**
 * Tier 3's stat walk (docs/design.md, "Where the brief comes from: the tiers"): one `readdir` per
 * folder and one `stat` per note, folded into the stamp of src/core/brief/stat-stamp.ts. Node's own work
 * per `statSync` dominates and no public API avoids it, so two threads share the folders; the walk
 * is self-contained so the worker starts without loading the bridge (docs/bench/README.md, "Tier 3:
 * where the time goes").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { entersFolder, isHiddenName, isNoteName } from '../../core/notes/paths';
import { addStamps, addToStamp, stampOfSum, type StampSum, type StatStamp } from '../../core/brief/stat-stamp';
import type { NoteRow } from '../../core/trail/session-net';
import { threadChoice } from './thread-choice';
import { traceThreads, type ThreadTrace } from './thread-trace';
import { STAT_WALK_LAYOUT, statWalkBytes, type StatWalkLayout } from './worker-slots';

/** What walkPart needs from outside, passed in so that its source text runs in a worker as it is. */
export interface WalkJob {
	/** The vault folder, ending in the path separator. */
	prefix: string;
	excludedRootFolders: readonly string[];
	/** Null when one thread walks alone. */
	shared: SharedArrayBuffer | null;
	/** Where each slot of `shared` is (worker-slots.ts): the worker cannot import it, so it comes with the job. */
	layout: StatWalkLayout;
	/** Folders deeper than this are not entered (the walk is then not clean); absent: no limit. */
	maxDepth?: number;
}

/** What counts as a note, name by name: the core's functions (src/core/notes/paths.ts), passed in so that the worker runs their text. */
export interface NoteRule {
	isHiddenName: typeof isHiddenName;
	entersFolder: typeof entersFolder;
	isNoteName: typeof isNoteName;
}

const NOTE_RULE: NoteRule = { isHiddenName, entersFolder, isNoteName };

/**
 * One thread's part: its sum, whether every folder and note it met could be looked at, and
 * whether the main thread gave up on a worker that failed or fell silent (the walk is then void).
 */
export interface WalkPart {
	sum: StampSum;
	clean: boolean;
	abandoned: boolean;
}


/**
 * One thread's walk: `self` 0 is the main thread, 1 the worker. Self-contained: it uses only its
 * parameters and the globals every Node thread has (Buffer, Atomics, typed arrays), never a name
 * from this module, because the worker runs its source text. What counts is the core's rule
 * (`rule`, from src/core/notes/paths.ts, as walkNotes in scan.ts applies it; `.md` files and links to
 * them count while the link's real path stays in the vault; symlinked folders are not followed).
 */
export function walkPart(fsApi: typeof fs, add: typeof addToStamp, rule: NoteRule, job: WalkJob, self: number, skip?: (rel: string, why: string) => void): WalkPart {
	const { ACTIVE, SEQ, NEXT, COUNT, PROGRESS, DONE, SILENCE_MS, QUEUE_FOLDERS: FOLDERS, QUEUE_BYTES: BYTES, HEADER } = job.layout;
	const sum: StampSum = { a: 0, b: 0, count: 0 };
	let clean = true;
	const prefix = job.prefix;
	const excluded = job.excludedRootFolders;
	const maxDepth = job.maxDepth ?? Infinity;
	/** What could not be looked at: the walk is not clean, and a caller that asked hears where. */
	const missed = (rel: string, error: unknown): void => {
		clean = false;
		if (skip !== undefined) skip(rel, typeof error === 'string' ? error : ((error as { code?: string } | null)?.code ?? 'error'));
	};
	const listOptions = { withFileTypes: true } as const;
	const statOptions = { throwIfNoEntry: false } as const;
	const shared = job.shared;
	const slots = shared === null ? null : new Int32Array(shared, 0, HEADER);
	const ends = shared === null ? [] : [0, 1].map((q) => new Int32Array(shared, HEADER * 4 + q * (FOLDERS * 4 + BYTES), FOLDERS));
	const bytes = shared === null ? [] : [0, 1].map((q) => Buffer.from(shared, HEADER * 4 + q * (FOLDERS * 4 + BYTES) + FOLDERS * 4, BYTES));
	const other = 1 - self;
	let used = 0;
	let published = slots === null ? 0 : Atomics.load(slots, COUNT[self] as number);
	if (published > 0) used = Atomics.load(ends[self] as Int32Array, published - 1);

	let realRoot: string | null = null;
	/** Whether the link `file` leads to a file whose real path lies in the vault (one that cannot be resolved: yes, and its stat fails). */
	const staysInside = (file: string): boolean => {
		try {
			realRoot ??= fsApi.realpathSync.native(prefix);
			const real = fsApi.realpathSync.native(file);
			const top = realRoot.endsWith('/') || realRoot.endsWith('\\') ? realRoot : `${realRoot}${prefix.endsWith('\\') ? '\\' : '/'}`;
			return real.startsWith(top);
		} catch {
			return true;
		}
	};

	/** Whether this thread's queue runs low (the other thread has taken what it offered) and has room. */
	const wanted = (): boolean => slots !== null && published - Atomics.load(slots, NEXT[self] as number) < 2 && published < FOLDERS;

	/** Offers a folder to the other thread; false when there is no room left for its path. */
	const publish = (rel: string): boolean => {
		if (slots === null) return false;
		const length = Buffer.byteLength(rel);
		if (used + length > BYTES) return false;
		(bytes[self] as Buffer).write(rel, used);
		used += length;
		Atomics.store(ends[self] as Int32Array, published, used);
		published++;
		Atomics.store(slots, COUNT[self] as number, published);
		Atomics.add(slots, SEQ, 1);
		Atomics.notify(slots, SEQ);
		return true;
	};

	/** Claims the next folder of queue q, or returns null when it has none left. */
	const claim = (q: number): string | null => {
		if (slots === null) return null;
		const nextSlot = NEXT[q] as number;
		for (;;) {
			const n = Atomics.load(slots, nextSlot);
			if (n >= Atomics.load(slots, COUNT[q] as number)) return null;
			if (Atomics.compareExchange(slots, nextSlot, n, n + 1) !== n) continue;
			const queueEnds = ends[q] as Int32Array;
			const start = n === 0 ? 0 : Atomics.load(queueEnds, n - 1);
			return (bytes[q] as Buffer).toString('utf8', start, Atomics.load(queueEnds, n));
		}
	};

	/**
	 * Walks a folder and its subfolders depth first, offering the oldest folder still pending (the
	 * shallowest, so the largest share) whenever the other thread has taken what was offered.
	 */
	const walkTree = (top: string): void => {
		const pending = [top];
		let bottom = 0;
		while (pending.length > bottom) {
			if (pending.length - bottom > 1 && wanted() && publish(pending[bottom] as string)) {
				bottom++;
				continue;
			}
			const rel = pending.pop() as string;
			if (slots !== null) Atomics.add(slots, PROGRESS, 1);
			const dir = rel === '' ? prefix : `${prefix}${rel}/`;
			const base = rel === '' ? '' : `${rel}/`;
			let entries: fs.Dirent[];
			try {
				entries = fsApi.readdirSync(dir, listOptions);
			} catch (error) {
				missed(rel, error);
				continue;
			}
			for (const entry of entries) {
				const name = entry.name;
				if (rule.isHiddenName(name)) continue;
				if (entry.isDirectory()) {
					if (!rule.entersFolder(name, rel === '', excluded)) continue;
					// Depth counted only under a limit: the stamp's walk has none and pays nothing.
					if (maxDepth !== Infinity && (base + name).split('/').length > maxDepth) missed(base + name, 'too deep');
					else pending.push(base + name);
					continue;
				}
				if (!rule.isNoteName(name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
				// A link counts only while its real path stays in the vault (docs/design.md, "Links do not open doors").
				if (entry.isSymbolicLink() && !staysInside(dir + name)) continue;
				try {
					const st = fsApi.statSync(dir + name, statOptions);
					// Whole milliseconds, as the index holds them. A note gone since readdir is simply gone.
					if (st !== undefined && st.isFile()) add(sum, base + name, Math.trunc(st.mtimeMs), st.size);
				} catch (error) {
					missed(base + name, error);
				}
			}
		}
	};

	if (slots === null) {
		walkTree('');
		return { sum, clean, abandoned: false };
	}
	let progress = -1;
	let quietSince = 0;
	for (;;) {
		// Busy before claiming, so the other thread never sees "nothing queued, nobody busy" while a folder is in hand.
		Atomics.add(slots, ACTIVE, 1);
		const rel = claim(self) ?? claim(other);
		if (rel !== null) {
			walkTree(rel);
			Atomics.sub(slots, ACTIVE, 1);
			continue;
		}
		Atomics.sub(slots, ACTIVE, 1);
		const seq = Atomics.load(slots, SEQ);
		// Nobody busy, then nothing queued: every folder is walked. (A folder is offered only by a busy
		// thread, which then looks at its own queue again before it stops, so none is left behind.)
		const idle = Atomics.load(slots, ACTIVE) === 0;
		const queued = Atomics.load(slots, NEXT[0]) < Atomics.load(slots, COUNT[0]) || Atomics.load(slots, NEXT[1]) < Atomics.load(slots, COUNT[1]);
		if (queued) continue;
		if (idle) break;
		if (self === 0) {
			// The worker holds a folder: wait for it, unless it failed or stopped making progress.
			if (Atomics.load(slots, DONE) === 2) return { sum, clean, abandoned: true };
			const now = Atomics.load(slots, PROGRESS);
			if (now !== progress) {
				progress = now;
				quietSince = Date.now();
			} else if (Date.now() - quietSince > SILENCE_MS) {
				return { sum, clean, abandoned: true };
			}
		}
		// The other thread is walking and may yet offer a folder.
		Atomics.wait(slots, SEQ, seq, 1);
	}
	return { sum, clean, abandoned: false };
}

/**
 * The worker's side: starts unless the main thread has already finished (STARTED goes 0 → 1, or
 * the main thread took it 0 → -1), walks, reports its sum, signals DONE (1 done, 2 failed).
 * Self-contained like walkPart; its helpers come in as parameters.
 */
export function workerWalk(fsApi: typeof fs, add: typeof addToStamp, rule: NoteRule, walk: typeof walkPart, job: WalkJob): void {
	const { STARTED, DONE, SUM_A, SUM_B, SUM_COUNT, CLEAN, HEADER } = job.layout;
	const slots = new Int32Array(job.shared as SharedArrayBuffer, 0, HEADER);
	if (Atomics.compareExchange(slots, STARTED, 0, 1) !== 0) return;
	Atomics.notify(slots, STARTED);
	let done = 2;
	try {
		const part = walk(fsApi, add, rule, job, 1);
		Atomics.store(slots, SUM_A, part.sum.a | 0);
		Atomics.store(slots, SUM_B, part.sum.b | 0);
		Atomics.store(slots, SUM_COUNT, part.sum.count);
		Atomics.store(slots, CLEAN, part.clean ? 1 : 0);
		done = 1;
	} finally {
		Atomics.store(slots, DONE, done);
		Atomics.notify(slots, DONE);
	}
}

/** The worker's program: the functions above and the core's rule of what counts, as text, run with the job it is given. */
export function workerSource(): string {
	return [
		'"use strict";',
		// A TypeScript loader that keeps function names (tsx) wraps inner functions in this helper.
		'const __name = (target) => target;',
		"const { workerData } = require('node:worker_threads');",
		`const walkPart = ${walkPart.toString()};`,
		`const addToStamp = ${addToStamp.toString()};`,
		`const noteRule = { isHiddenName: ${isHiddenName.toString()}, entersFolder: ${entersFolder.toString()}, isNoteName: ${isNoteName.toString()} };`,
		`(${workerWalk.toString()})(require('node:fs'), addToStamp, noteRule, walkPart, workerData);`,
	].join('\n');
}

function withSep(root: string): string {
	return root.endsWith(path.sep) ? root : root + path.sep;
}

/** The stamp on one thread; null when a folder or a note could not be looked at. */
export function stampAlone(root: string, excludedRootFolders: readonly string[]): StatStamp | null {
	const part = walkPart(fs, addToStamp, NOTE_RULE, { prefix: withSep(root), excludedRootFolders, shared: null, layout: STAT_WALK_LAYOUT }, 0);
	return part.clean ? stampOfSum(part.sum) : null;
}

/** The session net's walk goes no deeper than this: far below any path length limit, far above any vault kept by hand. */
export const NET_MAX_DEPTH = 256;

/** What the session net's walk saw: every note it could look at, and each place it could not (with why). */
export interface NoteListing {
	rows: NoteRow[];
	skipped: { path: string; why: string }[];
}

/**
 * Every note the walk counts as a row (path, mtime, size), on one thread: the session net's
 * baseline (src/core/trail/session-net.ts). A folder that cannot be read (or lies deeper than
 * NET_MAX_DEPTH) and a note whose stat fails are skipped alone and named, so the rest is still
 * seen and the skipped place never reads as its notes deleted.
 */
export function noteRows(root: string, excludedRootFolders: readonly string[]): NoteListing {
	const rows: NoteRow[] = [];
	const skipped: { path: string; why: string }[] = [];
	const job: WalkJob = { prefix: withSep(root), excludedRootFolders, shared: null, layout: STAT_WALK_LAYOUT, maxDepth: NET_MAX_DEPTH };
	walkPart(fs, (_sum, p, mtime, size) => void rows.push([p, mtime, size]), NOTE_RULE, job, 0, (p, why) => void skipped.push({ path: p, why }));
	return { rows, skipped };
}

/** A two-thread walk's stamp, and how many notes the worker stat'ed (null: it took no part). */
export interface Together {
	stamp: StatStamp | null;
	workerNotes: number | null;
}

/**
 * The stamp on two threads. The main thread walks from the first moment; a worker that starts
 * late takes a smaller share, one that starts after the walk is over takes none. A worker that
 * fails or falls silent costs a walk on one thread, never a wrong stamp. `waitForWorker` (for
 * tests) holds the main thread until the worker has started, so that both surely walk.
 */
export function walkTogether(root: string, excludedRootFolders: readonly string[], waitForWorker = false): Together {
	const alone = (): Together => ({ stamp: stampAlone(root, excludedRootFolders), workerNotes: null });
	const layout = STAT_WALK_LAYOUT;
	const { HEADER, COUNT, STARTED, DONE, PROGRESS, SUM_A, SUM_B, SUM_COUNT, CLEAN, SILENCE_MS } = layout;
	const shared = new SharedArrayBuffer(statWalkBytes(layout));
	const slots = new Int32Array(shared, 0, HEADER);
	const job: WalkJob = { prefix: withSep(root), excludedRootFolders, shared, layout };
	// The vault folder is the first folder of the main thread's queue: an empty path, ending at byte 0.
	Atomics.store(new Int32Array(shared, HEADER * 4, 1), 0, 0);
	Atomics.store(slots, COUNT[0], 1);
	let worker: Worker;
	try {
		// A worker's own output never reaches the hook's stdout.
		worker = new Worker(workerSource(), { eval: true, workerData: job, stdout: true, stderr: true });
	} catch {
		return alone();
	}
	worker.unref();
	worker.on('error', () => undefined);
	if (waitForWorker) Atomics.wait(slots, STARTED, 0, SILENCE_MS);
	const mine = walkPart(fs, addToStamp, NOTE_RULE, job, 0);
	if (Atomics.compareExchange(slots, STARTED, 0, -1) === 0) {
		// The worker never began: every folder was the main thread's.
		void worker.terminate();
		return { stamp: mine.clean ? stampOfSum(mine.sum) : null, workerNotes: null };
	}
	// The worker is finishing (walkPart returns only when nobody is busy), or walking a folder
	// offered at the last moment: wait while it makes progress.
	let last = Atomics.load(slots, PROGRESS);
	while (!mine.abandoned && Atomics.load(slots, DONE) === 0) {
		if (Atomics.wait(slots, DONE, 0, SILENCE_MS) === 'timed-out') {
			const now = Atomics.load(slots, PROGRESS);
			if (now === last) break;
			last = now;
		}
	}
	if (mine.abandoned || Atomics.load(slots, DONE) !== 1) {
		void worker.terminate();
		return alone();
	}
	const theirs: StampSum = { a: Atomics.load(slots, SUM_A) >>> 0, b: Atomics.load(slots, SUM_B) >>> 0, count: Atomics.load(slots, SUM_COUNT) };
	const clean = mine.clean && Atomics.load(slots, CLEAN) === 1;
	return { stamp: clean ? stampOfSum(addStamps(mine.sum, theirs)) : null, workerNotes: theirs.count };
}

/**
 * The stamp of the vault as a stat walk sees it, on two threads when the vault is expected to be
 * large (`expectedNotes`, the count of the stamp it is compared with) and a core is free, by the
 * rule and override (`SESSION_BRIEF_SCAN_THREADS`) of the full scan (thread-choice.ts).
 */
export function statStamp(root: string, excludedRootFolders: readonly string[], expectedNotes = 0, env: NodeJS.ProcessEnv = process.env): StatStamp | null {
	const choice = threadChoice(expectedNotes, env);
	const trace: ThreadTrace = { walk: 'stat-walk', threads: 1, why: choice.why, notes: expectedNotes };
	let stamp: StatStamp | null;
	if (choice.two) {
		const together = walkTogether(root, excludedRootFolders);
		stamp = together.stamp;
		// Two threads only when the worker stat'ed some notes; one that started too late took none.
		if (together.workerNotes !== null && together.workerNotes > 0) Object.assign(trace, { threads: 2, workerNotes: together.workerNotes });
		else Object.assign(trace, { why: 'the worker took no part', workerNotes: together.workerNotes ?? 0 });
	} else {
		stamp = stampAlone(root, excludedRootFolders);
	}
	traceThreads(trace, env);
	return stamp;
}
