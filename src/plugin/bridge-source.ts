/**
 * The hook bridge bundle and its MCP server file, embedded in main.js as text: a community plugin
 * release ships only main.js, manifest.json and styles.css, so *Install agent hooks* copies both
 * from here. They are text the plugin writes out, never code it runs: the plugin itself does not
 * load the MCP SDK (its doctor starts the installed server with node). esbuild builds both before
 * the plugin, so these are always the current files.
 */
import bridgeSource from '../../bridge/dist/session-brief.cjs';
import mcpSource from '../../bridge/dist/session-brief.mcp.cjs';

declare const BRIDGE_VERSION: string | undefined;

/** The files *Install agent hooks* writes into `.claude/hooks/`. */
export interface EmbeddedFiles {
	bridge: string;
	mcp: string;
}

export const EMBEDDED_FILES: EmbeddedFiles = { bridge: bridgeSource, mcp: mcpSource };

/** The plugin build defines the bridge's version as the bridge build does; tests fall back to the manifest's. */
export function embeddedBridgeVersion(fallback: string): string {
	return typeof BRIDGE_VERSION === 'string' ? BRIDGE_VERSION : fallback;
}
