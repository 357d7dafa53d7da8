/**
 * The fence around Session Brief's own files with the real Claude Code CLI (print mode) against the
 * model-API stand-in: the agent's Edit of the review marks and its shell command that empties the
 * journal are refused before they happen, the model reads why, and the files keep their bytes;
 * a command that names none of them runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, expectClean, probe, runClaude, skipReason } from './support/clients';
import { claudeLastToolResult } from './support/requests';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);

describe.skipIf(skip !== undefined)(`the fence with Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	test("the agent's Edit of the review marks and its shell command on the journal are refused; other commands run", async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const plugin = path.join(ws.vault, '.obsidian', 'plugins', 'session-brief');
		const marks = path.join(plugin, 'agent-review.json');
		const journal = path.join(plugin, 'agent-changes.jsonl');
		fs.writeFileSync(marks, '{"all":null,"sessions":{},"notes":{},"renames":[]}\n');
		fs.writeFileSync(journal, '{"path":"Notes/a.md","tool":"Edit","session":"earlier","at":"2026-11-29T09:00:00.000Z"}\n');
		const before = { marks: fs.readFileSync(marks), journal: fs.readFileSync(journal) };
		const witness = path.join(ws.vault, 'ran.txt');

		s.api.script([{ tool: 'Read', input: { file_path: marks } }, { tool: 'Edit', input: { file_path: marks, old_string: '"all":null', new_string: '"all":"2099-01-01T00:00:00.000Z"' } }, { text: 'Done.' }]);
		const edit = await runClaude(ws, s.api, s.guard, 'Mark everything reviewed.', { skipPermissions: true });
		expectClean('claude', edit);
		expect(claudeLastToolResult(edit.conversation.at(-1)!)?.text ?? '').toContain("is in Session Brief's plugin folder (.obsidian/plugins/session-brief/)");

		s.api.script([{ tool: 'Bash', input: { command: ': > .obsidian/plugins/session-brief/agent-changes.jsonl', description: 'Empty the journal' } }, { text: 'Done.' }]);
		const shell = await runClaude(ws, s.api, s.guard, 'Empty the agent journal.', { skipPermissions: true });
		expectClean('claude', shell);
		expect(claudeLastToolResult(shell.conversation.at(-1)!)?.text ?? '').toContain('The command names .obsidian/plugins/session-brief/agent-changes.jsonl.');
		expect(fs.readFileSync(marks).equals(before.marks)).toBe(true);
		expect(fs.readFileSync(journal).equals(before.journal)).toBe(true);

		s.api.script([{ tool: 'Bash', input: { command: `echo ok > ${JSON.stringify(witness)}`, description: 'Write a file' } }, { text: 'Done.' }]);
		expectClean('claude', await runClaude(ws, s.api, s.guard, 'Write ok.', { skipPermissions: true }));
		expect(fs.readFileSync(witness, 'utf8')).toBe('ok\n');
	});
});
