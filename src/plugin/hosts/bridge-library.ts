/**
 * The bridge's install, uninstall and doctor, loaded from the bridge file main.js embeds as text
 * (bridge-source.ts) instead of being compiled into main.js a second time: the plugin runs exactly
 * the code it installs. The text is compiled with Node's `vm` as CommonJS, the way the installed
 * hook entry runs the same file (src/node/hosts/hook-entry.cjs), with the mark that tells the
 * bridge to run no command (src/node/agent-library.ts). Desktop only, and only when an agent-hook
 * command is used: compiling the bridge costs tens of milliseconds, so it is done once, on demand.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { LIBRARY_MARK, type AgentLibrary, type BridgeExports } from '../../node/agent-library';

/**
 * `file` names the code in stack traces and anchors the bridge's `require`, which loads Node's
 * built-in modules only (everything else is bundled into the text).
 */
export async function loadAgentLibrary(bridgeText: string, file: string): Promise<AgentLibrary> {
	// A shebang line is not JavaScript; blank it out (keeping line numbers) as Node's loader does.
	const body = bridgeText.replace(/^#!.*/, '');
	const params = ['exports', 'require', 'module', '__filename', '__dirname'];
	const run = vm.compileFunction(body, params, { filename: file }) as (...args: unknown[]) => void;
	const mod: { exports: unknown } & Record<string, unknown> = { exports: {}, [LIBRARY_MARK]: true };
	run.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
	const exported = mod.exports as Partial<BridgeExports>;
	if (typeof exported.agentLibrary !== 'function') throw new Error('the embedded bridge exports no agent library; rebuild the plugin (npm run build).');
	return exported.agentLibrary();
}
