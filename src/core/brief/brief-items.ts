/**
 * The shape of the brief's item descriptors (which notes an item holds is declared: flag, folder,
 * age) and the lists derived from the item table (brief-item-list.ts), which every consumer walks
 * (docs/contributing.md, "A brief item"). Kept free of the date library, so text output can import it cheaply.
 */
import { CHANGE_ITEMS, LIST_ITEMS } from './brief-item-list';
import { FLAG_SPECS, type FlagName, type FolderSetting } from '../notes/flag-table';
import { hasFlag, type NoteFlags } from '../notes/flags';
import type { PerLang } from '../i18n';
import type { TagHit } from '../notes/note-facts';
import { isInFolder } from '../notes/paths';
import type { Settings } from '../settings';

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

/** A folder: a folder setting's value, or a fixed vault-relative path. */
export type ItemFolder = FolderSetting | { path: string };

export interface ListItemDescriptor<Id extends string = string> {
	id: Id;
	/*
	 * Which notes the item holds, declared; a note must pass every filter given. The ones that do
	 * not depend on the day are the item's `holds` (resolveItem): the brief applies it to every
	 * note, the plugin's index to each changed note. `age` and `onDay` are applied when the brief is
	 * made, never by the index.
	 */
	/** The note carries this flag (flag-table.ts); the item's hits are the flag's. An unreadable note does not. */
	flag?: FlagName;
	/** The note does not carry this flag. An unreadable note counts as without it: one entry too many beats a missed one. */
	without?: FlagName;
	/** The note is in this folder or below it. */
	folder?: ItemFolder;
	/** The note is not in this folder or below it. */
	notFolder?: ItemFolder;
	/** Days since the note was last modified, when the brief is made: at least `min`, fewer than `max`. */
	age?: { min?: number; max?: number };
	/** A filter by today's date (`YYYY-MM-DD`) on the note's path. */
	onDay?: (path: string, date: string) => boolean;
	/** A rule the fields above cannot say, whatever the day; applied after them. */
	holds?: (note: HeldNote, settings: Settings) => boolean;
	/** Where the flag sits, for the review report and the sidebar; without it, the hits of `flag` (none for items held by folder). */
	hits?: (flags: NoteFlags | null) => readonly TagHit[];
	/** The line's label in the text brief and the review report. */
	label: PerLang<(settings: Settings) => string>;
	/** Said after the count when the item is not empty. */
	hint?: PerLang<string>;
	/** What the item holds, in a few words for an agent (the MCP tools' descriptions), by the default tag names. */
	about: string;
	/** Shown in the *Needs review* sidebar and, with per-note detail, in the review report. */
	sidebar?: SidebarSection;
}

/** A descriptor with its filters made into functions once, for the loops over every note. */
export interface ResolvedItem<Id extends string = string> extends ListItemDescriptor<Id> {
	/** Whether the note belongs to the item whatever the day: `flag`, `without`, `folder`, `notFolder`, then `holds`. */
	holds: (note: HeldNote, settings: Settings) => boolean;
	hits: (flags: NoteFlags | null) => readonly TagHit[];
	/** The day's filters, `age` and `onDay`; `now` in ms since the epoch, `date` its local `YYYY-MM-DD`. */
	current: (path: string, mtime: number, date: string, now: number) => boolean;
}

const NO_HITS: readonly TagHit[] = [];
const DAY_MS = 86_400_000;

function folderOf(folder: ItemFolder, settings: Settings): string {
	return typeof folder === 'string' ? settings[folder] : folder.path;
}

export function resolveItem<Id extends string>(d: ListItemDescriptor<Id>): ResolvedItem<Id> {
	const { flag, without, folder, notFolder, age, onDay } = d;
	const custom = d.holds;
	const holds = (n: HeldNote, s: Settings): boolean =>
		(flag === undefined || (n.flags !== null && hasFlag(n.flags, flag))) &&
		(without === undefined || n.flags === null || !hasFlag(n.flags, without)) &&
		(folder === undefined || isInFolder(n.path, folderOf(folder, s))) &&
		(notFolder === undefined || !isInFolder(n.path, folderOf(notFolder, s))) &&
		(custom === undefined || custom(n, s));
	const listsHits = flag !== undefined && FLAG_SPECS.some((f) => f.flag === flag && f.kind === 'hits');
	const hits = d.hits ?? (listsHits ? (f: NoteFlags | null): readonly TagHit[] => (f === null ? NO_HITS : (f[flag] as TagHit[])) : () => NO_HITS);
	const min = age?.min === undefined ? undefined : age.min * DAY_MS;
	const max = age?.max === undefined ? undefined : age.max * DAY_MS;
	const current = (path: string, mtime: number, date: string, now: number): boolean =>
		(min === undefined || now - mtime >= min) && (max === undefined || now - mtime < max) && (onDay === undefined || onDay(path, date));
	return { ...d, holds, hits, current };
}

export { CHANGE_ITEMS, LIST_ITEMS };

export type ListItemId = (typeof LIST_ITEMS)[number]['id'];
export const LIST_ITEM_IDS: readonly ListItemId[] = LIST_ITEMS.map((d) => d.id);

/** The table typed for iteration (the literal above keeps the ids as a union type), its filters resolved. */
export const LIST_ITEM_TABLE: readonly ResolvedItem<ListItemId>[] = (LIST_ITEMS as readonly ListItemDescriptor<ListItemId>[]).map(resolveItem);

export type SectionId = Extract<(typeof LIST_ITEMS)[number], { sidebar: SidebarSection }>['id'];

/** The sidebar's sections, in their order. */
export const SIDEBAR_ITEMS: readonly (ResolvedItem<SectionId> & { sidebar: SidebarSection })[] = LIST_ITEM_TABLE.filter(
	(d): d is ResolvedItem<SectionId> & { sidebar: SidebarSection } => d.sidebar !== undefined,
).sort((a, b) => a.sidebar.order - b.sidebar.order);

export const SECTION_IDS: readonly SectionId[] = SIDEBAR_ITEMS.map((d) => d.id);

/** The items of the MCP review queue, its filter's values: the sidebar's in their order, then the others. */
export const QUEUE_ITEMS = [...SECTION_IDS, ...LIST_ITEM_IDS.filter((id) => !(SECTION_IDS as readonly ListItemId[]).includes(id))] as [ListItemId, ...ListItemId[]];

/** The queue's items, each with what it holds, for the MCP tools' descriptions. */
export function queueItemsAbout(): string {
	return QUEUE_ITEMS.map((id) => `${id} (${itemDescriptor(id).about})`).join(', ');
}

/**
 * The items of what changed: no predicate over one note decides them (they come from the journal,
 * the review marks and the session starts), so they are computed after the notes' items and only
 * their words live here (docs/design.md, "What agents changed").
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
	/** Said after the count when the vault's journal lost records its copy outside the vault holds (`agentChanges`). */
	journalLost?: PerLang<(lost: number) => string>;
}

export type ChangeItemId = (typeof CHANGE_ITEMS)[number]['id'];
export const CHANGE_ITEM_IDS: readonly ChangeItemId[] = CHANGE_ITEMS.map((d) => d.id);
export const CHANGE_ITEM_TABLE: readonly ChangeItemDescriptor<ChangeItemId>[] = CHANGE_ITEMS;

export function itemDescriptor(id: ListItemId): ResolvedItem<ListItemId> {
	const found = LIST_ITEM_TABLE.find((d) => d.id === id);
	if (found === undefined) throw new Error(`unknown brief item ${id}`);
	return found;
}
