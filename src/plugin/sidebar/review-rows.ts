/**
 * The DOM of the Needs review tree: one treeitem per section (level 1) holding a group of note
 * treeitems (level 2). Every item carries `data-key`, which the view's focus and keyboard handling
 * go by, so focus survives the re-render on every vault change.
 */
import { setIcon, setTooltip } from 'obsidian';
import type { ListItem, ReviewEntry } from '../../core/brief/brief';
import { basename } from '../../core/notes/paths';
import { folderOf, groupByFolder } from '../../core/review/review-groups';
import { age, excerptAround, splitPropertyHit } from '../../core/review/review-text';
import type { Settings } from '../../core/settings';
import { itemDescriptor, type SectionId } from '../../core/brief/brief-items';
import type { Lang } from '../../core/i18n';
import { fullDate } from '../daily/date-format';
import { ReviewActions } from './review-actions';
import { renderShowMore, ROW_PAGE } from './row-cap';
import type { UiStrings } from '../ui-strings';

export function sectionKey(id: SectionId): string {
	return `section:${id}`;
}

export function noteKey(id: SectionId, path: string): string {
	return `note:${id}:${path}`;
}

export function showMoreKey(id: SectionId): string {
	return `more:${id}`;
}

/** A note's or *Show more* row's section, where the tab stop goes when the row is gone. */
export function sectionOfKey(key: string): string | null {
	return key.startsWith('note:') || key.startsWith('more:') ? `section:${key.split(':')[1] ?? ''}` : null;
}

export function noteName(path: string): string {
	return basename(path).replace(/\.md$/, '');
}

export interface SectionInput {
	id: SectionId;
	item: ListItem | null;
	/** The entries to show, sorted and filtered (all of them: the cap is `limit`); unused when collapsed. */
	shown: ReviewEntry[];
	collapsed: boolean;
	error: string | null;
	filtering: boolean;
	/** The current time, for each row's age. */
	now: number;
	/** Rows under one heading per folder (the view's *Group by folder* option). */
	byFolder?: boolean;
	/** Rows drawn at most (row-cap.ts), in display order; the rest wait behind *Show more*. */
	limit?: number;
	/** Rows one *Show more* adds. */
	page?: number;
}

export function renderSection(parent: HTMLElement, input: SectionInput, s: UiStrings, lang: Lang, settings: Settings): HTMLElement {
	const { id, item, collapsed } = input;
	const sidebar = itemDescriptor(id).sidebar;
	const title = sidebar?.title[lang] ?? id;
	const tagLabel = sidebar?.tag[lang](settings) ?? '';
	const label = `${title} · ${tagLabel}`;
	const count = item === null ? '?' : String(item.count);
	const section = parent.createDiv({ cls: 'session-brief-section' });
	section.dataset.section = id;
	section.dataset.key = sectionKey(id);
	section.setAttrs({ role: 'treeitem', 'aria-level': 1, 'aria-expanded': String(!collapsed), 'aria-label': s.sectionLabel(label, count), tabindex: -1 });
	section.toggleClass('is-collapsed', collapsed);
	const header = section.createDiv({ cls: 'session-brief-section-header' });
	header.dataset.toggle = id;
	setIcon(header.createSpan({ cls: 'session-brief-collapse-icon' }), collapsed ? 'chevron-right' : 'chevron-down');
	const titleEl = header.createSpan({ cls: 'session-brief-section-title', text: title });
	titleEl.createSpan({ cls: 'session-brief-section-tag', text: tagLabel });
	header.createSpan({ cls: 'session-brief-count', text: count });
	if (ReviewActions.canMark(id) && input.shown.length > 0) {
		// Out of the tab order like the rows' buttons: the section's menu (context-menu key) has it.
		const markAll = header.createDiv({ cls: 'clickable-icon session-brief-mark-all', attr: { 'aria-label': s.markAllReviewed, 'data-action': 'mark-all', tabindex: -1 } });
		setIcon(markAll, 'check-check');
	}
	if (collapsed) return section;
	const body = section.createDiv({ cls: 'session-brief-section-body', attr: { role: 'group' } });
	if (item === null) {
		body.createDiv({ cls: 'session-brief-empty mod-warning', text: input.error ?? '?' });
		return section;
	}
	if (item.count === 0) {
		body.createDiv({ cls: 'session-brief-empty', text: sidebar?.empty[lang](settings) ?? '0' });
		return section;
	}
	if (input.shown.length === 0) body.createDiv({ cls: 'session-brief-empty', text: s.noMatch });
	const tag = sidebar?.highlight?.(settings) ?? null;
	const limit = input.limit ?? Number.POSITIVE_INFINITY;
	let drawn = 0;
	for (const group of displayGroups(input.shown, input.byFolder === true)) {
		if (drawn >= limit) break;
		let rowsEl = body;
		if (group.folder !== null) {
			// Only a visual heading: each row's label already names its folder for screen readers.
			rowsEl = body.createDiv({ cls: 'session-brief-folder', attr: { role: 'none' } });
			const heading = rowsEl.createDiv({ cls: 'session-brief-folder-name', attr: { 'aria-hidden': 'true' } });
			setIcon(heading.createSpan({ cls: 'session-brief-folder-icon' }), 'folder');
			heading.createSpan({ text: group.folder === '' ? s.today.vaultRoot : group.folder });
			// The folder's full count, also while the cap shows only some of its notes.
			heading.createSpan({ cls: 'session-brief-folder-count', text: String(group.entries.length) });
		}
		const context: RowContext = { s, tag, now: input.now, showFolder: group.folder === null };
		for (const entry of group.entries) {
			if (drawn >= limit) break;
			renderEntry(rowsEl, id, entry, context);
			drawn++;
		}
	}
	if (drawn < input.shown.length) {
		renderShowMore(body, { list: id, key: showMoreKey(id), level: 2, shown: drawn, total: input.shown.length, page: input.page ?? ROW_PAGE, lang });
	}
	return section;
}

