/**
 * What the bridge and its MCP server file (`session-brief.mcp.cjs`) agree on. The server file holds
 * the MCP SDK and the protocol side (server.ts); the bridge holds what each tool answers (tools.ts)
 * and passes it in. So a hook run never loads the SDK, and the tools answer with exactly the code
 * `report` and `check` run. Nothing here may import the SDK: the bridge imports this file.
 */
import type { ListItemId } from '../../core/brief-items';

export const SERVER_NAME = 'session-brief';

/** The tool names, in the order the server lists them (doctor checks the list against these). */
export const TOOL_NAMES = ['brief', 'review_queue', 'agent_changes', 'rule_check', 'mark_reviewed'] as const;

export interface ToolAnswer {
	text: string;
	structured: Record<string, unknown>;
}

export interface QueueFilter {
	items?: ListItemId[];
	pathPrefix?: string;
	limit?: number;
}

/** One function per tool; a thrown error becomes an MCP tool error with its message. */
export interface ToolHandlers {
	brief(): Promise<ToolAnswer>;
	reviewQueue(filter: QueueFilter): Promise<ToolAnswer>;
	agentChanges(limit: number | undefined): ToolAnswer;
	ruleCheck(paths: string[] | undefined): Promise<ToolAnswer>;
	markReviewed(path: string): Promise<ToolAnswer>;
}

/** What the server file exports (its entry: server-file.ts). */
export interface McpServerFile {
	/** The version it was built with; the bridge refuses a file of another version. */
	version: string;
	runStdioServer(handlers: ToolHandlers, version: string): Promise<void>;
}
