/**
 * How many notes wait in the *Needs review* sections that can be marked as reviewed: the number
 * the status bar and the agent's status line show. A note in two such sections counts once. The
 * plugin's note index keeps the same count as notes come and go (src/plugin/index/note-index.ts).
 */
import { LIST_ITEM_TABLE, type HeldNote } from '../brief/brief-items';
import { isCountedNote } from '../notes/paths';
import type { Settings } from '../settings';

const MARKABLE = LIST_ITEM_TABLE.filter((d) => d.sidebar?.mark !== undefined);

/** Whether the note sits in some section whose notes can be marked as reviewed. */
export function waitsForReview(note: HeldNote, settings: Settings): boolean {
	return MARKABLE.some((d) => d.holds(note, settings));
}

export function countToReview(notes: Iterable<HeldNote>, settings: Settings): number {
	let n = 0;
	for (const note of notes) if (isCountedNote(note.path, settings.excludedRootFolders) && waitsForReview(note, settings)) n++;
	return n;
}
