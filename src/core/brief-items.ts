/**
 * The table of the brief's list items: one descriptor per item says which notes it holds, where
 * their flag sits, how it reads in every language, and whether the *Needs review* sidebar shows
 * it. `computeBrief`, the plugin's note index, the text and JSON output and the sidebar all walk
 * this table, so adding an item is one descriptor here (docs/design.md, "Adding a brief item").
 *
 * Kept free of the date library, so text output can import it cheaply.
 */
import type { NoteFlags } from './flags';
import type { PerLang } from './i18n';
import type { TagHit } from './note-facts';
import { basename, isInFolder } from './paths';
import type { Settings } from './settings';

/** Re-exported for code that took it from here before it moved to i18n.ts. */
export type { PerLang };

/** What a descriptor's predicate may look at: the same fields in the bridge's scan and the plugin's index. */
export interface HeldNote {
	path: string;
	/** Null when the note could not be read. */
	flags: NoteFlags | null;
}

export interface SidebarSection {
	/** Position among the sidebar's sections (they are ordered for review, not as in the brief). */
	order: number;
	/** The section's name in words. */
	title: PerLang<string>;
	/** What holds a note there (its tag, or the folder), shown beside the title. */
	tag: PerLang<(settings: Settings) => string>;
	/** The tag highlighted in each hit the section shows; absent for items held by folder. */
	highlight?: (settings: Settings) => string;
	/** What an empty section says, so the user learns how a note gets there. */
	empty: PerLang<(settings: Settings) => string>;
	/**
	 * What *Mark as reviewed* does: add a tag to the note's properties, or remove the item's tag
	 * where it sits. Absent = not offered (the inbox is processed by moving notes, not by a tag).
	 */
	mark?: { adds: (settings: Settings) => string } | { removes: (settings: Settings) => string };
}

export interface ListItemDescriptor<Id extends string = string> {
	id: Id;
	/**
	 * Whether the note belongs to the item whatever the day. The one rule of the item: the brief
	 * applies it to every note, the plugin's index to each changed note.
	 */
	holds(note: HeldNote, settings: Settings): boolean;
	/** A further filter by today's date (`YYYY-MM-DD`), applied when the brief is made, never by the index. */
	onDay?(path: string, date: string): boolean;
	/** Where the flag sits, for the review report and the sidebar; empty for items held by folder. */
	hits(flags: NoteFlags | null): readonly TagHit[];
	/** The line's label in the text brief and the review report. */
	label: PerLang<(settings: Settings) => string>;
	/** Said after the count when the item is not empty. */
	hint?: PerLang<string>;
	/** Shown in the *Needs review* sidebar and, with per-note detail, in the review report. */
	sidebar?: SidebarSection;
}

const NO_HITS: readonly TagHit[] = [];

/** The list items in the order the text brief and `report --json` show them. */
export const LIST_ITEMS = [
	{
		id: 'inbox',
		// An unreadable inbox note counts as open: one entry too many beats a missed one.
		holds: (n, s) => isInFolder(n.path, s.inboxFolder) && !(n.flags?.daily ?? false),
		hits: () => NO_HITS,
		label: { en: () => 'Inbox', de: () => 'Inbox' },
		sidebar: {
			order: 3,
			title: { en: 'Inbox', de: 'Inbox' },
			tag: { en: (s) => `${s.inboxFolder}/`, de: (s) => `${s.inboxFolder}/` },
			empty: {
				en: (s) => `The inbox "${s.inboxFolder}" holds no open note (daily notes do not count).`,
				de: (s) => `Die Inbox "${s.inboxFolder}" enthält keine offene Notiz (Tagesnotizen zählen nicht).`,
			},
		},
	},
	{
		id: 'needsReview',
		holds: (n) => n.flags !== null && n.flags.needsReview.length > 0,
		hits: (f) => f?.needsReview ?? NO_HITS,
		label: { en: (s) => s.tags.needsReview, de: (s) => s.tags.needsReview },
		sidebar: {
			order: 0,
			title: { en: 'Needs review', de: 'Zu prüfen' },
			tag: { en: (s) => `#${s.tags.needsReview}`, de: (s) => `#${s.tags.needsReview}` },
			empty: {
				en: (s) => `No note carries #${s.tags.needsReview}. Tag a note with it to list it here.`,
				de: (s) => `Keine Notiz trägt #${s.tags.needsReview}. Markierte Notizen erscheinen hier.`,
			},
			highlight: (s) => s.tags.needsReview,
			mark: { removes: (s) => s.tags.needsReview },
		},
	},
	{
		id: 'reviewOpen',
		holds: (n) => n.flags !== null && n.flags.review.length > 0 && !n.flags.reviewDone,
		hits: (f) => f?.review ?? NO_HITS,
		label: { en: (s) => `${s.tags.review} without ${s.tags.reviewDone}`, de: (s) => `${s.tags.review} ohne ${s.tags.reviewDone}` },
		sidebar: {
			order: 1,
			title: { en: 'Review open', de: 'Review offen' },
			tag: { en: (s) => `#${s.tags.review} without #${s.tags.reviewDone}`, de: (s) => `#${s.tags.review} ohne #${s.tags.reviewDone}` },
			empty: {
				en: (s) => `No note carries #${s.tags.review} without #${s.tags.reviewDone}.`,
				de: (s) => `Keine Notiz trägt #${s.tags.review} ohne #${s.tags.reviewDone}.`,
			},
			highlight: (s) => s.tags.review,
			mark: { adds: (s) => s.tags.reviewDone },
		},
	},
	{
		id: 'pendingReview',
		holds: (n, s) => n.flags !== null && n.flags.pendingReview.length > 0 && isInFolder(n.path, s.rulesFolder),
		hits: (f) => f?.pendingReview ?? NO_HITS,
		label: { en: (s) => `${s.tags.pendingReview} in rules`, de: (s) => `${s.tags.pendingReview} im Regelwerk` },
		sidebar: {
			order: 2,
			title: { en: 'Rules pending review', de: 'Regeln zur Prüfung' },
			tag: { en: (s) => `#${s.tags.pendingReview}`, de: (s) => `#${s.tags.pendingReview}` },
			empty: {
				en: (s) => `No rule file in "${s.rulesFolder}" carries #${s.tags.pendingReview} or status ${s.tags.pendingReview}.`,
				de: (s) => `Keine Regeldatei in "${s.rulesFolder}" trägt #${s.tags.pendingReview} oder den Status ${s.tags.pendingReview}.`,
			},
			highlight: (s) => s.tags.pendingReview,
			mark: { removes: (s) => s.tags.pendingReview },
		},
	},
	{
		id: 'sessionsToday',
		// The index keeps every session file: the date changes, the set does not.
		holds: (n, s) => isInFolder(n.path, s.sessionsFolder),
		onDay: (path, date) => basename(path).includes(date),
		hits: () => NO_HITS,
		label: { en: () => "Today's session files", de: () => 'Heutige Sitzungsdateien' },
		hint: { en: 'pick a new name, do not overwrite these', de: 'neuen Namen wählen, diese nicht überschreiben' },
	},
] as const satisfies readonly ListItemDescriptor[];

