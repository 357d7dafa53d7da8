/**
 * The agent-hook commands on the plugin's side: installing is the companion's job, so the plugin
 * shows the command and never writes a hook file; it checks the result with the bridge's doctor
 * compiled into main.js (docs/design-decisions/hook-files.md). Desktop only.
 */
import * as os from 'node:os';
import { BUILT_HOOK_HASHES } from './built-hook-hashes';
import { FileSystemAdapter, type App } from 'obsidian';
import type { AgentId } from '../../core/hosts/agent-contracts';
import type { RemovedHooks } from '../../core/hosts/installed-hooks';
import { doctor, formatDoctor } from '../../node/hosts/doctor/doctor';
import type { DoctorReport } from '../../node/hosts/doctor/doctor-report';
import type { Scope } from '../../node/hosts/host-spec';
import { hooksRemoved } from '../../node/hosts/install/installed-hooks';
import { specFor } from '../../node/hosts/install/options';
import { readInstalledHooks } from '../../node/journal/installed-hooks-record';
import { installCommand, uninstallCommand } from './hook-command-line';

export type { Scope };

declare const BRIDGE_VERSION: string | undefined;

/** The plugin build defines the bridge's version as the bridge build does; tests fall back to the manifest's. */
export function bridgeVersion(fallback: string): string {
	return typeof BRIDGE_VERSION === 'string' ? BRIDGE_VERSION : fallback;
}

export interface HookChoice {
	agent: AgentId;
	scope: Scope;
	/** Also register the status line (hosts that have one). */
	statusLine?: boolean;
}

/** Doctor's outcome: its report as text (the dialog's *Details*) and its checks (the rows). */
export interface CheckOutcome {
	ok: boolean;
	text: string;
	report: DoctorReport;
}

export class AgentHooks {
	/** The folder user-scope files live under; tests point it at a temporary one. */
	home = os.homedir();
	env: NodeJS.ProcessEnv = process.env;
	platform: NodeJS.Platform = process.platform;

	constructor(
		private readonly app: App,
		private readonly version: string,
	) {}

	/** The vault folder on disk; null on an adapter without one (mobile), where nothing can be installed. */
	vaultPath(): string | null {
		const adapter = this.app.vault.adapter;
		return adapter instanceof FileSystemAdapter ? adapter.getBasePath() : null;
	}

	/** The scopes an agent's hooks can be installed in. */
	scopesOf(agent: AgentId): readonly Scope[] {
		return specFor(agent).scopes;
	}

	/** Whether the agent shows a status line install can register (`install --statusline`). */
	hasStatusLine(agent: AgentId): boolean {
		return specFor(agent).statusLine !== undefined;
	}

	installCommand(choice: HookChoice, vault: string): string {
		return installCommand(vault, choice.agent, choice.scope, this.platform, choice.statusLine === true && this.hasStatusLine(choice.agent));
	}

	removeCommand(choice: Partial<HookChoice>, vault: string): string {
		return uninstallCommand(vault, choice.agent, choice.scope, this.platform);
	}

	/**
	 * Hooks install registered here that something other than uninstall removed (the sidebar's
	 * warning). The record is read first: a vault without an install reads no settings file.
	 */
	hooksRemoved(): Promise<RemovedHooks[]> {
		const vault = this.vaultPath();
		if (vault === null || (readInstalledHooks(vault, this.env)?.installs.length ?? 0) === 0) return Promise.resolve([]);
		return Promise.resolve(hooksRemoved(vault, this.env));
	}

	async check(agent: AgentId, vault: string): Promise<CheckOutcome> {
		const report = await doctor({ vault, home: this.home, agent, version: this.version, platform: this.platform, env: this.env, hookFileHashes: BUILT_HOOK_HASHES });
		return { ok: report.ok, text: formatDoctor(report), report };
	}
}
