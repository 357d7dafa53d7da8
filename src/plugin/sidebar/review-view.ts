/**
 * The *Needs review* sidebar: one section per review item, drawn by review-rows.ts as a WAI-ARIA
 * tree. It reads everything from the BriefService and redraws on its `changed` event, so it is live
 * and the plugin holds no reference to it.
 */
import { ItemView, Keymap, Menu, setIcon, type WorkspaceLeaf } from 'obsidian';
import type { ReviewEntry } from '../../core/brief/brief';
import { CHANGED, type BriefService } from '../index/brief-service';
import { closestTo } from './dom-events';
import type { IndexSync } from '../index/index-sync';
import { ConfirmModal } from '../confirm-modal';
import { SECTION_IDS, itemDescriptor, type SectionId } from '../../core/brief/brief-items';
import { ReviewActions } from './review-actions';
import { registerLongPress } from './long-press';
import { displayOrder, noteKey, noteName, renderSection, sectionKey, sectionOfKey } from './review-rows';
import { TreeController } from './review-tree';
import { RowLimits } from './row-cap';
import { TodayHeader } from './review-today';
import type { AgentChanges } from '../review/agent-changes';
import { AgentChangesSection } from './review-agent-changes';
import type { HooksRemoved } from '../hosts/hooks-removed';
import { HooksRemovedNotice } from './hooks-removed-notice';
import { RenderThrottle } from './render-throttle';
import { uiStrings } from '../ui-strings';

export const VIEW_TYPE_REVIEW = 'session-brief-review';
export const REVIEW_ICON = 'list-checks';
const PREFS_KEY = 'session-brief-review-view';
/** During a burst of vault changes the sidebar redraws at most about four times a second. */
export const RENDER_INTERVAL_MS = 250;

export type SortOrder = 'name' | 'mtime';

interface ViewPrefs {
	collapsed: SectionId[];
	sort: SortOrder;
	/** Rows under one heading per folder. */
	byFolder: boolean;
}

function readPrefs(raw: unknown): ViewPrefs {
	const r = (raw ?? {}) as Partial<ViewPrefs>;
	const collapsed = Array.isArray(r.collapsed) ? r.collapsed.filter((s): s is SectionId => SECTION_IDS.includes(s)) : [];
	return { collapsed, sort: r.sort === 'mtime' ? 'mtime' : 'name', byFolder: r.byFolder === true };
}

