/**
 * Where the hook entry (src/node/hosts/hook-files/hook-entry.cjs, which spells the same name itself: it loads
 * nothing of ours) keeps V8's compiled form of a hook file: in Session Brief's per-user folder,
 * named by a hash of the hook folder's real path and the file's name, each holding the exact bytes
 * it was made from (docs/design.md, "What lives outside the vault").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileKey } from '../../../core/file-key';
import { userStateDir } from '../../journal/user-state-dir';
import { CODE_CACHE_FOLDER, CODE_CACHE_SUFFIX } from '../../state-registry';
import { removeUserStateFile } from '../../state-file';

/** The code cache of the hook file `name` in the folder `hooks`. */
export function codeCacheFile(hooks: string, name: string, env: NodeJS.ProcessEnv = process.env): string {
	let real = hooks;
	try {
		real = fs.realpathSync(hooks);
	} catch {
		// A folder that is gone is named as given.
	}
	return path.join(userStateDir(env), CODE_CACHE_FOLDER, `${fileKey(real)}-${name}${CODE_CACHE_SUFFIX}`);
}

/** Removes the code caches of the hook files `names` in `hooks`; returns the caches removed. */
export function removeCodeCaches(hooks: string, names: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
	const removed: string[] = [];
	for (const name of names) {
		const cache = codeCacheFile(hooks, name, env);
		try {
			if (removeUserStateFile(cache)) removed.push(cache);
		} catch {
			// A cache that cannot be removed is pruned by the entry once it has gone unused for a while.
		}
	}
	return removed;
}
