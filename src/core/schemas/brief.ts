/**
 * The shape of the core's `Brief` (src/core/brief/brief.ts) wherever it crosses a file or a socket: in
 * `brief-cache.json` and in the live channel's `brief` answer. One check for both, so a writer and
 * every reader agree on what a brief is.
 */
import { ITEM_IDS, LIST_ITEM_IDS } from '../brief/item-ids';
import { bool, int, listOf, matches, notePath, nullable, object, oneOf, str, time, type Check } from './shape';

export const ISO_DATE = matches(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

const hit = object({ where: oneOf('frontmatter', 'body'), line: int(0, Number.MAX_SAFE_INTEGER), text: str });

const reviewEntry = object({ path: notePath, mtime: time, hits: listOf(hit) });

const listItem = object({ count: int(0, Number.MAX_SAFE_INTEGER), paths: listOf(notePath), entries: listOf(reviewEntry) });

export const checkBrief: Check = object({
	date: ISO_DATE,
	weekday: int(0, 6),
	items: object({
		dailyNote: nullable(object({ path: notePath, exists: bool })),
		// One list item per entry of the table of brief items (brief-items.ts).
		...Object.fromEntries(LIST_ITEM_IDS.map((id) => [id, nullable(listItem)])),
	}),
	errors: listOf(object({ item: oneOf(...ITEM_IDS, 'scan'), message: str })),
});
