// The hook files of a build and their SHA-256, which the Obsidian plugin's *Check* compares the
// vault's copies with (src/plugin/hosts/built-hook-hashes.ts): the plugin build and the plugin tests
// both make that module from here.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const HOOK_FILES = {
	entry: 'src/node/hosts/hook-files/hook-entry.cjs',
	start: 'bridge/dist/session-brief.start.cjs',
	edit: 'bridge/dist/session-brief.edit.cjs',
	bridge: 'bridge/dist/session-brief.cjs',
	mcp: 'bridge/dist/session-brief.mcp.cjs',
};

/** The module's text: the hashes of the files as they are now under `root`. */
export function builtHookHashesModule(root) {
	const hashes = {};
	for (const [name, file] of Object.entries(HOOK_FILES)) hashes[name] = createHash('sha256').update(readFileSync(path.join(root, file))).digest('hex');
	return `export const BUILT_HOOK_HASHES = ${JSON.stringify(hashes)};`;
}
