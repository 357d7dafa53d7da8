/**
 * The *Changed by agents* section: unreviewed agent changes, one group per session, newest first,
 * as a tree of its own with the review tree's keys. Marks go to `agent-review.json`, never into a note.
 */
import { Keymap, Menu, Notice, setIcon, setTooltip, type App, type Component, type PaneType } from 'obsidian';
import { basename } from '../../core/notes/paths';
import { folderOf } from '../../core/review/review-groups';
import { quoteAlways } from '../../core/quote';
import { MAX_DEVICE_LABEL } from '../../core/review/review-seal';
import { sessionKey, type AgentChange, type ChangeSession } from '../../core/trail/what-changed';
import { AGENT_CHANGES_CHANGED, type AgentChanges } from '../review/agent-changes';
import { AgentDiffModal, undoNotice } from '../review/agent-diff-modal';
import { agentDiffStrings } from '../review/agent-diff-strings';
import { confirmRevertMany, refsOf } from '../review/agent-revert-many';
import { CHANGED, type BriefService } from '../index/brief-service';
import { ConfirmModal } from '../confirm-modal';
import { dateFormat } from '../daily/date-format';
import { closestTo } from './dom-events';
import type { ReviewActions } from './review-actions';
import { isMenuKey } from './review-keyboard';
import { TreeController } from './review-tree';
import { renderShowMore, RowLimits } from './row-cap';
import { agentChangesStrings, uiStrings, type AgentChangesStrings } from '../ui-strings';

const PREFS_KEY = 'session-brief-agent-changes';
/** How long the notice with Undo stays, as for the other *Mark all reviewed*. */
const UNDO_NOTICE_MS = 10_000;
/** Characters of a session id shown: enough to tell sessions apart, short enough for a sidebar. */
const SESSION_ID_CHARS = 8;

// A session id is the agent's text and may hold `:`: it is escaped in the keys, so the key of a
// note row gives back its session's key.
function groupKey(session: string | null): string {
	return `agent-session:${encodeURIComponent(sessionKey(session))}`;
}

function changeKey(change: AgentChange): string {
	return `agent-note:${encodeURIComponent(sessionKey(change.session))}:${change.path}`;
}

/** The one list of the tree the row cap counts, sessions' notes in the order they show. */
const NOTES_LIST = 'agents';
const MORE_KEY = 'agent-more';

/** A note row's session, where the tab stop goes when the note is gone (marked, deleted). */
function sessionOfKey(key: string): string | null {
	return key.startsWith('agent-note:') ? `agent-session:${key.split(':')[1] ?? ''}` : null;
}

function noteName(path: string): string {
	return basename(path).replace(/\.md$/, '');
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
const FULL_SECONDS: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'medium' };

/** "14:03" today, "28 Nov, 14:03" on another day. */
export function shortTime(iso: string, now: Date, locale: string): string {
	const d = new Date(iso);
	const sameDay = d.toDateString() === now.toDateString();
	return dateFormat(locale, sameDay ? TIME : DAY_TIME).format(d);
}

export class AgentChangesSection {
	private readonly el: HTMLElement;
	private readonly header: HTMLElement;
	private readonly tree: HTMLElement;
	private collapsed: boolean;
	/** Sessions closed by the user (by key), for as long as the view is open. */
	private readonly closedSessions = new Set<string>();
	private readonly controller: TreeController;
	/** How many note rows the tree draws (row-cap.ts); kept across redraws while the view is open. */
	private readonly limits = new RowLimits();
	/** Every session the section holds now, drawn or behind *Show more*: what *Mark all* marks. */
	private shown: ChangeSession[] = [];
	/** The keys of the note rows of open sessions, in the order they show (the cap counts these). */
	private noteKeys: string[] = [];

