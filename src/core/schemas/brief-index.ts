/**
 * `brief-index.json` (docs/cache-format.md): every row checked, for the writers and the readers.
 * An index that fails is a cache miss: the notes are scanned and both files rewritten.
 */
import { FLAG_SPECS } from '../notes/flag-table';
import { bool, either, int, isNotePath, listOf, notePath, object, oneOf, str, time, tuple, type Check } from './shape';

export const BRIEF_INDEX_FORMAT = 'session-brief-index';

const tagHit = object({ tag: str, where: oneOf('frontmatter', 'body'), line: int(0, Number.MAX_SAFE_INTEGER), text: str });

/** One field per row of the flag table; a row written before a flag existed lacks it and is a miss. */
const noteFlags = object(Object.fromEntries(FLAG_SPECS.map((s) => [s.flag, s.kind === 'hits' ? listOf(tagHit) : bool])));

/** `[path, mtime, size, flags, readError?]`: flags `0` (nothing counted), `null` (unreadable) or `NoteFlags`. */
const fullRow = tuple([notePath, time, int(-1, Number.MAX_SAFE_INTEGER), either(oneOf(0, null), noteFlags), str], 1);

/** Most rows are `[path, mtime, size, 0]`: checked inline, the rest by the full row check. */
const row: Check = (v, at) => {
	if (Array.isArray(v) && v.length === 4 && v[3] === 0 && typeof v[0] === 'string' && isNotePath(v[0]) && typeof v[1] === 'number' && Math.abs(v[1]) <= 8.64e15 && Number.isInteger(v[2]) && (v[2] as number) >= -1) return null;
	return fullRow(v, at);
};

export function checkBriefIndex(version: number): Check {
	return object({ format: oneOf(BRIEF_INDEX_FORMAT), version: oneOf(version), id: str, notes: listOf(row) });
}
