/**
 * The hook files install puts in `.claude/hooks/` and their SHA-256, which doctor compares with the
 * vault's copies byte for byte. The caller brings both: the bridge from the texts it embeds
 * (bridge/hook-file-texts.ts), the Obsidian plugin from constants its build computed from the built
 * files (src/plugin/hosts/built-hook-hashes.ts), so no code here carries a hook file.
 */
import { sha256 } from '../install/files';

export interface HookFileTexts {
	/** session-brief.cjs, the hook entry. */
	readonly entry: string;
	/** session-brief.start.cjs. */
	readonly start: string;
	/** session-brief.edit.cjs. */
	readonly edit: string;
}

export interface HookFileHashes {
	readonly entry: string;
	readonly start: string;
	readonly edit: string;
	/** session-brief.bridge.cjs, when known without reading the running bridge. */
	readonly bridge?: string;
	/** session-brief.mcp.cjs, likewise. */
	readonly mcp?: string;
}

export function hashesOf(texts: HookFileTexts): HookFileHashes {
	return { entry: sha256(texts.entry), start: sha256(texts.start), edit: sha256(texts.edit) };
}