	constructor(
		parent: HTMLElement,
		/** Where the section sits: before this element of `parent`. */
		before: HTMLElement | null,
		/** The view: its `registerDomEvent` and `registerEvent` clean up when it closes. */
		owner: Component,
		private readonly app: App,
		private readonly store: AgentChanges,
		private readonly service: BriefService,
		private readonly actions: ReviewActions,
		/** Where the view's hover previews come from. */
		private readonly hoverSource: { source: string; parent: Component },
	) {
		this.collapsed = (app.loadLocalStorage(PREFS_KEY) as { collapsed?: unknown } | null)?.collapsed === true;
		this.el = createDiv({ cls: 'session-brief-agents' });
		parent.insertBefore(this.el, before);
		this.header = this.el.createDiv({ cls: 'session-brief-agents-header', attr: { role: 'button', tabindex: 0 } });
		this.tree = this.el.createDiv({ cls: 'session-brief-agents-tree', attr: { role: 'tree' } });
		owner.registerDomEvent(this.header, 'click', (evt) => this.onHeaderClick(evt));
		owner.registerDomEvent(this.header, 'keydown', (evt) => this.onHeaderKey(evt));
		owner.registerDomEvent(this.header, 'contextmenu', (evt) => {
			evt.preventDefault();
			this.showHeaderMenu((menu) => menu.showAtMouseEvent(evt));
		});
		this.controller = new TreeController(
			this.tree,
			owner,
			{
				open: (el, newLeaf) => void this.open(el, newLeaf),
				menu: (el, show) => this.showMenu(el, show),
				toggle: (el) => this.toggleSession(el.dataset.key ?? ''),
				showMore: () => this.showMore(),
				fallback: sessionOfKey,
				hoverRow: (evt) => this.noteRow(evt),
			},
			{ app, ...hoverSource },
		);
		owner.registerDomEvent(this.tree, 'click', (evt) => this.onClick(evt));
		owner.registerDomEvent(this.tree, 'auxclick', (evt) => {
			const row = this.noteRow(evt);
			// Middle click opens in a new tab, as in Obsidian's own file lists.
			if (row !== null && evt.button === 1) void this.open(row, 'tab');
		});
		owner.registerEvent(store.on(AGENT_CHANGES_CHANGED, () => this.render()));
		// The language or the excluded folders may have changed with the settings.
		owner.registerEvent(service.on(CHANGED, () => this.renderIfSettingsChanged()));
		this.render();
	}

	private get s(): AgentChangesStrings {
		return agentChangesStrings(this.service.lang());
	}

	private settingsSeen = '';
	private settingsKey(): string {
		return `${this.service.lang()}\0${JSON.stringify(this.service.settings.excludedRootFolders)}`;
	}

	private renderIfSettingsChanged(): void {
		if (this.settingsKey() !== this.settingsSeen) this.render();
	}

