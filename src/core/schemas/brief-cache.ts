/**
 * `brief-cache.json` (docs/cache-format.md): every field checked, for the writers (plugin and
 * bridge, before they write) and the readers (every hook run). A file that fails is a cache miss,
 * and the reason goes into the brief's source note.
 */
import { checkBrief, ISO_DATE } from './brief';
import { bool, int, listOf, matches, notePath, nullable, num, object, oneOf, optional, str, time, type Check } from './shape';

const ISO_TIME = matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'an ISO-8601 time');

export const BRIEF_CACHE_FORMAT = 'session-brief-cache';

/** `maxNamesPerItem` is at most 1,000 (src/core/settings.ts). */
const MAX_NAMES = 1000;

const COUNT = int(0, Number.MAX_SAFE_INTEGER);

/** A file as `fs.stat` named it; inode numbers may be any size a double holds. */
const FILE_IDENTITY = object({ ino: num, size: COUNT, mtimeMs: num });

export function checkBriefCache(version: number): Check {
	return object({
		format: oneOf(BRIEF_CACHE_FORMAT),
		version: oneOf(version),
		writer: oneOf('bridge', 'plugin'),
		writtenAt: time,
		date: ISO_DATE,
		key: str,
		indexId: str,
		noteCount: int(0, Number.MAX_SAFE_INTEGER),
		toReview: optional(int(0, Number.MAX_SAFE_INTEGER)),
		brief: checkBrief,
		namesPerItem: int(0, MAX_NAMES),
		lang: optional(oneOf('en', 'de')),
		locale: optional(str),
		plugin: optional(object({ pid: int(1, 2 ** 32), pending: bool, started: optional(str) })),
		news: optional(listOf(object({ since: ISO_TIME, count: COUNT, paths: listOf(notePath, MAX_NAMES) }), 2)),
		agentChanges: optional(
			object({
				journal: nullable(FILE_IDENTITY),
				lastLine: nullable(str),
				marks: nullable(FILE_IDENTITY),
				records: COUNT,
				count: COUNT,
				paths: listOf(notePath, MAX_NAMES),
				expires: nullable(time),
				deleted: optional(listOf(notePath, MAX_NAMES)),
				renamed: optional(listOf(object({ path: notePath, from: notePath }), MAX_NAMES)),
				renamesUntil: optional(ISO_TIME),
			}),
		),
		stamp: optional(object({ notes: int(0, Number.MAX_SAFE_INTEGER), hash: matches(/^[0-9a-f]{16}$/, '16 hex digits') })),
	});
}
