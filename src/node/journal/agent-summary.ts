/**
 * The agent changes summary on disk (src/core/trail/agent-summary.ts holds the rules): a cache writer
 * makes it from the journal and the review marks, each read through one descriptor so the stored
 * identity names exactly the bytes read; a tier-1 hook checks those identities with two stats and
 * reads at most the journal's appended tail. Never throws: a summary that cannot be made is left
 * out, one that cannot be used is null, and the caller reads the whole journal.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPACT_AT_BYTES, journalLines, parseJournal, recordKey, sortRecords, type JournalRecord } from '../../core/trail/agent-journal';
import { itemFromSummary, itemWithTail, summarizeAgentChanges, type AgentChangesSummary, type FileIdentity, type NoteThere } from '../../core/trail/agent-summary';
import { isCountedNote } from '../../core/notes/paths';
import { REVIEW_FILE, withKinds, type AgentChangesItem, type ReviewMarks } from '../../core/trail/what-changed';
import { journalPath } from './agent-journal';
import { exists } from '../tiers/plugin-tier';
import { judgeMarksText } from './review-seal';
import { inspectStateFile, openStateFile, readRange } from '../state-file';

/** Where the notes and the agent files are, and which notes count. */
export interface SummaryPlace {
	root: string;
	pluginDir: string;
	excludedRootFolders: readonly string[];
}

function identity(st: fs.Stats): FileIdentity {
	return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
}

function sameFile(a: FileIdentity | null, b: FileIdentity | null): boolean {
	return a === b || (a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);
}

/** The file's identity; null when it is missing; undefined when it cannot be told (damaged: a link, a FIFO). */
function statIdentity(root: string, file: string): FileIdentity | null | undefined {
	const entry = inspectStateFile(root, file);
	if (entry.kind === 'file') return identity(entry.stat);
	return entry.kind === 'missing' ? null : undefined;
}

/** Bytes `from`..end of an open file, with the identity of the file as read. */
function readFrom(fd: number, from: number): { bytes: Buffer; id: FileIdentity } {
	const st = fs.fstatSync(fd);
	const start = Math.min(from, st.size);
	return { bytes: readRange(fd, start, st.size - start), id: identity(st) };
}

/**
 * The review marks as what-changed.ts reads them (damaged: none), with the identity of what was
 * read; missing: null identity. `outside` when they do not count (src/core/review/review-seal.ts: not
 * the plugin's seal, nor signed by a trusted device): then no summary is made or used, and the
 * whole journal is read.
 */
function readMarks(root: string, pluginDir: string): { marks: ReviewMarks; id: FileIdentity | null; outside: boolean } {
	const file = path.join(pluginDir, REVIEW_FILE);
	const fd = openStateFile(root, file);
	let text: string | null = null;
	let id: FileIdentity | null = null;
	if (fd === null) {
		if (inspectStateFile(root, file).kind !== 'missing') throw new Error(`${REVIEW_FILE} is not a regular file`);
	} else {
		try {
			const read = readFrom(fd, 0);
			text = read.bytes.toString('utf8');
			id = read.id;
		} finally {
			fs.closeSync(fd);
		}
	}
	const verdict = judgeMarksText(root, text);
	return { marks: verdict.marks, id, outside: verdict.outside !== null };
}

function noteThere(place: SummaryPlace): (p: string) => boolean {
	const there = exists(place.root);
	return (p) => isCountedNote(p, place.excludedRootFolders) && there(p);
}

/** The journal can be read on from its end alone: it ends on a line end and is read whole. */
function lastLineOf(bytes: Buffer, start: number): string | null {
	if (start !== 0) return null;
	if (bytes.length === 0) return '';
	if (bytes[bytes.length - 1] !== 0x0a) return null;
	const before = bytes.lastIndexOf(0x0a, bytes.length - 2);
	return bytes.subarray(before + 1, bytes.length - 1).toString('utf8');
}

/**
 * The whole item this process worked out last while summarizing, with the files and the time it
 * was for: a scan writes the cache and then adds the items to its own brief, and the second
 * reading of the same journal at the same `now` would give the same answer.
 */
let lastWhole: { key: string; item: AgentChangesItem } | null = null;

function wholeKey(place: SummaryPlace, now: Date, journal: FileIdentity | null, marks: FileIdentity | null): string {
	return JSON.stringify([place.root, place.pluginDir, place.excludedRootFolders, now.getTime(), journal, marks]);
}