	/** Draws the section; hidden where there is no journal (a phone, a vault no agent has edited). */
	render(): void {
		this.settingsSeen = this.settingsKey();
		const hadFocus = this.controller.hasFocus();
		this.header.empty();
		this.tree.empty();
		const visible = this.store.available && this.store.hasJournal;
		this.el.toggleClass('session-brief-hidden', !visible);
		if (!visible) {
			this.shown = [];
			this.noteKeys = [];
			return;
		}
		const s = this.s;
		const sessions = this.store.sessions();
		this.shown = sessions;
		const count = this.store.count();
		this.el.toggleClass('is-collapsed', this.collapsed);
		this.header.setAttrs({ 'aria-expanded': String(!this.collapsed), 'aria-label': s.label(count) });
		setIcon(this.header.createSpan({ cls: 'session-brief-collapse-icon' }), this.collapsed ? 'chevron-right' : 'chevron-down');
		this.header.createSpan({ cls: 'session-brief-agents-title', text: s.title });
		this.header.createSpan({ cls: 'session-brief-count', text: String(count) });
		if (count > 0) {
			// Out of the tab order like the review tree's buttons: the heading's menu (context-menu key) has it.
			const all = this.header.createDiv({ cls: 'clickable-icon session-brief-mark-all', attr: { 'aria-label': s.markAllReviewed, 'data-action': 'mark-all', tabindex: -1 } });
			setIcon(all, 'check-check');
		}
		this.tree.setAttr('aria-label', s.title);
		this.tree.toggleClass('session-brief-hidden', this.collapsed);
		if (this.collapsed) return;
		this.renderChangedOutside(s);
		if (sessions.length === 0) {
			this.tree.createDiv({ cls: 'session-brief-empty', text: s.empty });
			return;
		}
		const now = new Date();
		this.noteKeys = sessions.flatMap((g) => (this.closedSessions.has(groupKey(g.session)) ? [] : g.changes.map(changeKey)));
		const limit = this.limits.limit(NOTES_LIST);
		let budget = limit;
		// The notes of the session the cap cut short, where *Show more* continues them.
		let cut: HTMLElement | null = null;
		for (const group of sessions) {
			// Sessions after the last note row drawn wait behind *Show more* with their notes.
			if (budget <= 0) break;
			const drawn = this.renderSession(group, now, s, budget);
			budget -= drawn.count;
			if (drawn.body !== null && drawn.count < group.changes.length) cut = drawn.body;
		}
		if (this.noteKeys.length > limit) {
			renderShowMore(cut ?? this.tree, { list: NOTES_LIST, key: MORE_KEY, level: cut === null ? 1 : 2, shown: limit, total: this.noteKeys.length, page: this.limits.page, lang: this.service.lang() });
		}
		this.controller.setCurrent(this.controller.current, hadFocus);
	}

	/**
	 * The warning that the review marks were changed outside Obsidian, with the human's way to accept
	 * them; or, for marks another device signed, the question whether to trust that device.
	 */
	private renderChangedOutside(s: AgentChangesStrings): void {
		const lost = this.store.journalLost();
		if (lost > 0) this.tree.createDiv({ cls: 'session-brief-marks-outside', attr: { role: 'alert' } }).createDiv({ cls: 'session-brief-marks-outside-text', text: s.journalLost(lost) });
		const outside = this.store.changedOutside();
		if (outside === null) return;
		const box = this.tree.createDiv({ cls: 'session-brief-marks-outside', attr: { role: 'alert' } });
		const device = outside.device;
		if (device !== null) {
			// Another device's Session Brief signed these marks: asked once, then its marks count.
			box.addClass('session-brief-marks-device');
			const label = device.label === null ? null : quoteAlways(device.label.slice(0, MAX_DEVICE_LABEL));
			box.createDiv({ cls: 'session-brief-marks-outside-text', text: s.otherDevice(device.id, label, device.own, outside.hidden) });
			const trust = box.createEl('button', { cls: 'mod-cta', text: s.trustDevice });
			trust.addEventListener('click', (evt) => {
				evt.stopPropagation();
				void this.store.trustOutsideDevice();
			});
			return;
		}
		const at = outside.at === null ? null : shortTime(outside.at, new Date(), uiStrings(this.service.lang()).locale);
		box.createDiv({ cls: 'session-brief-marks-outside-text', text: s.changedOutside(at, outside.hidden) });
		const accept = box.createEl('button', { cls: 'mod-warning', text: s.acceptMarks });
		accept.addEventListener('click', (evt) => {
			evt.stopPropagation();
			void this.store.acceptOutsideMarks();
		});
	}

	/** The next page of note rows, with the tab stop (and focus) on its first row. */
	private showMore(): void {
		const first = this.noteKeys[this.limits.more(NOTES_LIST)];
		if (first !== undefined) this.controller.current = first;
		this.render();
	}

