/**
 * Loads the MCP server file (`session-brief.mcp.cjs`) that sits beside the bridge, by path at run
 * time: the bridge bundle does not contain the SDK, so a hook start never reads or compiles it.
 * A missing, broken or mismatched file is an error that says what to do.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { type McpServerFile } from './contract';
import { MCP_FILE_NAME } from '../state-registry';

export class McpFileError extends Error {}

const FIX = `Run "install" again (it writes ${MCP_FILE_NAME} beside the bridge), or put the ${MCP_FILE_NAME} of the same release beside the bridge file`;

export function mcpFileBeside(bridgeDir: string): string {
	return path.join(bridgeDir, MCP_FILE_NAME);
}

export function loadMcpServerFile(bridgeDir: string, bridgeVersion: string): McpServerFile {
	const file = mcpFileBeside(bridgeDir);
	if (!fs.existsSync(file)) throw new McpFileError(`the MCP server file ${file} is missing. ${FIX}.`);
	let loaded: Partial<McpServerFile>;
	try {
		loaded = createRequire(file)(file) as Partial<McpServerFile>;
	} catch (error) {
		throw new McpFileError(`the MCP server file ${file} does not load (${(error as Error).message}). ${FIX}.`);
	}
	if (typeof loaded.runStdioServer !== 'function' || typeof loaded.version !== 'string') throw new McpFileError(`${file} is not a Session Brief MCP server file. ${FIX}.`);
	if (loaded.version !== bridgeVersion) throw new McpFileError(`the MCP server file ${file} is version ${loaded.version}, the bridge ${bridgeVersion}. ${FIX}.`);
	return loaded as McpServerFile;
}
