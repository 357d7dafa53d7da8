/**
 * The record of real session starts (docs/design.md, "Proof that sessions got the brief"), also the
 * record of when conversations started: its shape, untrusting readers and what a compaction keeps;
 * earlier versions' files are read until a compaction folds them in.
 */
import { hostOf, isAgentId, type AgentId } from '../hosts/agent-contracts';
import { quoteName } from '../quote';

export interface SessionStartEntry {
	at: string;
	agent: AgentId;
	source: string | null;
	sessionId: string | null;
	/** The folder the host says the session runs in: a hint, never the root. */
	cwd: string | null;
	/** True when `cwd` lies outside the vault. */
	outside: boolean;
	/** False for an entry that found the brief already given to its session. */
	delivered: boolean;
}

export { OLD_STARTS_FILE, STARTS_LOG } from '../state-names';
/** The firings readers show and a compaction keeps. */
export const MAX_STARTS = 20;
/** Past this size a reader that is not a session start's answer (the plugin, a scan, `serve`) compacts the log. */
export const COMPACT_STARTS_AT_BYTES = 16 * 1024;
/** Past this size a session start compacts it itself, after its answer: nothing else did for a long while. */
export const HOOK_COMPACTS_STARTS_AT_BYTES = 64 * 1024;
/** Readers read at most this much of the log's end: a planted or runaway file costs the same. */
export const READ_STARTS_BYTES = 256 * 1024;

const orNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function entryOf(e: unknown): SessionStartEntry | null {
	if (typeof e !== 'object' || e === null) return null;
	const r = e as Record<string, unknown>;
	if (typeof r.at !== 'string' || Number.isNaN(Date.parse(r.at)) || typeof r.agent !== 'string' || !isAgentId(r.agent)) return null;
	return { at: r.at, agent: r.agent, source: orNull(r.source), sessionId: orNull(r.sessionId), cwd: orNull(r.cwd), outside: r.outside === true, delivered: r.delivered !== false };
}

/** The entries of the old record's text (`session-starts.json`); anything malformed is left out, a broken file is none. */
export function parseSessionStarts(text: string): SessionStartEntry[] {
	let data: unknown;
	try {
		data = JSON.parse(text) as unknown;
	} catch {
		return [];
	}
	const d = data as { schema?: unknown; entries?: unknown } | null;
	if (d === null || typeof d !== 'object' || d.schema !== 1 || !Array.isArray(d.entries)) return [];
	const out: SessionStartEntry[] = [];
	for (const e of d.entries as unknown[]) {
		const entry = entryOf(e);
		if (entry !== null) out.push(entry);
	}
	return out;
}

/** A firing's line in the log. */
export function encodeStartLine(e: SessionStartEntry): string {
	return `${JSON.stringify(e)}\n`;
}

/**
 * A conversation started (`startup`, `clear`) and the brief was given: a `resume` or a `compact`
 * continues one, and an entry that found the brief already given starts nothing.
 */
export function opensConversation(e: SessionStartEntry): boolean {
	return e.delivered && (e.source === 'startup' || e.source === 'clear');
}

/** A conversation start kept without its firing (a compaction dropped the firing, or it came from `conversations.json`). */
function conversationOf(v: unknown): string | null {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const at = (v as Record<string, unknown>).conversation;
	return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
}

export function conversationLine(at: string): string {
	return `${JSON.stringify({ conversation: at })}\n`;
}

/** The log's complete lines, oldest first, each once (a line a compaction copied while its writer wrote it again lands twice). */
function logLines(text: string): string[] {
	const end = text.lastIndexOf('\n');
	if (end < 0) return [];
	const seen = new Set<string>();
	const out: string[] = [];
	for (const line of text.slice(0, end).split('\n')) {
		if (line === '' || seen.has(line)) continue;
		seen.add(line);
		out.push(line);
	}
	return out;
}

function parseLine(line: string): unknown {
	try {
		return JSON.parse(line) as unknown;
	} catch {
		return undefined;
	}
}

export interface StartsLog {
	/** The firings, oldest first. */
	entries: SessionStartEntry[];
	/** When conversations started, oldest first. */
	conversations: string[];
}

/** The log's text (complete lines only; a torn or malformed line is left out). */
export function parseStartsLog(text: string): StartsLog {
	const entries: SessionStartEntry[] = [];
	const conversations: string[] = [];
	for (const line of logLines(text)) {
		const v = parseLine(line);
		const entry = entryOf(v);
		if (entry !== null) {
			entries.push(entry);
			if (opensConversation(entry)) conversations.push(entry.at);
			continue;
		}
		const at = conversationOf(v);
		if (at !== null) conversations.push(at);
	}
	return { entries, conversations };
}

/**
 * The last `want` conversation starts of the log's text, oldest first, read from its end: a session
 * start asks only for the last two, and most lines are starts of conversations.
 */
export function recentConversations(text: string, want: number): string[] {
	const out: string[] = [];
	let end = text.lastIndexOf('\n');
	while (end > 0 && out.length < want) {
		const start = text.lastIndexOf('\n', end - 1) + 1;
		const v = parseLine(text.slice(start, end));
		const entry = entryOf(v);
		const at = entry === null ? conversationOf(v) : opensConversation(entry) ? entry.at : null;
		if (at !== null && out[0] !== at) out.unshift(at);
		end = start - 1;
	}
	return out;
}

/**
 * What a compaction writes: the last MAX_STARTS firings, then the last two conversation starts as
 * lines of their own (the firings that opened them may be dropped, or come from an old file, whose
 * firings did not say it), so they are the last two a reader finds until the next firing opens one.
 */
export function compactStartsLog(entries: readonly SessionStartEntry[], conversations: readonly string[]): string {
	return entries.slice(-MAX_STARTS).map(encodeStartLine).join('') + conversations.slice(-2).map(conversationLine).join('');
}

function when(iso: string): string {
	const d = new Date(iso);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `2026-11-29 10:02 resume (Claude Code, session 3f2a9c1e…)`, in local time. */
export function describeStart(e: SessionStartEntry): string {
	const session = e.sessionId === null ? '' : `, session ${quoteName(e.sessionId.slice(0, 8))}${e.sessionId.length > 8 ? '…' : ''}`;
	const skipped = e.delivered ? '' : ', already given by another entry';
	return `${when(e.at)} ${quoteName(e.source ?? 'unknown source')} (${hostOf(e.agent).name}${session}${skipped})`;
}

/** The newest entry that received the brief, or undefined. */
export function lastDelivered(entries: readonly SessionStartEntry[]): SessionStartEntry | undefined {
	for (let i = entries.length - 1; i >= 0; i--) if (entries[i]?.delivered === true) return entries[i];
	return undefined;
}
