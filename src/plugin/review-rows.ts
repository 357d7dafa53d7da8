/**
 * The DOM of the Needs review tree: one treeitem per section (level 1) holding a group of note
 * treeitems (level 2). Every item carries `data-key`, which the view's focus and keyboard handling
 * go by, so focus survives the re-render on every vault change.
 */
import { setIcon } from 'obsidian';
import type { ListItem, ReviewEntry } from '../core/brief';
import { basename } from '../core/paths';
import type { Settings } from '../core/settings';
import { ReviewActions, type SectionId } from './review-actions';
import type { UiStrings } from './ui-strings';

export function sectionKey(id: SectionId): string {
	return `section:${id}`;
}

export function noteKey(id: SectionId, path: string): string {
	return `note:${id}:${path}`;
}

export function noteName(path: string): string {
	return basename(path).replace(/\.md$/, '');
}

function folderOf(path: string): string {
	return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

export interface SectionInput {
	id: SectionId;
	item: ListItem | null;
	/** The entries to show, sorted and filtered; unused when collapsed. */
	shown: ReviewEntry[];
	collapsed: boolean;
	error: string | null;
	filtering: boolean;
}

export function renderSection(parent: HTMLElement, input: SectionInput, s: UiStrings, settings: Settings): HTMLElement {
	const { id, item, collapsed } = input;
	const label = id === 'inbox' ? s.sections.inbox : s.sections[id](settings.tags);
	const count = item === null ? '?' : String(item.count);
	const section = parent.createDiv({ cls: 'session-brief-section' });
	section.dataset.section = id;
	section.dataset.key = sectionKey(id);
	section.setAttrs({ role: 'treeitem', 'aria-level': 1, 'aria-expanded': String(!collapsed), 'aria-label': s.sectionLabel(label, count), tabindex: -1 });
	section.toggleClass('is-collapsed', collapsed);
	const header = section.createDiv({ cls: 'session-brief-section-header' });
	header.dataset.toggle = id;
	setIcon(header.createSpan({ cls: 'session-brief-collapse-icon' }), collapsed ? 'chevron-right' : 'chevron-down');
	header.createSpan({ cls: 'session-brief-section-title', text: label });
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
		const t = settings.tags;
		const empty = id === 'inbox' ? s.empty.inbox(settings.inboxFolder) : id === 'pendingReview' ? s.empty.pendingReview(t, settings.rulesFolder) : s.empty[id](t);
		body.createDiv({ cls: 'session-brief-empty', text: empty });
		return section;
	}
	if (input.shown.length === 0) body.createDiv({ cls: 'session-brief-empty', text: s.noMatch });
	for (const entry of input.shown) renderEntry(body, id, entry, s);
	return section;
}

function renderEntry(parent: HTMLElement, section: SectionId, entry: ReviewEntry, s: UiStrings): void {
	const name = noteName(entry.path);
	const folder = folderOf(entry.path);
	const row = parent.createDiv({ cls: 'session-brief-item tree-item-self is-clickable' });
	row.dataset.path = entry.path;
	row.dataset.section = section;
	row.dataset.key = noteKey(section, entry.path);
	row.setAttrs({ role: 'treeitem', 'aria-level': 2, 'aria-label': folder === '' ? name : `${name}, ${folder}`, tabindex: -1 });
	row.createDiv({ cls: 'session-brief-item-name', text: name });
	if (folder !== '') row.createDiv({ cls: 'session-brief-item-path', text: folder });
	if (ReviewActions.canMark(section)) {
		const mark = row.createDiv({ cls: 'clickable-icon session-brief-item-mark', attr: { 'aria-label': s.markReviewed, 'data-action': 'mark', tabindex: -1 } });
		setIcon(mark, 'check');
	}
	for (const hit of entry.hits) {
		const where = hit.where === 'frontmatter' ? s.frontmatter : s.line(hit.line);
		row.createDiv({ cls: 'session-brief-item-hit', text: `${where}: ${hit.text}` });
	}
}
