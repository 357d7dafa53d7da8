/**
 * The agent changes journal on disk (docs/design.md, "What agents changed"): `agent-changes.jsonl`
 * in the plugin's folder. Hooks append one line each with a single `O_APPEND` write, so records of
 * concurrent hooks never interleave; one of them compacts the file atomically when it has grown.
 * The rules of what is recorded and how the file is bounded are src/core/agent-journal.ts.
 *
 * A compaction replaces the file by a rename. A hook that opened the old file just before may
 * write its record into the replaced one. So a hook checks after its write that the path still
 * names the file it wrote to, and writes again when not; the compaction in turn copies what
 * arrived in the old file while it worked. A record may so land twice, and readers drop the twin:
 * no record is lost, none torn.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { boundJournal, compactJournal, COMPACT_AT_BYTES, encodeRecord, JOURNAL_FILE, journalRecord, parseJournal, type EditFacts, type JournalRecord } from '../core/agent-journal';
import type { VaultContext } from './vault-config';

const LOCK_SUFFIX = '.lock';
/** A compaction lock older than this was left by a crashed hook. */
const STALE_LOCK_MS = 30_000;
/** Tries of the write-then-verify step before giving up (each lost race needs a compaction in between). */
const APPEND_TRIES = 3;

export function journalPath(pluginDir: string): string {
	return path.join(pluginDir, JOURNAL_FILE);
}

function sameFile(a: fs.Stats, b: fs.Stats): boolean {
	return a.ino === b.ino && a.dev === b.dev;
}

/** Appends `text` (whole lines) in one write; true when the path still names the file written to. */
function appendOnce(file: string, text: string): { landed: boolean; size: number } {
	const fd = fs.openSync(file, 'a');
	try {
		fs.writeSync(fd, text);
		const mine = fs.fstatSync(fd);
		let now: fs.Stats | null = null;
		try {
			now = fs.statSync(file);
		} catch {
			now = null;
		}
		return { landed: now !== null && sameFile(mine, now), size: mine.size };
	} finally {
		fs.closeSync(fd);
	}
}

function appendLines(file: string, text: string): number {
	let size = 0;
	for (let i = 0; i < APPEND_TRIES; i++) {
		const r = appendOnce(file, text);
		size = r.size;
		if (r.landed) break;
	}
	return size;
}

/**
 * Records one edit. Throws on a file error; the hook catches everything, so recording never changes
 * what the hook prints or its exit code.
 */
export async function appendJournal(pluginDir: string, record: JournalRecord, now: Date): Promise<void> {
	const line = encodeRecord(record);
	if (line === null) return;
	fs.mkdirSync(pluginDir, { recursive: true });
	const file = journalPath(pluginDir);
	const size = appendLines(file, line);
	if (size >= COMPACT_AT_BYTES) await compactJournalFile(pluginDir, now);
}

function takeLock(lock: string): boolean {
	for (let i = 0; i < 2; i++) {
		try {
			fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			try {
				if (Date.now() - fs.statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
				fs.rmSync(lock, { force: true });
			} catch {
				return false;
			}
		}
	}
	return false;
}

/** Reads `fd` from `from` to its end; returns the complete lines and where they end. */
function completeLinesFrom(fd: number, from: number): { text: string; end: number } {
	const size = fs.fstatSync(fd).size;
	if (size <= from) return { text: '', end: from };
	const buf = Buffer.alloc(size - from);
	const got = fs.readSync(fd, buf, 0, buf.length, from);
	const last = buf.subarray(0, got).lastIndexOf(0x0a);
	if (last < 0) return { text: '', end: from };
	return { text: buf.subarray(0, last + 1).toString('utf8'), end: from + last + 1 };
}

/**
 * Rewrites the journal bounded (src/core/agent-journal.ts) through a temp file and a rename. One
 * compaction at a time (a lock file; a busy lock means another hook is at it, so this one skips).
 * Returns false when it skipped.
 */
export async function compactJournalFile(pluginDir: string, now: Date): Promise<boolean> {
	// Loaded only here: the atomic write brings the crypto module, which an append never needs.
	const { writeFileAtomic } = await import('./atomic-write');
	const file = journalPath(pluginDir);
	const lock = `${file}${LOCK_SUFFIX}`;
	if (!takeLock(lock)) return false;
	let fd: number | null = null;
	try {
		try {
			fd = fs.openSync(file, 'r');
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
			throw error;
		}
		// Only the newest part of an oversized file can survive the bound, so only that is read.
		const size = fs.fstatSync(fd).size;
		const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
		const head = completeLinesFrom(fd, start);
		let text = compactJournal(head.text, now);
		// What other hooks appended while this one parsed.
		const tail = completeLinesFrom(fd, head.end);
		text += tail.text;
		writeFileAtomic(file, text);
		// What landed in the replaced file between the tail read and the rename.
		const late = completeLinesFrom(fd, tail.end);
		if (late.text !== '') appendLines(file, late.text);
		return true;
	} finally {
		if (fd !== null) fs.closeSync(fd);
		fs.rmSync(lock, { force: true });
	}
}

/** The journal as readers see it (bounded, each record once, oldest first); empty when there is none. */
export function readJournal(pluginDir: string, now: Date): JournalRecord[] {
	let fd: number;
	try {
		fd = fs.openSync(journalPath(pluginDir), 'r');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
		throw error;
	}
	try {
		// Never more than a compaction leaves plus what may have arrived since: a 50 MB file costs the same.
		const size = fs.fstatSync(fd).size;
		const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
		const buf = Buffer.alloc(size - start);
		const got = fs.readSync(fd, buf, 0, buf.length, start);
		return boundJournal(parseJournal(buf.subarray(0, got).toString('utf8')), now);
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * The post-tool-use hook's one call: records the edit when it is of a counted note of the vault.
 * Never throws (a full disk, a read-only plugin folder): the journal is not worth a hook's output.
 */
export async function recordAgentEdit(ctx: VaultContext, edit: EditFacts): Promise<void> {
	try {
		if (ctx.pluginDir === null) return;
		const record = journalRecord(edit, ctx.settings.excludedRootFolders);
		if (record !== null) await appendJournal(ctx.pluginDir, record, edit.now);
	} catch {
		// Fail open (docs/design.md, "What agents changed").
	}
}
