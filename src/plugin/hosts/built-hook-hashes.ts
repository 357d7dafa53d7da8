/**
 * The SHA-256 of the hook files built with this main.js, which *Check* compares the vault's copies
 * with. The build replaces this module by the hashes of the files it built just before
 * (esbuild.config.mjs, `builtHookHashes`; vitest.config.ts does the same for the tests), so main.js
 * carries none of the hook files' text. Unreplaced, nothing matches and *Check* says so.
 */
import type { HookFileHashes } from '../../node/hosts/hook-files/hook-file-hashes';

export const BUILT_HOOK_HASHES: HookFileHashes = { entry: '', start: '', edit: '' };
