/**
 * `<vault>/.claude/hooks/session-brief.json`: what install did, so doctor can check it and
 * uninstall can undo exactly that. `configDir` and `pluginDir` are read by vault-config.ts (the
 * bridge learns the vault's config folder and the plugin's folder here). Nothing time-dependent is stored: an unchanged install rewrites nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JSONPath } from 'jsonc-parser';
import type { AgentId } from '../../../core/hosts/agent-contracts';
import type { Scope } from '../host-spec';
import { readStateJson } from '../../state-file';
import { hooksFolder, MANIFEST_NAME } from '../../state-registry';

export interface InstallRecord {
	agent: AgentId;
	scope: Scope;
	file: string;
	/** The file did not exist before the first install. */
	createdFile: boolean;
	/** The file before our first change (also kept as `<file>.session-brief.bak`). */
	originalSha256: string | null;
	/** The file as we last wrote it; equal to it now = nobody changed it since. */
	installedSha256: string;
	created: JSONPath[];
	/** Folders made to hold the file (e.g. `.codex`), removed again when empty. */
	createdDirs: string[];
	/** The file holds our status line (alone or chained after the user's); only doctor reads this. */
	statusLine?: boolean;
}

export interface Manifest {
	configDir?: string;
	/** The plugin's folder, vault-relative with `/`, when it is not `<configDir>/plugins/session-brief`. */
	pluginDir?: string;
	version: string;
	scriptSha256: string;
	node: string;
	/** Folders made to hold the script (`.claude`, `.claude/hooks`), removed again when empty. */
	createdDirs: string[];
	installs: InstallRecord[];
}

export function manifestPath(vault: string): string {
	return path.join(hooksFolder(vault), MANIFEST_NAME);
}

/** A missing or foreign manifest reads as none: uninstall then falls back to recognising entries. */
export function readManifest(vault: string): Manifest | null {
	try {
		// Through the state-file module: a link or FIFO planted as the record is no record.
		const v = readStateJson(vault, manifestPath(vault), 16 * 1024 * 1024) as Partial<Manifest>;
		if (typeof v !== 'object' || v === null || !Array.isArray(v.installs)) return null;
		return {
			...(typeof v.configDir === 'string' ? { configDir: v.configDir } : {}),
			...(typeof v.pluginDir === 'string' ? { pluginDir: v.pluginDir } : {}),
			version: typeof v.version === 'string' ? v.version : '',
			scriptSha256: typeof v.scriptSha256 === 'string' ? v.scriptSha256 : '',
			node: typeof v.node === 'string' ? v.node : '',
			createdDirs: Array.isArray(v.createdDirs) ? v.createdDirs.filter((d): d is string => typeof d === 'string') : [],
			installs: v.installs
				.filter((r): r is InstallRecord => typeof r === 'object' && r !== null && typeof r.file === 'string')
				.map(({ statusLine, ...r }) => ({ ...r, created: Array.isArray(r.created) ? r.created : [], createdDirs: Array.isArray(r.createdDirs) ? r.createdDirs : [], ...(statusLine === true ? { statusLine } : {}) })),
		};
	} catch {
		return null;
	}
}

export function serializeManifest(m: Manifest): string {
	return `${JSON.stringify(m, null, 2)}\n`;
}

/** The folders from `dir` upwards that do not exist yet, deepest first (what a mkdir -p would make). */
export function missingDirs(dir: string): string[] {
	const out: string[] = [];
	let d = dir;
	while (!fs.existsSync(d)) {
		out.push(d);
		const up = path.dirname(d);
		if (up === d) break;
		d = up;
	}
	return out;
}

export function backupPath(file: string): string {
	return `${file}.session-brief.bak`;
}
