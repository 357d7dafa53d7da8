/**
 * The entry of `session-brief.mcp.cjs`, the MCP server file beside the bridge (esbuild.config.mjs).
 * Only `session-brief mcp` loads it (server-load.ts), so the SDK it holds costs hook runs nothing.
 * Its exports are the McpServerFile of contract.ts.
 */
import type { McpServerFile } from './contract';
import { runStdioServer as run } from './server';

declare const BRIDGE_VERSION: string;

export const version: McpServerFile['version'] = BRIDGE_VERSION;
export const runStdioServer: McpServerFile['runStdioServer'] = run;