	/** Draws the session and up to `budget` of its notes; returns how many notes, and where. */
	private renderSession(group: ChangeSession, now: Date, s: AgentChangesStrings, budget: number): { count: number; body: HTMLElement | null } {
		const key = groupKey(group.session);
		const open = !this.closedSessions.has(key);
		const locale = uiStrings(this.service.lang()).locale;
		const name = group.session === null ? s.noSession : s.session(group.session.slice(0, SESSION_ID_CHARS));
		const time = shortTime(group.latest, now, locale);
		const item = this.tree.createDiv({ cls: 'session-brief-agent-session' });
		item.dataset.key = key;
		item.dataset.session = sessionKey(group.session);
		item.setAttrs({ role: 'treeitem', 'aria-level': 1, 'aria-expanded': String(open), 'aria-label': s.sessionLabel(name, time, group.changes.length), tabindex: -1 });
		const head = item.createDiv({ cls: 'session-brief-agent-session-head', attr: { 'data-toggle-session': key } });
		setIcon(head.createSpan({ cls: 'session-brief-collapse-icon' }), open ? 'chevron-down' : 'chevron-right');
		setIcon(head.createSpan({ cls: 'session-brief-agent-icon' }), 'bot');
		const nameEl = head.createSpan({ cls: 'session-brief-agent-session-name', text: name });
		if (group.session !== null) setTooltip(nameEl, group.session);
		head.createSpan({ cls: 'session-brief-agent-session-time', text: time });
		head.createSpan({ cls: 'session-brief-count', text: String(group.changes.length) });
		const mark = head.createDiv({ cls: 'clickable-icon session-brief-mark-all', attr: { 'aria-label': s.markSessionReviewed, 'data-action': 'mark-session', tabindex: -1 } });
		setIcon(mark, 'check-check');
		if (!open) return { count: 0, body: null };
		const body = item.createDiv({ cls: 'session-brief-agent-notes', attr: { role: 'group' } });
		const drawn = group.changes.slice(0, budget);
		for (const change of drawn) this.renderChange(body, change, now, locale, s);
		return { count: drawn.length, body };
	}

	private renderChange(parent: HTMLElement, change: AgentChange, now: Date, locale: string, s: AgentChangesStrings): void {
		const name = noteName(change.path);
		const folder = folderOf(change.path);
		const time = shortTime(change.at, now, locale);
		const row = parent.createDiv({ cls: 'session-brief-agent-note tree-item-self is-clickable' });
		row.dataset.key = changeKey(change);
		row.dataset.path = change.path;
		row.dataset.at = change.at;
		if (change.change !== undefined) row.dataset.change = change.change;
		// Deleted: listed under its old path; renamed: old name → new name (src/core/trail/what-changed.ts).
		const shown = change.change === 'renamed' && change.from !== undefined ? s.renamed(noteName(change.from), name) : name;
		const kind = change.change === 'deleted' ? s.deleted : null;
		row.setAttrs({ role: 'treeitem', 'aria-level': 2, 'aria-label': s.noteLabel(kind === null ? shown : `${shown} (${kind})`, folder, time, change.tool), tabindex: -1 });
		row.toggleClass('is-deleted', change.change === 'deleted');
		const head = row.createDiv({ cls: 'session-brief-item-head' });
		head.createDiv({ cls: 'session-brief-item-name', text: shown });
		const timeEl = head.createDiv({ cls: 'session-brief-item-age', text: time });
		setTooltip(timeEl, s.changedAt(dateFormat(locale, FULL_SECONDS).format(new Date(change.at))));
		const meta = [folder, kind ?? '', change.tool ?? '', change.edits > 1 ? s.edits(change.edits) : ''].filter((p) => p !== '');
		if (meta.length > 0) row.createDiv({ cls: 'session-brief-item-path', text: meta.join(' · ') });
		const diff = row.createDiv({ cls: 'clickable-icon session-brief-item-diff', attr: { 'aria-label': agentDiffStrings(this.service.lang()).showChanges, 'data-action': 'diff', tabindex: -1 } });
		setIcon(diff, 'file-diff');
		const mark = row.createDiv({ cls: 'clickable-icon session-brief-item-mark', attr: { 'aria-label': s.markReviewed, 'data-action': 'mark', tabindex: -1 } });
		setIcon(mark, 'check');
	}

