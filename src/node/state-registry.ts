/**
 * Every name Session Brief writes in its two folders of a vault, declared once: the plugin's
 * folder (`<configDir>/plugins/session-brief/`) and `.claude/hooks`. The writers take their names
 * from here (or from the core constant listed here, where the name belongs to a pure format), and
 * `doctor` tells the product's own files and folders from planted ones by this list alone
 * (docs/plugin-folder.md). A name added to a writer and not here is one doctor calls planted.
 */
import * as path from 'node:path';
import {
	BASELINE_FOLDER,
	BEFORE_FOLDER,
	BRIEF_FILE,
	DISCOVERY_FILE,
	EDITOR_WRITES_FILE,
	INDEX_FILE,
	NET_BASELINE_PREFIX,
	NET_BLIND_FILE,
	NET_STATE_PREFIX,
	NET_TURN_PREFIX,
	JOURNAL_FILE,
	LAST_CHECK_FILE,
	OLD_STARTS_FILE,
	REVIEW_FILE,
	SESSION_STARTS_FILE,
	STARTS_LOG,
} from '../core/state-names';

/** The plugin's settings, which Obsidian writes for it (`saveData`). */
export const SETTINGS_FILE = 'data.json';
export { LAST_CHECK_FILE };
/** A compaction of the journal or the session starts log runs under `<file>.lock`, created exclusively. */
export const LOCK_SUFFIX = '.lock';
export const JOURNAL_LOCK = `${JOURNAL_FILE}${LOCK_SUFFIX}`;
export const STARTS_LOCK = `${STARTS_LOG}${LOCK_SUFFIX}`;
/** One mark per session that got the brief (src/node/journal/session-record.ts). */
export const MARKS_FOLDER = 'session-marks';
/** In the marks folder: when it was last pruned (its modification time). */
export const PRUNED_STAMP = '.pruned';

/** The hook entry that hooks run. */
export const SCRIPT_NAME = 'session-brief.cjs';
/** The bridge, beside the hook entry that hooks run (docs/agents.md, "What install writes"). */
export const BRIDGE_NAME = 'session-brief.bridge.cjs';
/** A session start up to the plugin's cache, which the hook entry runs instead of the bridge. */
export const START_NAME = 'session-brief.start.cjs';
/** The hooks around an edit up to their common case, which the hook entry runs instead of the bridge. */
export const EDIT_NAME = 'session-brief.edit.cjs';
/** The MCP server file, beside the bridge; no hook loads it. */
export const MCP_FILE_NAME = 'session-brief.mcp.cjs';
/** What install did (src/node/hosts/install/manifest.ts). */
export const MANIFEST_NAME = 'session-brief.json';
/**
 * V8's compiled form of a file the hook entry runs: earlier versions kept it beside the file, now it
 * lives in the per-user folder (src/node/hosts/hook-files/code-cache.ts). The entry
 * (src/node/hosts/hook-files/hook-entry.cjs) is plain CommonJS that loads nothing, so it spells both itself.
 */
export const CODE_CACHE_SUFFIX = '.v8cache';
/**
 * In Session Brief's per-user folder (src/node/journal/user-state-dir.ts), one file per vault named
 * by a hash of its real path: what install registered (src/node/hosts/install/installed-hooks.ts).
 */
export const INSTALLED_HOOKS_PREFIX = 'installed-hooks-';
export const CODE_CACHE_FOLDER = 'code-cache';
/**
 * In Session Brief's per-user folder outside every vault (src/node/journal/user-state-dir.ts), per
 * vault `<prefix>-<hash of its real path>`: the journal's copy and the editor's writes.
 */
export const JOURNAL_COPY_PREFIX = 'agent-changes';
export const EDITOR_WRITES_PREFIX = 'editor-writes';
/** In the per-user folder: the review seals (src/node/journal/review-seal.ts) and this device's keys (device-key.ts). */
export const REVIEW_SEAL_PREFIX = 'review-seal';
export const DEVICE_KEY_FILE = 'device-key.json';
export const TRUSTED_DEVICES_FILE = 'trusted-devices.json';
/** Every name of ours in `.claude/hooks` starts so; the rest of that folder is other tools'. */
export const HOOK_PREFIX = 'session-brief';

export type StateHome = 'plugin' | 'hooks';

export interface StateName {
	name: string;
	kind: 'file' | 'folder';
	/** What it holds, for doctor's lines. */
	what: string;
}

// The tables are made by functions: a bundle that takes only a name from this module (a hook's) leaves them out.

