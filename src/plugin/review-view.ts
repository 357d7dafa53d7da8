/**
 * The *Needs review* sidebar: one collapsible section per review item with a count, a filter box,
 * sorting by name or modified time, hover previews, a context menu, and full keyboard use (a
 * WAI-ARIA tree; review-keyboard.ts). Rows and sections are drawn by review-rows.ts. It reads everything from
 * the BriefService and re-renders on its `changed` event, so it is live and the plugin holds no
 * reference to it.
 */
import { ItemView, Keymap, Menu, setIcon, type WorkspaceLeaf } from 'obsidian';
import type { ReviewEntry } from '../core/brief';
import { comparePaths } from '../core/paths';
import { CHANGED, type BriefService } from './brief-service';
import { closestTo } from './dom-events';
import type { IndexSync } from './index-sync';
import { ConfirmModal } from './confirm-modal';
import { SECTION_IDS, itemDescriptor, type SectionId } from '../core/brief-items';
import { ReviewActions } from './review-actions';
import { treeKeyAction, type TreeNode } from './review-keyboard';
import { registerLongPress } from './long-press';
import { noteName, renderSection, sectionKey } from './review-rows';
import { TodayHeader } from './review-today';
import type { AgentChanges } from './agent-changes';
import { AgentChangesSection } from './review-agent-changes';
import { RenderThrottle } from './render-throttle';
import { uiStrings } from './ui-strings';

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

export function sortEntries(entries: readonly ReviewEntry[], order: SortOrder): ReviewEntry[] {
	const out = [...entries];
	if (order === 'mtime') out.sort((a, b) => b.mtime - a.mtime || comparePaths(a.path, b.path));
	else out.sort((a, b) => comparePaths(noteName(a.path), noteName(b.path)) || comparePaths(a.path, b.path));
	return out;
}

export class ReviewView extends ItemView {
	private prefs: ViewPrefs;
	private filter = '';
	/** The paths each section shows now (sorted, filtered): what *Mark all reviewed* marks. */
	private shown = new Map<SectionId, string[]>();
	/** The `data-key` of the tree's tab stop. */
	private current: string | null = null;
	private listEl!: HTMLElement;
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
		this.today = new TodayHeader(root, this, this.app, this.service, this.actions, { source: VIEW_TYPE_REVIEW, parent: this });
		this.listEl = root.createDiv({ cls: 'session-brief-sections' });
		new AgentChangesSection(root, this.listEl, this, this.app, this.agents, this.service, this.actions, { source: VIEW_TYPE_REVIEW, parent: this });
		// One set of listeners on the list instead of one per row, which would pile up across renders.
		this.registerDomEvent(this.listEl, 'click', (evt) => this.onClick(evt));
		this.registerDomEvent(this.listEl, 'auxclick', (evt) => this.onAuxClick(evt));
		this.registerDomEvent(this.listEl, 'mouseover', (evt) => this.onHover(evt));
		this.registerDomEvent(this.listEl, 'contextmenu', (evt) => this.onContextMenu(evt));
		// Touch: a long press opens the same menu (a right click's `contextmenu`).
		registerLongPress(this, this.listEl);
		this.registerDomEvent(this.listEl, 'keydown', (evt) => this.onKeyDown(evt));
		this.registerDomEvent(this.listEl, 'focusin', (evt) => this.onFocusIn(evt));
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
		const hadFocus = this.listEl.contains(this.listEl.ownerDocument.activeElement);
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
			const shown = item === null || collapsed ? [] : sortEntries(item.entries, this.prefs.sort).filter((e) => needle === '' || e.path.toLowerCase().includes(needle));
			const error = item === null ? (brief.errors.find((e) => e.item === id)?.message ?? null) : null;
			this.shown.set(id, shown.map((e) => e.path));
			renderSection(this.listEl, { id, item, shown, collapsed, error, filtering: needle !== '', now: Date.now(), byFolder: this.prefs.byFolder }, s, this.service.lang(), this.service.settings);
		}
		this.setCurrent(this.current, hadFocus);
	}

	private items(): HTMLElement[] {
		return Array.from(this.listEl.querySelectorAll<HTMLElement>('[role="treeitem"]'));
	}

	private itemByKey(key: string | null): HTMLElement | null {
		return key === null ? null : (this.items().find((el) => el.dataset.key === key) ?? null);
	}

	/**
	 * Makes `key` the tree's one tab stop (the first section when it is gone) and focuses it when
	 * asked. A note that left its section hands the stop to that section.
	 */
	private setCurrent(key: string | null, focus: boolean): void {
		const items = this.items();
		const sectionOfKey = key?.startsWith('note:') === true ? `section:${key.split(':')[1] ?? ''}` : null;
		const el = this.itemByKey(key) ?? this.itemByKey(sectionOfKey) ?? items[0] ?? null;
		for (const item of items) item.setAttr('tabindex', item === el ? 0 : -1);
		this.current = el?.dataset.key ?? null;
		if (focus) el?.focus();
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

	private onFocusIn(evt: FocusEvent): void {
		const item = closestTo<HTMLElement>(evt, '[role="treeitem"]');
		if (item?.dataset.key !== undefined && item.dataset.key !== this.current) this.setCurrent(item.dataset.key, false);
	}

	private onKeyDown(evt: KeyboardEvent): void {
		const item = closestTo<HTMLElement>(evt, '[role="treeitem"]');
		const key = item?.dataset.key;
		if (item === null || key === undefined) return;
		const nodes: TreeNode[] = this.items().map((el) => ({
			key: el.dataset.key ?? '',
			level: el.dataset.section !== undefined && el.dataset.path !== undefined ? 2 : 1,
			expanded: el.getAttr('aria-expanded') === 'true',
		}));
		const action = treeKeyAction(evt, nodes, key);
		if (action === null) return;
		evt.preventDefault();
		evt.stopPropagation();
		const el = this.itemByKey(action.key);
		if (el === null) return;
		if (action.kind === 'focus') this.setCurrent(action.key, true);
		else if (action.kind === 'toggle') {
			this.current = action.key;
			this.toggleSection(el.dataset.section as SectionId);
		} else if (action.kind === 'open') void this.actions.open(el.dataset.path ?? '', Keymap.isModEvent(evt));
		else {
			const rect = el.getBoundingClientRect();
			this.showMenu(el, (menu) => menu.showAtPosition({ x: rect.left + Math.min(rect.width, 24), y: rect.bottom }, el.ownerDocument));
		}
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
			this.current = sectionKey(id);
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
		const el = closestTo<HTMLElement>(evt, '[role="treeitem"]');
		if (el === null) return;
		evt.preventDefault();
		this.showMenu(el, (menu) => menu.showAtMouseEvent(evt));
	}

	/** Asks before marking every note the section shows, saying how many; then marks them with Undo. */
	private confirmMarkAll(section: SectionId): void {
		const paths = this.shown.get(section) ?? [];
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
