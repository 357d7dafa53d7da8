/**
 * The record of what `install` registered, one file per vault in the per-user folder, where an
 * agent cannot rewrite it (docs/design-decisions/trail-guards.md, "Hooks removed behind uninstall's
 * back"). The plugin reads it first, so it loads the comparison only in a vault with an install.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encodeInstalledHooks, parseInstalledHooks, withInstall, withoutInstall, type InstalledHooks, type InstalledHooksEntry } from '../../core/hosts/installed-hooks';
import type { AgentId } from '../../core/hosts/agent-contracts';
import { markName } from './session-record';
import { userStateDir } from './user-state-dir';
import { readRegularFile, writeUserStateFile } from '../state-file';
import { INSTALLED_HOOKS_PREFIX } from '../state-registry';

/** A record of a few installs is well under this; more is not one install wrote. */
const MAX_BYTES = 256 * 1024;

function realVault(vault: string): string {
	const given = path.resolve(vault);
	try {
		return fs.realpathSync.native(given);
	} catch {
		return given;
	}
}

/**
 * `env` is what install, uninstall or doctor was given, which may be a host's environment without
 * the per-user folder's override: this process's own fills the gaps.
 */
export function installedHooksFile(vault: string, env: NodeJS.ProcessEnv = process.env): string {
	return path.join(userStateDir({ ...process.env, ...env }), `${INSTALLED_HOOKS_PREFIX}${markName(realVault(vault))}.json`);
}

export function readInstalledHooks(vault: string, env: NodeJS.ProcessEnv = process.env): InstalledHooks | null {
	const record = parseInstalledHooks(readRegularFile(installedHooksFile(vault, env), MAX_BYTES)?.toString('utf8') ?? null);
	// A record of another vault under this name (a hash collision, a copied folder) is none.
	return record !== null && record.vault === realVault(vault) ? record : null;
}

/** After an install: that host and scope's file and events. */
export function recordInstall(vault: string, entry: InstalledHooksEntry, env: NodeJS.ProcessEnv = process.env): void {
	writeUserStateFile(installedHooksFile(vault, env), encodeInstalledHooks(withInstall(readInstalledHooks(vault, env), realVault(vault), entry)));
}

/** After an uninstall of that host and scope. */
export function forgetInstall(vault: string, agent: AgentId, scope: string, env: NodeJS.ProcessEnv = process.env): void {
	const record = readInstalledHooks(vault, env);
	if (record !== null) writeUserStateFile(installedHooksFile(vault, env), encodeInstalledHooks(withoutInstall(record, agent, scope)));
}
