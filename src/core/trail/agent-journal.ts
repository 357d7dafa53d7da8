/**
 * The agent changes journal's rules (docs/design.md, "What agents changed"): which edit becomes a
 * record, how a record reads and writes as one line of `agent-changes.jsonl`, how a reader
 * recovers from a torn or glued line, and how the journal is bounded and compacted. Pure: the
 * file work is src/node/journal/agent-journal.ts.
 */
import { utf8Length } from '../text-bytes';
import { isCountedNote } from '../notes/paths';

export { JOURNAL_FILE } from '../state-names';

/** The newest this many records are kept... */
export const MAX_RECORDS = 10_000;
/** ...and none older than this. */
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * One record is written with one `write()` to a file opened with `O_APPEND`; kept below the 4 KiB
 * a page holds, so no file system splits it. A longer record (a path near PATH_MAX) is not written.
 */
export const MAX_RECORD_BYTES = 4000;
const MAX_TOOL_CHARS = 64;
export const MAX_SESSION_CHARS = 200;

export interface JournalRecord {
	/** Vault-relative, with `/`. */
	path: string;
	/** The host's tool name (`Edit`, `Write`, …), or null when the input named none. */
	tool: string | null;
	/** The hook input's `session_id`; null for hosts without one. */
	session: string | null;
	/** ISO-8601 in UTC with milliseconds, so records sort as strings. */
	at: string;
	/**
	 * Absent for an edit (the note is there after it). `deleted`: the note at `path` is gone;
	 * `renamed`: the note at `from` now lives at `path`. Both come from the session net
	 * (src/core/trail/session-net.ts), which sees what no tool event reports.
	 */
	change?: 'deleted' | 'renamed';
	/** The old path of a rename (vault-relative, with `/`). */
	from?: string;
}

/** The tool name of records the session net made: a change no tool event reported (a shell command, a script). */
export const OTHER_TOOL = 'another tool';

/** What the hook knows of one edit. Untrusted: any field may be missing or of any type. */
export interface EditFacts {
	/** Vault-relative path (already proven inside the vault), or null. */
	rel: string | null;
	tool: unknown;
	session: unknown;
	now: Date;
}

function shortString(value: unknown, max: number): string | null {
	if (typeof value !== 'string' || value === '') return null;
	return value.length > max ? value.slice(0, max) : value;
}

/** The record for an edit of a counted note of the vault, or null when the edit is not one. */
export function journalRecord(edit: EditFacts, excludedRootFolders: readonly string[]): JournalRecord | null {
	if (edit.rel === null || !isCountedNote(edit.rel, excludedRootFolders)) return null;
	const record: JournalRecord = {
		path: edit.rel,
		tool: shortString(edit.tool, MAX_TOOL_CHARS),
		session: shortString(edit.session, MAX_SESSION_CHARS),
		at: edit.now.toISOString(),
	};
	return encodeRecord(record) === null ? null : record;
}

/** One line, keys always in this order (a reader finds a record's start by `{"path":`). */
export function encodeRecord(r: JournalRecord): string | null {
	const fields: Record<string, unknown> = { path: r.path, tool: r.tool, session: r.session, at: r.at };
	if (r.change !== undefined) fields.change = r.change;
	if (r.change === 'renamed' && r.from !== undefined) fields.from = r.from;
	const line = `${JSON.stringify(fields)}\n`;
	// Encoded only when it might be too long: a UTF-16 unit is at most 3 bytes of UTF-8.
	if (line.length * 3 > MAX_RECORD_BYTES && utf8Length(line) > MAX_RECORD_BYTES) return null;
	return line;
}

const RECORD_START = '{"path":';

/** The file is anyone's to edit: a path that could point outside the vault is no record. */
function isVaultRelative(p: string): boolean {
	if (p === '' || p.includes('\0') || p.includes('\\') || p.startsWith('/') || /^[a-zA-Z]:/.test(p)) return false;
	return !p.split('/').some((part) => part === '' || part === '.' || part === '..');
}
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function asRecord(value: unknown): JournalRecord | null {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
	const v = value as Record<string, unknown>;
	if (typeof v.path !== 'string' || !isVaultRelative(v.path)) return null;
	if (v.tool !== null && typeof v.tool !== 'string') return null;
	if (v.session !== null && typeof v.session !== 'string') return null;
	if (typeof v.at !== 'string' || !ISO.test(v.at) || Number.isNaN(Date.parse(v.at))) return null;
	const record: JournalRecord = { path: v.path, tool: v.tool, session: v.session, at: v.at };
	// A kind this release does not know is read as an edit: the note still shows.
	if (v.change === 'deleted') record.change = 'deleted';
	else if (v.change === 'renamed' && typeof v.from === 'string' && isVaultRelative(v.from) && v.from !== v.path) {
		record.change = 'renamed';
		record.from = v.from;
	}
	return record;
}

