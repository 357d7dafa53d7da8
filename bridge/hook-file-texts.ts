/**
 * The texts `install` writes beside the bridge: the hook entry and the two small files it runs
 * instead of the bridge, each embedded as its text (esbuild's `text` loader for `.cjs`). Only the
 * bridge carries them: the Obsidian plugin installs nothing and checks the installed files by the
 * hashes its build computed (src/plugin/hosts/built-hook-hashes.ts).
 */
import HOOK_ENTRY_SOURCE from '../src/node/hosts/hook-files/hook-entry.cjs';
import START_FILE_SOURCE from './dist/session-brief.start.cjs';
import EDIT_FILE_SOURCE from './dist/session-brief.edit.cjs';
import { hashesOf, type HookFileTexts } from '../src/node/hosts/hook-files/hook-file-hashes';

/** The files of this build that install writes (options.ts, `hookFiles`). */
export const HOOK_FILE_TEXTS: HookFileTexts = { entry: HOOK_ENTRY_SOURCE, start: START_FILE_SOURCE, edit: EDIT_FILE_SOURCE };

/** Their SHA-256, which doctor compares the vault's copies with. */
export const HOOK_FILE_HASHES = hashesOf(HOOK_FILE_TEXTS);
