/**
 * The MCP server file install copies beside the bridge (`session-brief.mcp.cjs`, built with it):
 * whether a given copy can go in. Judged by its text alone (the version in its first lines), so
 * install never runs it.
 */
import { MCP_FILE_NAME } from '../../state-registry';

/** The version in the file's banner (esbuild.config.mjs), or null for a file that is not ours. */
export function mcpFileVersion(source: Buffer): string | null {
	return /^\/\*\n \* Session Brief MCP server (\S+),/.exec(source.subarray(0, 200).toString('utf8'))?.[1] ?? null;
}

/** Why this copy cannot be installed with a bridge of `version`, or null when it can. */
export function mcpSourceProblem(source: Buffer | undefined, version: string): string | null {
	const fix = `Put the ${MCP_FILE_NAME} of the same release beside the bridge file and run install again.`;
	if (source === undefined) return `The MCP server file (${MCP_FILE_NAME}) is not beside the bridge that ran install. ${fix}`;
	const found = mcpFileVersion(source);
	if (found === null) return `The ${MCP_FILE_NAME} beside the bridge is not a Session Brief MCP server file. ${fix}`;
	if (found !== version) return `The ${MCP_FILE_NAME} beside the bridge is version ${found}, the bridge ${version}. ${fix}`;
	return null;
}
