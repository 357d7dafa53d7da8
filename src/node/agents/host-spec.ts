/** What a host's hook registration looks like in its own config file (one file per host beside this). */
import * as path from 'node:path';
import type { AgentId, HookEvent } from '../../core/agent-contracts';

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

/** The command lines for one event: `sh` for POSIX shells and Git Bash, `ps` for PowerShell. */
export interface EventCommand {
	sh: string;
	ps: string;
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
}

export function homeDir(p: HostPaths, envName: string, fallback: string): string {
	const v = p.env[envName];
	return v !== undefined && v !== '' ? path.resolve(v) : path.join(p.home, fallback);
}
