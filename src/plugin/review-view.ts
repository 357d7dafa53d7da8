/**
 * The *Needs review* sidebar: one collapsible section per review item with a count, a filter box,
 * sorting by name or modified time, hover previews, and a context menu. It reads everything from
 * the BriefService and re-renders on its `changed` event, so it is live and the plugin holds no
 * reference to it.
 */
import { ItemView, Keymap, Menu, setIcon, type WorkspaceLeaf } from 'obsidian';
import type { ListItem, ReviewEntry } from '../core/brief';
import { itemDescriptor, SECTION_IDS, type SectionId } from '../core/brief-items';
import { basename, comparePaths } from '../core/paths';
import { CHANGED, type BriefService } from './brief-service';
import { closestTo } from './dom-events';
import type { IndexSync } from './index-sync';
import type { ReviewActions } from './review-actions';
import { uiStrings } from './ui-strings';

export const VIEW_TYPE_REVIEW = 'session-brief-review';
export const REVIEW_ICON = 'list-checks';
const PREFS_KEY = 'session-brief-review-view';

export type SortOrder = 'name' | 'mtime';

interface ViewPrefs {
	collapsed: SectionId[];
	sort: SortOrder;
}

function readPrefs(raw: unknown): ViewPrefs {
	const r = (raw ?? {}) as Partial<ViewPrefs>;
	const collapsed = Array.isArray(r.collapsed) ? r.collapsed.filter((s): s is SectionId => SECTION_IDS.includes(s)) : [];
	return { collapsed, sort: r.sort === 'mtime' ? 'mtime' : 'name' };
}

function noteName(path: string): string {
	return basename(path).replace(/\.md$/, '');
}

export function sortEntries(entries: readonly ReviewEntry[], order: SortOrder): ReviewEntry[] {
	const out = [...entries];
	if (order === 'mtime') out.sort((a, b) => b.mtime - a.mtime || comparePaths(a.path, b.path));
	else out.sort((a, b) => comparePaths(noteName(a.path), noteName(b.path)) || comparePaths(a.path, b.path));
	return out;
}

