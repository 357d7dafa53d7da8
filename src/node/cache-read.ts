/**
 * Reading the cache files, apart from writing them (cache.ts) so a hook that only reads loads no
 * crypto module. A missing, truncated or foreign file is a miss (null), never an error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { asBriefCache, asBriefIndex, BRIEF_FILE, INDEX_FILE, type BriefCache, type BriefIndex } from '../core/cache-format';

function readJsonFile(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	} catch {
		return undefined;
	}
}

export function readBriefCache(pluginDir: string): BriefCache | null {
	return asBriefCache(readJsonFile(path.join(pluginDir, BRIEF_FILE)));
}

export function readBriefIndex(pluginDir: string, id: string): BriefIndex | null {
	return asBriefIndex(readJsonFile(path.join(pluginDir, INDEX_FILE)), id);
}
