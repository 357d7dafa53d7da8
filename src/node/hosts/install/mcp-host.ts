/** How a host reads MCP servers: the shape each host module fills in (mcp-registration.ts writes it). */
import type { Scope } from '../host-spec';

export const MCP_SERVER_NAME = 'session-brief';

/** Where a host reads MCP servers, per scope (null: a scope whose file we do not write), and the entry it expects. */
export interface McpHost {
	/** The files it reads, in the order doctor lists them. */
	files(vault: string, home: string): Array<{ file: string; scope: Scope }>;
	entry(node: string, script: string): Record<string, unknown>;
	/** What install says for a scope it does not write (Claude Code's `local`). */
	unwritten?(scope: Scope, node: string, script: string): string | undefined;
}
