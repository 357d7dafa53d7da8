/**
 * The agent changes journal on disk (docs/design.md, "What agents changed"): one `O_APPEND` write
 * per record, so concurrent hooks never interleave. A record that lands in a file a compaction just
 * replaced is written again and readers drop the twin: none lost, none torn. Rules:
 * src/core/trail/agent-journal.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { boundJournal, compactJournal, COMPACT_AT_BYTES, encodeRecord, MAX_RECORD_BYTES, JOURNAL_FILE, journalRecord, parseJournal, withCopy, type EditFacts, type JournalRecord } from '../../core/trail/agent-journal';
import { appendLanded, createStateFile, openStateFile, readRange, removeStateFile, statStateFile, writeStateFile } from '../state-file';
import { JOURNAL_LOCK } from '../state-registry';
import { appendCopy, compactCopy, readCopyText } from './agent-journal-copy';
import type { VaultContext } from '../vault-config';

/** A compaction lock older than this was left by a crashed hook. */
const STALE_LOCK_MS = 30_000;

export function journalPath(pluginDir: string): string {
	return path.join(pluginDir, JOURNAL_FILE);
}

/**
 * Records one edit. Throws on a file error; the hook catches everything, so recording never changes
 * what the hook prints or its exit code.
 */
export async function appendJournal(root: string, pluginDir: string, record: JournalRecord, now: Date): Promise<void> {
	const line = encodeRecord(record);
	if (line === null) return;
	copyLines(root, line, now);
	const file = journalPath(pluginDir);
	const size = appendLanded(root, file, line);
	if (size >= COMPACT_AT_BYTES) await compactJournalFile(root, pluginDir, now);
}

/**
 * Records several changes (the session net's, src/node/journal/session-net.ts): lines joined into writes
 * that each stay within one record's bound, so no write is split either.
 */
export async function appendJournalRecords(root: string, pluginDir: string, records: readonly JournalRecord[], now: Date): Promise<void> {
	copyLines(root, records.map((r) => encodeRecord(r) ?? '').join(''), now);
	const file = journalPath(pluginDir);
	let chunk = '';
	let size = 0;
	for (const r of records) {
		const line = encodeRecord(r);
		if (line === null) continue;
		if (chunk !== '' && (chunk.length + line.length) * 3 > MAX_RECORD_BYTES) {
			size = appendLanded(root, file, chunk);
			chunk = '';
		}
		chunk += line;
	}
	if (chunk !== '') size = appendLanded(root, file, chunk);
	if (size >= COMPACT_AT_BYTES) await compactJournalFile(root, pluginDir, now);
}

/**
 * The same lines into the journal's copy outside the vault (./agent-journal-copy.ts), first: a
 * vault journal replaced by a link or a FIFO must not cost the copy its record.
 */
function copyLines(root: string, lines: string, now: Date): void {
	try {
		appendCopy(root, lines, now);
	} catch {
		// A per-user folder that cannot be written only costs the copy: the vault's journal still gets it.
	}
}

function takeLock(root: string, lock: string): boolean {
	for (let i = 0; i < 2; i++) {
		if (createStateFile(root, lock, String(process.pid))) return true;
		try {
			const st = statStateFile(root, lock);
			if (st !== null && Date.now() - st.mtimeMs < STALE_LOCK_MS) return false;
			removeStateFile(root, lock);
		} catch {
			return false;
		}
	}
	return false;
}

/** Reads `fd` from `from` to its end; returns the complete lines and where they end. */
function completeLinesFrom(fd: number, from: number): { text: string; end: number } {
	const buf = readRange(fd, from, Number.MAX_SAFE_INTEGER);
	const last = buf.lastIndexOf(0x0a);
	if (last < 0) return { text: '', end: from };
	return { text: buf.subarray(0, last + 1).toString('utf8'), end: from + last + 1 };
}

/**
 * Rewrites the journal bounded (src/core/trail/agent-journal.ts) through a temp file and a rename. One
 * compaction at a time (a lock file; a busy lock means another hook is at it, so this one skips).
 * Returns false when it skipped.
 */
export async function compactJournalFile(root: string, pluginDir: string, now: Date): Promise<boolean> {
	const file = journalPath(pluginDir);
	const lock = path.join(pluginDir, JOURNAL_LOCK);
	if (!takeLock(root, lock)) return false;
	let fd: number | null = null;
	try {
		fd = openStateFile(root, file);
		if (fd === null) return true;
		// Only the newest part of an oversized file can survive the bound, so only that is read.
		const size = fs.fstatSync(fd).size;
		const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
		const head = completeLinesFrom(fd, start);
		let text = compactJournal(head.text, now);
		// What other hooks appended while this one parsed.
		const tail = completeLinesFrom(fd, head.end);
		text += tail.text;
		writeStateFile(root, file, text);
		// What landed in the replaced file between the tail read and the rename.
		const late = completeLinesFrom(fd, tail.end);
		if (late.text !== '') appendLanded(root, file, late.text);
		// The copy drops what this compaction dropped, so only what the vault lost otherwise counts as lost.
		try {
			compactCopy(root, now, parseJournal(text)[0]?.at ?? null);
		} catch {
			// The copy is compacted again when it grows.
		}
		return true;
	} finally {
		if (fd !== null) fs.closeSync(fd);
		removeStateFile(root, lock);
	}
}

/** The vault's journal file as readers read it; empty when there is none. */
export function readJournalText(root: string, pluginDir: string): string {
	// A missing or damaged journal (a planted link or FIFO) reads as empty.
	const fd = openStateFile(root, journalPath(pluginDir));
	if (fd === null) return '';
	try {
		// Never more than a compaction leaves plus what may have arrived since: a 50 MB file costs the same.
		const size = fs.fstatSync(fd).size;
		const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
		return readRange(fd, start, size - start).toString('utf8');
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * The journal as readers see it (bounded, each record once, oldest first): the vault's with the
 * records its copy outside the vault holds and it lost (`lost` counts those).
 */
export function readJournalState(root: string, pluginDir: string, now: Date): { records: JournalRecord[]; lost: number } {
	let copy: string | null = null;
	try {
		copy = readCopyText(root);
	} catch {
		copy = null;
	}
	return withCopy(boundJournal(parseJournal(readJournalText(root, pluginDir)), now), copy === null ? null : parseJournal(copy), now);
}

/** The journal's records as readJournalState gives them; empty when there are none. */
export function readJournal(root: string, pluginDir: string, now: Date): JournalRecord[] {
	return readJournalState(root, pluginDir, now).records;
}

/**
 * The post-tool-use hook's one call: records the edit when it is of a counted note of the vault.
 * Never throws (a full disk, a read-only plugin folder): the journal is not worth a hook's output.
 */
export async function recordAgentEdit(ctx: VaultContext, edit: EditFacts): Promise<void> {
	try {
		if (ctx.pluginDir === null) return;
		const record = journalRecord(edit, ctx.settings.excludedRootFolders);
		if (record !== null) await appendJournal(ctx.root, ctx.pluginDir, record, edit.now);
	} catch {
		// Fail open (docs/design.md, "What agents changed").
	}
}
