/**
 * The MCP server's registration beside the hooks, for the hosts whose MCP configuration format is
 * documented (docs/agents.md, "MCP server"), with the hook registration's lossless rules: our key
 * only, an unparsable file refused, a second run a no-op, the backup restored byte for byte.
 */
import { AGENT_IDS, type AgentId } from '../../../core/hosts/agent-contracts';
import { decodeStrict, editJson, parseJsonDoc, sameJson, serialize, UnparseableError, type JsonDoc } from '../../check/settings-json';
import { isOwnCommand } from '../command-line/command-line';
import { readIfExists, removeFile, writeAtomic } from './files';
import { backupPath } from './manifest';
import type { ActionResult } from './options';
import type { Scope } from '../host-spec';
import { specFor } from '../index';
import { MCP_SERVER_NAME, type McpHost } from './mcp-host';

export { MCP_SERVER_NAME, type McpHost } from './mcp-host';

/** The hosts with a documented MCP configuration: those whose module (claude-code.ts, cursor.ts) names one. */
export const MCP_HOSTS: Partial<Record<AgentId, McpHost>> = Object.fromEntries(
	AGENT_IDS.flatMap((agent) => {
		const mcp = specFor(agent).mcp;
		return mcp === undefined ? [] : [[agent, mcp]];
	}),
);

/** The file a host reads servers of this scope from, or null. */
export function mcpConfigFile(host: McpHost, scope: Scope, vault: string, home: string): string | null {
	return host.files(vault, home).find((f) => f.scope === scope)?.file ?? null;
}

function isObj(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Ours: an entry whose arguments run a `…/.claude/hooks/session-brief.cjs`. */
export function isOwnMcpEntry(entry: unknown): boolean {
	return isObj(entry) && Array.isArray(entry.args) && entry.args.some((a) => typeof a === 'string' && isOwnCommand(a));
}

function servers(doc: JsonDoc, file: string): Record<string, unknown> | undefined {
	const s = doc.value.mcpServers;
	if (s === undefined) return undefined;
	if (!isObj(s)) throw new UnparseableError(`${file}: "mcpServers" is not an object; it was left unchanged.`);
	return s;
}

function read(vault: string, file: string): { before: Buffer | null; doc: JsonDoc | null } {
	const before = readIfExists(vault, file);
	if (before === null) return { before, doc: null };
	const doc = parseJsonDoc(decodeStrict(before, file), file);
	if (!isObj(doc.value)) throw new UnparseableError(`${file} does not hold a JSON object; it was left unchanged.`);
	return { before, doc };
}

function withEntry(doc: JsonDoc, entry: Record<string, unknown>, file: string): JsonDoc {
	if (servers(doc, file) === undefined) return editJson(doc, ['mcpServers'], { [MCP_SERVER_NAME]: entry }, file);
	return editJson(doc, ['mcpServers', MCP_SERVER_NAME], entry, file);
}

/** Adds or updates our server; lines and changed files go into `r`. Never throws for a file it refuses. */
export function registerMcp(r: ActionResult, host: McpHost, scope: Scope, vault: string, home: string, node: string, script: string): void {
	const file = mcpConfigFile(host, scope, vault, home);
	if (file === null) {
		const hint = host.unwritten?.(scope, node, script);
		if (hint !== undefined) r.lines.push(hint);
		return;
	}
	const entry = host.entry(node, script);
	try {
		const { before, doc } = read(vault, file);
		if (doc === null) {
			writeAtomic(vault, file, `${JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: entry } }, null, 2)}\n`);
			r.changed.push(file);
			r.lines.push(`Registered the MCP server "${MCP_SERVER_NAME}" in ${file} (new file)`);
			return;
		}
		const current = servers(doc, file)?.[MCP_SERVER_NAME];
		if (current !== undefined && !isOwnMcpEntry(current)) {
			r.warnings.push(`${file} already has an MCP server named "${MCP_SERVER_NAME}" that is not ours; left unchanged.`);
			return;
		}
		if (current !== undefined && sameJson(current, entry)) {
			r.lines.push(`${file} already has the MCP server "${MCP_SERVER_NAME}"; left unchanged`);
			return;
		}
		const after = serialize(withEntry(doc, entry, file));
		// The backup holds the file from before our first change; an update (a moved vault) keeps it.
		const bak = backupPath(file);
		if (before !== null && current === undefined) {
			writeAtomic(vault, bak, before);
			r.changed.push(bak);
		}
		writeAtomic(vault, file, after);
		r.changed.push(file);
		r.lines.push(`Registered the MCP server "${MCP_SERVER_NAME}" in ${file}${current === undefined ? ` (previous version kept as ${bak})` : ''}`);
	} catch (error) {
		if (!(error instanceof UnparseableError)) throw error;
		r.warnings.push(`MCP server not registered: ${error.message}`);
	}
}

/** Removes our server only; restores the backup when the file is exactly what our edit made of it. */
export function unregisterMcp(r: ActionResult, host: McpHost, scope: Scope, vault: string, home: string): void {
	const file = mcpConfigFile(host, scope, vault, home);
	if (file === null) return;
	try {
		const { before, doc } = read(vault, file);
		const current = doc === null ? undefined : servers(doc, file)?.[MCP_SERVER_NAME];
		if (doc === null || before === null || !isOwnMcpEntry(current)) return;
		const bak = backupPath(file);
		const original = readIfExists(vault, bak);
		if (original !== null) {
			const again = serialize(withEntry(parseJsonDoc(decodeStrict(original, bak), bak), current as Record<string, unknown>, file));
			if (again === before.toString('utf8')) {
				writeAtomic(vault, file, original);
				removeFile(vault, bak);
				r.changed.push(file, bak);
				r.lines.push(`Restored ${file} to its content before install (MCP server removed)`);
				return;
			}
		}
		let out = editJson(doc, ['mcpServers', MCP_SERVER_NAME], undefined, file);
		// A file install created and that holds nothing else goes.
		if (original === null && sameJson(out.value, { mcpServers: {} })) {
			removeFile(vault, file);
			r.changed.push(file);
			r.lines.push(`Removed ${file} (it held only our MCP server)`);
			return;
		}
		if (isObj(out.value.mcpServers) && Object.keys(out.value.mcpServers).length === 0 && original !== null) {
			const was = parseJsonDoc(decodeStrict(original, bak), bak).value;
			if (was.mcpServers === undefined) out = editJson(out, ['mcpServers'], undefined, file);
		}
		writeAtomic(vault, file, serialize(out));
		if (original !== null) removeFile(vault, bak);
		r.changed.push(file);
		r.lines.push(`Removed the MCP server "${MCP_SERVER_NAME}" from ${file}; everything else kept`);
	} catch (error) {
		if (!(error instanceof UnparseableError)) throw error;
		r.warnings.push(`MCP server not removed: ${error.message}`);
	}
}
