/**
 * The cached brief on disk (format: src/core/cache-format.ts, docs/cache-format.md). Two files in
 * the plugin's folder: a small brief file a hook can serve without looking at the notes, and an
 * index of every note that proves the brief current (tier 3) and lets a rescan read only the notes
 * that changed. Both are written atomically (temp file + rename); a missing, truncated or foreign
 * file is a cache miss, never an error.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BRIEF_FILE, INDEX_FILE, makeBriefCache, makeIndex, type BriefCache, type IndexRow } from '../core/cache-format';

/** Writes through a temp file in the same folder and renames it over the target. */
export function writeAtomic(file: string, content: string): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
	try {
		fs.writeFileSync(tmp, content);
		fs.renameSync(tmp, file);
	} catch (error) {
		try {
			fs.unlinkSync(tmp);
		} catch {
			// The temp file was never created.
		}
		throw error;
	}
}

export { readBriefCache, readBriefIndex } from './cache-read';

/** Index first, brief second: a reader that sees the new brief always finds its index. */
export function writeCache(pluginDir: string, fields: Omit<BriefCache, 'format' | 'version' | 'indexId'>, rows: IndexRow[]): void {
	const id = crypto.randomBytes(8).toString('hex');
	writeAtomic(path.join(pluginDir, INDEX_FILE), JSON.stringify(makeIndex(id, rows)));
	writeAtomic(path.join(pluginDir, BRIEF_FILE), JSON.stringify(makeBriefCache(id, fields)));
}
