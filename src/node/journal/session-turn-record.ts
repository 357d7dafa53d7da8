/**
 * The session net's record of a session's turn in progress (src/core/trail/session-turns.ts), in the
 * net's folder of the per-user state folder: the pre-tool hook writes it at the turn's first tool
 * call (in a vault the net keeps baselines for) and adds the notes later calls name; the end of the turn reads every session's and removes
 * its own. Apart from the walk, so the edit hooks' file holds none of it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileKey } from '../../core/file-key';
import { NET_BASELINE_PREFIX, NET_TURN_PREFIX } from '../../core/state-names';
import { encodeTurn, parseTurn, STALE_TURN_MS, turnAfterCall, type TurnRecord } from '../../core/trail/session-turns';
import { writeUserStateFile } from '../state-file';
import { netFolder, readJson } from './net-blind';

export const TURN_MAX_BYTES = 256 * 1024;
/** At most this many turn records are looked at (sessions at once in one vault). */
const MAX_TURNS = 1024;

export function baselineFile(root: string, session: string | null, env: NodeJS.ProcessEnv = process.env): string {
	return path.join(netFolder(root, env), `${NET_BASELINE_PREFIX}${fileKey(session ?? '')}.json`);
}

export function turnFile(folder: string, session: string | null): string {
	return path.join(folder, `${NET_TURN_PREFIX}${fileKey(session ?? '')}.json`);
}

/** The pre-tool hook's record of a tool call: the session's turn begins with its first call and names the notes its calls may change. Never throws. */
export function recordToolCall(root: string, session: string | null, notes: readonly string[], now: number, env: NodeJS.ProcessEnv = process.env): void {
	try {
		const folder = netFolder(root, env);
		const file = turnFile(folder, session);
		const current = parseTurn(readJson(file, TURN_MAX_BYTES));
		// In a vault the net never kept a baseline for, there is no turn to compare (a session's own
		// baseline may still be on its way: its first call can come before the background process ends).
		if (current === null && !fs.existsSync(folder)) return;
		const next = turnAfterCall(current, session, notes, now);
		if (next !== null) writeUserStateFile(file, encodeTurn(next));
	} catch {
		// The end of the turn then counts the turn's changes as before: every one of them the session's.
	}
}

/** The turns of other sessions still going in this vault (`own`: this session's record, left out). */
export function otherTurns(folder: string, own: string, nowMs: number): TurnRecord[] {
	let names: string[];
	try {
		names = fs.readdirSync(folder).filter((n) => n.startsWith(NET_TURN_PREFIX)).slice(0, MAX_TURNS);
	} catch {
		return [];
	}
	const out: TurnRecord[] = [];
	for (const name of names) {
		const file = path.join(folder, name);
		if (file === own) continue;
		const turn = parseTurn(readJson(file, TURN_MAX_BYTES));
		if (turn !== null && nowMs - turn.since < STALE_TURN_MS) out.push(turn);
	}
	return out;
}
