/**
 * What the bridge and its MCP server file (`session-brief.mcp.cjs`) agree on. The server file holds
 * the MCP SDK and the protocol side (server.ts); the bridge holds what each tool answers (tools.ts)
 * and passes it in. So a hook run never loads the SDK, and the tools answer with exactly the code
 * `report` and `check` run. Nothing here may import the SDK: the bridge imports this file.
 */
import type { ListItemId } from '../../core/brief/brief-items';
import type { Lang } from '../../core/i18n';
import type { VaultStatus } from '../../core/status/status-line';

export const SERVER_NAME = 'session-brief';

/** The tool names, in the order the server lists them (doctor checks the list against these). */
export const TOOL_NAMES = ['brief', 'review_queue', 'agent_changes', 'rule_check', 'mark_reviewed', 'vault_status'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface ToolAnswer {
	text: string;
	structured: Record<string, unknown>;
}

export interface QueueFilter {
	items?: ListItemId[];
	pathPrefix?: string;
	limit?: number;
}

/** Changes on one `agent_changes` page unless the call asks for another number, and the most it may ask for. */
export const AGENT_CHANGES_PAGE_SIZE = 50;
export const AGENT_CHANGES_MAX_PAGE = 200;
/** Bytes of one page's text at most (the structured content is about as large): past them the page ends early. */
export const AGENT_CHANGES_PAGE_BYTES = 32 * 1024;

/** Which page of `agent_changes`: at most `limit` changes, from `cursor` (the previous page's `nextCursor`). */
export interface AgentChangesPage {
	limit?: number;
	cursor?: string;
}

/** One function per tool; a thrown error becomes an MCP tool error with its message. */
export interface ToolHandlers {
	brief(): Promise<ToolAnswer>;
	reviewQueue(filter: QueueFilter): Promise<ToolAnswer>;
	agentChanges(page: AgentChangesPage): ToolAnswer;
	ruleCheck(paths: string[] | undefined): Promise<ToolAnswer>;
	markReviewed(path: string): Promise<ToolAnswer>;
	/** The status line's words; `status` and `lang` also draw the Codex status line resource. */
	vaultStatus(): ToolAnswer & { status: VaultStatus; lang: Lang };
}

/** The resource Codex reads for its status line (docs/status-line.md, "Codex"). */
export const STATUS_LINE_URI = 'ui://session-brief/status-line';

/** What the server file exports (its entry: server-file.ts). */
export interface McpServerFile {
	/** The version it was built with; the bridge refuses a file of another version. */
	version: string;
	runStdioServer(handlers: ToolHandlers, version: string): Promise<void>;
}
