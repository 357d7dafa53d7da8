/**
 * The session net on disk (the rules are src/core/session-net.ts): the baseline of a session's
 * notes in `session-baselines/<hash of the session id>.json` in the plugin's folder, taken after a
 * session start has answered (src/node/journal/session-baseline-start.ts), and the end
 * of a turn, which walks the notes again and journals what no tool event reported. The walk is the
 * tier-3 stat walk's (src/node/scan/stat-walk.ts). Every file goes through the state-file module.
 */
import * as path from 'node:path';
import { fileKey } from '../../core/file-key';
import { BASELINE_FOLDER, encodeBaseline, netChanges, netRecords, parseBaseline, parseEditorWrites, unexplained } from '../../core/session-net';
import { appendJournalRecords, readJournal } from './agent-journal';
import { readEditorWritesJson } from './editor-writes-file';
import { noteRows } from '../scan/stat-walk';
import { listStateFolder, readStateJson, removeStateFile, statStateFile, writeStateFile } from '../state-file';
import type { VaultContext } from '../vault-config';

/** A baseline holds a row per note: about 60 bytes each, so 64 MB is a million notes. */
const BASELINE_MAX_BYTES = 64 * 1024 * 1024;
/** Baselines of sessions that ended long ago are removed when a new one is taken. */
const KEEP_BASELINE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_BASELINES = 256;

export function baselineFile(pluginDir: string, session: string | null): string {
	return path.join(pluginDir, BASELINE_FOLDER, `${fileKey(session ?? '')}.json`);
}

function pruneBaselines(root: string, pluginDir: string, keep: string): void {
	const dir = path.join(pluginDir, BASELINE_FOLDER);
	const now = Date.now();
	for (const entry of listStateFolder(root, dir, MAX_BASELINES * 4)) {
		const file = path.join(dir, entry.name);
		if (file === keep || !entry.name.endsWith('.json')) continue;
		const st = statStateFile(root, file);
		if (st !== null && now - st.mtimeMs > KEEP_BASELINE_MS) removeStateFile(root, file);
	}
}

/**
 * Walks the notes and keeps them as the session's baseline; false when the walk could not look at
 * everything. `startedMs`: when the session start asked for it (the walk runs a moment later, in a
 * process of its own), so a note changed in between counts as changed at the end of the turn.
 */
export function takeBaseline(ctx: VaultContext, session: string | null, now: Date, startedMs = Date.now()): boolean {
	if (ctx.pluginDir === null) return false;
	const takenMs = Math.min(startedMs, Date.now());
	const rows = noteRows(ctx.root, ctx.settings.excludedRootFolders);
	if (rows === null) return false;
	const file = baselineFile(ctx.pluginDir, session);
	writeStateFile(ctx.root, file, encodeBaseline({ session, at: now.toISOString(), takenMs, since: takenMs, notes: rows }));
	pruneBaselines(ctx.root, ctx.pluginDir, file);
	return true;
}

/**
 * The end of a turn: journals the session's changes since its baseline that no record and no
 * editor write explains, and moves the baseline on. Without a baseline it takes one (the net then
 * covers the turns after this one). Returns how many records it wrote.
 */
export async function closeTurn(ctx: VaultContext, session: string | null, now: Date): Promise<number> {
	if (ctx.pluginDir === null) return 0;
	const file = baselineFile(ctx.pluginDir, session);
	const base = parseBaseline(readStateJson(ctx.root, file, BASELINE_MAX_BYTES));
	const takenMs = Date.now();
	const rows = noteRows(ctx.root, ctx.settings.excludedRootFolders);
	if (rows === null) return 0;
	const next = encodeBaseline({ session, at: now.toISOString(), takenMs, since: null, notes: rows });
	if (base === null) {
		writeStateFile(ctx.root, file, next);
		return 0;
	}
	const changes = netChanges(base.notes, rows, base.since);
	if (changes.length === 0) return 0;
	const journal = readJournal(ctx.root, ctx.pluginDir, now);
	const editor = parseEditorWrites(readEditorWritesJson(ctx.root));
	const records = netRecords(unexplained(changes, base, journal, editor), session, now);
	await appendJournalRecords(ctx.root, ctx.pluginDir, records, now);
	writeStateFile(ctx.root, file, next);
	return records.length;
}
