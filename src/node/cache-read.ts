/**
 * Reading the cache files, apart from writing them (cache.ts) so a hook that only reads loads no
 * crypto module. Every field is checked against the format's schema (src/core/schemas/): a
 * missing file is a plain miss; a truncated, unparsable, foreign or wrong-shaped one is a miss
 * with a reason, which the brief names in its source note. Never an error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BRIEF_FILE, checkedBriefCache, checkedBriefIndex, INDEX_FILE, type BriefCache, type BriefIndex } from '../core/cache-format';

/** A cache file as read: absent, present and valid, or present and rejected (with why). */
export type CacheRead<T> = { state: 'missing' } | { state: 'ok'; value: T } | { state: 'rejected'; why: string };

function readJsonFile(file: string): { missing: true } | { missing: false; value: unknown } {
	let text: string;
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
		return { missing: false, value: undefined };
	}
	try {
		return { missing: false, value: JSON.parse(text) as unknown };
	} catch {
		return { missing: false, value: undefined };
	}
}

export function readBriefCacheChecked(pluginDir: string): CacheRead<BriefCache> {
	const read = readJsonFile(path.join(pluginDir, BRIEF_FILE));
	if (read.missing) return { state: 'missing' };
	if (read.value === undefined) return { state: 'rejected', why: `${BRIEF_FILE} is unreadable or not JSON` };
	const checked = checkedBriefCache(read.value);
	return checked.ok ? { state: 'ok', value: checked.value } : { state: 'rejected', why: `${BRIEF_FILE}: ${checked.why}` };
}

export function readBriefIndexChecked(pluginDir: string, id: string): CacheRead<BriefIndex> {
	const read = readJsonFile(path.join(pluginDir, INDEX_FILE));
	if (read.missing) return { state: 'missing' };
	if (read.value === undefined) return { state: 'rejected', why: `${INDEX_FILE} is unreadable or not JSON` };
	const checked = checkedBriefIndex(read.value, id);
	if (checked.ok) return { state: 'ok', value: checked.value };
	// Another write's index is the normal race between two writers, not a broken file.
	return checked.why === 'index from another write' ? { state: 'missing' } : { state: 'rejected', why: `${INDEX_FILE}: ${checked.why}` };
}

export function readBriefCache(pluginDir: string): BriefCache | null {
	const read = readBriefCacheChecked(pluginDir);
	return read.state === 'ok' ? read.value : null;
}

export function readBriefIndex(pluginDir: string, id: string): BriefIndex | null {
	const read = readBriefIndexChecked(pluginDir, id);
	return read.state === 'ok' ? read.value : null;
}
