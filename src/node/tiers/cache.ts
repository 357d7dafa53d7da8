/**
 * The cached brief on disk (format: src/core/brief/cache-format.ts, docs/cache-format.md). Two files in
 * the plugin's folder: a small brief file a hook can serve without looking at the notes, and an
 * index of every note that proves the brief current (tier 3) and lets a rescan read only the notes
 * that changed. Both are written atomically (temp file + rename); a missing, truncated or foreign
 * file is a cache miss, never an error.
 */
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import { writeStateFile } from '../state-file';
import { BRIEF_FILE, INDEX_FILE, makeBriefCache, makeIndex, stampOfRows, type BriefCache, type IndexRow } from '../../core/brief/cache-format';

export { readBriefCache, readBriefIndex } from './cache-read';

/** Index first, brief second: a reader that sees the new brief always finds its index. Returns the index's id. */
export function writeCache(root: string, pluginDir: string, fields: Omit<BriefCache, 'format' | 'version' | 'indexId' | 'stamp'>, rows: IndexRow[]): string {
	const id = crypto.randomBytes(8).toString('hex');
	writeStateFile(root, path.join(pluginDir, INDEX_FILE), JSON.stringify(makeIndex(id, rows)));
	writeStateFile(root, path.join(pluginDir, BRIEF_FILE), JSON.stringify(makeBriefCache(id, { ...fields, stamp: stampOfRows(rows) })));
	return id;
}
