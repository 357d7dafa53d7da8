/** What `doctor` is asked and what it answers: its options, one check, the whole report. */
import type { HookFileHashes } from '../hook-files/hook-file-hashes';
import type { AgentId, HookEvent } from '../../../core/hosts/agent-contracts';

export interface DoctorOptions {
	vault: string;
	home: string;
	agent: AgentId;
	version: string;
	/** The running bridge, to tell whether the vault's copy is current. */
	scriptSource?: string | Buffer;
	/** The MCP server file of the running bridge's build, likewise. */
	mcpSource?: string | Buffer;
	/** The SHA-256 of the hook files of the caller's build (hook-file-hashes.ts). */
	hookFileHashes: HookFileHashes;
	platform?: NodeJS.Platform;
	env?: NodeJS.ProcessEnv;
	/** The folder the test run of the hook starts in; default: the system temp folder (not the vault). */
	runFrom?: string;
	timeoutMs?: number;
	/** Claude Code's managed settings folder; default: the platform's system folder. */
	managedDir?: string;
	/** How the user runs the bridge, for the commands in the fixes; default `npx session-brief`. */
	program?: string;
}

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'info';

export interface Check {
	id: string;
	status: CheckStatus;
	message: string;
	fix?: string;
	/** The fix as a command that runs as printed (doctor-fix-command.ts). */
	command?: string;
	/** The check says this vault's install registers no hook for this event (an agent plugin's may stand in). */
	hook?: HookEvent;
}

export interface DoctorReport {
	ok: boolean;
	vault: string;
	agent: AgentId;
	checks: Check[];
}
