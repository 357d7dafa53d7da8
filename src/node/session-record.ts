/**
 * What `session-start` keeps about real sessions (docs/design.md, "Proof that sessions got the
 * brief"): each firing in `session-starts.json` in the plugin's folder (the last 20), and a
 * per-session mark so a host that runs several of our entries for one session delivers the brief
 * once. The hook input's `cwd` is kept as a hint only, never as the vault's root. Nothing here may
 * stop the brief: every failure only costs the record.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { translateHookInput, type AgentId, type ClaudeShapedInput } from '../core/agent-contracts';
import type { Settings } from '../core/settings';
import { parseSessionStarts, type SessionStartEntry } from '../core/session-starts';
import { writeFileAtomic } from './atomic-write';
import { parseHookJson } from './hook-input';
import { realPathOf, vaultRelativeReal } from './real-path';

export const STARTS_FILE = 'session-starts.json';
export const MARKS_FOLDER = 'session-marks';
export const MAX_STARTS = 20;
/** Entries of one session fire together; a mark older than this is a later start (a second compact). */
export const SAME_SESSION_MS = 30_000;
/** Without a session id only entries this close count as one session. */
export const NO_ID_MS = 5_000;
/** `doctor`'s own test run of the hook sets this: it is not a real session. */
export const DOCTOR_RUN_ENV = 'SESSION_BRIEF_DOCTOR_RUN';

export interface SessionStartFacts {
	/** Another entry of this session already gave the brief. */
	duplicate: boolean;
	/** The session runs outside the vault: the folder and what to read first. */
	outside: { cwd: string; readFirst: string[] } | null;
}

const NONE: SessionStartFacts = { duplicate: false, outside: null };

function isDir(p: string): boolean {
	try {
		return fs.statSync(p).isDirectory();
	} catch {
		return false;
	}
}

function text(v: unknown, max: number): string | null {
	return typeof v === 'string' && v !== '' ? v.slice(0, max) : null;
}

/**
 * The session-start hook's input as Claude Code shapes it, read once for everything the hook keeps
 * about the session (this record and the conversation record of what-changed.ts), decoded as
 * every hook decodes its input (hook-input.ts). Anything that is not JSON is an empty input.
 */
export function readSessionInput(stdin: Buffer, agent: AgentId): ClaudeShapedInput {
	return translateHookInput(agent, parseHookJson(stdin));
}

function facts(input: ClaudeShapedInput): { sessionId: string | null; source: string | null; cwd: string | null } {
	return { sessionId: text(input.session_id, 200), source: text(input.source, 40), cwd: text(input.cwd, 4096) };
}

/** Inside the vault or the vault itself, literally or through symlinks. */
function insideVault(root: string, cwd: string): boolean {
	if (!path.isAbsolute(cwd)) return true;
	if (vaultRelativeReal(root, cwd) !== null) return true;
	const a = realPathOf(root);
	const b = realPathOf(cwd);
	return path.resolve(root) === path.resolve(cwd) || (a !== null && a === b);
}

/** The rules folder's index note, if it has one: `_index.md`, `index.md`, `README.md` or `<folder>.md` inside it. */
function rulesIndex(root: string, settings: Settings): string | null {
	const folder = path.join(root, ...settings.rulesFolder.split('/'));
	for (const name of ['_index.md', 'index.md', 'README.md', `${path.basename(folder)}.md`]) {
		const file = path.join(folder, name);
		if (fs.existsSync(file)) return file;
	}
	return null;
}

const FNV_OFFSET = BigInt('0xcbf29ce484222325');
const FNV_PRIME = BigInt('0x100000001b3');
const U64 = BigInt('0xffffffffffffffff');

/**
 * The mark's file name: the key's 64-bit FNV-1a hash in hex. Marks live for seconds and only
 * sessions firing together compare them, so a fast hash is enough; loading the crypto module for
 * one digest cost every session start more than the rest of its bookkeeping.
 */
export function markName(key: string): string {
	let h = FNV_OFFSET;
	for (const byte of Buffer.from(key, 'utf8')) h = ((h ^ BigInt(byte)) * FNV_PRIME) & U64;
	return h.toString(16).padStart(16, '0');
}

/**
 * Claims the brief for this session: the first entry creates the mark (exclusively, so two
 * entries firing at once cannot both win); a later one within the window finds it. Without a
 * session id, only an entry of another agent counts as the same session (the same agent twice is
 * two sessions started together). The window runs on the real clock: it is about entries firing
 * together, not about the brief's date.
 */
