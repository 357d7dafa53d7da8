/** The recordings of real Obsidian (tests/fixtures/obsidian-recorded) with the cache fields plugin tests read. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MetadataLike } from '../../../src/core/notes/metadata-facts';

export const RECORDED_DIR = path.resolve(__dirname, '../../fixtures/obsidian-recorded');

export interface PluginRecording {
	name: string;
	fileContents: string;
	getAllTags: string[] | null;
	parseFrontMatterTags?: string[] | null;
	cachedMetadata: MetadataLike & { tags?: Array<{ tag: string; position: { start: { line: number; col: number } } }> };
}

export function pluginRecordings(): PluginRecording[] {
	return fs
		.readdirSync(RECORDED_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({ name: f, ...(JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, f), 'utf8')) as Omit<PluginRecording, 'name'>) }))
		.filter((r) => typeof r.fileContents === 'string');
}
