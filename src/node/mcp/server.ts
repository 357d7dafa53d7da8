/**
 * The MCP server (`session-brief mcp`) over stdio, built into its own file so only this command
 * loads the SDK. Stdout carries protocol messages only (anything else would corrupt the stream), and
 * a failing tool answers with an MCP tool error; the server never stops on one.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { z } from 'zod';
import { QUEUE_ITEMS, queueItemsAbout } from '../../core/brief/brief-items';
import { AGENT_CHANGES_MAX_PAGE, AGENT_CHANGES_PAGE_BYTES, AGENT_CHANGES_PAGE_SIZE, SERVER_NAME, STATUS_LINE_URI, TOOL_NAMES, type ToolAnswer, type ToolHandlers, type ToolName } from './contract';
import { LineTransport } from './line-transport';
import { codexStatusTree } from '../../core/status/codex-status-tree';
import { asciiJson } from '../../core/brief/format';

function answer(a: ToolAnswer): CallToolResult {
	return { content: [{ type: 'text', text: a.text }], structuredContent: a.structured };
}

function failure(error: unknown): CallToolResult {
	const message = error instanceof Error ? error.message : String(error);
	return { isError: true, content: [{ type: 'text', text: `Session brief: ${message}` }] };
}

async function guarded(run: () => Promise<ToolAnswer> | ToolAnswer): Promise<CallToolResult> {
	try {
		return answer(await run());
	} catch (error) {
		return failure(error);
	}
}

const PATH_RULE = 'Vault-relative with "/" (for example "Notes/Meeting.md"), or absolute inside the vault; ".." and symbolic links that lead out of the vault are refused.';

/** The SDK validates elicitation answers with it; this server asks no questions, so none is ever valid. */
const noElicitation: jsonSchemaValidator = {
	getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'this server asks no questions (no elicitation)' }),
};

/** How a tool is registered: title, description, input schema, annotations, and the handler it calls. */
export type ToolRegistration = (server: McpServer, tools: ToolHandlers) => void;

function registerBrief(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'brief',
		{
			title: 'Vault brief',
			description:
				`The vault's brief as the session-start hook gives it: today's date and daily note, and for each item how many notes it holds, with the first names: ${queueItemsAbout()}. Call it mid-session to see the current state, e.g. whether the inbox is empty now. Structured content: the \`report --json\` schema (items with count and paths).`,
			inputSchema: {},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		() => guarded(() => tools.brief()),
	);
}

