/**
 * Review marks are the human's (docs/design.md, "Review marks changed outside Obsidian"): the
 * plugin keeps a copy of the marks it last wrote, the *seal*, in a per-user folder outside the vault,
 * where vault content (a sync, a clone, an agent's file tool) does not reach. Marks that differ from
 * the seal were changed by something other than the plugin: the seal's marks are then the ones
 * that count, and the brief and the sidebar say how many agent changes the other marks would hide.
 * Pure: src/node/journal/review-seal.ts reads and writes the files.
 */
import type { JournalRecord } from './agent-journal';
import { followRenames, isReviewed, parseReviewMarks, type ReviewMarks } from './what-changed';

export interface ReviewSeal {
	/** The marks file's text exactly as the plugin last wrote it; '' when it wrote none. */
	marks: string;
	/** When the plugin wrote it (ISO-8601). */
	at: string;
}

export function parseSeal(v: unknown): ReviewSeal | null {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const o = v as Record<string, unknown>;
	if (o.schema !== 1 || typeof o.marks !== 'string' || typeof o.at !== 'string') return null;
	return { marks: o.marks, at: o.at };
}

export function sealText(marks: string, now: Date): string {
	return `${JSON.stringify({ schema: 1, at: now.toISOString(), marks })}\n`;
}

function parseText(text: string | null): ReviewMarks {
	if (text === null || text.trim() === '') return parseReviewMarks(undefined);
	try {
		return parseReviewMarks(JSON.parse(text) as unknown);
	} catch {
		return parseReviewMarks(undefined);
	}
}

export interface MarksVerdict {
	/** The marks that count: the file's, or the seal's when the file was changed outside Obsidian. */
	marks: ReviewMarks;
	/** The file's own marks when they are not the ones that count; null otherwise. */
	outside: { marks: ReviewMarks; text: string | null } | null;
}

/**
 * `text` is the marks file (null: none), `seal` the plugin's copy (null: the plugin has sealed
 * nothing on this computer yet, and the file is taken as it is).
 */
export function judgeMarks(text: string | null, seal: ReviewSeal | null): MarksVerdict {
	if (seal === null || seal.marks === (text ?? '')) return { marks: parseText(text), outside: null };
	return { marks: parseText(seal.marks), outside: { marks: parseText(text), text } };
}

/** How many notes with an agent change the outside marks hide that the sealed ones show. */
export function hiddenByOutsideMarks(records: readonly JournalRecord[], verdict: MarksVerdict, exists: (path: string) => boolean): number {
	if (verdict.outside === null) return 0;
	const unreviewed = (marks: ReviewMarks): Set<string> => new Set(followRenames(records, marks.renames).filter((r) => !isReviewed(r, marks) && exists(r.path)).map((r) => r.path));
	const shown = unreviewed(verdict.marks);
	const still = unreviewed(verdict.outside.marks);
	let hidden = 0;
	for (const p of shown) if (!still.has(p)) hidden++;
	return hidden;
}
