/**
 * The *Today* header at the top of the Needs review sidebar: today's daily note (opened, or created
 * from the Daily notes settings and template when missing) and today's session files, both from
 * the brief. Its rows form a small tree of their own with one tab stop, used with the same keys as
 * the review tree (review-keyboard.ts): arrows move, Enter opens (Mod+Enter in a new tab), the
 * context-menu key or Shift+F10 opens the row's menu.
 */
import { Keymap, Menu, setIcon, setTooltip, type App, type Component, type PaneType } from 'obsidian';
import type { Brief } from '../core/brief';
import { age } from '../core/review-text';
import { basename } from '../core/paths';
import type { BriefService } from './brief-service';
import { dailyNoteFile } from './daily-note-create';
import { closestTo } from './dom-events';
import type { ReviewActions } from './review-actions';
import { treeKeyAction, type TreeNode } from './review-keyboard';
import { uiStrings, type UiStrings } from './ui-strings';

export const DAILY_KEY = 'today:daily';

function sessionKey(path: string): string {
	return `today:session:${path}`;
}

export class TodayHeader {
	/** The `data-key` of the header's tab stop. */
	private current: string | null = null;
	private readonly el: HTMLElement;
	private readonly tree: HTMLElement;
	private readonly titleEl: HTMLElement;

	constructor(
		parent: HTMLElement,
		/** The view: its `registerDomEvent` removes the header's listeners when it closes. */
		owner: Component,
		private readonly app: App,
		private readonly service: BriefService,
		private readonly actions: ReviewActions,
		/** Where the view's hover previews come from. */
		private readonly hoverSource: { source: string; parent: Component },
	) {
		this.el = parent.createDiv({ cls: 'session-brief-today' });
		this.titleEl = this.el.createDiv({ cls: 'session-brief-today-title' });
		this.tree = this.el.createDiv({ cls: 'session-brief-today-rows', attr: { role: 'tree' } });
		owner.registerDomEvent(this.tree, 'click', (evt) => this.onClick(evt));
		owner.registerDomEvent(this.tree, 'auxclick', (evt) => {
			const row = this.row(evt);
			if (row !== null && evt.button === 1) void this.open(row, 'tab');
		});
		owner.registerDomEvent(this.tree, 'keydown', (evt) => this.onKeyDown(evt));
		owner.registerDomEvent(this.tree, 'contextmenu', (evt) => {
			const row = this.row(evt);
			if (row === null) return;
			evt.preventDefault();
			this.showMenu(row, (menu) => menu.showAtMouseEvent(evt));
		});
		owner.registerDomEvent(this.tree, 'focusin', (evt) => {
			const key = this.row(evt)?.dataset.key;
			if (key !== undefined && key !== this.current) this.setCurrent(key, false);
		});
		owner.registerDomEvent(this.tree, 'mouseover', (evt) => this.onHover(evt));
		// The Daily notes settings may have changed since the plugin read them: show today's note where it is now.
		void this.service.refreshDailyNoteSettings().then((changed) => {
			if (changed) this.service.changed();
		});
	}

	/** Draws the header from the brief; hidden until the brief is known. */
	render(brief: Brief | null, now: Date): void {
		const hadFocus = this.tree.contains(this.tree.ownerDocument.activeElement);
		this.titleEl.empty();
		this.tree.empty();
		this.el.toggleClass('session-brief-hidden', brief === null);
		if (brief === null) return;
		const s = uiStrings(this.service.lang());
		this.tree.setAttr('aria-label', s.today.title);
		this.titleEl.createSpan({ cls: 'session-brief-today-heading', text: s.today.title });
		this.titleEl.createSpan({ cls: 'session-brief-today-date', text: now.toLocaleDateString(s.locale, { weekday: 'long', day: 'numeric', month: 'long' }) });
		const daily = brief.items.dailyNote;
		if (daily !== null) this.renderDaily(daily.path, daily.exists, s);
		const sessions = brief.items.sessionsToday;
		if (sessions !== null) {
			for (const entry of sessions.entries) this.renderSession(entry.path, entry.mtime, now.getTime(), s);
			if (sessions.count === 0) this.tree.createDiv({ cls: 'session-brief-today-empty', text: s.today.noSessions });
		}
		this.setCurrent(this.current, hadFocus);
	}

	private renderDaily(path: string, exists: boolean, s: UiStrings): void {
		const name = basename(path).replace(/\.md$/, '');
		const row = this.rowEl(DAILY_KEY, path, s.today.dailyNoteLabel(name, exists));
		row.toggleClass('is-missing', !exists);
		setIcon(row.createSpan({ cls: 'session-brief-today-icon' }), exists ? 'calendar' : 'calendar-plus');
		row.createSpan({ cls: 'session-brief-today-name', text: name });
		row.createSpan({ cls: 'session-brief-today-kind', text: exists ? s.today.dailyNote : s.today.createDailyNote });
	}