function registerReviewQueue(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'review_queue',
		{
			title: 'Review queue',
			description:
				`Every note that waits for review, with detail per note: its modified time and where each flag sits (frontmatter, or the line number and the line's text). Items: ${queueItemsAbout()}. Structured content: the \`report --json --review\` schema; with a limit, \`omitted\` says how many notes of an item were left out.`,
			inputSchema: {
				items: z.array(z.enum(QUEUE_ITEMS)).min(1).optional().describe('Only these items (default: all).'),
				pathPrefix: z.string().max(1024).optional().describe('Only notes in this folder of the vault, e.g. "Projects/Alpha" (case-insensitive).'),
				limit: z.number().int().min(1).max(10000).optional().describe('At most this many notes per item (default: all).'),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		(args) => guarded(() => tools.reviewQueue({ items: args.items, pathPrefix: args.pathPrefix, limit: args.limit })),
	);
}

function registerAgentChanges(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'agent_changes',
		{
			title: 'Changes by agents, not yet reviewed',
			description:
				"The notes that agents (you or others, in this or earlier sessions) created, edited, renamed or deleted and the human has not yet reviewed in Obsidian, grouped by session, newest first: each note once per session with the tool of its latest change, the number of changes and the time (UTC). A deleted note is listed under its old path, a renamed one with where it was; changes made through a shell or a script carry the tool \"another tool\"; renames made in Obsidian are followed. Read only: only the human marks these reviewed. Structured content: `count` (distinct notes) and `sessions` (session id, latest edit, changes with path, tool, at, edits, `lines` (`added` and `removed`, as the human's diff view counts them against the note as it was before the session's first change; null when that version was not kept or the change is large), `large` (for a change too large to count, its bytes `before` and `after`), and `change`: `deleted` or `renamed` with `from`, where it applies), and `total` (sessions and changes in all). One page at a time, newest first: when more remain, `nextCursor` and `remaining` (changes and sessions) say so; pass `cursor` for the next page. A session cut by a page's end goes on, marked `continued`, on the next.",
			inputSchema: {
				limit: z.number().int().min(1).max(AGENT_CHANGES_MAX_PAGE).optional().describe(`At most this many changes on the page (default ${AGENT_CHANGES_PAGE_SIZE}); a page also ends before its text passes ${AGENT_CHANGES_PAGE_BYTES / 1024} KB.`),
				cursor: z.string().max(40).optional().describe('The `nextCursor` of the previous page, for the next one (default: the first page).'),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		(args) => guarded(() => tools.agentChanges({ limit: args.limit, cursor: args.cursor })),
	);
}

function registerRuleCheck(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'rule_check',
		{
			title: 'Rule check',
			description:
				"Runs the built-in checks on the agent's rule files (broken frontmatter, links to notes that do not exist, CLAUDE.md imports, skill and agent files, .claude/settings.json) over the configured rule scope, or over the given files and folders. Call it before committing or after editing rules. The user's external checker is never run from here. Structured content: the `check --json` schema plus `targets` (the files checked when paths were given).",
			inputSchema: {
				paths: z.array(z.string().min(1).max(4096)).max(10000).optional().describe(`Files or folders to check instead of the rule scope. ${PATH_RULE}`),
			},
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		(args) => guarded(() => tools.ruleCheck(args.paths)),
	);
}

function registerMarkReviewed(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'mark_reviewed',
		{
			title: 'Mark a note reviewed',
			description:
				"Marks one note that carries the review tag as reviewed, as the Obsidian sidebar's *Mark as reviewed* does: adds the review-done tag to the note's properties (frontmatter), leaving the rest of the note as it is. Only for notes in review_queue's reviewOpen item, and only after you have actually reviewed the note as asked. It never touches needs-review or pending-review flags, and it cannot mark changes made by agents as reviewed: that check belongs to the human. So it refuses a note that an agent (you included) has changed since the human last reviewed it, and its own mark is listed for the human as an agent change.",
			inputSchema: {
				path: z.string().min(1).max(4096).describe(`The note to mark (a .md file). ${PATH_RULE}`),
			},
			annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
		},
		(args) => guarded(() => tools.markReviewed(args.path)),
	);
}

/**
 * The vault's state in one line, as a tool any agent may call and as the status line Codex draws
 * from a server that advertises one (`_meta["openai/ui"]`, read through `resources/read`).
 */
function registerVaultStatus(server: McpServer, tools: ToolHandlers): void {
	server.registerTool(
		'vault_status',
		{
			title: 'Session Brief: vault status',
			description:
				"The vault's state in one line, as the user's status line shows it: how many notes wait for review, the agent changes not yet reviewed, the last rule check, and whether the counts may lag behind the vault (\"brief stale\"). Cheap: read from the cache, never a scan. Structured content: `toReview`, `agentChanges` (null when unknown), `rules` (`findings`, `complete`, `checks`, or null when no check ran), `stale`.",
			inputSchema: {},
			annotations: { readOnlyHint: true, openWorldHint: false },
			_meta: { 'openai/ui': { entrypoints: [{ type: 'statusline', resourceUri: STATUS_LINE_URI }] } },
		},
		() => guarded(() => tools.vaultStatus()),
	);
	server.registerResource('status-line', STATUS_LINE_URI, { title: 'Session Brief status line', mimeType: 'application/json' }, (uri) => {
		let tree = null;
		try {
			const { status, lang } = tools.vaultStatus();
			tree = codexStatusTree(status, lang);
		} catch {
			// A failed read would stop Codex asking for the rest of the session: an empty footer instead.
		}
		return { contents: [{ uri: uri.href, mimeType: 'application/json', text: asciiJson(tree) }] };
	});
}

/** One registration per name in TOOL_NAMES (the type check names a missing one). */
export type ToolRegistrations = { readonly [Name in ToolName]: ToolRegistration };

export const TOOL_REGISTRATIONS: ToolRegistrations = {
	brief: registerBrief,
	review_queue: registerReviewQueue,
	agent_changes: registerAgentChanges,
	rule_check: registerRuleCheck,
	mark_reviewed: registerMarkReviewed,
	vault_status: registerVaultStatus,
};

/** The server with every tool of TOOL_NAMES, in that order. */
export function createServer(tools: ToolHandlers, version: string, registrations: ToolRegistrations = TOOL_REGISTRATIONS): McpServer {
	const server = new McpServer({ name: SERVER_NAME, version }, { jsonSchemaValidator: noElicitation, instructions: 'The state of the Obsidian vault this server was started for, by the same rules Obsidian uses for tags, properties and code blocks (a #tag in a code block does not count). Use these tools instead of searching the vault text yourself.' });
	for (const name of TOOL_NAMES) registrations[name](server, tools);
	return server;
}

/** Serves until stdin ends (the client closed it or went away), then resolves. */
export async function runStdioServer(tools: ToolHandlers, version: string): Promise<void> {
	// Only the transport writes to stdout: anything a library logs goes to stderr instead.
	const toStderr = (...parts: unknown[]): void => void process.stderr.write(`${parts.map(String).join(' ')}\n`);
	Object.assign(console, { log: toStderr, info: toStderr, debug: toStderr });
	const server = createServer(tools, version);
	// Not the SDK's stdio transport: that one closes for good on one over-long line (line-transport.ts).
	const transport = new LineTransport();
	const closed = new Promise<void>((resolve) => {
		transport.onclose = () => resolve();
		process.stdin.once('end', () => resolve());
		process.stdin.once('close', () => resolve());
	});
	transport.onerror = (error) => process.stderr.write(`session-brief mcp: ${error.message}\n`);
	// One bad moment must not end the session's tools: log it and keep serving.
	process.on('uncaughtException', (error) => process.stderr.write(`session-brief mcp: ${error.stack ?? error.message}\n`));
	process.on('unhandledRejection', (reason) => process.stderr.write(`session-brief mcp: ${String(reason)}\n`));
	await server.connect(transport);
	await closed;
	await server.close().catch(() => undefined);
}