	/** The diff view of the row's change (src/plugin/review/agent-diff-modal.ts). */
	showDiff(row: HTMLElement): AgentDiffModal | null {
		const change = this.changeOf(row);
		if (change === undefined) return null;
		const modal = new AgentDiffModal(this.app, this.store, () => this.service.lang(), { path: change.path, session: change.session, at: change.at, tool: change.tool });
		modal.open();
		return modal;
	}

	private changeOf(row: HTMLElement): AgentChange | undefined {
		return this.sessionOf(row)?.changes.find((c) => c.path === row.dataset.path);
	}

	private noteRow(evt: UIEvent): HTMLElement | null {
		return closestTo<HTMLElement>(evt, '.session-brief-agent-note');
	}

	private sessionOf(el: HTMLElement): ChangeSession | undefined {
		const item = el.closest<HTMLElement>('.session-brief-agent-session');
		const key = item?.dataset.session;
		return this.shown.find((g) => sessionKey(g.session) === key);
	}

	private open(row: HTMLElement, newLeaf: PaneType | boolean): Promise<void> {
		const path = row.dataset.path ?? '';
		// Nothing to open: say where Obsidian keeps what is left of it.
		if (row.dataset.change === 'deleted' && this.app.vault.getFileByPath(path) === null) {
			new Notice(this.s.deletedHint(noteName(path)));
			return Promise.resolve();
		}
		return this.actions.open(path, newLeaf);
	}

	private toggle(): void {
		this.collapsed = !this.collapsed;
		this.app.saveLocalStorage(PREFS_KEY, { collapsed: this.collapsed });
		this.render();
	}

	private toggleSession(key: string): void {
		if (this.closedSessions.has(key)) this.closedSessions.delete(key);
		else this.closedSessions.add(key);
		this.controller.current = key;
		this.render();
	}

	private onHeaderClick(evt: MouseEvent): void {
		if (closestTo<HTMLElement>(evt, '[data-action="mark-all"]') !== null) {
			evt.stopPropagation();
			this.confirmMarkAll();
			return;
		}
		this.toggle();
	}

	private onHeaderKey(evt: KeyboardEvent): void {
		if (isMenuKey(evt)) {
			evt.preventDefault();
			const rect = this.header.getBoundingClientRect();
			this.showHeaderMenu((menu) => menu.showAtPosition({ x: rect.left + Math.min(rect.width, 24), y: rect.bottom }, this.header.ownerDocument));
			return;
		}
		if (evt.key !== 'Enter' && evt.key !== ' ') return;
		evt.preventDefault();
		this.toggle();
	}

	private onClick(evt: MouseEvent): void {
		const action = closestTo<HTMLElement>(evt, '[data-action]');
		if (action !== null) {
			evt.stopPropagation();
			if (action.dataset.action === 'mark') {
				const row = this.noteRow(evt);
				if (row !== null) void this.markNote(row);
			} else if (action.dataset.action === 'diff') {
				const row = this.noteRow(evt);
				if (row !== null) this.showDiff(row);
			} else if (action.dataset.action === 'mark-session') {
				const group = this.sessionOf(action);
				if (group !== undefined) void this.markSession(group);
			}
			return;
		}
		const row = this.noteRow(evt);
		if (row !== null) {
			void this.open(row, Keymap.isModEvent(evt));
			return;
		}
		const toggle = closestTo<HTMLElement>(evt, '[data-toggle-session]')?.dataset.toggleSession;
		if (toggle !== undefined) this.toggleSession(toggle);
	}

	private showHeaderMenu(show: (menu: Menu) => void): void {
		if (this.store.count() === 0) return;
		const menu = new Menu();
		menu.addItem((item) => item.setTitle(this.s.markAllReviewed).setIcon('check-check').onClick(() => this.confirmMarkAll()));
		menu.addItem((item) => item.setTitle(agentDiffStrings(this.service.lang()).revertAll).setIcon('undo-2').onClick(() => confirmRevertMany(this.app, this.store, this.service.lang(), refsOf(this.shown))));
		show(menu);
	}

