/**
 * The unreviewed agent changes with what a review needs (docs/design.md, "Reviewing what agents
 * changed"): the journal's records the human has not marked reviewed, deleted notes included, each
 * with its session's before-version (src/node/review/before-versions.ts) and the note as it is now. Read
 * by the `changes` command and the brief's line counts; the plugin reads the same files itself.
 */
import * as path from 'node:path';
import { MAX_NOTE_BYTES } from '../../core/before-versions';
import { countLines, type LineCounts } from '../../core/line-counts';
import { isCountedNote } from '../../core/paths';
import { unreviewedSessions, type AgentChange } from '../../core/what-changed';
import { readJournal } from '../journal/agent-journal';
import { readBeforeVersion, type BeforeVersion } from './before-versions';
import { sha256 } from './sha256';
import { trustedMarks } from '../journal/review-seal';
import { readStateFile, statStateFile } from '../state-file';
import type { VaultContext } from '../vault-config';

export interface ChangeToReview extends AgentChange {
	before: BeforeVersion | null;
	/** The note now; null when it is gone. */
	now: Buffer | null;
	/** The note is there but larger than a before-version may be: not shown. */
	tooLarge: boolean;
}

export function changesToReview(ctx: VaultContext, now: Date): ChangeToReview[] {
	if (ctx.pluginDir === null) return [];
	const records = readJournal(ctx.root, ctx.pluginDir, now);
	const sessions = unreviewedSessions(records, trustedMarks(ctx.root, ctx.pluginDir).marks, (p) => isCountedNote(p, ctx.settings.excludedRootFolders));
	return sessions.flatMap((group) => group.changes.map((change) => changeToReview(ctx, change)));
}

/** One change with its session's before-version and the note now. */
export function changeToReview(ctx: VaultContext, change: AgentChange): ChangeToReview {
	const file = path.join(ctx.root, ...change.path.split('/'));
	const st = statStateFile(ctx.root, file);
	const tooLarge = st !== null && st.size > MAX_NOTE_BYTES;
	const bytes = st === null || tooLarge ? null : readStateFile(ctx.root, file, MAX_NOTE_BYTES);
	const before = ctx.pluginDir === null ? null : readBeforeVersion({ root: ctx.root, pluginDir: ctx.pluginDir }, change.path, change.session, sha256);
	return { ...change, before, now: bytes, tooLarge };
}

/** The lines the change added and removed, as the diff view counts them; null without a before-version to count from. */
export function changeLineCounts(c: ChangeToReview): LineCounts | null {
	if (c.tooLarge || c.before === null || c.before.bytes === null) return null;
	const before = c.before.state === 'new' ? '' : c.before.bytes.toString('utf8');
	return countLines(before, c.now === null ? '' : c.now.toString('utf8'));
}
