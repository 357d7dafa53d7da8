/**
 * *Install agent hooks*, *Check agent hooks* and *Remove agent hooks*:
 * the bridge's own install, doctor and uninstall, called with Obsidian's vault folder and config
 * folder, the bridge bundle and MCP server file embedded in main.js, and a `node` found on disk (Obsidian's own
 * `process.execPath` is Electron, which cannot run the hooks). Desktop only: the hooks are files
 * in the vault folder and in the agent's settings.
 */
import * as os from 'node:os';
import { FileSystemAdapter, type App } from 'obsidian';
import { doctor, formatDoctor } from '../node/agents/doctor';
import { install } from '../node/agents/install';
import { uninstall } from '../node/agents/uninstall';
import type { Scope } from '../node/agents/host-spec';
import { EXIT, findNodeOnPath, specFor, type ActionResult } from '../node/agents/options';
import type { AgentId } from '../core/agent-contracts';
import type { EmbeddedFiles } from './bridge-source';

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

/**
 * Where Node usually lives when Obsidian was started from a desktop launcher, whose PATH often
 * lacks the shell's additions (Homebrew, /usr/local). Searched after PATH.
 */
const USUAL_NODE_DIRS: Partial<Record<NodeJS.Platform, string[]>> = {
	darwin: ['/opt/homebrew/bin', '/usr/local/bin', '/usr/bin'],
	linux: ['/usr/local/bin', '/usr/bin', '/snap/bin'],
};

export function findNode(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
	const extra = USUAL_NODE_DIRS[platform] ?? [];
	const sep = platform === 'win32' ? ';' : ':';
	const path = [env.PATH ?? env.Path ?? '', ...extra].filter((p) => p !== '').join(sep);
	return findNodeOnPath({ ...env, PATH: path, Path: path }, platform);
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

	scopesOf(agent: AgentId): readonly Scope[] {
		return specFor(agent).scopes;
	}

	install(choice: HookChoice, vault: string): HookOutcome {
		const r = install({
			vault,
			scope: choice.scope,
			agent: choice.agent,
			home: this.home,
			scriptSource: this.files.bridge,
			mcpSource: this.files.mcp,
			version: this.version,
			nodePath: findNode(this.env, this.platform),
			configDir: this.app.vault.configDir,
			pluginDir: this.pluginFolder,
			platform: this.platform,
			env: this.env,
		});
		const ok = r.code === EXIT.ok;
		return { ok, problem: ok ? '' : (r.lines[r.lines.length - 1] ?? ''), text: outcomeText(r) };
	}

	/** `choice` parts left out: every installation recorded in the vault, as the bridge's uninstall. */
	remove(choice: Partial<HookChoice>, vault: string): HookOutcome {
		const r = uninstall({ vault, home: this.home, agent: choice.agent, scope: choice.scope, platform: this.platform, env: this.env });
		const ok = r.code === EXIT.ok;
		return { ok, problem: ok ? '' : (r.lines[r.lines.length - 1] ?? ''), text: outcomeText(r) };
	}

	async check(agent: AgentId, vault: string): Promise<HookOutcome> {
		const report = await doctor({ vault, home: this.home, agent, version: this.version, scriptSource: this.files.bridge, mcpSource: this.files.mcp, platform: this.platform, env: this.env });
		return { ok: report.ok, problem: '', text: formatDoctor(report) };
	}
}
