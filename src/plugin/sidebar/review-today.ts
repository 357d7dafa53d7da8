/**
 * The *Today* header of the sidebar: today's daily note and session files, both from the brief so
 * the header never disagrees with the agent (docs/design.md, "The sidebar's Today header"); a small
 * tree of its own, with the review tree's keys.
 */
import { Keymap, Menu, setIcon, setTooltip, type App, type Component, type PaneType } from 'obsidian';
import type { Brief } from '../../core/brief/brief';
import { age } from '../../core/review/review-text';
import { basename } from '../../core/notes/paths';
import type { BriefService } from '../index/brief-service';
import { dailyNoteFile } from '../daily/daily-note-create';
import { closestTo } from './dom-events';
import type { ReviewActions } from './review-actions';
import { TreeController } from './review-tree';
import { renderShowMore, RowLimits } from './row-cap';
import { uiStrings, type UiStrings } from '../ui-strings';

export const DAILY_KEY = 'today:daily';
const SESSIONS_LIST = 'today';
const MORE_KEY = 'today:more';

function sessionKey(path: string): string {
	return `today:session:${path}`;
}

export class TodayHeader {
	private readonly el: HTMLElement;
	private readonly tree: HTMLElement;
	private readonly titleEl: HTMLElement;
	private readonly controller: TreeController;
	/** A day of many agent sessions is capped like the sections (row-cap.ts). */
	private readonly limits = new RowLimits();
	/** The session rows of the last render, in order (for the row *Show more* focuses). */
	private sessionPaths: string[] = [];
	/** What the header drew last, to draw it again with one more page. */
	private lastBrief: Brief | null = null;

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
		// Every row is a leaf: the keys move, open and show the menu; nothing opens or closes.
		this.controller = new TreeController(
			this.tree,
			owner,
			{
				open: (el, newLeaf) => void this.open(el, newLeaf),
				menu: (el, show) => this.showMenu(el, show),
				showMore: () => this.showMore(),
				hoverRow: (evt) => {
					const row = this.row(evt);
					return row === null || row.hasClass('is-missing') ? null : row;
				},
			},
			{ app, ...hoverSource },
		);
		owner.registerDomEvent(this.tree, 'click', (evt) => this.onClick(evt));
		owner.registerDomEvent(this.tree, 'auxclick', (evt) => {
			const row = this.row(evt);
			if (row !== null && evt.button === 1) void this.open(row, 'tab');
		});
		// The Daily notes settings may have changed since the plugin read them: show today's note where it is now.
		void this.service.refreshDailyNoteSettings().then((changed) => {
			if (changed) this.service.changed();
		});
	}

	/** Draws the header from the brief; hidden until the brief is known. */
	render(brief: Brief | null, now: Date): void {
		const hadFocus = this.controller.hasFocus();
		this.lastBrief = brief;
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
		this.sessionPaths = sessions?.entries.map((e) => e.path) ?? [];
		if (sessions !== null) {
			const limit = this.limits.limit(SESSIONS_LIST);
			for (const entry of sessions.entries.slice(0, limit)) this.renderSession(entry.path, entry.mtime, now.getTime(), s);
			if (sessions.entries.length > limit) {
				renderShowMore(this.tree, { list: SESSIONS_LIST, key: MORE_KEY, level: 1, shown: limit, total: sessions.entries.length, page: this.limits.page, lang: this.service.lang() });
			}
			if (sessions.count === 0) this.tree.createDiv({ cls: 'session-brief-today-empty', text: s.today.noSessions });
		}
		this.controller.setCurrent(this.controller.current, hadFocus);
	}

	/** The next page of session rows, with the tab stop (and focus) on its first row. */
	private showMore(): void {
		const first = this.sessionPaths[this.limits.more(SESSIONS_LIST)];
		if (first !== undefined) this.controller.current = sessionKey(first);
		if (this.lastBrief !== null) this.render(this.lastBrief, new Date());
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
