/**
 * The cached brief on disk (docs/cache-format.md): a small brief file a hook serves without looking
 * at the notes, and an index that proves it current and lets a rescan read only changed notes; a
 * missing, truncated or foreign file is a cache miss, never an error.
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