/** The plugin's folder: the names each writer uses, and the plugin's own release files Obsidian installs. */
export function pluginState(): readonly StateName[] {
	return [
		{ name: SETTINGS_FILE, kind: 'file', what: 'the settings' },
		{ name: BRIEF_FILE, kind: 'file', what: 'the cached brief' },
		{ name: INDEX_FILE, kind: 'file', what: 'the note index' },
		{ name: DISCOVERY_FILE, kind: 'file', what: "the live channel's discovery file" },
		{ name: STARTS_LOG, kind: 'file', what: 'the session starts log' },
		{ name: STARTS_LOCK, kind: 'file', what: "the session starts log's compaction lock" },
		{ name: OLD_STARTS_FILE, kind: 'file', what: "an earlier version's session starts record" },
		{ name: SESSION_STARTS_FILE, kind: 'file', what: "an earlier version's conversation starts" },
		{ name: JOURNAL_FILE, kind: 'file', what: 'the agent changes journal' },
		{ name: JOURNAL_LOCK, kind: 'file', what: "the journal's compaction lock" },
		{ name: EDITOR_WRITES_FILE, kind: 'file', what: "the record of the editor's writes" },
		{ name: REVIEW_FILE, kind: 'file', what: 'the review marks' },
		{ name: LAST_CHECK_FILE, kind: 'file', what: 'the last rule check' },
		{ name: MARKS_FOLDER, kind: 'folder', what: 'the session marks' },
		{ name: BASELINE_FOLDER, kind: 'folder', what: "an earlier version's session net baselines (now in the per-user state folder)" },
		{ name: BEFORE_FOLDER, kind: 'folder', what: 'the before-versions of notes agents changed' },
		{ name: 'main.js', kind: 'file', what: 'the plugin' },
		{ name: 'manifest.json', kind: 'file', what: "the plugin's manifest" },
		{ name: 'styles.css', kind: 'file', what: "the plugin's styles" },
	];
}

/** `.claude/hooks`: what install writes, and the code caches the hook entry keeps. */
export function hooksState(): readonly StateName[] {
	return [
		{ name: SCRIPT_NAME, kind: 'file', what: 'the hook entry' },
		{ name: BRIDGE_NAME, kind: 'file', what: 'the bridge' },
		{ name: START_NAME, kind: 'file', what: 'the session start file' },
		{ name: EDIT_NAME, kind: 'file', what: "the edit hooks' file" },
		{ name: MCP_FILE_NAME, kind: 'file', what: 'the MCP server file' },
		{ name: MANIFEST_NAME, kind: 'file', what: 'the install record' },
		// The code caches earlier versions kept beside the files the hook entry runs: install and uninstall remove them.
		...oldCodeCaches().map((name): StateName => ({ name, kind: 'file', what: "an earlier version's code cache" })),
	];
}

/** The code caches earlier versions kept in `.claude/hooks`, beside the files the hook entry runs. */
export function oldCodeCaches(): readonly string[] {
	return [SCRIPT_NAME, BRIDGE_NAME, START_NAME, EDIT_NAME].map((name) => `${name}${CODE_CACHE_SUFFIX}`);
}

/**
 * What Session Brief keeps per vault in the per-user state folder (src/node/journal/user-state-dir.ts),
 * where an agent's tools do not reach: names ending in `*` are prefixes.
 */
export function userState(): readonly StateName[] {
	return [
		{ name: `${NET_STATE_PREFIX}*`, kind: 'folder', what: "a vault's session net (named by a hash of the vault's real path)" },
		{ name: `${NET_STATE_PREFIX}*/${NET_BASELINE_PREFIX}*`, kind: 'file', what: "a session's baseline" },
		{ name: `${NET_STATE_PREFIX}*/${NET_TURN_PREFIX}*`, kind: 'file', what: "a session's turn in progress" },
		{ name: `${NET_STATE_PREFIX}*/${NET_BLIND_FILE}`, kind: 'file', what: 'what the last walk of the vault could not see' },
		{ name: `${REVIEW_SEAL_PREFIX}-*.json`, kind: 'file', what: "the review marks the plugin last wrote, per vault" },
		{ name: DEVICE_KEY_FILE, kind: 'file', what: "this computer's key for signing review marks" },
		{ name: TRUSTED_DEVICES_FILE, kind: 'file', what: 'the other computers whose marks the human trusted' },
		{ name: `${JOURNAL_COPY_PREFIX}-*.jsonl`, kind: 'file', what: "a copy of the vault's agent changes journal" },
		{ name: `${JOURNAL_COPY_PREFIX}-*.jsonl.lock`, kind: 'file', what: "the journal copy's compaction lock" },
		{ name: `${EDITOR_WRITES_PREFIX}-*.json`, kind: 'file', what: "the notes the human changed in Obsidian's editor" },
		{ name: `${INSTALLED_HOOKS_PREFIX}*.json`, kind: 'file', what: 'which hooks install registered, per vault' },
		{ name: CODE_CACHE_FOLDER, kind: 'folder', what: "the hook entry's code caches" },
		{ name: `${CODE_CACHE_FOLDER}/*${CODE_CACHE_SUFFIX}`, kind: 'file', what: "V8's compiled form of a hook file, with the bytes it was made from" },
	];
}

/** The user-state entry a path relative to the per-user state folder (with `/`) falls under; null for a name not declared here. */
export function userStateName(rel: string): StateName | null {
	const matches = (pattern: string): boolean => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`).test(rel);
	return userState().find((s) => matches(s.name)) ?? null;
}

/** The registry's entry for `name` in `home`; null for a name Session Brief does not write there. */
export function stateName(home: StateHome, name: string): StateName | null {
	return (home === 'plugin' ? pluginState() : hooksState()).find((s) => s.name === name) ?? null;
}

/** `<vault>/.claude/hooks`, where install writes the hook files. */
export function hooksFolder(vault: string): string {
	return path.join(vault, '.claude', 'hooks');
}
