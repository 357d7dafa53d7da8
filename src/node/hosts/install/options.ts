/**
 * The explicit inputs of install, uninstall and doctor: the vault path, home folder, bridge text
 * and `node` are passed in, so doctor runs the same in the Obsidian plugin (whose own
 * `process.execPath` is Electron, not node) as in the bridge.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentNamed, AGENT_IDS, DEFAULT_AGENT, UNSUPPORTED_AGENTS, type AgentId } from '../../../core/hosts/agent-contracts';
import { BRIDGE_NAME, EDIT_NAME, hooksFolder, MCP_FILE_NAME, SCRIPT_NAME, START_NAME } from '../../state-registry';
import type { HostPaths, Scope } from '../host-spec';
import type { HookFileTexts } from '../hook-files/hook-file-hashes';

export { specFor } from '../index';

export interface AgentOptions {
	/** Absolute vault root. */
	vault: string;
	scope: Scope;
	agent: AgentId;
	/** The home folder user-scope files live under (a fake one in tests). */
	home: string;
	/** The bridge bundle to copy into the vault. */
	scriptSource: string | Buffer;
	/** The hook entry and the start and edit files of the same build, written beside the bridge. */
	hookFiles: HookFileTexts;
	/**
	 * The MCP server file of the same build (`session-brief.mcp.cjs`), copied beside the bridge;
	 * without it the hooks are installed and the MCP server is neither copied nor registered.
	 */
	mcpSource?: string | Buffer;
	/** The bridge's version, recorded and compared by doctor. */
	version: string;
	/** An absolute node found at install time; missing or not found = plain `node` and a warning. */
	nodePath?: string;
	/** The vault's config folder name; default: found as the bridge finds it. */
	configDir?: string;
	/**
	 * The plugin's folder, vault-relative (Obsidian's `manifest.dir`), when the plugin calls install;
	 * recorded so the bridge finds the cache even in a folder not named after the plugin id.
	 */
	pluginDir?: string;
	platform?: NodeJS.Platform;
	env?: NodeJS.ProcessEnv;
	/** `--statusline`: also register the status line, where the host has one (`spec.statusLine`). */
	statusLine?: boolean;
	/** `--chain`: where the file has the user's own status line, run it first, then ours. */
	chain?: boolean;
	/** How the user runs the bridge, for the commands install prints; default `npx session-brief`. */
	program?: string;
}

/** Exit codes shared by the three commands (and the plugin's notices). */
export const EXIT = {
	ok: 0,
	/** doctor found a problem */
	problem: 1,
	usage: 2,
	/** the host has no hook we can use */
	unsupported: 3,
	/** a config file is not JSON we can edit without loss; it was left unchanged */
	unparseable: 4,
	/** a file is read-only or could not be written; it was left unchanged */
	writeFailed: 5,
	/** a path would break the quoted command line */
	unsafePath: 6,
} as const;

export interface ActionResult {
	code: number;
	/** What was done (or found), one line each, for a terminal or a notice. */
	lines: string[];
	warnings: string[];
	/** Files written or removed. */
	changed: string[];
}

/** The file hooks run: the small hook entry (hook-entry.cjs), which runs the files beside it. */
export function scriptTarget(vault: string): string {
	return path.join(hooksFolder(vault), SCRIPT_NAME);
}

/** The bridge itself, readable source, beside the hook entry. */
export function bridgeTarget(vault: string): string {
	return path.join(hooksFolder(vault), BRIDGE_NAME);
}

/** A session start up to the plugin's cache (bridge/start-file.ts), which the hook entry runs instead of the bridge. */
export function startTarget(vault: string): string {
	return path.join(hooksFolder(vault), START_NAME);
}

/** The hooks around an edit up to their common case (bridge/edit-file.ts), which the hook entry runs instead of the bridge. */
export function editTarget(vault: string): string {
	return path.join(hooksFolder(vault), EDIT_NAME);
}

/** The MCP server file the bridge's `mcp` command loads, beside the bridge. */
export function mcpTarget(vault: string): string {
	return path.join(hooksFolder(vault), MCP_FILE_NAME);
}

/**
 * The bridge file behind a running script: the installed hook entry runs the bridge beside it;
 * any other copy (a release file, a build) is the bridge itself.
 */
export function bundleOf(scriptPath: string): string {
	if (path.basename(scriptPath) === SCRIPT_NAME) {
		const beside = path.join(path.dirname(scriptPath), BRIDGE_NAME);
		if (fs.existsSync(beside)) return beside;
	}
	return scriptPath;
}

export function hostPaths(o: AgentOptions): HostPaths {
	return { vault: o.vault, home: o.home, env: o.env ?? {}, platform: o.platform ?? process.platform };
}


export type AgentChoice = { ok: true; agent: AgentId } | { ok: false; code: number; message: string };

/** `--agent` as given: a contracted host, a host we know has nothing to register, or a typo. */
export function chooseAgent(value: string | undefined): AgentChoice {
	const v = (value ?? DEFAULT_AGENT).toLowerCase();
	const agent = agentNamed(v);
	if (agent !== undefined) return { ok: true, agent };
	const why = Object.prototype.hasOwnProperty.call(UNSUPPORTED_AGENTS, v) ? UNSUPPORTED_AGENTS[v] : undefined;
	if (why !== undefined) return { ok: false, code: EXIT.unsupported, message: `${why} Nothing was changed.` };
	return { ok: false, code: EXIT.usage, message: `unknown agent "${value ?? ''}"; one of: ${AGENT_IDS.join(', ')}` };
}

/** An absolute interpreter that exists, or plain `node` and the warning that says what that risks. */
export function resolveNode(nodePath: string | undefined, warnings: string[]): string {
	if (nodePath !== undefined && path.isAbsolute(nodePath)) {
		try {
			if (fs.statSync(nodePath).isFile()) return nodePath;
		} catch {
			// Falls through to the warning.
		}
	}
	warnings.push(
		`no absolute path to node was found${nodePath !== undefined ? ` (${nodePath} does not exist)` : ''}; the hooks run plain "node", which works only if the agent's PATH has it (a GUI-started agent often does not). Run install again from a terminal where "node" works.`,
	);
	return 'node';
}

/** `node` on PATH, for callers whose own process is not node (the Obsidian plugin). */
export function findNodeOnPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
	const names = platform === 'win32' ? ['node.exe'] : ['node'];
	for (const dir of (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':')) {
		if (dir === '') continue;
		for (const n of names) {
			const p = path.join(dir, n);
			try {
				if (fs.statSync(p).isFile()) return p;
			} catch {
				// Next.
			}
		}
	}
	return undefined;
}
