/**
 * What a host's hook registration looks like in its own config files: the file-system half of a
 * host, one module per host beside this file (`claude-code.ts`, …), collected by `index.ts`. The
 * pure half (input mapping, events, envelope, cap) is the descriptor in `src/core/hosts/`.
 */
import * as path from 'node:path';
import type { AgentId, HookEvent, HostShell } from '../../core/hosts/agent-contracts';
import type { McpHost } from './install/mcp-host';
import type { TrustFinding, TrustOptions } from './trust/trust-finding';

/** `project` = the vault's shared file, `local` = Claude Code's untracked per-project file, `user` = the home folder's. */
export type Scope = 'project' | 'local' | 'user';
export const SCOPES: readonly Scope[] = ['project', 'local', 'user'];

export interface HostPaths {
	vault: string;
	home: string;
	env: NodeJS.ProcessEnv;
	platform: NodeJS.Platform;
	/** The system folder of managed settings; default: the platform's (tests point it at a temp folder). */
	managedDir?: string;
}

/**
 * The command lines for one event: `sh` for POSIX shells and Git Bash, `ps` for PowerShell, and
 * `native`, the one for the shell this host runs commands in on this platform.
 */
export interface EventCommand {
	sh: string;
	ps: string;
	native: string;
}

export interface DesiredEntry {
	/** The host's own event name. */
	event: string;
	/** Only for hosts whose entries are matcher groups; undefined = match everything. */
	matcher?: string;
	handler: Record<string, unknown>;
}

export interface ReadFile {
	file: string;
	label: string;
	/** The host never writes this one and neither do we (managed policy). */
	managed?: boolean;
	/** The events are the file's top-level keys, not under `hooks` (Devin's `.devin/hooks.v1.json`). */
	eventsAtTop?: boolean;
}

export interface HostSpec {
	agent: AgentId;
	scopes: readonly Scope[];
	/** `groups`: `hooks.<Event>: [{matcher?, hooks: [handler]}]` (Claude Code's shape); `flat`: `hooks.<event>: [handler]`. */
	shape: 'groups' | 'flat';
	settingsFile(scope: Scope, p: HostPaths): string;
	/** Every file the host reads hook registrations from, for `doctor`. */
	readFiles(p: HostPaths): ReadFile[];
	/** Top-level content of a file we create. */
	skeleton: Record<string, unknown>;
	/** The bridge command each event runs (hosts without a PostToolUse contract register none). */
	events: readonly HookEvent[];
	entries(command: (event: HookEvent) => EventCommand): DesiredEntry[];
	/** Handler fields that hold a command line. */
	commandFields: readonly string[];
	/** What the user must know after installing (trust prompts, enable switches, duplicates). */
	notes(scope: Scope, p: HostPaths): string[];
	/** The shells whose command lines the entries carry; default: the one the host runs on this platform. */
	shells?: readonly HostShell[];
	/** Tool names a PostToolUse matcher must name for doctor to call it complete (hosts that register PostToolUse). */
	editTools?: readonly string[];
	/** Tool names the pre-tool entry must reach for doctor to call the fence complete; none = Claude Code's (FENCE_MATCHER). */
	preToolTools?: readonly string[];
	/** The host's name for the tool the Write guard watches (`Write`); null = the guard never applies to this host. Default `Write`. */
	guardTool?: string | null;
	/**
	 * The host reads hook entries exactly as Claude Code does (case-sensitive tool names, timeouts
	 * in seconds, its environment variables), so doctor checks them against Claude Code's list of
	 * common mistakes (src/core/rules/settings/hook-mistake-list.ts).
	 */
	claudeHookRules?: boolean;
	/** The host's own trust step between a registered hook and one that runs (docs/agents.md). */
	trust?(o: TrustOptions): TrustFinding[];
	/** What else on this machine decides whether the host can run the registered line (doctor). */
	machineChecks?(p: HostPaths): TrustFinding[];
	/** Where the host reads MCP servers, for hosts whose MCP configuration is documented (docs/agents.md, "MCP server"). */
	mcp?: McpHost;
	/** The host runs a command for its status line, set by one top-level key (docs/install.md, "The status line"). */
	statusLine?: StatusLineSpec;
}

export interface StatusLineSpec {
	/** Where in the settings it sits: `['statusLine']`, or `['ui', 'statusLine']` for a key inside another. */
	path: readonly string[];
	/** The entry install writes when the file has none. */
	entry(command: string): Record<string, unknown>;
	/** The settings files in the order the host lets one win over another, strongest first (by `ReadFile.label`). */
	precedence: readonly string[];
}

/** The status line entry of a parsed settings file; undefined when it has none. */
export function statusLineIn(value: unknown, sl: StatusLineSpec): unknown {
	let at: unknown = value;
	for (const key of sl.path) {
		if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
		at = (at as Record<string, unknown>)[key];
	}
	return at;
}

export function homeDir(p: HostPaths, envName: string, fallback: string): string {
	const v = p.env[envName];
	return v !== undefined && v !== '' ? path.resolve(v) : path.join(p.home, fallback);
}

/** The host's own event names, in the order its entries list them. */
export function hostEventNames(spec: HostSpec): string[] {
	return spec.entries(() => ({ sh: '', ps: '', native: '' })).map((e) => e.event);
}
