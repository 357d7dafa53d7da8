/** The run's vault context and clock from the command line and environment. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { shownArg, stringFlag, UsageError, type Args } from './args';
import { isLang } from '../src/core/i18n';
import { defaultVaultRoot, findConfigDir, loadVaultContext, type VaultContext } from '../src/node/vault-config';

/** `SESSION_BRIEF_NOW` (ISO date-time) fixes the clock, for tests and reproducible reports. */
export function clock(env: NodeJS.ProcessEnv): Date {
	const fixed = env.SESSION_BRIEF_NOW;
	if (fixed !== undefined && fixed !== '') {
		const d = new Date(fixed);
		if (!Number.isNaN(d.getTime())) return d;
	}
	return new Date();
}

/**
 * Commands an agent runs (hooks, the MCP server, the background baseline): their vault is the one
 * whose hook folder holds the script, or `--vault`; never a guess from the folder they start in,
 * which the agent chooses.
 */
const AGENT_COMMANDS = new Set(['session-start', 'post-tool-use', 'pre-tool-use', 'turn-end', 'baseline', 'mcp', 'statusline']);

/**
 * The vault around `cwd`: the nearest folder up to (not including) the home folder or the file
 * system's root that holds an Obsidian config folder, found as the bridge finds it in a vault.
 */
export function vaultAround(cwd: string, home: string): string | null {
	const stop = path.resolve(home);
	let dir = path.resolve(cwd);
	for (;;) {
		const parent = path.dirname(dir);
		if (dir === stop || parent === dir) return null;
		if (findConfigDir(dir, undefined, []) !== null) return dir;
		dir = parent;
	}
}

/**
 * `--vault`, else the vault this installed copy sits in, else for a command a person runs the
 * vault around the current folder. Every command gives the same one-line error for a vault that
 * is missing or not a folder.
 */
export function vaultRoot(args: Args, scriptPath: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
	const given = stringFlag(args, 'vault');
	let root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
	if (root === null && !AGENT_COMMANDS.has(args.command)) root = vaultAround(cwd, env.HOME || env.USERPROFILE || os.homedir());
	if (root === null) {
		throw new UsageError(
			AGENT_COMMANDS.has(args.command)
				? `${args.command} needs --vault DIR: this copy of the bridge (${shownArg(scriptPath)}) is not inside <vault>/.claude/hooks/`
				: `no Obsidian vault here: ${args.command} found no vault around the current folder; run it inside your vault or pass --vault <folder>`,
		);
	}
	let ok = false;
	try {
		ok = fs.statSync(root).isDirectory();
	} catch {
		ok = false;
	}
	if (!ok) throw new UsageError(`vault folder ${shownArg(root)} does not exist or is not a folder`);
	return root;
}

function isFolder(p: string): boolean {
	try {
		return fs.statSync(p).isDirectory();
	} catch {
		return false;
	}
}

/**
 * `--config-dir`, when given: a folder that exists at the vault's root. A typo would otherwise read
 * no settings (every default instead of the vault's own) and write the plugin's files into a new
 * folder nobody reads.
 */
export function givenConfigDir(args: Args, root: string): string | undefined {
	const name = stringFlag(args, 'config-dir');
	if (name === undefined) return undefined;
	const dir = path.resolve(root, name);
	if (path.dirname(dir) === root && isFolder(dir)) return name;
	const found = findConfigDir(root, undefined, []);
	const hint = found === null ? 'no config folder was found there either' : `without --config-dir it is found automatically: ${shownArg(found)}`;
	throw new UsageError(`--config-dir ${shownArg(name)} is not a folder at the root of the vault ${shownArg(root)}; ${hint}`);
}

export function contextFor(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): VaultContext {
	const root = vaultRoot(args, scriptPath);
	const ctx = loadVaultContext(root, { configDir: givenConfigDir(args, root), env });
	const lang = stringFlag(args, 'lang');
	if (isLang(lang)) ctx.lang = lang;
	else if (lang !== undefined) throw new UsageError(`--lang must be en or de, not ${lang}`);
	return ctx;
}