/** The rows of a section in the order they show: under folder headings, or one run (`folder` null). */
function displayGroups(shown: readonly ReviewEntry[], byFolder: boolean): { folder: string | null; entries: readonly ReviewEntry[] }[] {
	return byFolder ? groupByFolder(shown) : [{ folder: null, entries: shown }];
}

/** The section's notes in the order its rows show, which is the order the cap counts in. */
export function displayOrder(shown: readonly ReviewEntry[], byFolder: boolean): ReviewEntry[] {
	return byFolder ? displayGroups(shown, true).flatMap((g) => g.entries) : [...shown];
}

interface RowContext {
	s: UiStrings;
	/** The tag the section lists, highlighted in each hit; null for the inbox. */
	tag: string | null;
	now: number;
	/** False under a folder heading, which already says it. */
	showFolder: boolean;
}

function renderEntry(parent: HTMLElement, section: SectionId, entry: ReviewEntry, { s, tag, now, showFolder }: RowContext): void {
	const name = noteName(entry.path);
	const folder = folderOf(entry.path);
	const row = parent.createDiv({ cls: 'session-brief-item tree-item-self is-clickable' });
	row.dataset.path = entry.path;
	row.dataset.section = section;
	row.dataset.key = noteKey(section, entry.path);
	row.setAttrs({ role: 'treeitem', 'aria-level': 2, 'aria-label': folder === '' ? name : `${name}, ${folder}`, tabindex: -1 });
	const head = row.createDiv({ cls: 'session-brief-item-head' });
	head.createDiv({ cls: 'session-brief-item-name', text: name });
	const a = age(entry.mtime, now);
	const ageEl = head.createDiv({ cls: 'session-brief-item-age', text: s.age(a.n, a.unit) });
	setTooltip(ageEl, s.modified(fullDate(entry.mtime, s.locale)));
	if (folder !== '' && showFolder) row.createDiv({ cls: 'session-brief-item-path', text: folder });
	if (ReviewActions.canMark(section)) {
		const mark = row.createDiv({ cls: 'clickable-icon session-brief-item-mark', attr: { 'aria-label': s.markReviewed, 'data-action': 'mark', tabindex: -1 } });
		setIcon(mark, 'check');
	}
	for (const hit of entry.hits) renderHit(row, hit, tag, s);
}

/** "Property tags" or "Line 12", then the text around the tag with the tag highlighted. */
function renderHit(row: HTMLElement, hit: ReviewEntry['hits'][number], tag: string | null, s: UiStrings): void {
	const property = hit.where === 'frontmatter' ? splitPropertyHit(hit.text) : null;
	const el = row.createDiv({ cls: 'session-brief-item-hit' });
	el.createSpan({ cls: 'session-brief-hit-where', text: property !== null ? s.property(property.key) : s.line(hit.line) });
	const text = property?.value ?? hit.text.trim();
	// About what a sidebar row shows before its ellipsis, so the tag stays in view.
	const excerpt = tag === null ? { before: text, match: '', after: '' } : excerptAround(text, tag, 40);
	const textEl = el.createSpan({ cls: 'session-brief-hit-text' });
	textEl.appendText(excerpt.before);
	if (excerpt.match !== '') textEl.createSpan({ cls: 'session-brief-match', text: excerpt.match });
	textEl.appendText(excerpt.after);
}
