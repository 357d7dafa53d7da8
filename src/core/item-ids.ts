/** The session-start items by id: the two fixed lines (date, daily note) and the table's list items. */
import { LIST_ITEM_IDS, type ListItemId } from './brief-items';

export { LIST_ITEM_IDS, type ListItemId } from './brief-items';
export type ItemId = 'date' | 'dailyNote' | ListItemId;
export const ITEM_IDS: readonly ItemId[] = ['date', 'dailyNote', ...LIST_ITEM_IDS];