function parseLine(line: string): JournalRecord | null {
	try {
		return asRecord(JSON.parse(line));
	} catch {
		// A line torn by a crash and the next record glued to it: the record starts at the last `{"path":`.
		const start = line.lastIndexOf(RECORD_START);
		if (start <= 0) return null;
		try {
			return asRecord(JSON.parse(line.slice(start)));
		} catch {
			return null;
		}
	}
}

/** What makes two records the same record: every field. */
export function recordKey(r: JournalRecord): string {
	return `${r.at}\0${r.path}\0${r.session ?? ''}\0${r.tool ?? ''}\0${r.change ?? ''}\0${r.from ?? ''}`;
}

/** The readable records of a journal's lines, in file order, twins included. */
export function journalLines(text: string): JournalRecord[] {
	const out: JournalRecord[] = [];
	for (const line of text.split('\n')) {
		if (line.trim() === '') continue;
		const r = parseLine(line);
		if (r !== null) out.push(r);
	}
	return out;
}

/** Oldest first; records of the same time keep their file order. */
export function sortRecords(records: readonly JournalRecord[]): JournalRecord[] {
	return [...records].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * Every readable record of a journal's text, oldest first, each once (a hook that lost the race
 * with a compaction writes its record again, see src/node/journal/agent-journal.ts). Lines that are not
 * records (torn, foreign, wrong types) are skipped; they never cost the records around them.
 */
export function parseJournal(text: string): JournalRecord[] {
	const seen = new Set<string>();
	const out: JournalRecord[] = [];
	for (const r of journalLines(text)) {
		const k = recordKey(r);
		if (seen.has(k)) continue;
		seen.add(k);
		out.push(r);
	}
	// Appends from several processes land in write order, which may differ from clock order by a little.
	return sortRecords(out);
}

/** The journal as readers see it: the newest `MAX_RECORDS` of the last `MAX_AGE_MS`. */
export function boundJournal(records: readonly JournalRecord[], now: Date): JournalRecord[] {
	const oldest = new Date(now.getTime() - MAX_AGE_MS).toISOString();
	const fresh = records.filter((r) => r.at >= oldest);
	return fresh.length > MAX_RECORDS ? fresh.slice(fresh.length - MAX_RECORDS) : fresh;
}

/**
 * When a hook compacts: the file has grown past this many bytes. Compaction keeps at most
 * `MAX_RECORDS` records and at most half this size (records of long paths), so appends run long
 * between compactions and a reader never reads more than this (plus what arrived since).
 */
export const COMPACT_AT_BYTES = 4 * 1024 * 1024;

/** The compacted journal's text: the bounded records, one line each, oldest first, within half the trigger size. */
export function compactJournal(text: string, now: Date): string {
	const lines = boundJournal(parseJournal(text), now).map((r) => encodeRecord(r) ?? '');
	let bytes = 0;
	let first = lines.length;
	while (first > 0) {
		const size = utf8Length(lines[first - 1] ?? '');
		if (bytes + size > COMPACT_AT_BYTES / 2) break;
		bytes += size;
		first--;
	}
	return lines.slice(first).join('');
}

/**
 * Whether every line of the copy is a line of the vault's journal (`vaultText`, as readers read
 * it): the common case, told without parsing either. False sends the reader to `withCopy`.
 */
export function copyIntact(copyText: string | null, vaultText: string): boolean {
	// Usually the very same text: the hooks append each line to both, and compact both alike.
	if (copyText === null || copyText === '' || copyText === vaultText) return true;
	const lines = new Set(vaultText.split('\n'));
	return copyText.split('\n').every((line) => line === '' || lines.has(line));
}

/**
 * The vault's records (bounded, as readJournal gives them) with the copy's (`copy`: its records,
 * null when there is none) that the vault lost; `lost` counts those. A vault journal at its record
 * bound has dropped its oldest records rightfully: the copy's older than what it keeps are not
 * counted as lost.
 */
export function withCopy(vault: readonly JournalRecord[], copy: readonly JournalRecord[] | null, now: Date): { records: JournalRecord[]; lost: number } {
	if (copy === null) return { records: [...vault], lost: 0 };
	const keys = new Set(vault.map(recordKey));
	const oldest = vault.length >= MAX_RECORDS ? (vault[0]?.at ?? '') : '';
	const lost: JournalRecord[] = [];
	for (const r of boundJournal(copy, now)) {
		const k = recordKey(r);
		if (keys.has(k) || r.at < oldest) continue;
		keys.add(k);
		lost.push(r);
	}
	if (lost.length === 0) return { records: [...vault], lost: 0 };
	return { records: boundJournal(sortRecords([...vault, ...lost]), now), lost: lost.length };
}
