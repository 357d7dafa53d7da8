/**
 * What a cached brief depends on besides the notes: the rules' version, the effective settings
 * and the daily-note settings. A cache written under another key is stale. The language
 * is not part of it: the cache holds data, and text is made from it when served.
 */
import type { DailyNoteSettings, Settings } from '../settings';

/** Bump when what counts changes, so caches written by older code are never served. */
export const RULES_VERSION = 1;

export function settingsKey(settings: Settings, dailyNote: DailyNoteSettings): string {
	return JSON.stringify({ v: RULES_VERSION, settings, dailyNote });
}
