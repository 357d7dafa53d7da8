/**
 * *Install agent hooks*, *Check agent hooks* and *Remove agent hooks*:
 * the bridge's own install, doctor and uninstall, loaded from the bridge bundle embedded in main.js
 * (bridge-library.ts) and called with Obsidian's vault folder and config folder, that bundle and
 * the MCP server file embedded beside it, and a `node` found on disk (Obsidian's own
 * `process.execPath` is Electron, which cannot run the hooks). Desktop only: the hooks are files
 * in the vault folder and in the agent's settings.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { FileSystemAdapter, type App } from 'obsidian';
import type { ActionResult, AgentLibrary, DoctorReport, Scope } from '../../node/agent-library';
import type { AgentId } from '../../core/agent-contracts';
import { loadAgentLibrary } from './bridge-library';
import type { RemovedHooks } from '../../core/installed-hooks';
import { readInstalledHooks } from '../../node/journal/installed-hooks-record';
import type { EmbeddedFiles } from './bridge-source';

export type { Scope };

export interface HookChoice {
	agent: AgentId;
	scope: Scope;
}

/** What a command shows: the full text for the modal, and on failure the line that says why. */
export interface HookOutcome {
	ok: boolean;
	problem: string;
	text: string;
}

/** Doctor's outcome: also its checks, for the dialog's rows. */
export interface CheckOutcome extends HookOutcome {
	report: DoctorReport;
}

/**
 * Where Node usually lives when Obsidian was started from a desktop launcher, whose PATH often
 * lacks the shell's additions (Homebrew, /usr/local). Searched after PATH.
 */
const USUAL_NODE_DIRS: Partial<Record<NodeJS.Platform, string[]>> = {
	darwin: ['/opt/homebrew/bin', '/usr/local/bin', '/usr/bin'],
	linux: ['/usr/local/bin', '/usr/bin', '/snap/bin'],
};

export function findNode(lib: AgentLibrary, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
	const extra = USUAL_NODE_DIRS[platform] ?? [];
	const sep = platform === 'win32' ? ';' : ':';
	const search = [env.PATH ?? env.Path ?? '', ...extra].filter((p) => p !== '').join(sep);
	return lib.findNodeOnPath({ ...env, PATH: search, Path: search }, platform);
}

function outcomeText(r: ActionResult): string {
	return [...r.lines, ...r.warnings.map((w) => `Warning: ${w}`)].join('\n');
}

export class AgentHooks {
	/** The folder user-scope files live under; tests point it at a temporary one. */
	home = os.homedir();
	env: NodeJS.ProcessEnv = process.env;
	platform: NodeJS.Platform = process.platform;

	constructor(
		private readonly app: App,
		private readonly version: string,
		private readonly files: EmbeddedFiles,
		/** The plugin's folder, vault-relative (`manifest.dir`): install records it for the bridge. */
		private readonly pluginFolder?: string,
	) {}

	/** The vault folder on disk; null on an adapter without one (mobile), where nothing can be installed. */
	vaultPath(): string | null {
		const adapter = this.app.vault.adapter;
		return adapter instanceof FileSystemAdapter ? adapter.getBasePath() : null;
	}

	private loaded: Promise<AgentLibrary> | null = null;

	/** The bridge's agent commands, compiled from the embedded bundle on first use. */
	library(vault: string): Promise<AgentLibrary> {
		if (this.loaded === null) {
			// Named as if it were a file in the plugin's folder: stack traces point there, and the
			// bridge's `require` resolves Node's built-in modules from it.
			const file = path.join(vault, this.pluginFolder ?? '', 'session-brief.cjs');
			this.loaded = loadAgentLibrary(this.files.bridge, file);
			// A failed load is tried again next time rather than remembered.
			void this.loaded.catch(() => (this.loaded = null));
		}
		return this.loaded;
	}

	/**
	 * Hooks install registered here that something other than uninstall removed (the sidebar's
	 * warning). The record is read first: a vault without an install never loads the library.
	 */
	async hooksRemoved(): Promise<RemovedHooks[]> {
		const vault = this.vaultPath();
		if (vault === null || (readInstalledHooks(vault, this.env)?.installs.length ?? 0) === 0) return [];
		return (await this.library(vault)).hooksRemoved(vault, this.env);
	}

	async install(choice: HookChoice, vault: string): Promise<HookOutcome> {
		const lib = await this.library(vault);
		const r = lib.install({
			vault,
			scope: choice.scope,
			agent: choice.agent,
			home: this.home,
			scriptSource: this.files.bridge,
			mcpSource: this.files.mcp,
			version: this.version,
			nodePath: findNode(lib, this.env, this.platform),
			configDir: this.app.vault.configDir,
			pluginDir: this.pluginFolder,
			platform: this.platform,
			env: this.env,
		});
		const ok = r.code === lib.exit.ok;
		return { ok, problem: ok ? '' : (r.lines[r.lines.length - 1] ?? ''), text: outcomeText(r) };
	}

	/** `choice` parts left out: every installation recorded in the vault, as the bridge's uninstall. */
	async remove(choice: Partial<HookChoice>, vault: string): Promise<HookOutcome> {
		const lib = await this.library(vault);
		const r = lib.uninstall({ vault, home: this.home, agent: choice.agent, scope: choice.scope, platform: this.platform, env: this.env });
		const ok = r.code === lib.exit.ok;
		return { ok, problem: ok ? '' : (r.lines[r.lines.length - 1] ?? ''), text: outcomeText(r) };
	}

	async check(agent: AgentId, vault: string): Promise<CheckOutcome> {
		const lib = await this.library(vault);
		const report = await lib.doctor({ vault, home: this.home, agent, version: this.version, scriptSource: this.files.bridge, mcpSource: this.files.mcp, platform: this.platform, env: this.env });
		return { ok: report.ok, problem: '', text: lib.formatDoctor(report), report };
	}
}