export type ListItemId = (typeof LIST_ITEMS)[number]['id'];
export const LIST_ITEM_IDS: readonly ListItemId[] = LIST_ITEMS.map((d) => d.id);

/** The table typed for iteration (the literal above keeps the ids as a union type). */
export const LIST_ITEM_TABLE: readonly ListItemDescriptor<ListItemId>[] = LIST_ITEMS;

export type SectionId = Extract<(typeof LIST_ITEMS)[number], { sidebar: SidebarSection }>['id'];

/** The sidebar's sections, in their order. */
export const SIDEBAR_ITEMS: readonly (ListItemDescriptor<SectionId> & { sidebar: SidebarSection })[] = LIST_ITEM_TABLE.filter(
	(d): d is ListItemDescriptor<SectionId> & { sidebar: SidebarSection } => d.sidebar !== undefined,
).sort((a, b) => a.sidebar.order - b.sidebar.order);

export const SECTION_IDS: readonly SectionId[] = SIDEBAR_ITEMS.map((d) => d.id);

/**
 * The items of what changed. They do not fit the list items' shape: no predicate over one note
 * decides them, they come from the agent changes journal, the human's review marks and the
 * recorded session starts (src/core/what-changed.ts), so they are computed after the notes' items
 * and only their words live here (docs/design.md, "Adding a brief item").
 */
export interface ChangeItemDescriptor<Id extends string = string> {
	id: Id;
	/** The line's label; `since` is the previous session's start for `sinceLastSession` (ISO-8601 or null). */
	label: PerLang<(since: string | null) => string>;
	/** Said after the count when the item has no time to compare with (the first recorded session). */
	firstNote?: PerLang<string>;
	/** Said after the count when the item is not empty. */
	hint?: PerLang<string>;
	/** Said after the count when the review marks were changed outside Obsidian (`agentChanges`). */
	changedOutside?: PerLang<(at: string | null, hidden: number) => string>;
}

/** A local date and time, `YYYY-MM-DD HH:MM`, for a line the agent reads. */
function localStamp(iso: string): string {
	const d = new Date(iso);
	const two = (n: number): string => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export const CHANGE_ITEMS = [
	{
		id: 'agentChanges',
		label: { en: () => 'Changed by agents, not yet reviewed', de: () => 'Von Agenten geändert, noch nicht geprüft' },
		changedOutside: {
			en: (at, hidden) => `review marks were changed outside Obsidian${at === null ? '' : ` at ${localStamp(at)}`}; ${hidden} agent change${hidden === 1 ? ' was' : 's were'} hidden and ${hidden === 1 ? 'is' : 'are'} shown again`,
			de: (at, hidden) => `Prüfmarken wurden außerhalb von Obsidian geändert${at === null ? '' : ` (${localStamp(at)})`}; ${hidden} Agenten-Änderung${hidden === 1 ? ' war' : 'en waren'} ausgeblendet und ${hidden === 1 ? 'wird' : 'werden'} wieder gezeigt`,
		},
	},
	{
		id: 'sinceLastSession',
		label: {
			en: (since) => (since === null ? 'New since the last session' : `New since the last session (${localStamp(since)})`),
			de: (since) => (since === null ? 'Neu seit der letzten Sitzung' : `Neu seit der letzten Sitzung (${localStamp(since)})`),
		},
		firstNote: { en: 'this is the first recorded session', de: 'dies ist die erste aufgezeichnete Sitzung' },
	},
] as const satisfies readonly ChangeItemDescriptor[];

export type ChangeItemId = (typeof CHANGE_ITEMS)[number]['id'];
export const CHANGE_ITEM_IDS: readonly ChangeItemId[] = CHANGE_ITEMS.map((d) => d.id);
export const CHANGE_ITEM_TABLE: readonly ChangeItemDescriptor<ChangeItemId>[] = CHANGE_ITEMS;

export function itemDescriptor(id: ListItemId): ListItemDescriptor<ListItemId> {
	const found = LIST_ITEM_TABLE.find((d) => d.id === id);
	if (found === undefined) throw new Error(`unknown brief item ${id}`);
	return found;
}
