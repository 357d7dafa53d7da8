/**
 * What the bridge wrote outside the hook folder, once uninstall has removed the last install: the
 * files its commands and hooks keep in the plugin's folder, and the install record in the per-user
 * folder. Caches the bridge can make again go; the plugin's settings and the review trail (what
 * agents changed and what the human marked) stay, named with why; the folder of an installed
 * Obsidian plugin stays as the plugin's, untouched.
 */
import * as path from 'node:path';
import { BRIEF_FILE, DISCOVERY_FILE, INDEX_FILE } from '../../../core/state-names';
import { findConfigDir, findPluginDir } from '../../vault-config';
import { readInstalledHooks, installedHooksFile } from '../../journal/installed-hooks-record';
import { inspectStateFile, isStateFolder, listStateFolder, removeStateFile, removeStateFolderIfEmpty, removeUserStateFile } from '../../state-file';
import { JOURNAL_LOCK, LAST_CHECK_FILE, LAST_CHECK_SUMMARY_FILE, pluginState, STARTS_LOCK } from '../../state-registry';
import type { ActionResult } from './options';

/** Made again from the notes by any command that needs them: nothing of the user's is in them. */
const CACHES = [BRIEF_FILE, INDEX_FILE, LAST_CHECK_FILE, LAST_CHECK_SUMMARY_FILE, DISCOVERY_FILE, JOURNAL_LOCK, STARTS_LOCK];

/** The plugin's release files: when one is there, the plugin is installed and the folder is its. */
const PLUGIN_FILES = ['main.js', 'manifest.json'];

/** The plugin's folder, found as the bridge finds it (before the install record is removed). */
export function pluginFolderOf(vault: string): { dir: string; configDir: string } | null {
	const configDir = findConfigDir(vault, undefined, []);
	if (configDir === null) return null;
	const dir = findPluginDir(vault, configDir, undefined);
	return dir === null ? null : { dir, configDir };
}

function exists(vault: string, file: string): boolean {
	return inspectStateFile(vault, file).kind !== 'missing';
}

/** After the bridge's own files are gone: removes the caches, names what stays. */
export function removeLeftovers(vault: string, found: { dir: string; configDir: string } | null, env: NodeJS.ProcessEnv, r: ActionResult): void {
	// The record of what install registered, once it holds no install: nothing else reads it.
	const record = readInstalledHooks(vault, env);
	if (record !== null && record.installs.length === 0 && removeUserStateFile(installedHooksFile(vault, env))) r.changed.push(installedHooksFile(vault, env));
	if (found === null) return;
	const { dir } = found;
	if (PLUGIN_FILES.some((f) => exists(vault, path.join(dir, f)))) {
		r.lines.push(`Kept ${dir}: it is the Obsidian plugin's folder (its settings, cache and review trail); remove the plugin in Obsidian to remove it`);
		return;
	}
	if (!isStateFolder(vault, dir)) return;
	const removed: string[] = [];
	for (const name of CACHES) {
		const file = path.join(dir, name);
		try {
			if (removeStateFile(vault, file)) removed.push(file);
		} catch (error) {
			// A folder planted where a cache belongs: not ours to remove; doctor names it.
			r.warnings.push(`${file} was left: ${(error as Error).message}`);
		}
	}
	r.changed.push(...removed);
	if (removed.length > 0) r.lines.push(`Removed the caches the bridge kept in ${dir} (${removed.map((f) => path.basename(f)).join(', ')})`);
	const left = listStateFolder(vault, dir, 1000).map((e) => e.name);
	if (left.length > 0) {
		const what = (name: string): string => pluginState().find((s) => s.name === name)?.what ?? 'not a file of Session Brief';
		r.lines.push(`Kept in ${dir}: ${left.sort().map((n) => `${n} (${what(n)})`).join(', ')}; not caches but the plugin's settings or the review trail of what agents changed (delete them yourself when you no longer need them)`);
		return;
	}
	removeStateFolderIfEmpty(vault, dir);
	// `plugins` too when the bridge's folder was all that was in it: Obsidian makes it again for a plugin.
	if (!isStateFolder(vault, dir)) removeStateFolderIfEmpty(vault, path.dirname(dir));
}
