/**
 * The session net on disk (rules: src/core/trail/session-net.ts, session-turns.ts): baselines, turns in
 * progress and what the last walk could not see, in the per-user state folder where an agent's
 * tools do not reach, so nothing planted in the vault switches the net off (docs/design.md, "What
 * agents changed").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encodeBaseline, netChanges, netRecords, outsideSkipped, parseBaseline, parseEditorWrites, unexplained, type Baseline, type NoteRow } from '../../core/trail/session-net';
import { NET_BASELINE_PREFIX } from '../../core/state-names';
import { attribute, parseTurn } from '../../core/trail/session-turns';
import { baselineFile, otherTurns, TURN_MAX_BYTES, turnFile } from './session-turn-record';
import { appendJournalRecords, readJournal } from './agent-journal';
import { readEditorWritesJson } from './editor-writes-file';
import { noteRows, type NoteListing } from '../scan/stat-walk';
import { removeUserStateFile, writeUserStateFile } from '../state-file';
import { netFolder, noteBlind, readJson } from './net-blind';
import type { VaultContext } from '../vault-config';

/** A row per note: far above any real vault's baseline, a bound for a forged or runaway one. */
const BASELINE_MAX_BYTES = 64 * 1024 * 1024;
/** Baselines of sessions that ended long ago are removed when a new one is taken. */
const KEEP_BASELINE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many files of the folder are looked at (baselines of sessions at once). */
const MAX_ENTRIES = 1024;

export { baselineFile };

function listFolder(folder: string): string[] {
	try {
		return fs.readdirSync(folder).slice(0, MAX_ENTRIES);
	} catch {
		return [];
	}
}

function pruneBaselines(folder: string, keep: string): void {
	const now = Date.now();
	for (const name of listFolder(folder)) {
		const file = path.join(folder, name);
		if (file === keep || !name.startsWith(NET_BASELINE_PREFIX)) continue;
		try {
			if (now - fs.lstatSync(file).mtimeMs > KEEP_BASELINE_MS) removeUserStateFile(file);
		} catch {
			// Gone already.
		}
	}
}

function skippedPaths(listing: NoteListing): string[] {
	return listing.skipped.map((s) => s.path);
}

/** How the baseline's notes were listed: by a walk now, or from the rows of an index that was current when the session started. */
export type BaselineRows = { from: 'walk' } | { from: 'index'; rows: NoteRow[] };

/**
 * Keeps the session's baseline; false when it could not be written. `startedMs`: when the session
 * start asked for it (this runs a moment later, in a process of its own), so a note changed in
 * between counts as changed at the end of the turn.
 */
export function takeBaseline(ctx: VaultContext, session: string | null, now: Date, startedMs = Date.now(), env: NodeJS.ProcessEnv = process.env, source: BaselineRows = { from: 'walk' }): boolean {
	if (ctx.pluginDir === null) return false;
	const folder = netFolder(ctx.root, env);
	const takenMs = Math.min(startedMs, Date.now());
	const listing: NoteListing = source.from === 'index' ? { rows: source.rows, skipped: [] } : noteRows(ctx.root, ctx.settings.excludedRootFolders);
	const file = baselineFile(ctx.root, session, env);
	// A session start begins the count of turns anew (reading a resumed session's old baseline for it would cost as much as the walk saved).
	try {
		writeUserStateFile(file, encodeBaseline({ session, at: now.toISOString(), takenMs, since: takenMs, notes: listing.rows, skipped: skippedPaths(listing), turnsSeen: false }));
	} catch (error) {
		noteBlind(folder, now, [], `the baseline could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
		return false;
	}
	if (source.from === 'walk') noteBlind(folder, now, listing.skipped);
	pruneBaselines(folder, file);
	return true;
}

/**
 * The end of a turn: journals the changes since the session's baseline that no record and no
 * editor write explains, each as this session's or, when no session was in a turn to make it, as
 * nobody's; leaves those another session's turn still going may have made to that session's own
 * end of turn; and moves the baseline on. Without a baseline it takes one (the net then covers
 * the turns after this one). Returns how many records it wrote.
 */
export async function closeTurn(ctx: VaultContext, session: string | null, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<number> {
	const folder = netFolder(ctx.root, env);
	const own = turnFile(folder, session);
	const turn = parseTurn(readJson(own, TURN_MAX_BYTES));
	try {
		removeUserStateFile(own);
	} catch {
		// Left in place (not a file): the next turn's record replaces it.
	}
	if (ctx.pluginDir === null) return 0;
	const file = baselineFile(ctx.root, session, env);
	const base: Baseline | null = parseBaseline(readJson(file, BASELINE_MAX_BYTES));
	const takenMs = Date.now();
	const listing = noteRows(ctx.root, ctx.settings.excludedRootFolders);
	noteBlind(folder, now, listing.skipped);
	const turnsSeen = turn !== null || (base?.turnsSeen ?? false);
	const next = encodeBaseline({ session, at: now.toISOString(), takenMs, since: null, notes: listing.rows, skipped: skippedPaths(listing), turnsSeen });
	if (base === null) {
		writeUserStateFile(file, next);
		return 0;
	}
	const blind = [...base.skipped, ...skippedPaths(listing)];
	const changes = netChanges(outsideSkipped(base.notes, blind), outsideSkipped(listing.rows, blind), base.since);
	let written = 0;
	if (changes.length > 0) {
		const journal = readJournal(ctx.root, ctx.pluginDir, now);
		const editor = parseEditorWrites(readEditorWritesJson(ctx.root));
		const sorted = attribute(unexplained(changes, base, journal, editor), listing.rows, turn, base.turnsSeen, otherTurns(folder, own, takenMs));
		const records = [...netRecords(sorted.mine, session, now), ...netRecords(sorted.nobody, null, now)];
		await appendJournalRecords(ctx.root, ctx.pluginDir, records, now);
		written = records.length;
	}
	writeUserStateFile(file, next);
	return written;
}
