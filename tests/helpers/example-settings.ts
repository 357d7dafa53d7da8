/**
 * The example vault's settings, read from its `data.json`: rules folder `AI/Regelwerk`, `Import` and
 * `_index` excluded. Tests whose notes are laid out like the example vault say so by using these,
 * not the defaults, which are neutral (src/core/settings.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveSettings, type Settings } from '../../src/core/settings';

export const EXAMPLE_DATA_JSON = path.resolve(__dirname, '../../example-vault/.obsidian/plugins/session-brief/data.json');

/** The example vault's `data.json` as stored. */
export const EXAMPLE_RAW = JSON.parse(fs.readFileSync(EXAMPLE_DATA_JSON, 'utf8')) as Record<string, unknown>;

/** The example vault's settings, optionally with some keys changed. */
export function exampleSettings(patch: Record<string, unknown> = {}): Settings {
	return resolveSettings({ ...EXAMPLE_RAW, ...patch });
}
