/**
 * The hook bridge bundle and its MCP server file, embedded in main.js: a community plugin release
 * ships only main.js, manifest.json and styles.css, so *Install agent hooks* copies both from here.
 * They are embedded gzip-compressed, as base64 in a comment of a function that is never called
 * (esbuild.config.mjs, `gzipEmbedded`), and decoded from its source text on first use: as a string
 * they were most of main.js, paid at every start on every device, while only installing or checking
 * the hooks on a desktop reads them. They are text the plugin writes out; the plugin runs
 * the bridge's install and doctor from the same text (bridge-library.ts), never the MCP server.
 * esbuild builds both before the plugin, so these are always the current files.
 */
import { Buffer } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import bridgeHolder from '../../../bridge/dist/session-brief.cjs?gzip';
import mcpHolder from '../../../bridge/dist/session-brief.mcp.cjs?gzip';

declare const BRIDGE_VERSION: string | undefined;

/** The files *Install agent hooks* writes into `.claude/hooks/`. */
export interface EmbeddedFiles {
	readonly bridge: string;
	readonly mcp: string;
}

function unpack(holder: () => unknown): string {
	// Function source text keeps comments (ECMAScript 2019, Function.prototype.toString).
	const base64 = /\/\*\s*([A-Za-z0-9+/=]+)\s*\*\//.exec(holder.toString())?.[1];
	if (base64 === undefined) throw new Error('main.js does not carry the hook files (was it minified again?); reinstall the plugin.');
	return gunzipSync(Buffer.from(base64, 'base64')).toString('utf8');
}

/** Each file is decoded when first read, then kept. */
class LazyFiles implements EmbeddedFiles {
	private bridgeText: string | null = null;
	private mcpText: string | null = null;
	get bridge(): string {
		return (this.bridgeText ??= unpack(bridgeHolder));
	}
	get mcp(): string {
		return (this.mcpText ??= unpack(mcpHolder));
	}
}

export const EMBEDDED_FILES: EmbeddedFiles = new LazyFiles();

/** The plugin build defines the bridge's version as the bridge build does; tests fall back to the manifest's. */
export function embeddedBridgeVersion(fallback: string): string {
	return typeof BRIDGE_VERSION === 'string' ? BRIDGE_VERSION : fallback;
}
