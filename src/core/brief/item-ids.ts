/** The session-start items by id: the two fixed lines (date, daily note) and the table's list items. */
import { CHANGE_ITEM_IDS, LIST_ITEM_IDS, type ChangeItemId, type ListItemId } from './brief-items';

export { CHANGE_ITEM_IDS, LIST_ITEM_IDS, type ChangeItemId, type ListItemId } from './brief-items';
export type ItemId = 'date' | 'dailyNote' | ListItemId | ChangeItemId;
export const ITEM_IDS: readonly ItemId[] = ['date', 'dailyNote', ...LIST_ITEM_IDS, ...CHANGE_ITEM_IDS];
