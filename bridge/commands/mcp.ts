/** `mcp`: the MCP server over stdio for an agent's mid-session questions (src/node/mcp/). */
import type { Args } from '../args';
import { clock, contextFor, vaultRoot } from '../context';
import { runStdioServer } from '../../src/node/mcp/server';

declare const BRIDGE_VERSION: string;

export async function mcp(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	// A wrong vault or option fails here, before the first message, with the usual one-line error.
	vaultRoot(args, scriptPath);
	contextFor(args, scriptPath, env);
	await runStdioServer({ context: () => contextFor(args, scriptPath, env), now: () => clock(env), env, langGiven: args.flags.has('lang') }, BRIDGE_VERSION);
	// The client is gone: leave even if a socket of the live channel still lingers.
	setTimeout(() => process.exit(0), 500).unref();
	return 0;
}
