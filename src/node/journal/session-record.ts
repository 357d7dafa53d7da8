/**
 * What `session-start` keeps about real sessions (docs/design.md, "Proof that sessions got the
 * brief"): the firings and a per-session mark so one session gets one brief. Nothing here may stop
 * the brief: a failure only costs the record.
 */
import { fileKey } from '../../core/file-key';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { translateHookInput, type AgentId, type ClaudeShapedInput } from '../../core/hosts/agent-contracts';
import type { Settings } from '../../core/settings';
import { parseHookJson } from '../hosts/hook-input';
import { realPathOf, vaultRelativeReal } from '../real-path';
import { ensureStateFolder, listStateFolder, placeStateFile, readStateText, removeStateFile, statStateFile, writeStateFile } from '../state-file';
import { MARKS_FOLDER, PRUNED_STAMP } from '../state-registry';
import { appendConversationStart, appendSessionStart, compactSessionStarts } from './session-starts-log';

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
	/** Work left for after the answer (a compaction of the record nothing else did), or null. */
	afterAnswer: (() => void) | null;
}

const NONE: SessionStartFacts = { duplicate: false, outside: null, afterAnswer: null };

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

/**
 * The mark's file name (src/core/file-key.ts). Marks live for seconds and only sessions firing
 * together compare them, so a fast hash is enough; loading the crypto module for one digest cost
 * every session start more than the rest of its bookkeeping.
 */
export const markName = fileKey;

/**
 * Claims the brief for this session: the first entry creates the mark (exclusively, so two
 * entries firing at once cannot both win); a later one within the window finds it. Without a
 * session id, only an entry of another agent counts as the same session (the same agent twice is
 * two sessions started together). The window runs on the real clock: it is about entries firing
 * together, not about the brief's date.
 */
function claim(root: string, pluginDir: string, key: string, agent: AgentId, hasId: boolean): boolean {
	const dir = path.join(pluginDir, MARKS_FOLDER);
	ensureStateFolder(root, dir);
	const file = path.join(dir, markName(key));
	const windowMs = hasId ? SAME_SESSION_MS : NO_ID_MS;
	const text = `${Date.now()}\n${agent}\n`;
	for (let attempt = 0; attempt < 2; attempt++) {
		// Written whole under a name of its own and then linked into place, so an entry racing this
		// one never reads it half-written (which read as a stale mark, and both gave the brief).
		if (placeStateFile(root, file, text)) return true;
		const found = readStateText(root, file, 256);
		const st = statStateFile(root, file);
		if (found === null || st === null) {
			// Something that is not a mark (a planted link, FIFO or folder): removed when it can be.
			removeStateFile(root, file);
			continue;
		}
		const [written, by] = found.split('\n');
		// A mark created in place may still be empty: its age is then the file's.
		const at = written === undefined || written === '' ? st.mtimeMs : Number(written);
		const age = Date.now() - at;
		if (age >= 0 && age < windowMs && (hasId || by !== agent)) return false;
		removeStateFile(root, file);
	}
	// Still contended after both tries (entries racing over a stale mark): give the brief. A second
	// brief costs a few lines; a lost one costs the session its brief.
	return true;
}

/**
 * Marks of sessions long over, so the folder stays a handful of files. Looked for at most once a
 * minute: many sessions started within ten minutes (parallel agents, a benchmark) leave as many
 * marks, and a stat of each at every session start cost more than the rest of its bookkeeping.
 */
function pruneMarks(root: string, pluginDir: string): void {
	const dir = path.join(pluginDir, MARKS_FOLDER);
	const stamp = path.join(dir, PRUNED_STAMP);
	const pruned = statStateFile(root, stamp);
	if (pruned !== null && Date.now() - pruned.mtimeMs < 60_000) return;
	writeStateFile(root, stamp, '');
	for (const entry of listStateFolder(root, dir, 500)) {
		if (entry.name === PRUNED_STAMP || !entry.isFile()) continue;
		const file = path.join(dir, entry.name);
		try {
			const st = statStateFile(root, file);
			if (st !== null && Date.now() - st.mtimeMs > 10 * 60_000) removeStateFile(root, file);
		} catch {
			// Another entry removed it first.
		}
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
	if (pluginDir === null) return { duplicate: false, outside, afterAnswer: null };
	if (!isDir(pluginDir)) {
		// No plugin folder yet (a vault the plugin never ran in): only a new conversation is kept, as its start.
		try {
			if (input.source === 'startup' || input.source === 'clear') appendConversationStart(root, pluginDir, now.toISOString());
		} catch {
			// A read-only vault: the brief still arrives.
		}
		return { duplicate: false, outside, afterAnswer: null };
	}
	let duplicate = false;
	try {
		const key = `${input.sessionId ?? ''}\u0000${input.source ?? ''}`;
		duplicate = !claim(root, pluginDir, key, agent, input.sessionId !== null);
		pruneMarks(root, pluginDir);
	} catch {
		duplicate = false;
	}
	let afterAnswer: SessionStartFacts['afterAnswer'] = null;
	try {
		// One appended line (session-starts-log.ts): entries of one session firing together need no lock.
		const grown = appendSessionStart(root, pluginDir, { at: now.toISOString(), agent, source: input.source, sessionId: input.sessionId, cwd: input.cwd, outside: outside !== null, delivered: !duplicate });
		if (grown) {
			afterAnswer = () => {
				try {
					compactSessionStarts(root, pluginDir);
				} catch {
					// The next reader tries again.
				}
			};
		}
	} catch {
		// A read-only vault: the brief still arrives.
	}
	return { duplicate, outside, afterAnswer };
}
