/**
 * `mark_reviewed` over MCP with the real Claude Code CLI (print mode) against the model-API
 * stand-in: the agent edits a note the human flagged #review, then tries to close that review
 * itself. Claude Code starts the MCP server as install registered it; the tool answers with a
 * refusal the model can act on, and the note keeps its flag. A note no agent touched is marked,
 * and that mark lands in the agent changes journal as the agent's own change.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, expectClean, probe, runClaude, skipReason, type Workspace } from './support/clients';
import { claudeLastToolResult } from './support/requests';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);

const MARK = 'mcp__session-brief__mark_reviewed';

/** The user's approval of the project's MCP server, as Claude Code stores it in ~/.claude.json. */
function approveMcp(ws: Workspace): void {
	const file = path.join(ws.home, '.claude.json');
	const config = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as { projects?: Record<string, Record<string, unknown>> };
	config.projects = { ...config.projects, [ws.vault]: { ...config.projects?.[ws.vault], hasTrustDialogAccepted: true, enabledMcpjsonServers: ['session-brief'] } };
	fs.writeFileSync(file, JSON.stringify(config, null, 2));
}

const journal = (ws: Workspace): Array<{ path: string; tool: string | null; session: string | null }> =>
	fs
		.readFileSync(path.join(ws.vault, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), 'utf8')
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l) as { path: string; tool: string | null; session: string | null });

describe.skipIf(skip !== undefined)(`mark_reviewed with Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	test('the agent cannot close the review of a note it has just edited; the model reads why and what to do', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		approveMcp(ws);
		const rel = 'Notes/Reading list.md';
		const file = path.join(ws.vault, ...rel.split('/'));
		s.api.script([
			{ tool: 'Read', input: { file_path: file } },
			{ tool: 'Edit', input: { file_path: file, old_string: '- Building a second brain', new_string: '- Building a second brain (read)' } },
			{ tool: MARK, input: { path: rel } },
			{ text: 'Done.' },
		]);
		const run = await runClaude(ws, s.api, s.guard, 'Update the reading list and mark it reviewed.', { args: ['--allowedTools', MARK] });
		expectClean('claude', run);
		const last = run.conversation.at(-1);
		if (last === undefined) throw new Error(`no request after the tool call; stderr: ${run.stderr.slice(-1500)}`);
		const result = claudeLastToolResult(last)?.text ?? '';
		expect(result).toContain('Notes/Reading list.md has a change by an agent that the human has not reviewed yet');
		expect(result).toContain('An agent cannot mark its own work reviewed: ask the human to review that change in Obsidian first');
		// The edit went through; the human's flag stays.
		const text = fs.readFileSync(file, 'utf8');
		expect(text).toContain('(read)');
		expect(text).not.toContain('review-done');
		expect(journal(ws)).toEqual([expect.objectContaining({ path: rel, tool: 'Edit' })]);
	});

	test('a note no agent changed is marked, and the mark is journaled as the agent session\'s own change', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		approveMcp(ws);
		const rel = 'Notes/Reading list.md';
		s.api.script([{ tool: MARK, input: { path: rel } }, { text: 'Done.' }]);
		const run = await runClaude(ws, s.api, s.guard, 'Mark the reading list reviewed.', { args: ['--allowedTools', MARK] });
		expectClean('claude', run);
		const result = claudeLastToolResult(run.conversation.at(-1) ?? run.conversation[0]!)?.text ?? '';
		expect(result).toContain('Marked Notes/Reading list.md reviewed');
		expect(fs.readFileSync(path.join(ws.vault, ...rel.split('/')), 'utf8')).toContain('review-done');
		const records = journal(ws);
		expect(records).toEqual([expect.objectContaining({ path: rel, tool: 'mark_reviewed' })]);
		// Claude Code passes its session to the servers it starts (CLAUDE_CODE_SESSION_ID): the record names it.
		const sessionId = (JSON.parse(run.stdout) as { session_id?: string }).session_id;
		expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
		expect(records[0]?.session).toBe(sessionId);
	});
});