/** `comparePaths` on strings lower-cased beforehand. */
function compareLowered(la: string, a: string, lb: string, b: string): number {
	if (la !== lb) return la < lb ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The section's order. Each entry's name and lower-cased forms are worked out once, not in every
 * comparison: a section of 10,000 notes is sorted on every redraw.
 */
export function sortEntries(entries: readonly ReviewEntry[], order: SortOrder): ReviewEntry[] {
	const keyed = entries.map((entry) => {
		const name = order === 'name' ? noteName(entry.path) : '';
		return { entry, name, lname: name.toLowerCase(), lpath: entry.path.toLowerCase() };
	});
	const byPath = (a: (typeof keyed)[number], b: (typeof keyed)[number]): number => compareLowered(a.lpath, a.entry.path, b.lpath, b.entry.path);
	if (order === 'mtime') keyed.sort((a, b) => b.entry.mtime - a.entry.mtime || byPath(a, b));
	else keyed.sort((a, b) => compareLowered(a.lname, a.name, b.lname, b.name) || byPath(a, b));
	return keyed.map((k) => k.entry);
}

export class ReviewView extends ItemView {
	private prefs: ViewPrefs;
	private filter = '';
	/**
	 * Each section's notes now (sorted, filtered, in display order), drawn or behind *Show more*:
	 * what *Mark all reviewed* marks.
	 */
	private shown = new Map<SectionId, ReviewEntry[]>();
	/** How many rows each section draws (row-cap.ts); kept across redraws while the view is open. */
	private readonly limits = new RowLimits();
	private listEl!: HTMLElement;
	private tree!: TreeController;
	private sortButton!: HTMLElement;
	private groupButton!: HTMLElement;
	private today: TodayHeader | null = null;
	private readonly throttle = new RenderThrottle(() => this.render(), RENDER_INTERVAL_MS);

	constructor(
		leaf: WorkspaceLeaf,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		private readonly actions: ReviewActions,
		private readonly agents: AgentChanges,
		private readonly hooksRemoved: HooksRemoved,
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
		this.sortButton = toolbar.createDiv({ cls: 'clickable-icon session-brief-sort', attr: { role: 'button', tabindex: 0 } });
		this.onActivate(this.sortButton, () => {
			this.prefs.sort = this.prefs.sort === 'name' ? 'mtime' : 'name';
			this.savePrefs();
			this.render();
		});
		this.groupButton = toolbar.createDiv({ cls: 'clickable-icon session-brief-group', attr: { 'aria-label': s.today.groupByFolder, role: 'button', tabindex: 0 } });
		setIcon(this.groupButton, 'folder-tree');
		this.onActivate(this.groupButton, () => {
			this.prefs.byFolder = !this.prefs.byFolder;
			this.savePrefs();
			this.render();
		});
		// Above everything: without the hooks nothing below is complete.
		new HooksRemovedNotice(root, null, this, this.hooksRemoved, () => this.service.lang());
		this.today = new TodayHeader(root, this, this.app, this.service, this.actions, { source: VIEW_TYPE_REVIEW, parent: this });
		this.listEl = root.createDiv({ cls: 'session-brief-sections' });
		new AgentChangesSection(root, this.listEl, this, this.app, this.agents, this.service, this.actions, { source: VIEW_TYPE_REVIEW, parent: this });
		// One set of listeners on the list instead of one per row, which would pile up across renders.
		this.tree = new TreeController(
			this.listEl,
			this,
			{
				open: (el, newLeaf) => void this.actions.open(el.dataset.path ?? '', newLeaf),
				menu: (el, show) => this.showMenu(el, show),
				toggle: (el) => this.toggleSection(el.dataset.section as SectionId),
				showMore: (list) => this.showMore(list as SectionId),
				fallback: sectionOfKey,
				hoverRow: (evt) => this.target(evt)?.el ?? null,
			},
			{ app: this.app, source: VIEW_TYPE_REVIEW, parent: this },
		);
		this.registerDomEvent(this.listEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.listEl, 'auxclick', (evt) => this.onAuxClick(evt));
		// Touch: a long press opens the same menu (a right click's `contextmenu`).
		registerLongPress(this, this.listEl);
		this.registerEvent(this.service.on(CHANGED, () => this.throttle.request()));
		this.register(() => this.throttle.cancel());
		this.render();
	}

	async onClose(): Promise<void> {
		this.throttle.cancel();
		this.contentEl.empty();
	}

	/** Draws a render the burst throttle still holds back, now (for whoever reads the view next). */
	flushRender(): void {
		this.throttle.flush();
	}

	/** A toolbar button: a click, or Enter or Space while it has focus. */
	private onActivate(el: HTMLElement, run: () => void): void {
		this.registerDomEvent(el, 'click', run);
		this.registerDomEvent(el, 'keydown', (evt) => {
			if (evt.key !== 'Enter' && evt.key !== ' ') return;
			evt.preventDefault();
			run();
		});
	}

	private savePrefs(): void {
		this.app.saveLocalStorage(PREFS_KEY, this.prefs);
	}

	render(): void {
		if (this.listEl === undefined) return;
		this.throttle.rendered();
		const s = uiStrings(this.service.lang());
		const byName = this.prefs.sort === 'name';
		this.sortButton.empty();
		setIcon(this.sortButton, byName ? 'arrow-down-a-z' : 'clock');
		this.sortButton.setAttr('aria-label', byName ? s.sortByModified : s.sortByName);
		this.sortButton.dataset.sort = this.prefs.sort;
		this.groupButton.toggleClass('is-active', this.prefs.byFolder);
		this.groupButton.setAttr('aria-pressed', String(this.prefs.byFolder));
		this.today?.render(this.sync.ready ? this.service.brief() : null, new Date());
		// Focus is on an item that the re-render replaces: put it back on the same item afterwards.
		const hadFocus = this.tree.hasFocus();
		this.listEl.empty();
		this.listEl.setAttr('aria-label', s.viewTitle);
		if (!this.sync.ready) {
			this.listEl.removeAttribute('role');
			this.listEl.createDiv({ cls: 'session-brief-empty', text: s.indexing });
			return;
		}
		this.listEl.setAttr('role', 'tree');
		const brief = this.service.brief();
		const needle = this.filter.trim().toLowerCase();
		for (const id of SECTION_IDS) {
			const item = brief.items[id];
			const collapsed = this.prefs.collapsed.includes(id);
			// The filter searches every note of the section; the cap applies to what it found.
			const found = item === null || collapsed ? [] : (needle === '' ? item.entries : item.entries.filter((e) => e.path.toLowerCase().includes(needle)));
			const shown = displayOrder(sortEntries(found, this.prefs.sort), this.prefs.byFolder);
			const error = item === null ? (brief.errors.find((e) => e.item === id)?.message ?? null) : null;
			this.shown.set(id, shown);
			renderSection(
				this.listEl,
				{ id, item, shown, collapsed, error, filtering: needle !== '', now: Date.now(), byFolder: this.prefs.byFolder, limit: this.limits.limit(id), page: this.limits.page },
				s,
				this.service.lang(),
				this.service.settings,
			);
		}
		this.tree.setCurrent(this.tree.current, hadFocus);
	}

	/** *Show more*: the next page of the section, with the tab stop (and focus) on its first row. */
	private showMore(id: SectionId): void {
		const first = (this.shown.get(id) ?? [])[this.limits.more(id)];
		this.tree.current = first === undefined ? sectionKey(id) : noteKey(id, first.path);
		this.render();
	}

	private toggleSection(id: SectionId): void {
		const set = new Set(this.prefs.collapsed);
		if (set.has(id)) set.delete(id);
		else set.add(id);
		this.prefs.collapsed = SECTION_IDS.filter((s) => set.has(s));
		this.savePrefs();
		this.render();
	}

	private target(evt: UIEvent): { el: HTMLElement; path: string; section: SectionId } | null {
		const el = closestTo<HTMLElement>(evt, '.session-brief-item');
		const path = el?.dataset.path;
		const section = el?.dataset.section as SectionId | undefined;
		return el !== null && path !== undefined && section !== undefined ? { el, path, section } : null;
	}

	private onClick(evt: MouseEvent): void {
		const action = closestTo<HTMLElement>(evt, '[data-action]');
		if (action !== null) {
			evt.stopPropagation();
			const holder = closestTo<HTMLElement>(evt, '[role="treeitem"]');
			const section = holder?.dataset.section as SectionId | undefined;
			if (section === undefined) return;
			if (action.dataset.action === 'mark-all') this.confirmMarkAll(section);
			else if (holder?.dataset.path !== undefined) void this.actions.markReviewed(holder.dataset.path, section);
			return;
		}
		const toggle = closestTo<HTMLElement>(evt, '[data-toggle]');
		const id = toggle?.dataset.toggle as SectionId | undefined;
		if (id !== undefined) {
			this.tree.current = sectionKey(id);
			this.toggleSection(id);
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

	/**
	 * Asks before marking every note of the section (all that match the filter, also those behind
	 * *Show more*), saying how many; then marks them with Undo.
	 */
	private confirmMarkAll(section: SectionId): void {
		const paths = (this.shown.get(section) ?? []).map((e) => e.path);
		if (paths.length === 0 || !ReviewActions.canMark(section)) return;
		const s = uiStrings(this.service.lang());
		const title = itemDescriptor(section).sidebar?.title[this.service.lang()] ?? section;
		new ConfirmModal(this.app, {
			title: s.markAllReviewed,
			message: s.confirmMarkAll(paths.length, title),
			confirm: s.markAllReviewed,
			cancel: s.cancel,
			onConfirm: () => void this.actions.markAll(paths, section),
		}).open();
	}

	/** The menu of a row or a section, for the right click and for the context-menu key alike. */
	private showMenu(el: HTMLElement, show: (menu: Menu) => void): void {
		const path = el.dataset.path;
		const section = el.dataset.section as SectionId | undefined;
		if (section === undefined) return;
		const s = uiStrings(this.service.lang());
		const menu = new Menu();
		if (path === undefined) {
			if (!ReviewActions.canMark(section) || (this.shown.get(section) ?? []).length === 0) return;
			menu.addItem((item) => item.setTitle(s.markAllReviewed).setIcon('check-check').onClick(() => this.confirmMarkAll(section)));
			show(menu);
			return;
		}
		if (ReviewActions.canMark(section)) {
			menu.addItem((item) => item.setTitle(s.markReviewed).setIcon('check').onClick(() => void this.actions.markReviewed(path, section)));
		}
		menu.addItem((item) => item.setTitle(s.openInNewTab).setIcon('file-plus').onClick(() => void this.actions.open(path, 'tab')));
		menu.addItem((item) => item.setTitle(s.revealInExplorer).setIcon('folder-open').onClick(() => void this.actions.reveal(path)));
		show(menu);
	}
}
