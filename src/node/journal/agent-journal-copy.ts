/**
 * The copy of the agent changes journal in Session Brief's per-user folder (docs/design.md, "What
 * lives outside the vault"): every hook that appends a record to the vault's journal appends the same
 * line here, where an agent's sandbox does not reach. Readers take both, so a journal deleted,
 * shortened or rewritten inside the vault is noticed and its records shown again. The vault's
 * journal stays the synced copy a phone reads. Bounded like that journal (src/core/trail/agent-journal.ts).
 */
import * as fs from 'node:fs';
import { compactJournal, COMPACT_AT_BYTES, encodeRecord, parseJournal } from '../../core/trail/agent-journal';
import { JOURNAL_COPY_PREFIX } from '../state-registry';
import { appendUserStateFile, createUserStateFile, openUserStateFile, readRange, removeUserStateFile, writeUserStateFile } from '../state-file';
import { vaultStateFile } from './user-state-dir';

/** A compaction lock older than this was left by a crashed hook. */
const STALE_LOCK_MS = 30_000;

/** The copy of the journal of the vault at `root`, named by a hash of its real path. */
export function journalCopyFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
	return vaultStateFile(root, JOURNAL_COPY_PREFIX, '.jsonl', env);
}

/** The newest part of a file as readers read it (never more than a compaction leaves plus what arrived since); null when missing. */
function readTail(fd: number): Buffer {
	const size = fs.fstatSync(fd).size;
	const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
	return readRange(fd, start, size - start);
}

/** The copy's text as readers see it; null when there is none. */
export function readCopyText(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
	const fd = openUserStateFile(journalCopyFile(root, env));
	if (fd === null) return null;
	try {
		return readTail(fd).toString('utf8');
	} finally {
		fs.closeSync(fd);
	}
}

/** The copy's size and modification time (ms); null when there is none. */
export function copyStamp(root: string, env: NodeJS.ProcessEnv = process.env): { size: number; mtime: number } | null {
	const st = fs.lstatSync(journalCopyFile(root, env), { throwIfNoEntry: false });
	return st === undefined || !st.isFile() ? null : { size: st.size, mtime: st.mtimeMs };
}

/** Appends lines already encoded for the vault's journal; compacts the copy when it has grown. */
export function appendCopy(root: string, lines: string, now: Date, env: NodeJS.ProcessEnv = process.env): void {
	if (lines === '') return;
	const size = appendUserStateFile(journalCopyFile(root, env), lines);
	if (size >= COMPACT_AT_BYTES) compactCopy(root, now, null, env);
}

function takeLock(lock: string): boolean {
	for (let i = 0; i < 2; i++) {
		if (createUserStateFile(lock, String(process.pid))) return true;
		try {
			const st = fs.lstatSync(lock, { throwIfNoEntry: false });
			if (st !== undefined && Date.now() - st.mtimeMs < STALE_LOCK_MS) return false;
			removeUserStateFile(lock);
		} catch {
			return false;
		}
	}
	return false;
}

/** Complete lines of `fd` from `from` on, and where they end. */
function linesFrom(fd: number, from: number): { text: string; end: number } {
	const buf = readRange(fd, from, Number.MAX_SAFE_INTEGER);
	const last = buf.lastIndexOf(0x0a);
	if (last < 0) return { text: '', end: from };
	return { text: buf.subarray(0, last + 1).toString('utf8'), end: from + last + 1 };
}

/**
 * Rewrites the copy bounded, as the vault's journal is compacted; `floor`: records older than this
 * (ISO-8601) are dropped too, because the vault's own compaction just dropped them there.
 */
export function compactCopy(root: string, now: Date, floor: string | null, env: NodeJS.ProcessEnv = process.env): void {
	const file = journalCopyFile(root, env);
	const lock = `${file}.lock`;
	if (!takeLock(lock)) return;
	let fd: number | null = null;
	try {
		fd = openUserStateFile(file);
		if (fd === null) return;
		const size = fs.fstatSync(fd).size;
		const head = linesFrom(fd, Math.max(0, size - 2 * COMPACT_AT_BYTES));
		const kept = floor === null ? head.text : parseJournal(head.text).filter((r) => r.at >= floor).map((r) => encodeRecord(r) ?? '').join('');
		let text = compactJournal(kept, now);
		const tail = linesFrom(fd, head.end);
		text += tail.text;
		writeUserStateFile(file, text);
		const late = linesFrom(fd, tail.end);
		if (late.text !== '') appendUserStateFile(file, late.text);
	} finally {
		if (fd !== null) fs.closeSync(fd);
		removeUserStateFile(lock);
	}
}
