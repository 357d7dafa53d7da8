/**
 * A lock around every read–modify–write of a host's settings file and of the install record, so two
 * install or uninstall runs take turns; a lock whose owner is gone is taken over. Kept under the
 * system's temp folder by the file's real path: beside the file it would keep a folder uninstall
 * removes from being empty, and a symlinked path must lock the same file.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { processIdentity } from '../../live/process-identity';
import { processAlive } from '../../live/process-alive';
import { WriteError } from './files';

/** Install and uninstall take milliseconds; a lock this old belongs to a run that hangs. */
export const STALE_MS = 60_000;
/** How long a run waits for another before it gives up and says so. */
export const WAIT_MS = 15_000;

interface Owner {
	pid: number;
	started: string | null;
	nonce: string;
	at: number;
}

function sleep(ms: number): void {
	try {
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
	} catch {
		// A renderer's main thread (the plugin inside Obsidian) may not block in Atomics.wait.
		const until = Date.now() + ms;
		while (Date.now() < until) {
			// Waiting for the other run: a few milliseconds at a time.
		}
	}
}

function readOwner(file: string): Owner | null {
	try {
		const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
		return typeof v.pid === 'number' && typeof v.nonce === 'string' && typeof v.at === 'number' ? { pid: v.pid, started: typeof v.started === 'string' ? v.started : null, nonce: v.nonce, at: v.at } : null;
	} catch {
		return null;
	}
}

/** Stale: its owner is gone (or the pid now names another process), or it is older than `STALE_MS`. */
function isStale(owner: Owner | null, file: string, now: number): boolean {
	if (owner === null) {
		// Being written this very moment, or garbage left by a crash: judge by its age.
		try {
			return now - fs.statSync(file).mtimeMs > 2000;
		} catch {
			return false;
		}
	}
	if (now - owner.at > STALE_MS) return true;
	if (!processAlive(owner.pid)) return true;
	const started = processIdentity(owner.pid);
	return owner.started !== null && started !== null && started !== owner.started;
}

/**
 * Moves a stale lock aside; only the run whose rename takes the very file it judged wins. A run
 * that took a fresh lock by mistake (another run replaced the stale one in between) puts it back.
 */
function breakStale(file: string, judged: Owner | null): void {
	const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.stale`;
	try {
		fs.renameSync(file, aside);
	} catch {
		return;
	}
	const taken = readOwner(aside);
	if (judged !== null && taken !== null && taken.nonce !== judged.nonce) {
		try {
			fs.linkSync(aside, file);
		} catch {
			// A third run holds the lock now; the one we took was replaced in turn.
		}
	}
	fs.rmSync(aside, { force: true });
}

export interface HeldLock {
	release(): void;
}

/** The real path of a file that may not exist yet (its folder's real path, then its name). */
function canonical(p: string): string {
	const abs = path.resolve(p);
	try {
		return fs.realpathSync(abs);
	} catch {
		try {
			return path.join(fs.realpathSync(path.dirname(abs)), path.basename(abs));
		} catch {
			return abs;
		}
	}
}

/** This user's lock folder (mode 0700); a folder of that name owned by someone else is refused. */
function lockDir(): string {
	const user = typeof process.getuid === 'function' ? String(process.getuid()) : crypto.createHash('sha256').update(os.userInfo().username).digest('hex').slice(0, 12);
	const dir = path.join(os.tmpdir(), `session-brief-locks-${user}`);
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const st = fs.lstatSync(dir);
	if (!st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) {
		throw new WriteError(`the lock folder ${dir} is not a folder of this user; nothing was changed. Remove it and run this again.`);
	}
	return dir;
}

export function lockFileFor(target: string): string {
	return path.join(lockDir(), `${crypto.createHash('sha256').update(canonical(target)).digest('hex').slice(0, 32)}.lock`);
}

/** Takes the lock for `target`, waiting for another run up to `waitMs`. */
export function acquireLock(target: string, waitMs = WAIT_MS): HeldLock {
	const file = lockFileFor(target);
	const me: Owner = { pid: process.pid, started: processIdentity('self'), nonce: crypto.randomBytes(8).toString('hex'), at: Date.now() };
	const deadline = Date.now() + waitMs;
	for (let delay = 5; ; delay = Math.min(100, delay * 2)) {
		try {
			const fd = fs.openSync(file, 'wx', 0o600);
			try {
				fs.writeSync(fd, JSON.stringify({ ...me, at: Date.now() }));
			} finally {
				fs.closeSync(fd);
			}
			return {
				release: () => {
					if (readOwner(file)?.nonce === me.nonce) fs.rmSync(file, { force: true });
				},
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new WriteError(`cannot create the lock file ${file}: ${(error as Error).message}`);
		}
		const owner = readOwner(file);
		if (isStale(owner, file, Date.now())) {
			breakStale(file, owner);
			continue;
		}
		if (Date.now() > deadline) {
			throw new WriteError(`another install or uninstall is changing ${target} (lock ${file}, held by process ${owner?.pid ?? 'unknown'}); nothing was changed. Run this again when it has finished, or delete the lock file if no such process runs.`);
		}
		sleep(delay + Math.floor(Math.random() * delay));
	}
}

/** Runs `fn` holding the locks on `targets`, taken in a fixed order so two runs cannot deadlock. */
export function withLocks<T>(targets: string[], fn: () => T): T {
	const ordered = [...new Set(targets.map(canonical))].sort();
	const held: HeldLock[] = [];
	try {
		for (const t of ordered) held.push(acquireLock(t));
		return fn();
	} finally {
		for (const h of held.reverse()) h.release();
	}
}