	private showMenu(el: HTMLElement, show: (menu: Menu) => void): void {
		const s = this.s;
		const d = agentDiffStrings(this.service.lang());
		const ui = uiStrings(this.service.lang());
		const menu = new Menu();
		const path = el.dataset.path;
		if (path === undefined) {
			const group = this.sessionOf(el);
			if (group === undefined) return;
			menu.addItem((item) => item.setTitle(s.markSessionReviewed).setIcon('check-check').onClick(() => void this.markSession(group)));
			menu.addItem((item) => item.setTitle(d.revertSession).setIcon('undo-2').onClick(() => confirmRevertMany(this.app, this.store, this.service.lang(), refsOf([group]))));
		} else {
			menu.addItem((item) => item.setTitle(d.showChanges).setIcon('file-diff').onClick(() => void this.showDiff(el)));
			menu.addItem((item) => item.setTitle(s.markReviewed).setIcon('check').onClick(() => void this.markNote(el)));
			menu.addItem((item) => item.setTitle(ui.openInNewTab).setIcon('file-plus').onClick(() => void this.open(el, 'tab')));
			menu.addItem((item) => item.setTitle(ui.revealInExplorer).setIcon('folder-open').onClick(() => void this.actions.reveal(path)));
		}
		show(menu);
	}

	/** Marks the note up to its latest edit shown: an edit arriving meanwhile still shows. */
	async markNote(row: HTMLElement): Promise<void> {
		const path = row.dataset.path;
		const at = row.dataset.at;
		if (path === undefined || at === undefined) return;
		// The same note may wait in several sessions: marking it once covers every edit shown.
		const latest = this.shown.flatMap((g) => g.changes).filter((c) => c.path === path).reduce((a, c) => (c.at > a ? c.at : a), at);
		await this.store.markNote(path, latest);
		this.reportError();
	}

	/** Marks the session's changes reviewed (the session's Accept), with Undo. */
	async markSession(group: ChangeSession): Promise<void> {
		const previous = this.store.sessionMark(group.session);
		await this.store.markSession(group.session, group.latest);
		if (this.reportError()) return;
		const d = agentDiffStrings(this.service.lang());
		undoNotice(d.sessionAccepted(group.changes.length), { run: async () => (await this.store.restoreSessionMark(group.session, previous), []) }, d);
	}

	/** Asks first, saying how many notes; then marks what the section shows, with Undo. */
	confirmMarkAll(): void {
		const count = this.store.count();
		if (count === 0) return;
		const s = this.s;
		const ui = uiStrings(this.service.lang());
		new ConfirmModal(this.app, {
			title: s.markAllReviewed,
			message: s.confirmMarkAll(count),
			confirm: s.markAllReviewed,
			cancel: ui.cancel,
			onConfirm: () => void this.markAll(count),
		}).open();
	}

	private async markAll(count: number): Promise<void> {
		const latest = this.shown.reduce((a, g) => (g.latest > a ? g.latest : a), '');
		if (latest === '') return;
		const undo = await this.store.markAll(latest);
		if (this.reportError()) return;
		const s = this.s;
		const fragment = createFragment();
		fragment.createSpan({ text: s.markedAll(count) });
		const button = fragment.createEl('button', { cls: 'session-brief-undo', text: uiStrings(this.service.lang()).undo });
		const notice = new Notice(fragment, UNDO_NOTICE_MS);
		button.addEventListener('click', (evt) => {
			evt.stopPropagation();
			notice.hide();
			void this.store.undoMarkAll(undo).then(() => {
				if (!this.reportError()) new Notice(s.undone);
			});
		});
	}

	/** Says when the marks could not be written; true when so. */
	private reportError(): boolean {
		if (this.store.lastError === null) return false;
		new Notice(this.s.writeFailed(this.store.lastError));
		return true;
	}
}
