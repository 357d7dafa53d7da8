/**
 * The brief's items of what changed (docs/design.md, "What agents changed"), read from the files
 * beside the cache in the plugin's folder: the agent changes journal, the human's review marks and
 * the recorded session starts. The rules are src/core/trail/what-changed.ts; this file reads the files
 * and attaches both items to a brief, each failing on its own.
 */
import type { Brief, BriefError } from '../../core/brief/brief';
import {
	agentChangesItem,
	emptyMarks,
	newsNotes,
	sinceFromCache,
	sinceLastSessionItem,
	unreviewedSessions,
	type AgentChangesItem,
	type ChangeSession,
	type ReviewMarks,
	type SessionStarts,
	type SinceLastSessionItem,
} from '../../core/trail/what-changed';
import { isCountedNote } from '../../core/notes/paths';
import { copyIntact } from '../../core/trail/agent-journal';
import { readJournalState, readJournalText } from './agent-journal';
import { readCopyText } from './agent-journal-copy';
import { changeLines } from '../review/change-lines';
import { agentChangesFromSummary, wholeItemJustMade } from './agent-summary';
import { exists, type SourcedBrief } from '../tiers/plugin-tier';
import { hiddenByOutsideMarks } from '../../core/review/review-seal';
import { marksChangedAt, trustedMarks } from './review-seal';
import { readConversationStarts } from './session-starts-log';
import type { VaultContext } from '../vault-config';

/**
 * A missing, unreadable or damaged file (a planted link or FIFO included: src/node/state-file.ts)
 * counts as none: at worst a reviewed note shows again, or a session counts as the first.
 */
export function readReviewMarks(root: string, pluginDir: string | null): ReviewMarks {
	return pluginDir === null ? emptyMarks() : trustedMarks(root, pluginDir).marks;
}

/** When the previous and the current conversation started (the session starts record, session-starts-log.ts). */
export function readSessionStarts(root: string, pluginDir: string | null): SessionStarts {
	return pluginDir === null ? { previous: null, current: null } : readConversationStarts(root, pluginDir);
}

/** The unreviewed agent changes by session, deleted notes and notes no longer counted left out. */
export function agentChangeSessions(ctx: VaultContext, now: Date): ChangeSession[] {
	return agentChangesJudged(ctx, now).sessions;
}

/**
 * The same with the review marks judged against the plugin's seal (src/core/review/review-seal.ts): marks
 * changed outside Obsidian do not count, and the item says so with how many changes they hid.
 */
export function agentChangesJudged(ctx: VaultContext, now: Date): { sessions: ChangeSession[]; changedOutside?: { at: string | null; hidden: number }; journalLost?: number } {
	if (ctx.pluginDir === null) return { sessions: [] };
	const there = exists(ctx.root);
	const counted = (p: string): boolean => isCountedNote(p, ctx.settings.excludedRootFolders) && there(p);
	const { records, lost } = readJournalState(ctx.root, ctx.pluginDir, now);
	const verdict = trustedMarks(ctx.root, ctx.pluginDir);
	const sessions = unreviewedSessions(records, verdict.marks, counted);
	const journalLost = lost > 0 ? { journalLost: lost } : {};
	if (verdict.outside === null) return { sessions, ...journalLost };
	return { sessions, changedOutside: { at: marksChangedAt(ctx.root, ctx.pluginDir), hidden: hiddenByOutsideMarks(records, verdict, counted) }, ...journalLost };
}

/** Whether the vault's journal still holds every record of its copy outside the vault (the common case). */
function journalWhole(ctx: VaultContext): boolean {
	if (ctx.pluginDir === null) return true;
	try {
		const copy = readCopyText(ctx.root);
		return copy === null || copyIntact(copy, readJournalText(ctx.root, ctx.pluginDir));
	} catch {
		return false;
	}
}

function describe(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.split('\n')[0]?.slice(0, 300) || 'unknown error';
}

/**
 * `sinceLastSession` from the brief's own detail when it has it, else from what the cache writer
 * stored for it (`news`), else from `full()`, a brief with every note's detail (the index): only
 * when the cache was written under an older session record than it can answer for.
 */
async function sinceLastSession(ctx: VaultContext, sourced: SourcedBrief, full: () => Promise<Brief>): Promise<SinceLastSessionItem> {
	const since = readSessionStarts(ctx.root, ctx.pluginDir).previous;
	if (since === null) return sinceLastSessionItem(null, []);
	const own = newsNotes(sourced.brief);
	if (own !== null) return sinceLastSessionItem(since, own);
	const cache = sourced.cache;
	if (cache !== null && sourced.source === 'cache') {
		const answer = sinceFromCache(since, cache);
		if (answer !== null) return answer;
	}
	const notes = newsNotes(await full());
	if (notes === null) throw new Error('no per-note detail to compare with the last session');
	return sinceLastSessionItem(since, notes);
}

/**
 * `agentChanges`: in tier 1 from the cache's summary (capped like the cached lists) while the
 * journal and the marks are the ones it was made from or the journal only grew; after a scan that
 * just summarized these very files, its answer; otherwise from the whole journal.
 */
export function agentChanges(ctx: VaultContext, sourced: Pick<SourcedBrief, 'cache' | 'kept'>, now: Date): AgentChangesItem {
	if (ctx.pluginDir === null) return agentChangesItem([]);
	const place = { root: ctx.root, pluginDir: ctx.pluginDir, excludedRootFolders: ctx.settings.excludedRootFolders };
	const cache = sourced.cache;
	// The summaries are made from the vault's journal alone: they answer only while it lost nothing.
	if (journalWhole(ctx)) {
		if (sourced.kept === true && cache?.agentChanges !== undefined) {
			const item = agentChangesFromSummary(place, cache.agentChanges, now, cache.namesPerItem);
			if (item !== null) return item;
		}
		const made = wholeItemJustMade(place, now);
		if (made !== null) return made;
	}
	const judged = agentChangesJudged(ctx, now);
	let item = agentChangesItem(judged.sessions);
	if (judged.changedOutside !== undefined) item = { ...item, changedOutside: judged.changedOutside };
	return judged.journalLost === undefined ? item : { ...item, journalLost: judged.journalLost };
}

/** The item with the line counts of the notes it names; the item as it was when they cannot be read. */
function withLines(ctx: VaultContext, item: AgentChangesItem): AgentChangesItem {
	if (ctx.pluginDir === null || item.count === 0) return item;
	try {
		const { lines, large } = changeLines({ root: ctx.root, pluginDir: ctx.pluginDir }, item.paths.slice(0, ctx.settings.maxNamesPerItem));
		return { ...item, ...(Object.keys(lines).length === 0 ? {} : { lines }), ...(Object.keys(large).length === 0 ? {} : { large }) };
	} catch {
		return item;
	}
}

/** Adds `agentChanges` and `sinceLastSession` to the brief; one that fails is null with its error. */
export async function attachWhatChanged(ctx: VaultContext, sourced: SourcedBrief, now: Date, full: () => Promise<Brief>): Promise<void> {
	const items = { ...sourced.brief.items };
	const errors: BriefError[] = [...sourced.brief.errors];
	try {
		items.agentChanges = withLines(ctx, agentChanges(ctx, sourced, now));
	} catch (error) {
		items.agentChanges = null;
		errors.push({ item: 'agentChanges', message: describe(error) });
	}
	try {
		items.sinceLastSession = await sinceLastSession(ctx, sourced, full);
	} catch (error) {
		items.sinceLastSession = null;
		errors.push({ item: 'sinceLastSession', message: describe(error) });
	}
	sourced.brief = { ...sourced.brief, items, errors };
}
