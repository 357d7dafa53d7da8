/**
 * The unreviewed agent changes with what a review needs (docs/design.md, "Reviewing what agents
 * changed"): the same changes the brief counts, each with its before-version and the note now, for
 * `changes` and the MCP `agent_changes` tool.
 */
import * as path from 'node:path';
import { BEFORE_SUFFIX, beforeStem, MAX_FILES, MAX_NOTE_BYTES } from '../../core/trail/before-versions';
import { countLines, type ChangeSizes, type LineCounts } from '../../core/trail/line-counts';
import type { AgentChange } from '../../core/trail/what-changed';
import { agentChangeSessions } from '../journal/what-changed';
import { beforeFolder, readBeforeVersion, type BeforeVersion } from './before-versions';
import { sha256 } from './sha256';
import { listStateFolder, readStateFile, statStateFile } from '../state-file';
import type { VaultContext } from '../vault-config';

export interface ChangeToReview extends AgentChange {
	/** The session's before-version: of the note, or for a renamed note of its old path when that one was kept. */
	before: BeforeVersion | null;
	/** The note now; null when it is gone, or not read (no before-version to compare it with). */
	now: Buffer | null;
	/** The note is there but larger than a before-version may be: not read. */
	tooLarge: boolean;
	/** The note's size now in bytes (0 when it is gone or not looked at). */
	size: number;
}

export function changesToReview(ctx: VaultContext, now: Date): ChangeToReview[] {
	const kept = keptBefore(ctx);
	return agentChangeSessions(ctx, now).flatMap((group) => group.changes.map((change) => changeToReview(ctx, change, kept)));
}

/** The names in the before-versions folder, listed once: most of a long journal's changes have none, and need no look. */
export function keptBefore(ctx: VaultContext): ReadonlySet<string> {
	if (ctx.pluginDir === null) return new Set();
	return new Set(listStateFolder(ctx.root, beforeFolder({ root: ctx.root, pluginDir: ctx.pluginDir }), MAX_FILES * 2).map((d) => d.name));
}

/** The session's before-version of a note: a rename's diff is from where the note was before the session moved it. */
function beforeOf(ctx: VaultContext, change: AgentChange, kept: ReadonlySet<string>): BeforeVersion | null {
	if (ctx.pluginDir === null) return null;
	const place = { root: ctx.root, pluginDir: ctx.pluginDir };
	const read = (p: string): BeforeVersion | null => (kept.has(`${beforeStem(change.session, p)}${BEFORE_SUFFIX}`) ? readBeforeVersion(place, p, change.session, sha256) : null);
	const own = read(change.path);
	if (change.from === undefined || (own !== null && own.state !== 'new')) return own;
	return read(change.from) ?? own;
}

/** One change with its session's before-version and the note now (read only when there is a before-version to compare it with). */
export function changeToReview(ctx: VaultContext, change: AgentChange, kept: ReadonlySet<string> = keptBefore(ctx)): ChangeToReview {
	const before = beforeOf(ctx, change, kept);
	const file = path.join(ctx.root, ...change.path.split('/'));
	const st = change.change === 'deleted' || before === null ? null : statStateFile(ctx.root, file);
	const tooLarge = st !== null && st.size > MAX_NOTE_BYTES;
	const bytes = st === null || tooLarge ? null : readStateFile(ctx.root, file, MAX_NOTE_BYTES);
	return { ...change, before, now: bytes, tooLarge, size: st?.size ?? 0 };
}

/** What a review can tell of a change's size: its line counts, or for a large change (src/core/trail/line-counts.ts) its sizes. */
export type ChangeMeasure = { lines: LineCounts; large?: undefined } | { lines?: undefined; large: ChangeSizes };

/** The lines the change added and removed, as the diff view counts them, or its sizes when large; null without a before-version to count from. */
export function changeMeasure(c: ChangeToReview): ChangeMeasure | null {
	if (c.before === null || c.before.bytes === null) return null;
	const before = c.before.state === 'new' ? Buffer.alloc(0) : c.before.bytes;
	if (c.tooLarge) return { large: { before: before.length, after: c.size } };
	const after = c.now ?? Buffer.alloc(0);
	const lines = countLines(before.toString('utf8'), after.toString('utf8'));
	return lines === null ? { large: { before: before.length, after: after.length } } : { lines };
}
