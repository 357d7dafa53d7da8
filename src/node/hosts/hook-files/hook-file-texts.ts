/**
 * The texts `install` writes beside the bridge: the hook entry and the two small files it runs
 * instead of the bridge. Only the bridge carries them (esbuild embeds each `.cjs` as its text);
 * the Obsidian plugin installs nothing and checks the installed files by their hashes instead
 * (hook-file-hashes.ts), so nothing it imports may import this module (eslint.boundaries.mjs).
 */
import HOOK_ENTRY_SOURCE from './hook-entry.cjs';
import START_FILE_SOURCE from '../../../../bridge/dist/session-brief.start.cjs';
import EDIT_FILE_SOURCE from '../../../../bridge/dist/session-brief.edit.cjs';

/** The text install writes to `scriptTarget` (options.ts). */
export const HOOK_ENTRY: string = HOOK_ENTRY_SOURCE;

/** The text install writes to `startTarget`, built with the bridge that holds it. */
export const START_FILE: string = START_FILE_SOURCE;

/** The text install writes to `editTarget`, built with the bridge that holds it. */
export const EDIT_FILE: string = EDIT_FILE_SOURCE;
