/** The session-start items by id, apart from brief.ts so text output needs no date library. */

export const ITEM_IDS = ['date', 'dailyNote', 'inbox', 'needsReview', 'reviewOpen', 'pendingReview', 'sessionsToday'] as const;
export type ItemId = (typeof ITEM_IDS)[number];
export type ListItemId = 'inbox' | 'needsReview' | 'reviewOpen' | 'pendingReview' | 'sessionsToday';
export const LIST_ITEM_IDS: readonly ListItemId[] = ['inbox', 'needsReview', 'reviewOpen', 'pendingReview', 'sessionsToday'];
