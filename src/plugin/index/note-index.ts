/**
 * The plugin's in-memory index: one entry per counted note, plus per-item sets kept up to date on
 * every change, so the brief and the sidebar are derived from the few notes that can appear in an
 * item instead of from every note. Every operation here is O(1) per note.
 */
import type { NoteEntry } from '../../core/brief/brief';
import { LIST_ITEM_TABLE, type ListItemId } from '../../core/brief/brief-items';
import { toRow, type IndexRow } from '../../core/brief/cache-format';
import { isCountedNote, isInFolder } from '../../core/notes/paths';
import type { Settings } from '../../core/settings';

export interface IndexedNote extends NoteEntry {
	/** Bytes, as `TFile.stat.size`; the bridge's stat walk compares it. */
	size: number;
}

/**
 * One set per list item, filled by the item's own `holds` (brief-items.ts), plus the unreadable
 * notes, which the brief reports as a scan error.
 */
export type ItemSet = ListItemId | 'unreadable';
const ITEM_SETS: readonly ItemSet[] = [...LIST_ITEM_TABLE.map((d) => d.id), 'unreadable'];
const bit = (s: ItemSet): number => 1 << ITEM_SETS.indexOf(s);
/** The sets of the sidebar sections whose notes can be marked as reviewed (the status bar counts their notes), as bits. */
const REVIEW_BITS = LIST_ITEM_TABLE.filter((d) => d.sidebar?.mark !== undefined).reduce((bits, d) => bits | bit(d.id), 0);
const UNREADABLE_BIT = bit('unreadable');
const ITEM_BITS = LIST_ITEM_TABLE.map((d) => bit(d.id));

/** The sets a note belongs in, one bit per set in the order of ITEM_SETS. */
function setsOf(note: IndexedNote, settings: Settings): number {
	let bits = note.flags === null ? UNREADABLE_BIT : 0;
	for (let i = 0; i < LIST_ITEM_TABLE.length; i++) if (LIST_ITEM_TABLE[i]!.holds(note, settings)) bits |= ITEM_BITS[i]!;
	return bits;
}

export class NoteIndex {
	private readonly notes = new Map<string, IndexedNote>();
	private readonly sets = new Map<ItemSet, Set<string>>(ITEM_SETS.map((s) => [s, new Set<string>()]));
	/** The same sets by position in ITEM_SETS, for the bits of `setsOf`. */
	private readonly setList: readonly Set<string>[] = ITEM_SETS.map((s) => this.sets.get(s)!);
	/** Distinct notes in the review sets, kept current on every change so the status bar's count is O(1). */
	private toReview = 0;
	/** Bumped on every change: lets writers and views tell whether anything happened since. */
	revision = 0;

	/** Notes behind a link out of the vault (set on desktop, src/node/scan/linked-notes.ts): never counted. */
	private outside: (path: string) => boolean = () => false;

	constructor(private settings: Settings) {}

	/** Set before the index is built: which notes are links out of the vault. */
	setOutside(outside: (path: string) => boolean): void {
		this.outside = outside;
	}

	/** New settings change which notes count and which sets they join: the caller rebuilds. */
	reset(settings: Settings): void {
		this.settings = settings;
		this.notes.clear();
		for (const set of this.sets.values()) set.clear();
		this.toReview = 0;
		this.revision++;
	}

	counts(path: string): boolean {
		return isCountedNote(path, this.settings.excludedRootFolders) && !this.outside(path);
	}

	get size(): number {
		return this.notes.size;
	}

	get(path: string): IndexedNote | undefined {
		return this.notes.get(path);
	}

	has(path: string): boolean {
		return this.notes.has(path);
	}

	/** Adds or replaces a note; a path that does not count is ignored (and dropped if present). */
	set(note: IndexedNote): void {
		if (!this.counts(note.path)) {
			this.delete(note.path);
			return;
		}
		const previous = this.notes.get(note.path);
		if (previous !== undefined) this.link(previous, -1);
		this.notes.set(note.path, note);
		this.link(note, 1);
		this.revision++;
	}

	delete(path: string): boolean {
		const note = this.notes.get(path);
		if (note === undefined) return false;
		this.notes.delete(path);
		this.link(note, -1);
		this.revision++;
		return true;
	}

	/** Removes every note under a folder (a deleted folder); O(notes in the index) but rare. */
	deleteFolder(folder: string): void {
		for (const path of [...this.notes.keys()]) if (isInFolder(path, folder)) this.delete(path);
	}

	/**
	 * A rename keeps the note's content, so its flags move with it and nothing is read. Returns
	 * false when the old path was not indexed (then the caller must read the note).
	 */
	rename(oldPath: string, newPath: string): boolean {
		const note = this.notes.get(oldPath);
		if (note === undefined) return false;
		this.delete(oldPath);
		this.set({ ...note, path: newPath });
		return true;
	}

	/**
	 * Puts a note into the sets it belongs in (`way` 1), or takes it out of them again (-1). Which sets
	 * those are is worked out from the stored entry each time instead of being remembered per note:
	 * what `holds` reads (path, flags) never changes while the entry is stored, and computing it
	 * touches no table the size of the vault.
	 */
	private link(note: IndexedNote, way: 1 | -1): void {
		const bits = setsOf(note, this.settings);
		if (bits === 0) return;
		for (let i = 0; i < this.setList.length; i++) {
			if ((bits & (1 << i)) === 0) continue;
			if (way === 1) this.setList[i]!.add(note.path);
			else this.setList[i]!.delete(note.path);
		}
		if ((bits & REVIEW_BITS) !== 0) this.toReview += way;
	}

	/** Paths of one set (unsorted). */
	paths(set: ItemSet): ReadonlySet<string> {
		return this.sets.get(set) ?? new Set<string>();
	}

	/** Every note that can appear in some item: what `computeBrief` needs, without the rest. */
	relevant(): IndexedNote[] {
		const seen = new Set<string>();
		const out: IndexedNote[] = [];
		for (const set of this.sets.values()) {
			for (const path of set) {
				if (seen.has(path)) continue;
				seen.add(path);
				const note = this.notes.get(path);
				if (note !== undefined) out.push(note);
			}
		}
		return out;
	}

	/** Distinct notes waiting for the human: those in a sidebar section that can be marked as reviewed. O(1): kept as notes come and go. */
	toReviewCount(): number {
		return this.toReview;
	}

	/** Every note as a cache index row (docs/cache-format.md). */
	rows(): IndexRow[] {
		const rows: IndexRow[] = [];
		for (const note of this.notes.values()) rows.push(toRow(note, note.size));
		return rows;
	}

	all(): IterableIterator<IndexedNote> {
		return this.notes.values();
	}
}
