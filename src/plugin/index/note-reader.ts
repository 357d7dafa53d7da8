/**
 * One note's index entry from Obsidian's metadata cache. The file is read only when the cache
 * cannot answer: no cache yet, frontmatter Obsidian could not parse (the spec reads broken YAML
 * tolerantly), or a tag the brief counts whose line text the review report shows.
 */
import type { App, CachedMetadata, TFile } from 'obsidian';
import { flagsOf } from '../../core/notes/flags';
import { metadataTagNames, needsTextFallback, noteFactsFromMetadata } from '../../core/notes/metadata-facts';
import { tagNeedle, noteFactsFromText, type NoteFacts } from '../../core/notes/note-facts';
import { tagNameList, type TagNames } from '../../core/settings';
import type { IndexedNote } from './note-index';

/** A note's text as lines, read at most once per update. */
type TextSource = () => Promise<string>;


async function factsOf(meta: CachedMetadata | null, text: TextSource, tags: TagNames): Promise<NoteFacts> {
	if (meta === null || needsTextFallback(meta)) return noteFactsFromText(await text(), { needle: tagNeedle(tagNameList(tags)) });
	const wanted = tagNameList(tags);
	if (!metadataTagNames(meta).some((t) => wanted.includes(t))) return noteFactsFromMetadata(meta, () => '');
	const lines = (await text()).replace(/^\uFEFF/, '').split(/\r?\n/);
	return noteFactsFromMetadata(meta, (l) => lines[l] ?? '');
}

function describe(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
}

/**
 * `data` is the text when the caller has it (metadataCache `changed` hands it over); `tags` must
 * be lower-cased; `fromDisk` reads past Obsidian's cache of file contents. Never throws: an unreadable note becomes an entry with `flags: null`.
 */
export async function readIndexedNote(app: App, file: TFile, tags: TagNames, meta: CachedMetadata | null, data?: string, fromDisk = false): Promise<IndexedNote> {
	// Whole ms, like the bridge's stat walk (Math.trunc(mtimeMs)), so its tier 3 can verify the index.
	// Taken before the read: an edit during it makes the entry look older than its flags, never newer.
	const base = { path: file.path, mtime: Math.trunc(file.stat.mtime), size: file.stat.size };
	let text: string | undefined = data;
	const source: TextSource = async () => (text ??= await (fromDisk ? app.vault.read(file) : app.vault.cachedRead(file)));
	try {
		return { ...base, flags: flagsOf(await factsOf(meta, source, tags), tags) };
	} catch (error) {
		return { ...base, flags: null, readError: describe(error) };
	}
}
