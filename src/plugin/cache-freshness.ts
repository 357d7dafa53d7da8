/**
 * Whether Obsidian's metadata cache entry for a file was computed from the file as it is now.
 * `getFileCache` does not check: after a start, entries of notes changed while Obsidian was closed
 * are served as they were until the re-parse reaches them (docs/obsidian-runtime.md). Obsidian keeps,
 * per path, the mtime and size the entry was computed from (`metadataCache.fileCache`, internal and
 * not in obsidian.d.ts), so it is read defensively: anything unexpected is `unknown`.
 */
import type { App, TFile } from 'obsidian';

export type Freshness = 'fresh' | 'stale' | 'unknown';

interface RecordedStat {
	mtime?: unknown;
	size?: unknown;
}

export function cacheFreshness(app: App, file: TFile): Freshness {
	const records = (app.metadataCache as unknown as { fileCache?: unknown }).fileCache;
	if (typeof records !== 'object' || records === null) return 'unknown';
	const record = (records as Record<string, RecordedStat | undefined>)[file.path];
	if (typeof record !== 'object' || record === null) return 'unknown';
	const { mtime, size } = record;
	if (typeof mtime !== 'number' || typeof size !== 'number') return 'unknown';
	return mtime === file.stat.mtime && size === file.stat.size ? 'fresh' : 'stale';
}
