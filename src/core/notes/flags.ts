/** From note facts to what each item counts, under the user's tag names. */
import type { NoteFacts, TagHit } from './note-facts';
import { TAG_KEYS, type TagNames } from '../settings';

export interface NoteFlags {
	needsReview: TagHit[];
	review: TagHit[];
	reviewDone: boolean;
	/** Hits of the pending-review tag, plus a frontmatter hit when `status` equals it. */
	pendingReview: TagHit[];
	/** Frontmatter `type` includes `daily`: such an inbox note is processed. */
	daily: boolean;
}

export function lowerTagNames(tags: TagNames): TagNames {
	return Object.fromEntries(TAG_KEYS.map((k) => [k, tags[k].toLowerCase()])) as TagNames;
}

/** `tags` must be lower-cased (see `lowerTagNames`); it is computed once per run, not per note. */
export function flagsOf(facts: NoteFacts, tags: TagNames): NoteFlags {
	const flags: NoteFlags = { needsReview: [], review: [], reviewDone: false, pendingReview: [], daily: false };
	for (const hit of facts.tags) {
		const t = hit.tag.toLowerCase();
		if (t === tags.needsReview) flags.needsReview.push(hit);
		if (t === tags.review) flags.review.push(hit);
		if (t === tags.reviewDone) flags.reviewDone = true;
		if (t === tags.pendingReview) flags.pendingReview.push(hit);
	}
	if (facts.statuses.some((s) => s.replace(/^#/, '') === tags.pendingReview)) {
		flags.pendingReview.push({ tag: tags.pendingReview, where: 'frontmatter', line: 1, text: `status: ${tags.pendingReview}` });
	}
	flags.daily = facts.types.includes('daily');
	return flags;
}
