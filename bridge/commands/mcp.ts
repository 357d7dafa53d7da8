/**
 * `mcp`: the MCP server over stdio for an agent's mid-session questions. The protocol side (the SDK)
 * is the server file beside the bridge (src/node/mcp/server-load.ts); the answers are the bridge's.
 */
import type { Args } from '../args';
import { clock, contextFor, vaultRoot } from '../context';
import { loadMcpServerFile } from '../../src/node/mcp/server-load';
import { toolHandlers } from '../../src/node/mcp/tools';

declare const BRIDGE_VERSION: string;

export async function mcp(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	// A wrong vault or option fails here, before the first message, with the usual one-line error.
	vaultRoot(args, scriptPath);
	contextFor(args, scriptPath, env);
	// The bundle's own folder: the hook entry runs it with the folder of the installed bridge.
	const server = loadMcpServerFile(__dirname, BRIDGE_VERSION);
	await server.runStdioServer(toolHandlers({ context: () => contextFor(args, scriptPath, env), now: () => clock(env), env, langGiven: args.flags.has('lang') }), BRIDGE_VERSION);
	// The client is gone: leave even if a socket of the live channel still lingers.
	setTimeout(() => process.exit(0), 500).unref();
	return 0;
}