export class ReviewView extends ItemView {
	private prefs: ViewPrefs;
	private filter = '';
	private listEl!: HTMLElement;
	private sortButton!: HTMLElement;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		private readonly actions: ReviewActions,
	) {
		super(leaf);
		this.prefs = readPrefs(this.app.loadLocalStorage(PREFS_KEY));
	}

	getViewType(): string {
		return VIEW_TYPE_REVIEW;
	}

	getDisplayText(): string {
		return uiStrings(this.service.lang()).viewTitle;
	}

	getIcon(): string {
		return REVIEW_ICON;
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('session-brief-view');
		const s = uiStrings(this.service.lang());
		const toolbar = root.createDiv({ cls: 'session-brief-toolbar' });
		const input = toolbar.createEl('input', { type: 'search', cls: 'session-brief-filter', placeholder: s.filterPlaceholder });
		input.value = this.filter;
		this.registerDomEvent(input, 'input', () => {
			this.filter = input.value;
			this.render();
		});
		this.sortButton = toolbar.createDiv({ cls: 'clickable-icon session-brief-sort' });
		this.registerDomEvent(this.sortButton, 'click', () => {
			this.prefs.sort = this.prefs.sort === 'name' ? 'mtime' : 'name';
			this.savePrefs();
			this.render();
		});
		this.listEl = root.createDiv({ cls: 'session-brief-sections' });
		// One set of listeners on the list instead of one per row, which would pile up across renders.
		this.registerDomEvent(this.listEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.listEl, 'auxclick', (evt) => this.onAuxClick(evt));
		this.registerDomEvent(this.listEl, 'mouseover', (evt) => this.onHover(evt));
		this.registerDomEvent(this.listEl, 'contextmenu', (evt) => this.onContextMenu(evt));
		this.registerEvent(this.service.on(CHANGED, () => this.render()));
		this.render();
	}

	async onClose(): Promise<void> {
		this.contentEl.empty();
	}

	private savePrefs(): void {
		this.app.saveLocalStorage(PREFS_KEY, this.prefs);
	}

	render(): void {
		if (this.listEl === undefined) return;
		const s = uiStrings(this.service.lang());
		const byName = this.prefs.sort === 'name';
		this.sortButton.empty();
		setIcon(this.sortButton, byName ? 'arrow-down-a-z' : 'clock');
		this.sortButton.setAttr('aria-label', byName ? s.sortByModified : s.sortByName);
		this.sortButton.dataset.sort = this.prefs.sort;
		this.listEl.empty();
		if (!this.sync.ready) {
			this.listEl.createDiv({ cls: 'session-brief-empty', text: s.indexing });
			return;
		}
		const brief = this.service.brief();
		for (const id of SECTION_IDS) this.renderSection(id, brief.items[id]);
	}

	private renderSection(id: SectionId, item: ListItem | null): void {
		const s = uiStrings(this.service.lang());
		const lang = this.service.lang();
		const settings = this.service.settings;
		const sidebar = itemDescriptor(id).sidebar;
		const collapsed = this.prefs.collapsed.includes(id);
		const section = this.listEl.createDiv({ cls: 'session-brief-section' });
		section.dataset.section = id;
		section.toggleClass('is-collapsed', collapsed);
		const header = section.createDiv({ cls: 'session-brief-section-header' });
		header.dataset.toggle = id;
		setIcon(header.createSpan({ cls: 'session-brief-collapse-icon' }), collapsed ? 'chevron-right' : 'chevron-down');
		header.createSpan({ cls: 'session-brief-section-title', text: sidebar?.title[lang](settings) ?? id });
		header.createSpan({ cls: 'session-brief-count', text: item === null ? '?' : String(item.count) });
		if (collapsed) return;
		const body = section.createDiv({ cls: 'session-brief-section-body' });
		if (item === null) {
			const error = this.service.brief().errors.find((e) => e.item === id);
			body.createDiv({ cls: 'session-brief-empty mod-warning', text: error?.message ?? '?' });
			return;
		}
		if (item.count === 0) {
			body.createDiv({ cls: 'session-brief-empty', text: sidebar?.empty[lang](settings) ?? '0' });
			return;
		}
		const needle = this.filter.trim().toLowerCase();
		const shown = sortEntries(item.entries, this.prefs.sort).filter((e) => needle === '' || e.path.toLowerCase().includes(needle));
		if (shown.length === 0) body.createDiv({ cls: 'session-brief-empty', text: s.noMatch });
		for (const entry of shown) this.renderEntry(body, id, entry);
	}

	private renderEntry(parent: HTMLElement, section: SectionId, entry: ReviewEntry): void {
		const s = uiStrings(this.service.lang());
		const row = parent.createDiv({ cls: 'session-brief-item tree-item-self is-clickable' });
		row.dataset.path = entry.path;
		row.dataset.section = section;
		row.createDiv({ cls: 'session-brief-item-name', text: noteName(entry.path) });
		const folder = entry.path.includes('/') ? entry.path.slice(0, entry.path.lastIndexOf('/')) : '';
		if (folder !== '') row.createDiv({ cls: 'session-brief-item-path', text: folder });
		for (const hit of entry.hits) {
			const where = hit.where === 'frontmatter' ? s.frontmatter : s.line(hit.line);
			row.createDiv({ cls: 'session-brief-item-hit', text: `${where}: ${hit.text}` });
		}
	}

	private target(evt: UIEvent): { el: HTMLElement; path: string; section: SectionId } | null {
		const el = closestTo<HTMLElement>(evt, '.session-brief-item');
		const path = el?.dataset.path;
		const section = el?.dataset.section as SectionId | undefined;
		return el !== null && path !== undefined && section !== undefined ? { el, path, section } : null;
	}

	private onClick(evt: MouseEvent): void {
		const toggle = closestTo<HTMLElement>(evt, '[data-toggle]');
		const id = toggle?.dataset.toggle as SectionId | undefined;
		if (id !== undefined) {
			const set = new Set(this.prefs.collapsed);
			if (set.has(id)) set.delete(id);
			else set.add(id);
			this.prefs.collapsed = SECTION_IDS.filter((s) => set.has(s));
			this.savePrefs();
			this.render();
			return;
		}
		const t = this.target(evt);
		if (t !== null) void this.actions.open(t.path, Keymap.isModEvent(evt));
	}

	private onAuxClick(evt: MouseEvent): void {
		const t = this.target(evt);
		// Middle click opens in a new tab, as in Obsidian's own file lists.
		if (t !== null && evt.button === 1) void this.actions.open(t.path, 'tab');
	}

	private onHover(evt: MouseEvent): void {
		const t = this.target(evt);
		if (t === null) return;
		this.app.workspace.trigger('hover-link', {
			event: evt,
			source: VIEW_TYPE_REVIEW,
			hoverParent: this,
			targetEl: t.el,
			linktext: t.path,
			sourcePath: t.path,
		});
	}

	private onContextMenu(evt: MouseEvent): void {
		const t = this.target(evt);
		if (t === null) return;
		evt.preventDefault();
		const s = uiStrings(this.service.lang());
		const menu = new Menu();
		if (itemDescriptor(t.section).sidebar?.mark !== undefined) {
			menu.addItem((item) => item.setTitle(s.markReviewed).setIcon('check').onClick(() => void this.actions.markReviewed(t.path, t.section)));
		}
		menu.addItem((item) => item.setTitle(s.openInNewTab).setIcon('file-plus').onClick(() => void this.actions.open(t.path, 'tab')));
		menu.addItem((item) => item.setTitle(s.revealInExplorer).setIcon('folder-open').onClick(() => void this.actions.reveal(t.path)));
		menu.showAtMouseEvent(evt);
	}
}
