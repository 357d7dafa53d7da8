/**
 * The unreviewed agent changes as a cache writer stores them in `brief-cache.json`, so a tier-1 hook
 * needs neither the journal nor a stat per record; null whenever it cannot be sure, and the caller
 * takes the exact path (why no stat is needed: docs/design.md, "What agents changed", tier 1 stays
 * cheap). Pure: the file work is src/node/journal/agent-summary.ts.
 */
import { boundJournal, MAX_AGE_MS, MAX_RECORDS, type JournalRecord } from './agent-journal';
import { comparePaths } from '../notes/paths';
import { agentChangesItem, unreviewedSessions, withKinds, type AgentChangesItem, type RenamedNote, type ReviewMarks } from './what-changed';

/** Which file a summary was made from: a file replaced by a rename has another inode. */
export interface FileIdentity {
	ino: number;
	size: number;
	mtimeMs: number;
}

export interface AgentChangesSummary {
	/** The journal as read (null: there was none). */
	journal: FileIdentity | null;
	/**
	 * The journal's last line (without its newline) when the records after `journal.size` may be
	 * read on their own: the file ended on a line end and was small enough to be read whole.
	 * Null otherwise. The hook checks the line is still there, so a reused inode is no tail.
	 */
	lastLine: string | null;
	/** `agent-review.json` as read (null: there was none). */
	marks: FileIdentity | null;
	/** Records within the journal's age bound, before the record bound: the merge must stay under it. */
	records: number;
	/** Notes with an unreviewed change. */
	count: number;
	/** The first `namesPerItem` of them, sorted as the item sorts them. */
	paths: string[];
	/** ms since the epoch: from then on a listed note's newest change may be past the age bound (null: none listed). */
	expires: number | null;
	/** Of `paths`, those an unreviewed change deleted and those it renamed (left out when none). */
	deleted?: string[];
	renamed?: RenamedNote[];
	/**
	 * The time of the journal's newest rename record (left out when it has none): a rename carries
	 * the records made before it to the new path, so appended records from before then are the
	 * whole journal's to place.
	 */
	renamesUntil?: string;
}

/** A counted, existing note with an unreviewed change, by the caller's file system. */
export type NoteThere = (path: string) => boolean;

/** Each path's newest unreviewed change, over every session. */
function newestByPath(records: readonly JournalRecord[], marks: ReviewMarks, there: NoteThere): { item: AgentChangesItem; newest: Map<string, string> } {
	const sessions = unreviewedSessions(records, marks, there);
	const newest = new Map<string, string>();
	for (const s of sessions) {
		for (const c of s.changes) {
			const seen = newest.get(c.path);
			if (seen === undefined || c.at > seen) newest.set(c.path, c.at);
		}
	}
	return { item: agentChangesItem(sessions), newest };
}

/**
 * The summary of a journal's records (every record parsed, before `boundJournal`) under `marks`,
 * and the whole item as the exact path gives it. No summary when the record bound already cut the
 * journal: records it cut could come back as others age out, which no summary can follow.
 */
export function summarizeAgentChanges(
	parsed: readonly JournalRecord[],
	marks: ReviewMarks,
	there: NoteThere,
	now: Date,
	cap: number,
	files: { journal: FileIdentity | null; lastLine: string | null; marks: FileIdentity | null },
): { summary?: AgentChangesSummary; item: AgentChangesItem } {
	const kept = boundJournal(parsed, now);
	const oldestKept = new Date(now.getTime() - MAX_AGE_MS).toISOString();
	const fresh = parsed.filter((r) => r.at >= oldestKept).length;
	const { item, newest } = newestByPath(kept, marks, there);
	if (fresh > MAX_RECORDS) return { item };
	let oldest: string | null = null;
	for (const at of newest.values()) if (oldest === null || at < oldest) oldest = at;
	let renamesUntil: string | null = null;
	for (const r of parsed) if (r.change === 'renamed' && (renamesUntil === null || r.at > renamesUntil)) renamesUntil = r.at;
	// A rename record that ages out takes its `from` with it: the kinds are the whole journal's to say again then.
	for (const r of kept) if (r.change === 'renamed' && (oldest === null || r.at < oldest)) oldest = r.at;
	const summary: AgentChangesSummary = withKinds(
		{
			journal: files.journal,
			lastLine: files.lastLine,
			marks: files.marks,
			records: fresh,
			count: item.count,
			paths: item.paths.slice(0, cap),
			expires: oldest === null ? null : Date.parse(oldest) + MAX_AGE_MS,
			...(renamesUntil === null ? {} : { renamesUntil }),
		},
		item,
	);
	return { summary, item };
}

/** The item, capped to `cap` paths, from a summary of files that are unchanged; null when a listed change may have aged out. */
export function itemFromSummary(summary: AgentChangesSummary, now: Date, cap: number): AgentChangesItem | null {
	if (summary.expires !== null && now.getTime() > summary.expires) return null;
	if (summary.paths.length < Math.min(summary.count, cap)) return null;
	return withKinds({ count: summary.count, paths: summary.paths.slice(0, cap) }, summary);
}

/**
 * The item, capped to `cap` paths, from a summary and the records appended to its journal since
 * (parsed from the tail alone), under the same marks. Null when the merge cannot be exact: the
 * record bound could cut, or an appended note sorts after the last listed path while the summary
 * lists fewer than it counts (it may be one of those not listed).
 */
export function itemWithTail(summary: AgentChangesSummary, tail: readonly JournalRecord[], marks: ReviewMarks, there: NoteThere, now: Date, cap: number): AgentChangesItem | null {
	const base = itemFromSummary(summary, now, cap);
	if (base === null) return null;
	if (summary.records + tail.length > MAX_RECORDS) return null;
	// A deletion or a rename can move records the summary counted from one path to another.
	if (tail.some((r) => r.change !== undefined || (summary.renamesUntil !== undefined && r.at <= summary.renamesUntil))) return null;
	const added = newestByPath(boundJournal(tail, now), marks, there).item.paths;
	// A later edit of a renamed note can change which of its renames is the oldest: the whole journal's to say.
	if (summary.renamed !== undefined && summary.renamed.some((r) => added.includes(r.path))) return null;
	const listed = new Set(summary.paths);
	const complete = summary.paths.length >= summary.count;
	const last = summary.paths[summary.paths.length - 1];
	const fresh: string[] = [];
	for (const p of added) {
		if (listed.has(p)) continue;
		if (!complete && (last === undefined || comparePaths(p, last) > 0)) return null;
		fresh.push(p);
	}
	const paths = [...summary.paths, ...fresh].sort(comparePaths);
	// Appended edits neither delete nor rename: the summary's kinds stand.
	return withKinds({ count: summary.count + fresh.length, paths: paths.slice(0, cap) }, summary);
}
