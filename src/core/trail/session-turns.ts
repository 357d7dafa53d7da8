/**
 * Whose change the session net found when two sessions share a vault: each turn is recorded with
 * the notes its calls named, so a change lands under the session that made it (docs/design.md,
 * "What agents changed"). Pure: the files are src/node/journal/session-net.ts's.
 */
import type { NetChange, NoteRow } from './session-net';

/** A session's turn in progress. */
export interface TurnRecord {
	session: string | null;
	/** When the turn's first tool call came (ms). */
	since: number;
	/** The notes the turn's tool calls named (vault-relative), at most MAX_TURN_NOTES. */
	notes: string[];
}

export const MAX_TURN_NOTES = 500;
/** File systems that keep modification times in whole seconds (or two) write a time before the call that made it. */
export const TURN_SLACK_MS = 2000;
/** A turn whose end never came (a host killed) stops counting after a day. */
export const STALE_TURN_MS = 24 * 60 * 60 * 1000;

export function parseTurn(v: unknown): TurnRecord | null {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const o = v as Record<string, unknown>;
	if (o.session !== null && typeof o.session !== 'string') return null;
	if (typeof o.since !== 'number' || !Number.isFinite(o.since) || !Array.isArray(o.notes)) return null;
	const notes = (o.notes as unknown[]).filter((p): p is string => typeof p === 'string' && p !== '').slice(0, MAX_TURN_NOTES);
	return { session: o.session, since: o.since, notes };
}

export function encodeTurn(t: TurnRecord): string {
	return `${JSON.stringify({ session: t.session, since: t.since, notes: t.notes })}\n`;
}

/** The turn after a tool call naming `notes` at `now`: a new turn, or the current one with the new notes; null when nothing is new. */
export function turnAfterCall(current: TurnRecord | null, session: string | null, notes: readonly string[], now: number): TurnRecord | null {
	if (current === null) return { session, since: now, notes: [...new Set(notes)].slice(0, MAX_TURN_NOTES) };
	const fresh = notes.filter((n) => !current.notes.includes(n));
	if (fresh.length === 0 || current.notes.length >= MAX_TURN_NOTES) return null;
	return { ...current, notes: [...new Set([...current.notes, ...fresh])].slice(0, MAX_TURN_NOTES) };
}

/** What the end of a turn does with each unexplained change. */
export interface Attribution {
	/** This session's. */
	mine: NetChange[];
	/** Made when no session was in a turn to make it: journaled with no session. */
	nobody: NetChange[];
	/** Left for another session whose turn is still going: its own end of turn journals it. */
	left: NetChange[];
}

function names(turn: TurnRecord, c: NetChange): boolean {
	return turn.notes.includes(c.path) || (c.from !== undefined && turn.notes.includes(c.from));
}

/**
 * Sorts a turn's unexplained changes between this session, other sessions' turns still going and
 * nobody (the rules: docs/design-decisions/agent-journal.md, "Whose change it is"). `turnsSeen`
 * false means the host reports no tool calls, so every change of the turn is this session's.
 */
export function attribute(changes: readonly NetChange[], now: readonly NoteRow[], own: TurnRecord | null, turnsSeen: boolean, others: readonly TurnRecord[]): Attribution {
	const out: Attribution = { mine: [], nobody: [], left: [] };
	const mtime = new Map<string, number>();
	for (const r of now) mtime.set(r[0], r[1]);
	for (const c of changes) {
		if (others.some((o) => names(o, c)) && (own === null || !names(own, c))) {
			out.left.push(c);
			continue;
		}
		const at = c.change === undefined ? mtime.get(c.path) : undefined;
		if (own === null && !turnsSeen) out.mine.push(c);
		else if (own !== null && (at === undefined || at >= own.since - TURN_SLACK_MS)) out.mine.push(c);
		else if (others.some((o) => at === undefined || at >= o.since - TURN_SLACK_MS)) out.left.push(c);
		else out.nobody.push(c);
	}
	return out;
}
