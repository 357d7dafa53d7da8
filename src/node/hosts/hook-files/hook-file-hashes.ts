/**
 * The SHA-256 of every file install puts in `.claude/hooks/`, which doctor compares with the
 * vault's copies byte for byte. In the bridge they are computed from the texts it installs; the
 * bridge and the MCP server file have no entry there (doctor hashes the running bridge's own files).
 * The Obsidian plugin build replaces this module by constants computed from the built files
 * (esbuild.config.mjs, `hookFileHashes`), so main.js checks the hooks without carrying their code.
 */
import { EDIT_FILE, HOOK_ENTRY, START_FILE } from './hook-file-texts';
import { sha256 } from '../install/files';

export interface HookFileHashes {
	/** session-brief.cjs, the hook entry. */
	readonly entry: string;
	/** session-brief.start.cjs. */
	readonly start: string;
	/** session-brief.edit.cjs. */
	readonly edit: string;
	/** session-brief.bridge.cjs, when known without reading the running bridge. */
	readonly bridge?: string;
	/** session-brief.mcp.cjs, likewise. */
	readonly mcp?: string;
}

export const HOOK_FILE_HASHES: HookFileHashes = { entry: sha256(HOOK_ENTRY), start: sha256(START_FILE), edit: sha256(EDIT_FILE) };
