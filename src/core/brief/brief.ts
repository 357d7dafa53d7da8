/**
 * The session-start items: the date, the daily note, and the list items of the table in
 * brief-items.ts. Every item is computed on its own: one that throws becomes an entry in `errors`
 * and the others are still delivered (docs/design.md, "What counts").
 */
import { isoDate } from './dates';
import { dailyNotePath } from './daily-note';
import type { NoteFlags } from '../notes/flags';
import type { TagHit } from '../notes/note-facts';
import { isCountedNote, sortByPath } from '../notes/paths';
import { quoteName } from '../quote';
import type { DailyNoteSettings, Settings } from '../settings';
import { LIST_ITEM_TABLE, type ListItemId } from './brief-items';
import type { ItemId } from './item-ids';
import type { AgentChangesItem, SinceLastSessionItem } from '../trail/what-changed';

export { ITEM_IDS, LIST_ITEM_IDS, type ItemId, type ListItemId } from './item-ids';

export interface NoteEntry {
	path: string;
	/** Modification time, ms since the epoch. */
	mtime: number;
	/** Null when the note could not be read; `readError` says why. */
	flags: NoteFlags | null;
	readError?: string;
}

export interface ReviewEntry {
	path: string;
	mtime: number;
	/** Where the flag sits; empty for inbox and session entries. */
	hits: Array<Pick<TagHit, 'where' | 'line' | 'text'>>;
}

export interface ListItem {
	count: number;
	/** All paths, sorted; text output caps them, JSON does not. */
	paths: string[];
	entries: ReviewEntry[];
}

export interface DailyNoteItem {
	path: string;
	exists: boolean;
}

export interface BriefError {
	item: ItemId | 'scan';
	message: string;
}

export interface Brief {
	date: string;
	/** 0 = Sunday, as `Date.getDay()`. */
	weekday: number;
	/**
	 * `agentChanges` and `sinceLastSession` come from files beside the notes, so they are added
	 * after the notes' items (src/node/journal/what-changed.ts); absent where nobody asked for them (the
	 * plugin's own brief, the cache).
	 */
	items: { dailyNote: DailyNoteItem | null } & Record<ListItemId, ListItem | null> & {
		agentChanges?: AgentChangesItem | null;
		sinceLastSession?: SinceLastSessionItem | null;
	};
	errors: BriefError[];
}

export interface BriefInput {
	now: Date;
	settings: Settings;
	dailyNote: DailyNoteSettings;
	/** Every note of the vault the adapter knows; uncounted paths are filtered out here. */
	notes: Iterable<NoteEntry>;
	/** Whether a vault-relative file exists (the daily note may live in an excluded folder). */
	exists(path: string): boolean;
	/** A moment locale the caller has loaded, for daily-note formats with month or day names. */
	locale?: string;
	/** Problems met before the items ran (an unreadable folder, say); each becomes a `scan` error. */
	scanErrors?: string[];
}

function describe(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.split('\n')[0]?.slice(0, 300) || 'unknown error';
}

function listItem(found: ReviewEntry[]): ListItem {
	const entries = sortByPath(found, (e) => e.path);
	return { count: entries.length, paths: entries.map((e) => e.path), entries };
}

function hitsOf(hits: readonly TagHit[]): ReviewEntry['hits'] {
	return hits.map(({ where, line, text }) => ({ where, line, text }));
}

function emptyItems(): Brief['items'] {
	const items = { dailyNote: null } as Brief['items'];
	for (const item of LIST_ITEM_TABLE) items[item.id] = null;
	return items;
}

export function computeBrief(input: BriefInput): Brief {
	const { settings, now } = input;
	const date = isoDate(now);
	const brief: Brief = {
		date,
		weekday: now.getDay(),
		items: emptyItems(),
		errors: [],
	};
	const notes: NoteEntry[] = [];
	try {
		for (const n of input.notes) if (isCountedNote(n.path, settings.excludedRootFolders)) notes.push(n);
	} catch (error) {
		brief.errors.push({ item: 'scan', message: describe(error) });
	}
	for (const message of input.scanErrors ?? []) brief.errors.push({ item: 'scan', message });
	try {
		const unreadable = notes.filter((n) => n.flags === null);
		if (unreadable.length > 0) {
			const shown = unreadable.slice(0, 3).map((n) => `${quoteName(n.path)} (${n.readError ?? 'unreadable'})`);
			const more = unreadable.length > 3 ? ` and ${unreadable.length - 3} more` : '';
			brief.errors.push({ item: 'scan', message: `could not read ${unreadable.length} note(s): ${shown.join(', ')}${more}` });
		}
	} catch (error) {
		brief.errors.push({ item: 'scan', message: describe(error) });
	}

	const run = <K extends keyof Brief['items']>(id: K, compute: () => Brief['items'][K]): void => {
		try {
			brief.items[id] = compute();
		} catch (error) {
			brief.errors.push({ item: id, message: describe(error) });
		}
	};

	run('dailyNote', () => {
		const path = dailyNotePath(input.dailyNote, now, input.locale);
		return { path, exists: input.exists(path) };
	});
	// One pass over the notes for every item rather than one pass per item: the loop is entered once,
	// so it is compiled once, not run afresh for each item. An item whose rule throws takes no more
	// notes and is reported in its turn, as its own pass did.
	const items = LIST_ITEM_TABLE;
	const nowMs = now.getTime();
	const found = items.map((): ReviewEntry[] => []);
	const failed = items.map((): { error: unknown } | null => null);
	for (const n of notes) {
		for (let i = 0; i < items.length; i++) {
			const item = items[i];
			const list = found[i];
			if (item === undefined || list === undefined || failed[i] !== null) continue;
			try {
				if (item.holds(n, settings) && item.current(n.path, n.mtime, date, nowMs)) list.push({ path: n.path, mtime: n.mtime, hits: hitsOf(item.hits(n.flags)) });
			} catch (error) {
				failed[i] = { error };
			}
		}
	}
	items.forEach((item, i) => {
		run(item.id, () => {
			const failure = failed[i];
			if (failure !== null && failure !== undefined) throw failure.error;
			return listItem(found[i] ?? []);
		});
	});
	return brief;
}
