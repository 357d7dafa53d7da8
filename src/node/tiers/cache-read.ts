/**
 * Reading the cache files, apart from writing them (cache.ts) so a hook that only reads loads no
 * crypto module. Every field is checked against the format's schema (src/core/schemas/): a
 * missing file is a plain miss; a truncated, unparsable, foreign or wrong-shaped one is a miss
 * with a reason, which the brief names in its source note. Never an error.
 */
import * as path from 'node:path';
import { BRIEF_FILE, checkedBriefCache, checkedBriefIndex, INDEX_FILE, type BriefCache, type BriefIndex } from '../../core/brief/cache-format';
import { inspectStateFile, readStateText } from '../state-file';

/** A cache file as read: absent, present and valid, or present and rejected (with why). */
export type CacheRead<T> = { state: 'missing' } | { state: 'ok'; value: T } | { state: 'rejected'; why: string };

/** Far above the index of any real vault; a file larger than this is not one this code wrote. */
const MAX_BYTES = 256 * 1024 * 1024;

function readJsonFile(root: string, file: string): { missing: true } | { missing: false; value: unknown } {
	// A planted link, FIFO or folder is read as a rejected file, never opened (src/node/state-file.ts).
	const text = readStateText(root, file, MAX_BYTES);
	if (text === null) return inspectStateFile(root, file).kind === 'missing' ? { missing: true } : { missing: false, value: undefined };
	try {
		return { missing: false, value: JSON.parse(text) as unknown };
	} catch {
		return { missing: false, value: undefined };
	}
}

export function readBriefCacheChecked(root: string, pluginDir: string): CacheRead<BriefCache> {
	const read = readJsonFile(root, path.join(pluginDir, BRIEF_FILE));
	if (read.missing) return { state: 'missing' };
	if (read.value === undefined) return { state: 'rejected', why: `${BRIEF_FILE} is unreadable or not JSON` };
	const checked = checkedBriefCache(read.value);
	return checked.ok ? { state: 'ok', value: checked.value } : { state: 'rejected', why: `${BRIEF_FILE}: ${checked.why}` };
}

export function readBriefIndexChecked(root: string, pluginDir: string, id: string): CacheRead<BriefIndex> {
	const read = readJsonFile(root, path.join(pluginDir, INDEX_FILE));
	if (read.missing) return { state: 'missing' };
	if (read.value === undefined) return { state: 'rejected', why: `${INDEX_FILE} is unreadable or not JSON` };
	const checked = checkedBriefIndex(read.value, id);
	if (checked.ok) return { state: 'ok', value: checked.value };
	// Another write's index is the normal race between two writers, not a broken file.
	return checked.why === 'index from another write' ? { state: 'missing' } : { state: 'rejected', why: `${INDEX_FILE}: ${checked.why}` };
}

export function readBriefCache(root: string, pluginDir: string): BriefCache | null {
	const read = readBriefCacheChecked(root, pluginDir);
	return read.state === 'ok' ? read.value : null;
}

export function readBriefIndex(root: string, pluginDir: string, id: string): BriefIndex | null {
	const read = readBriefIndexChecked(root, pluginDir, id);
	return read.state === 'ok' ? read.value : null;
}
