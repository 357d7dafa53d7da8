/** Loads the recordings of real Obsidian output in tests/fixtures/obsidian-recorded (ground truth). */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const RECORDED_DIR = path.resolve(__dirname, '../fixtures/obsidian-recorded');

export interface Recording {
	name: string;
	filePath: string;
	fileContents: string;
	getAllTags: string[] | null;
	cachedMetadata: {
		frontmatter?: Record<string, unknown>;
		tags?: Array<{ tag: string; position: { start: { line: number } } }>;
		frontmatterPosition?: { start: { line: number }; end: { line: number } };
	};
}

export function recordings(): Recording[] {
	return fs
		.readdirSync(RECORDED_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({ name: f, ...(JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, f), 'utf8')) as Omit<Recording, 'name'>) }))
		.filter((r) => typeof r.fileContents === 'string');
}