	private renderSession(path: string, mtime: number, now: number, s: UiStrings): void {
		const name = basename(path).replace(/\.md$/, '');
		const row = this.rowEl(sessionKey(path), path, s.today.sessionLabel(name));
		setIcon(row.createSpan({ cls: 'session-brief-today-icon' }), 'bot');
		row.createSpan({ cls: 'session-brief-today-name', text: name });
		const a = age(mtime, now);
		const ageEl = row.createSpan({ cls: 'session-brief-today-kind', text: s.age(a.n, a.unit) });
		setTooltip(ageEl, s.modified(new Date(mtime).toLocaleString(s.locale, { dateStyle: 'full', timeStyle: 'short' })));
	}

	private rowEl(key: string, path: string, label: string): HTMLElement {
		const row = this.tree.createDiv({ cls: 'session-brief-today-row tree-item-self is-clickable' });
		row.dataset.key = key;
		row.dataset.path = path;
		row.setAttrs({ role: 'treeitem', 'aria-level': 1, 'aria-label': label, tabindex: -1 });
		return row;
	}

	private rows(): HTMLElement[] {
		return Array.from(this.tree.querySelectorAll<HTMLElement>('[role="treeitem"]'));
	}

	private setCurrent(key: string | null, focus: boolean): void {
		const rows = this.rows();
		const el = rows.find((r) => r.dataset.key === key) ?? rows[0] ?? null;
		for (const row of rows) row.setAttr('tabindex', row === el ? 0 : -1);
		this.current = el?.dataset.key ?? null;
		if (focus) el?.focus();
	}

	private row(evt: UIEvent): HTMLElement | null {
		return closestTo<HTMLElement>(evt, '.session-brief-today-row');
	}

	/** Opens the note; today's daily note is created first when it does not exist yet. */
	async open(row: HTMLElement, newLeaf: PaneType | boolean): Promise<void> {
		const path = row.dataset.path;
		if (path === undefined) return;
		if (row.dataset.key !== DAILY_KEY) return this.actions.open(path, newLeaf);
		const file = await dailyNoteFile(this.app, this.service);
		if (file !== null) await this.app.workspace.getLeaf(newLeaf).openFile(file);
	}

	private onClick(evt: MouseEvent): void {
		const row = this.row(evt);
		if (row !== null) void this.open(row, Keymap.isModEvent(evt));
	}

	private onKeyDown(evt: KeyboardEvent): void {
		const row = this.row(evt);
		const key = row?.dataset.key;
		if (row === null || key === undefined) return;
		// Every row is a leaf; the shared key map reads level 2 as a leaf (no section to open or close).
		const nodes: TreeNode[] = this.rows().map((el) => ({ key: el.dataset.key ?? '', level: 2 }));
		const action = treeKeyAction(evt, nodes, key);
		if (action === null) return;
		evt.preventDefault();
		evt.stopPropagation();
		const el = this.rows().find((r) => r.dataset.key === action.key);
		if (el === undefined) return;
		if (action.kind === 'focus') this.setCurrent(action.key, true);
		else if (action.kind === 'open') void this.open(el, Keymap.isModEvent(evt));
		else if (action.kind === 'menu') {
			const rect = el.getBoundingClientRect();
			this.showMenu(el, (menu) => menu.showAtPosition({ x: rect.left + Math.min(rect.width, 24), y: rect.bottom }, el.ownerDocument));
		}
	}

	private onHover(evt: MouseEvent): void {
		const row = this.row(evt);
		const path = row?.dataset.path;
		if (row === null || path === undefined || row.hasClass('is-missing')) return;
		this.app.workspace.trigger('hover-link', { event: evt, source: this.hoverSource.source, hoverParent: this.hoverSource.parent, targetEl: row, linktext: path, sourcePath: path });
	}

	private showMenu(row: HTMLElement, show: (menu: Menu) => void): void {
		const path = row.dataset.path;
		if (path === undefined) return;
		const s = uiStrings(this.service.lang());
		const menu = new Menu();
		if (row.hasClass('is-missing')) {
			menu.addItem((item) => item.setTitle(s.today.createDailyNote).setIcon('calendar-plus').onClick(() => void this.open(row, false)));
		} else {
			menu.addItem((item) => item.setTitle(s.openInNewTab).setIcon('file-plus').onClick(() => void this.open(row, 'tab')));
			menu.addItem((item) => item.setTitle(s.revealInExplorer).setIcon('folder-open').onClick(() => void this.actions.reveal(path)));
		}
		show(menu);
	}
}