function claim(pluginDir: string, key: string, agent: AgentId, hasId: boolean): boolean {
	const dir = path.join(pluginDir, MARKS_FOLDER);
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, markName(key));
	const windowMs = hasId ? SAME_SESSION_MS : NO_ID_MS;
	const text = `${Date.now()}\n${agent}\n`;
	// The mark is written whole under a name of its own and then linked into place, so an entry
	// racing this one never reads it half-written (which read as a stale mark, and both gave the brief).
	let whole: string | null = `${file}.${process.pid}.${Math.floor(Math.random() * 0x100000000).toString(16)}.tmp`;
	try {
		fs.writeFileSync(whole, text);
	} catch {
		whole = null;
	}
	try {
		for (let attempt = 0; attempt < 2; attempt++) {
			if (placeMark(file, whole, text)) return true;
			const [written, by] = fs.readFileSync(file, 'utf8').split('\n');
			// A mark created in place may still be empty: its age is then the file's.
			const at = written === undefined || written === '' ? fs.statSync(file).mtimeMs : Number(written);
			const age = Date.now() - at;
			if (age >= 0 && age < windowMs && (hasId || by !== agent)) return false;
			fs.rmSync(file, { force: true });
		}
	} finally {
		if (whole !== null) fs.rmSync(whole, { force: true });
	}
	// Still contended after both tries (entries racing over a stale mark): give the brief. A second
	// brief costs a few lines; a lost one costs the session its brief.
	return true;
}

/** Puts the mark in place unless one is there: true when this call placed it. */
function placeMark(file: string, whole: string | null, text: string): boolean {
	try {
		if (whole !== null) fs.linkSync(whole, file);
		else fs.writeFileSync(file, text, { flag: 'wx' });
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		// A file system without hard links: create the mark in place.
		if (whole !== null) return placeMark(file, null, text);
		throw error;
	}
}

/** In the marks folder: when it was last pruned (its modification time). */
export const PRUNED_STAMP = '.pruned';

/**
 * Marks of sessions long over, so the folder stays a handful of files. Looked for at most once a
 * minute: many sessions started within ten minutes (parallel agents, a benchmark) leave as many
 * marks, and a stat of each at every session start cost more than the rest of its bookkeeping.
 */
function pruneMarks(pluginDir: string): void {
	const dir = path.join(pluginDir, MARKS_FOLDER);
	const stamp = path.join(dir, PRUNED_STAMP);
	try {
		if (Date.now() - fs.statSync(stamp).mtimeMs < 60_000) return;
	} catch {
		// Never pruned yet.
	}
	fs.writeFileSync(stamp, '');
	for (const name of fs.readdirSync(dir).slice(0, 500)) {
		if (name === PRUNED_STAMP) continue;
		const file = path.join(dir, name);
		try {
			if (Date.now() - fs.statSync(file).mtimeMs > 10 * 60_000) fs.rmSync(file, { force: true });
		} catch {
			// Another entry removed it first.
		}
	}
}

export function readSessionStarts(pluginDir: string): SessionStartEntry[] {
	try {
		return parseSessionStarts(fs.readFileSync(path.join(pluginDir, STARTS_FILE), 'utf8'));
	} catch {
		return [];
	}
}

/**
 * Adds the firing to the record. Entries of one session fire together, and each writes the whole
 * file, so one can overwrite the other's line: each looks for its own line after writing and
 * writes again without it there.
 */
function record(pluginDir: string, entry: SessionStartEntry): void {
	const file = path.join(pluginDir, STARTS_FILE);
	const mine = (e: SessionStartEntry): boolean => e.at === entry.at && e.agent === entry.agent && e.sessionId === entry.sessionId && e.source === entry.source && e.delivered === entry.delivered;
	for (let attempt = 0; attempt < 3; attempt++) {
		const entries = [...readSessionStarts(pluginDir), entry].slice(-MAX_STARTS);
		writeFileAtomic(file, `${JSON.stringify({ schema: 1, entries }, null, 1)}\n`);
		if (readSessionStarts(pluginDir).some(mine)) return;
	}
}

/**
 * Everything `session-start` learns from a real firing before it builds the brief: whether another
 * entry already gave it to this session, and whether the session runs outside the vault. Records
 * the firing. `doctor`'s test run, and a vault without the plugin's folder, record nothing.
 */
export function beginSessionStart(root: string, pluginDir: string | null, settings: Settings, hookInput: ClaudeShapedInput, agent: AgentId, now: Date, env: NodeJS.ProcessEnv): SessionStartFacts {
	if (env[DOCTOR_RUN_ENV] === '1') return NONE;
	const input = facts(hookInput);
	let outside: SessionStartFacts['outside'] = null;
	try {
		if (input.cwd !== null && !insideVault(root, input.cwd)) {
			const claudeMd = path.join(root, 'CLAUDE.md');
			const index = rulesIndex(root, settings);
			const readFirst = [...(fs.existsSync(claudeMd) ? [claudeMd] : []), ...(index === null ? [] : [index])];
			outside = { cwd: input.cwd, readFirst };
		}
	} catch {
		outside = null;
	}
	if (pluginDir === null || !isDir(pluginDir)) return { duplicate: false, outside };
	let duplicate = false;
	try {
		const key = `${input.sessionId ?? ''}\u0000${input.source ?? ''}`;
		duplicate = !claim(pluginDir, key, agent, input.sessionId !== null);
		pruneMarks(pluginDir);
	} catch {
		duplicate = false;
	}
	try {
		record(pluginDir, { at: now.toISOString(), agent, source: input.source, sessionId: input.sessionId, cwd: input.cwd, outside: outside !== null, delivered: !duplicate });
	} catch {
		// A read-only vault: the brief still arrives.
	}
	return { duplicate, outside };
}
