/**
 * The seven session-start items. Every item is computed on its own: one that throws
 * becomes an entry in `errors` and the others are still delivered (docs/design.md, "What counts").
 */
import { isoDate } from './dates';
import { dailyNotePath } from './daily-note';
import type { NoteFlags } from './flags';
import type { TagHit } from './note-facts';
import { basename, isCountedNote, isInFolder, sortByPath } from './paths';
import { quoteName } from './quote';
import type { DailyNoteSettings, Settings } from './settings';

import type { ItemId } from './item-ids';

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
	items: {
		dailyNote: DailyNoteItem | null;
		inbox: ListItem | null;
		needsReview: ListItem | null;
		reviewOpen: ListItem | null;
		pendingReview: ListItem | null;
		sessionsToday: ListItem | null;
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

function hitsOf(hits: TagHit[]): ReviewEntry['hits'] {
	return hits.map(({ where, line, text }) => ({ where, line, text }));
}

export function computeBrief(input: BriefInput): Brief {
	const { settings, now } = input;
	const date = isoDate(now);
	const brief: Brief = {
		date,
		weekday: now.getDay(),
		items: { dailyNote: null, inbox: null, needsReview: null, reviewOpen: null, pendingReview: null, sessionsToday: null },
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
	run('inbox', () => {
		const folder = settings.inboxFolder;
		const found: ReviewEntry[] = [];
		// An unreadable inbox note counts as open: one entry too many beats a missed one.
		for (const n of notes) if (isInFolder(n.path, folder) && !(n.flags?.daily ?? false)) found.push({ path: n.path, mtime: n.mtime, hits: [] });
		return listItem(found);
	});
	run('needsReview', () => {
		const found: ReviewEntry[] = [];
		for (const n of notes) if (n.flags !== null && n.flags.needsReview.length > 0) found.push({ path: n.path, mtime: n.mtime, hits: hitsOf(n.flags.needsReview) });
		return listItem(found);
	});
	run('reviewOpen', () => {
		const found: ReviewEntry[] = [];
		for (const n of notes) if (n.flags !== null && n.flags.review.length > 0 && !n.flags.reviewDone) found.push({ path: n.path, mtime: n.mtime, hits: hitsOf(n.flags.review) });
		return listItem(found);
	});
	run('pendingReview', () => {
		const found: ReviewEntry[] = [];
		for (const n of notes) {
			if (n.flags !== null && isInFolder(n.path, settings.rulesFolder) && n.flags.pendingReview.length > 0) {
				found.push({ path: n.path, mtime: n.mtime, hits: hitsOf(n.flags.pendingReview) });
			}
		}
		return listItem(found);
	});
	run('sessionsToday', () => {
		const found: ReviewEntry[] = [];
		for (const n of notes) if (isInFolder(n.path, settings.sessionsFolder) && basename(n.path).includes(date)) found.push({ path: n.path, mtime: n.mtime, hits: [] });
		return listItem(found);
	});
	return brief;
}
