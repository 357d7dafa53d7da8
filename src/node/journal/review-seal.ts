/**
 * The review seal on disk (src/core/review-seal.ts holds the rules): a copy of the review marks the
 * plugin last wrote, kept per vault in Session Brief's per-user folder outside every vault, where a
 * synced or cloned vault and an agent's file tools do not reach. Both the plugin (desktop) and the
 * hooks read it; only the plugin's own review actions write it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { judgeMarks, parseSeal, sealText, type MarksVerdict, type ReviewSeal } from '../../core/review-seal';
import { REVIEW_FILE } from '../../core/what-changed';
import { builtinOnDemand } from '../builtin-on-demand';
import { markName } from './session-record';
import { readRegularFile, readStateText, statStateFile, writeUserStateFile } from '../state-file';

/** The marks are pruned with the journal; a larger file is not one the plugin wrote. */
const MAX_BYTES = 4 * 1024 * 1024;

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

/** The seal of the vault at `root`: one file per vault, named by a hash of its real path. */
export function sealFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
	let real = path.resolve(root);
	try {
		real = fs.realpathSync.native(real);
	} catch {
		// A vault that cannot be resolved is named by its path as given.
	}
	return path.join(userStateDir(env), `review-seal-${markName(real)}.json`);
}

export function readSeal(root: string, env: NodeJS.ProcessEnv = process.env): ReviewSeal | null {
	const data = readRegularFile(sealFile(root, env), MAX_BYTES);
	if (data === null) return null;
	try {
		return parseSeal(JSON.parse(data.toString('utf8')) as unknown);
	} catch {
		return null;
	}
}

/** Called by the plugin after each write of the marks, with the very text it wrote. */
export function writeSeal(root: string, marksText: string, now: Date, env: NodeJS.ProcessEnv = process.env): void {
	writeUserStateFile(sealFile(root, env), sealText(marksText, now));
}

/** The marks file's text as on disk (null: none or damaged). */
export function readMarksText(root: string, pluginDir: string): string | null {
	return readStateText(root, path.join(pluginDir, REVIEW_FILE), MAX_BYTES);
}

/** When the marks file was last changed (ISO-8601), or null. */
export function marksChangedAt(root: string, pluginDir: string): string | null {
	const st = statStateFile(root, path.join(pluginDir, REVIEW_FILE));
	return st === null ? null : new Date(st.mtimeMs).toISOString();
}

/** The marks that count, judged against the seal; `text` when the caller already read the file. */
export function trustedMarks(root: string, pluginDir: string, text: string | null = readMarksText(root, pluginDir), env: NodeJS.ProcessEnv = process.env): MarksVerdict {
	return judgeMarks(text, readSeal(root, env));
}

