/**
 * Session Brief's per-user folder outside every vault: the review seals, this device's signing key
 * and the devices the human trusts (docs/design.md, "Review marks changed outside Obsidian").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileKey } from '../../core/file-key';
import { builtinOnDemand } from '../builtin-on-demand';

/** Session Brief's per-user folder for state that must not live in a vault. */
export function userStateDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
	const given = env.SESSION_BRIEF_STATE_DIR;
	if (given !== undefined && given !== '') return given;
	// Loaded only here: a session start reads the seal only when the marks changed since its cache.
	const home = builtinOnDemand<typeof import('node:os')>('node:os').homedir();
	if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'session-brief');
	if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'session-brief');
	return path.join(env.XDG_STATE_HOME ?? path.join(home, '.local', 'state'), 'session-brief');
}

/** A per-vault file of the per-user folder: `<prefix>-<hash of the vault's real path><suffix>`. */
export function vaultStateFile(root: string, prefix: string, suffix: string, env: NodeJS.ProcessEnv = process.env): string {
	let real = path.resolve(root);
	try {
		real = fs.realpathSync.native(real);
	} catch {
		// A vault that cannot be resolved is named by its path as given.
	}
	return path.join(userStateDir(env), `${prefix}-${fileKey(real)}${suffix}`);
}