/** What a cache writer stores as `agentChanges`; undefined when it cannot be made. */
export function summarizeFiles(place: SummaryPlace, now: Date, cap: number): AgentChangesSummary | undefined {
	try {
		const { marks, id: marksId, outside } = readMarks(place.root, place.pluginDir);
		// Marks changed outside Obsidian: the item must say so, which only the whole journal's reading does.
		if (outside) return undefined;
		const fd = openStateFile(place.root, journalPath(place.pluginDir));
		if (fd === null) {
			if (inspectStateFile(place.root, journalPath(place.pluginDir)).kind !== 'missing') return undefined;
			return remember(place, now, summarizeAgentChanges([], marks, noteThere(place), now, cap, { journal: null, lastLine: null, marks: marksId }), null, marksId);
		}
		try {
			// As readJournal reads it: never more than its last 8 MB.
			const size = fs.fstatSync(fd).size;
			const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
			const { bytes, id } = readFrom(fd, start);
			const lastLine = lastLineOf(bytes, start);
			const made = summarizeAgentChanges(parseJournal(bytes.toString('utf8')), marks, noteThere(place), now, cap, { journal: id, lastLine, marks: marksId });
			return remember(place, now, made, id, marksId);
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return undefined;
	}
}

/** A journal's records as `summarizeFiles` reads them, with the identity and last line it stores. */
interface JournalRead {
	records: JournalRecord[];
	id: FileIdentity;
	lastLine: string | null;
}

/** Bytes kept of the journal to tell, on the next read, that the bytes parsed are still there. */
const CHECK_BYTES = 256;

function readAt(fd: number, length: number, position: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const buf = Buffer.allocUnsafe(length);
		const step = (got: number): void => {
			if (got >= length) return resolve(buf);
			fs.read(fd, buf, got, length - got, position + got, (error, n) => (error !== null ? reject(error) : n === 0 ? resolve(buf.subarray(0, got)) : step(got + n)));
		};
		step(0);
	});
}

function fstatAsync(fd: number): Promise<fs.Stats> {
	return new Promise((resolve, reject) => fs.fstat(fd, (error, st) => (error !== null ? reject(error) : resolve(st))));
}

/**
 * The journal read a piece at a time for a process that summarizes it again and again (the cache
 * writer): only appended bytes are parsed, and whenever the bytes parsed may be gone it reads the
 * whole window again, so its records are always those of a whole read.
 */
export class JournalReader {
	private kept: {
		dev: number;
		ino: number;
		start: number;
		/** Just after the last complete line parsed. */
		end: number;
		head: Buffer;
		tail: Buffer;
		/** The last complete line, without its newline (only meaningful from the file's start). */
		lastLine: string;
		/** Records of the complete lines, in file order, each once, and their keys. */
		records: JournalRecord[];
		keys: Set<string>;
		id: FileIdentity;
		/** The text after the last complete line as last read. */
		partial: string;
	} | null = null;
	/** Whole reads so far (the tests tell a tail read from a whole one with it). */
	wholeReads = 0;

	/** Forgets what was read: the next read is a whole one. */
	reset(): void {
		this.kept = null;
	}

	/** The journal's records from an open descriptor, as `summarizeFiles` reads them from its own. */
	async read(fd: number): Promise<JournalRead> {
		const st = await fstatAsync(fd);
		const start = Math.max(0, st.size - 2 * COMPACT_AT_BYTES);
		let k = this.kept;
		if (k !== null && (k.dev !== st.dev || k.ino !== st.ino || st.size < k.end || k.start !== start)) k = null;
		if (k !== null && !sameFile(k.id, identity(st))) {
			const head = await readAt(fd, k.head.length, k.start);
			const tail = await readAt(fd, k.tail.length, k.end - k.tail.length);
			if (!head.equals(k.head) || !tail.equals(k.tail)) k = null;
		} else if (k !== null) {
			return this.answer(k, st);
		}
		if (k === null) {
			this.wholeReads++;
			k = { dev: st.dev, ino: st.ino, start, end: start, head: Buffer.alloc(0), tail: Buffer.alloc(0), lastLine: '', records: [], keys: new Set(), id: identity(st), partial: '' };
		}
		const bytes = await readAt(fd, Math.max(0, st.size - k.end), k.end);
		const cut = bytes.lastIndexOf(0x0a) + 1;
		if (cut > 0) {
			const text = bytes.subarray(0, cut).toString('utf8');
			for (const r of journalLines(text)) {
				const key = recordKey(r);
				if (k.keys.has(key)) continue;
				k.keys.add(key);
				k.records.push(r);
			}
			const before = text.lastIndexOf('\n', text.length - 2);
			k.lastLine = text.slice(before + 1, text.length - 1);
			k.end += cut;
			if (k.head.length < CHECK_BYTES) k.head = await readAt(fd, Math.min(CHECK_BYTES, k.end - k.start), k.start);
			k.tail = await readAt(fd, Math.min(CHECK_BYTES, k.end - k.start), k.end - Math.min(CHECK_BYTES, k.end - k.start));
		}
		k.partial = bytes.subarray(cut).toString('utf8');
		k.id = identity(st);
		this.kept = k;
		return this.answer(k, st);
	}

