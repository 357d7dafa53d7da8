/**
 * The row cap of the sidebar's lists: a list shows its first `ROW_PAGE` rows (in its current sort
 * and filter) and then a *Show more* row that adds the next page. Counts, the filter and *Mark all
 * reviewed* still cover every note; only drawing is capped, so a vault with ten thousand flagged
 * notes keeps a sidebar that opens and updates at once (docs/design.md, *Sidebar row cap*).
 */
import { type Lang } from '../../core/i18n';
import { rowCapStrings } from '../ui-strings';

/**
 * Rows drawn per page: about ten screens of a sidebar, more than anyone scrolls before reaching for
 * the filter, and few enough that a full redraw fits inside the render interval during a burst.
 */
export const ROW_PAGE = 200;

/** The attribute naming the list a *Show more* row extends. */
export const SHOW_MORE_ATTR = 'data-show-more';

/**
 * How many rows each list shows, by list. It only grows, by *Show more*, and lives as long as the
 * view: a redraw after an edit keeps what the user opened instead of snapping back to one page.
 */
export class RowLimits {
	private readonly limits = new Map<string, number>();

	constructor(readonly page = ROW_PAGE) {}

	limit(list: string): number {
		return this.limits.get(list) ?? this.page;
	}

	/** Adds a page to `list`; returns the index of the first row it adds. */
	more(list: string): number {
		const before = this.limit(list);
		this.limits.set(list, before + this.page);
		return before;
	}
}

export interface ShowMoreInput {
	/** The list it extends (`RowLimits` key). */
	list: string;
	/** Its `data-key` in the tree. */
	key: string;
	/** Its `aria-level`: beside the rows it continues. */
	level: number;
	shown: number;
	total: number;
	page: number;
	lang: Lang;
}

/**
 * The *Show more* row: a tree item (so the arrow keys reach it and Enter or Space press it) holding
 * a real button for the pointer, and saying how many of how many rows show.
 */
export function renderShowMore(parent: HTMLElement, input: ShowMoreInput): HTMLElement {
	const s = rowCapStrings(input.lang);
	const next = Math.min(input.page, input.total - input.shown);
	const row = parent.createDiv({ cls: 'session-brief-show-more' });
	row.dataset.key = input.key;
	row.setAttrs({ role: 'treeitem', 'aria-level': input.level, 'aria-label': s.showMoreLabel(next, input.shown, input.total), tabindex: -1, [SHOW_MORE_ATTR]: input.list });
	// Out of the tab order like the rows' other buttons: the tree item is the keyboard's target.
	row.createEl('button', { cls: 'session-brief-show-more-button', text: s.showMore(next), attr: { type: 'button', tabindex: -1, 'aria-hidden': 'true' } });
	row.createSpan({ cls: 'session-brief-show-more-count', text: s.shownOf(input.shown, input.total), attr: { 'aria-hidden': 'true' } });
	return row;
}
