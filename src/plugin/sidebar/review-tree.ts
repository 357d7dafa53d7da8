/**
 * The one controller of the sidebar's trees (sections, *Changed by agents*, Today): tab stop, keys,
 * menus, focus, hover and *Show more* rows live here once; each tree says only what its items do.
 */
import { Keymap, type App, type Component, type Menu, type PaneType } from 'obsidian';
import { closestTo } from './dom-events';
import { treeKeyAction, type TreeNode } from './review-keyboard';
import { SHOW_MORE_ATTR } from './row-cap';

const ITEM = '[role="treeitem"]';

export interface TreeBehaviour {
	/** Enter on a leaf: open its note (`newLeaf` from the modifier keys, as for a click). */
	open(el: HTMLElement, newLeaf: PaneType | boolean): void;
	/** The item's menu; `show` is not called when the item has none. */
	menu(el: HTMLElement, show: (menu: Menu) => void): void;
	/** Opens or closes a group item (its key is the tab stop already). */
	toggle?(el: HTMLElement): void;
	/** The *Show more* row of the list `list` was pressed (click, Enter or Space). */
	showMore?(list: string): void;
	/** Where the tab stop goes when the item `key` is gone, e.g. a note's section; null: the first item. */
	fallback?(key: string): string | null;
	/** The row under the pointer that wants a page preview, if any. */
	hoverRow?(evt: MouseEvent): HTMLElement | null;
}

export interface HoverSource {
	app: App;
	source: string;
	parent: Component;
}

export class TreeController {
	/** The `data-key` of the tree's one tab stop. */
	current: string | null = null;
	/** The element holding the tab stop, so moving it touches two items, not every item. */
	private stop: HTMLElement | null = null;

	constructor(
		readonly root: HTMLElement,
		/** Its `registerDomEvent` removes the listeners when the view closes. */
		owner: Component,
		private readonly behaviour: TreeBehaviour,
		private readonly hover: HoverSource,
	) {
		owner.registerDomEvent(root, 'keydown', (evt) => this.onKeyDown(evt));
		owner.registerDomEvent(root, 'contextmenu', (evt) => this.onContextMenu(evt));
		owner.registerDomEvent(root, 'focusin', (evt) => {
			const key = closestTo<HTMLElement>(evt, ITEM)?.dataset.key;
			if (key !== undefined && key !== this.current) this.setCurrent(key, false);
		});
		owner.registerDomEvent(root, 'mouseover', (evt) => this.onHover(evt));
		owner.registerDomEvent(root, 'click', (evt) => {
			const list = closestTo<HTMLElement>(evt, `[${SHOW_MORE_ATTR}]`)?.getAttr(SHOW_MORE_ATTR);
			if (list === null || list === undefined) return;
			evt.stopPropagation();
			this.behaviour.showMore?.(list);
		});
	}

	/** True when focus is inside the tree: a re-render puts it back on the same item. */
	hasFocus(): boolean {
		return this.root.contains(this.root.ownerDocument.activeElement);
	}

	items(): HTMLElement[] {
		return Array.from(this.root.querySelectorAll<HTMLElement>(ITEM));
	}

	/**
	 * Makes `key` the tree's one tab stop (its fallback, else the first item, when it is gone) and
	 * focuses it when asked. One pass over the items, however many there are.
	 */
	setCurrent(key: string | null, focus: boolean): void {
		const fallback = key === null ? null : (this.behaviour.fallback?.(key) ?? null);
		let found: HTMLElement | null = null;
		let second: HTMLElement | null = null;
		let first: HTMLElement | null = null;
		const byKey = key !== null && this.stop?.isConnected === true && this.root.contains(this.stop) && this.stop.dataset.key === key ? this.stop : null;
		if (byKey !== null) found = byKey;
		else {
			for (const item of Array.from(this.root.querySelectorAll<HTMLElement>(ITEM))) {
				first ??= item;
				const k = item.dataset.key;
				if (k === key) {
					found = item;
					break;
				}
				if (second === null && k === fallback) second = item;
			}
		}
		const el = found ?? second ?? first;
		if (this.stop !== null && this.stop !== el) this.stop.setAttr('tabindex', -1);
		el?.setAttr('tabindex', 0);
		this.stop = el;
		this.current = el?.dataset.key ?? null;
		if (focus) el?.focus();
	}

	private item(key: string): HTMLElement | null {
		return this.items().find((el) => el.dataset.key === key) ?? null;
	}

	private onKeyDown(evt: KeyboardEvent): void {
		const item = closestTo<HTMLElement>(evt, ITEM);
		const key = item?.dataset.key;
		if (item === null || key === undefined) return;
		const list = item.getAttr(SHOW_MORE_ATTR);
		if (list !== null && (evt.key === 'Enter' || evt.key === ' ') && !evt.altKey) {
			evt.preventDefault();
			evt.stopPropagation();
			this.behaviour.showMore?.(list);
			return;
		}
		const nodes: TreeNode[] = this.items().map((el) => {
			const expanded = el.getAttr('aria-expanded');
			return { key: el.dataset.key ?? '', level: expanded === null ? 2 : 1, expanded: expanded === 'true' };
		});
		const action = treeKeyAction(evt, nodes, key);
		if (action === null) return;
		evt.preventDefault();
		evt.stopPropagation();
		const el = this.item(action.key);
		if (el === null) return;
		if (action.kind === 'focus') this.setCurrent(action.key, true);
		else if (action.kind === 'toggle') {
			this.current = action.key;
			this.behaviour.toggle?.(el);
		} else if (action.kind === 'open') {
			if (el.getAttr(SHOW_MORE_ATTR) === null) this.behaviour.open(el, Keymap.isModEvent(evt));
		} else {
			const rect = el.getBoundingClientRect();
			this.behaviour.menu(el, (menu) => menu.showAtPosition({ x: rect.left + Math.min(rect.width, 24), y: rect.bottom }, el.ownerDocument));
		}
	}

	private onContextMenu(evt: MouseEvent): void {
		const el = closestTo<HTMLElement>(evt, ITEM);
		if (el === null) return;
		evt.preventDefault();
		this.behaviour.menu(el, (menu) => menu.showAtMouseEvent(evt));
	}

	private onHover(evt: MouseEvent): void {
		const row = this.behaviour.hoverRow?.(evt) ?? null;
		const path = row?.dataset.path;
		if (row === null || path === undefined) return;
		this.hover.app.workspace.trigger('hover-link', { event: evt, source: this.hover.source, hoverParent: this.hover.parent, targetEl: row, linktext: path, sourcePath: path });
	}
}
