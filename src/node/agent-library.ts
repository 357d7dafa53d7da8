/**
 * The bridge as a library: what the Obsidian plugin calls of it (install, uninstall, doctor), what
 * session-brief.start.cjs calls of it (the brief's tiers past tier 1, bridge/start-file.ts), what
 * session-brief.edit.cjs calls of it (the rule check after an edit, bridge/edit-file.ts) and how
 * they load it. The plugin does not compile these commands into main.js; it loads them from the
 * bridge file it embeds as text (src/plugin/hosts/bridge-library.ts), so main.js holds them once and the
 * plugin runs exactly the code it installs. This file holds only types and one name, so importing
 * it costs neither front end any code.
 */
import type { AgentId } from '../core/agent-contracts';
import type { RemovedHooks } from '../core/installed-hooks';
import type { DoctorOptions, DoctorReport } from './hosts/doctor/doctor';
import type { ActionResult, AgentOptions, EXIT } from './hosts/options';
import type { Scope } from './hosts/host-spec';
import type { UninstallOptions } from './hosts/uninstall';
import type { LocalTiers } from './tiers/local-tiers';
import type { EditCheck } from './check/edit-check-source';

export type { ActionResult, AgentOptions, DoctorOptions, DoctorReport, Scope, UninstallOptions };

/** install, uninstall and doctor, exactly as the bridge's own `install`, `uninstall` and `doctor` commands run them. */
export interface AgentLibrary {
	install(o: AgentOptions): ActionResult;
	uninstall(o: UninstallOptions): ActionResult;
	doctor(o: DoctorOptions): Promise<DoctorReport>;
	formatDoctor(report: DoctorReport): string;
	findNodeOnPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined;
	/** The scopes an agent's hooks can be installed in (project, local, user). */
	scopesOf(agent: AgentId): readonly Scope[];
	/** Hooks install registered for the vault that something other than uninstall removed since. */
	hooksRemoved(vault: string, env: NodeJS.ProcessEnv): RemovedHooks[];
	exit: typeof EXIT;
}

/**
 * Set on the `module` object by a loader that wants the bridge as a library: the bridge then runs
 * no command when it loads (a program run has no such mark, so it runs its command line).
 */
export const LIBRARY_MARK = 'sessionBriefLibrary';

/** What the bridge file exports. */
export interface BridgeExports {
	/** The agent commands' code, loaded on first call like every command of the bridge. */
	agentLibrary(): Promise<AgentLibrary>;
	/** The brief's tiers past tier 1, for the hook entry, which holds tier 1 only. */
	localTiers(): Promise<LocalTiers>;
	/** The rule check after an edit, for session-brief.edit.cjs, which holds the edit hooks' common path only. */
	editCheck(): Promise<EditCheck>;
	/** The release the file belongs to: the hook entry uses the tiers of its own release only. */
	version: string;
}
