/**
 * The session starts record on disk (`session-starts.jsonl`): appended with one `O_APPEND` write
 * per firing and compacted only by readers that are not a session start's answer, so a session
 * start never waits on a rewrite (docs/design.md, "Proof that sessions got the brief").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
	compactStartsLog,
	COMPACT_STARTS_AT_BYTES,
	conversationLine,
	encodeStartLine,
	HOOK_COMPACTS_STARTS_AT_BYTES,
	MAX_STARTS,
	OLD_STARTS_FILE,
	parseSessionStarts,
	parseStartsLog,
	READ_STARTS_BYTES,
	recentConversations,
	STARTS_LOG,
	type SessionStartEntry,
} from '../../core/trail/session-starts';
import { conversationStarts, parseSessionStarts as parseConversations, SESSION_STARTS_FILE, type SessionStarts } from '../../core/trail/what-changed';
import { appendLanded, createStateFile, inspectStateFile, openStateFile, readRange, readStateJson, readStateText, removeStateFile, statStateFile, writeStateFile } from '../state-file';
import { STARTS_LOCK } from '../state-registry';

/** The old files were rewritten whole by earlier versions; more is not one they wrote. */
const MAX_OLD_BYTES = 256 * 1024;
/** A compaction lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;

export function startsLogPath(pluginDir: string): string {
	return path.join(pluginDir, STARTS_LOG);
}

/** Reads `fd` from `from` to its end (at most READ_STARTS_BYTES); the complete lines and where they end. */
function linesFrom(fd: number, from: number): { text: string; end: number } {
	const buf = readRange(fd, from, READ_STARTS_BYTES);
	const last = buf.lastIndexOf(0x0a);
	if (last < 0) return { text: '', end: from };
	return { text: buf.subarray(0, last + 1).toString('utf8'), end: from + last + 1 };
}

/** The log's last READ_STARTS_BYTES as text, a line cut at the start left out; empty when missing or damaged. */
function readLogTail(root: string, pluginDir: string): string {
	const fd = openStateFile(root, startsLogPath(pluginDir));
	if (fd === null) return '';
	try {
		const size = fs.fstatSync(fd).size;
		const start = Math.max(0, size - READ_STARTS_BYTES);
		let text = readRange(fd, start, size - start).toString('utf8');
		if (start > 0) text = text.slice(text.indexOf('\n') + 1);
		return text;
	} catch {
		return '';
	} finally {
		fs.closeSync(fd);
	}
}

function oldEntries(root: string, pluginDir: string): SessionStartEntry[] {
	const text = readStateText(root, path.join(pluginDir, OLD_STARTS_FILE), MAX_OLD_BYTES);
	return text === null ? [] : parseSessionStarts(text);
}

function oldConversations(root: string, pluginDir: string): SessionStarts {
	return parseConversations(readStateJson(root, path.join(pluginDir, SESSION_STARTS_FILE), MAX_OLD_BYTES));
}

/** The last MAX_STARTS firings, oldest first (the old file's before the log's). */
export function readSessionStartEntries(root: string, pluginDir: string): SessionStartEntry[] {
	return [...oldEntries(root, pluginDir), ...parseStartsLog(readLogTail(root, pluginDir)).entries].slice(-MAX_STARTS);
}

/**
 * When the previous and the current conversation started. A session start reads the log's end
 * for the last two; the old `conversations.json` only while the log holds fewer.
 */
export function readConversationStarts(root: string, pluginDir: string): SessionStarts {
	const recent = recentConversations(readLogTail(root, pluginDir), 2);
	const none: SessionStarts = { previous: null, current: null };
	return conversationStarts(recent.length < 2 ? oldConversations(root, pluginDir) : none, recent);
}

/**
 * Appends a firing. Returns whether the log has grown past what a session start leaves to others
 * (the caller compacts it after its answer). Throws on a file error.
 */
export function appendSessionStart(root: string, pluginDir: string, entry: SessionStartEntry): boolean {
	return appendLanded(root, startsLogPath(pluginDir), encodeStartLine(entry)) >= HOOK_COMPACTS_STARTS_AT_BYTES;
}

/** A conversation's start without a firing (a vault without the plugin's folder records no firings). */
export function appendConversationStart(root: string, pluginDir: string, at: string): void {
	appendLanded(root, startsLogPath(pluginDir), conversationLine(at));
}

function takeLock(root: string, lock: string): boolean {
	for (let i = 0; i < 2; i++) {
		if (createStateFile(root, lock, String(process.pid))) return true;
		const st = statStateFile(root, lock);
		// A time far ahead is a planted lock, not a holder's: stale too.
		if (st !== null && Math.abs(Date.now() - st.mtimeMs) < STALE_LOCK_MS) return false;
		removeStateFile(root, lock);
	}
	return false;
}

/**
 * Rewrites the log bounded (the last MAX_STARTS firings and the last two conversation starts) with
 * the old files folded in, through a temp file and a rename, then removes the old files. One
 * compaction at a time (a lock; a busy lock means another process is at it, so this one skips).
 * Returns false when it skipped.
 */
export function compactSessionStarts(root: string, pluginDir: string): boolean {
	const file = startsLogPath(pluginDir);
	const lock = path.join(pluginDir, STARTS_LOCK);
	if (!takeLock(root, lock)) return false;
	let fd: number | null = null;
	try {
		fd = openStateFile(root, file);
		let head = { text: '', end: 0 };
		if (fd !== null) {
			const size = fs.fstatSync(fd).size;
			const start = Math.max(0, size - READ_STARTS_BYTES);
			head = linesFrom(fd, start);
			if (start > 0) head.text = head.text.slice(head.text.indexOf('\n') + 1);
		}
		const log = parseStartsLog(head.text);
		const old = oldConversations(root, pluginDir);
		const conversations = conversationStarts({ previous: null, current: null }, [old.previous, old.current, ...log.conversations].filter((at): at is string => at !== null));
		let text = compactStartsLog([...oldEntries(root, pluginDir), ...log.entries], [conversations.previous, conversations.current].filter((at): at is string => at !== null));
		// What other session starts appended while this one read.
		const tail = fd === null ? head : linesFrom(fd, head.end);
		if (fd !== null) text += tail.text;
		writeStateFile(root, file, text);
		for (const name of [OLD_STARTS_FILE, SESSION_STARTS_FILE]) {
			if (inspectStateFile(root, path.join(pluginDir, name)).kind === 'file') removeStateFile(root, path.join(pluginDir, name));
		}
		// What landed in the replaced file between the tail read and the rename.
		if (fd !== null) {
			const late = linesFrom(fd, tail.end);
			if (late.text !== '') appendLanded(root, file, late.text);
		}
		return true;
	} finally {
		if (fd !== null) fs.closeSync(fd);
		removeStateFile(root, lock);
	}
}

/**
 * For readers off a session start's path (the plugin's cache writer, a scan's, `serve`'s): compacts
 * the log when it has grown past COMPACT_STARTS_AT_BYTES or an old file is still there. Never throws.
 */
export function keepSessionStartsBounded(root: string, pluginDir: string): void {
	try {
		const log = statStateFile(root, startsLogPath(pluginDir));
		const grown = log !== null && log.size >= COMPACT_STARTS_AT_BYTES;
		const oldThere = [OLD_STARTS_FILE, SESSION_STARTS_FILE].some((name) => inspectStateFile(root, path.join(pluginDir, name)).kind === 'file');
		if (grown || oldThere) compactSessionStarts(root, pluginDir);
	} catch {
		// The record stays as it is; the next reader tries again.
	}
}