	private answer(k: NonNullable<JournalReader['kept']>, st: fs.Stats): JournalRead {
		let records = k.records;
		const extra = k.partial === '' ? null : (journalLines(k.partial)[0] ?? null);
		if (extra !== null && !k.keys.has(recordKey(extra))) records = [...records, extra];
		const lastLine = k.start !== 0 ? null : k.end === 0 && k.partial === '' ? '' : k.partial !== '' ? null : k.lastLine;
		return { records: sortRecords(records), id: identity(st), lastLine };
	}
}

/**
 * `summarizeFiles` with the journal read through `reader` without blocking: only what was
 * appended since its last read is read and parsed, and the summary is the same as a whole read's.
 * `there` answers whether a note exists (default: a stat of it).
 */
export async function summarizeFilesAsync(place: SummaryPlace, now: Date, cap: number, reader: JournalReader, there: NoteThere = noteThere(place)): Promise<AgentChangesSummary | undefined> {
	try {
		const { marks, id: marksId, outside } = readMarks(place.root, place.pluginDir);
		if (outside) return undefined;
		const fd = openStateFile(place.root, journalPath(place.pluginDir));
		if (fd === null) {
			reader.reset();
			if (inspectStateFile(place.root, journalPath(place.pluginDir)).kind !== 'missing') return undefined;
			return remember(place, now, summarizeAgentChanges([], marks, there, now, cap, { journal: null, lastLine: null, marks: marksId }), null, marksId);
		}
		try {
			const read = await reader.read(fd);
			const made = summarizeAgentChanges(read.records, marks, there, now, cap, { journal: read.id, lastLine: read.lastLine, marks: marksId });
			return remember(place, now, made, read.id, marksId);
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		reader.reset();
		return undefined;
	}
}

function remember(place: SummaryPlace, now: Date, made: { summary?: AgentChangesSummary; item: AgentChangesItem }, journal: FileIdentity | null, marks: FileIdentity | null): AgentChangesSummary | undefined {
	lastWhole = { key: wholeKey(place, now, journal, marks), item: made.item };
	return made.summary;
}

/** The whole item `summarizeFiles` worked out in this process for these very files and this `now`; null otherwise. */
export function wholeItemJustMade(place: SummaryPlace, now: Date): AgentChangesItem | null {
	if (lastWhole === null) return null;
	const journal = statIdentity(place.root, journalPath(place.pluginDir));
	const marks = statIdentity(place.root, path.join(place.pluginDir, REVIEW_FILE));
	if (journal === undefined || marks === undefined || lastWhole.key !== wholeKey(place, now, journal, marks)) return null;
	return withKinds({ count: lastWhole.item.count, paths: [...lastWhole.item.paths] }, lastWhole.item);
}

/** The records appended after the summary's journal, when the file only grew since; null otherwise. */
function appendedText(root: string, file: string, summary: AgentChangesSummary, now: FileIdentity): string | null {
	const was = summary.journal;
	if (was !== null && (summary.lastLine === null || now.ino !== was.ino)) return null;
	const from = was?.size ?? 0;
	if (now.size <= from || now.size > 2 * COMPACT_AT_BYTES) return null;
	// The summary's last line must still end where the tail starts: a compacted file that got the old inode number back is no tail.
	const check = was === null || from === 0 ? '' : `${summary.lastLine}\n`;
	const checkBytes = Buffer.byteLength(check);
	const fd = openStateFile(root, file);
	if (fd === null) return null;
	try {
		const { bytes, id } = readFrom(fd, from - checkBytes);
		if ((was !== null && id.ino !== was.ino) || id.size > 2 * COMPACT_AT_BYTES) return null;
		if (bytes.subarray(0, checkBytes).toString('utf8') !== check) return null;
		return bytes.subarray(checkBytes).toString('utf8');
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * The `agentChanges` item, capped to `cap` paths, from a tier-1 cache's summary: the same answer
 * the whole journal gives (src/core/trail/agent-summary.ts says why), or null when the summary cannot
 * be used and the caller must read the whole journal.
 */
export function agentChangesFromSummary(place: SummaryPlace, summary: AgentChangesSummary, now: Date, cap: number): AgentChangesItem | null {
	try {
		const marksNow = statIdentity(place.root, path.join(place.pluginDir, REVIEW_FILE));
		if (marksNow === undefined || !sameFile(marksNow, summary.marks)) return null;
		const file = journalPath(place.pluginDir);
		const journalNow = statIdentity(place.root, file);
		if (journalNow === undefined) return null;
		if (sameFile(journalNow, summary.journal)) return itemFromSummary(summary, now, cap);
		if (journalNow === null) return null;
		const tail = appendedText(place.root, file, summary, journalNow);
		if (tail === null) return null;
		// The marks the tail is judged by must be the summary's, read through one descriptor.
		const { marks, id, outside } = readMarks(place.root, place.pluginDir);
		if (outside || !sameFile(id, summary.marks)) return null;
		return itemWithTail(summary, parseJournal(tail), marks, noteThere(place), now, cap);
	} catch {
		return null;
	}
}
