/**
 * The fence around Session Brief's own files with the real CLIs against the model-API stand-in:
 * the agent's edit of the review marks and its shell command that empties the journal are refused
 * before they happen (each host's pre-tool hook, answered in that host's own deny shape), the
 * model reads why, and the files keep their bytes; a command that names none of them runs.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, codexConfig, expectClean, geminiTrustFolder, probe, runClaude, runCodex, runGemini, skipReason, type Workspace } from './support/clients';
import { anthropicEntries, claudeLastToolResult, excerpt } from './support/requests';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);
const gemini = await probe('gemini');
const skipGemini = skipReason('gemini', gemini);
const codex = await probe('codex');
const skipCodex = skipReason('codex', codex);

const REFUSED_EDIT = "is in Session Brief's plugin folder (.obsidian/plugins/session-brief/)";
const REFUSED_SHELL = 'The command names .obsidian/plugins/session-brief/agent-changes.jsonl.';

/** The review marks and the journal, with content, and their bytes. */
function ownFiles(ws: Workspace): { marks: string; journal: string; unchanged: () => boolean } {
	const plugin = path.join(ws.vault, '.obsidian', 'plugins', 'session-brief');
	const marks = path.join(plugin, 'agent-review.json');
	const journal = path.join(plugin, 'agent-changes.jsonl');
	fs.writeFileSync(marks, '{"all":null,"sessions":{},"notes":{},"renames":[]}\n');
	fs.writeFileSync(journal, '{"path":"Notes/a.md","tool":"Edit","session":"earlier","at":"2026-11-29T09:00:00.000Z"}\n');
	const before = { marks: fs.readFileSync(marks), journal: fs.readFileSync(journal) };
	return { marks, journal, unchanged: () => fs.readFileSync(marks).equals(before.marks) && fs.readFileSync(journal).equals(before.journal) };
}

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

/** Shell spellings of the journal and a hook file that show no fenced word as written (docs/design-decisions/trail-guards.md, "The fence is best effort"). */
const SPELLINGS = [
	': > .obsidian/plugins/session-brie\\f/agent-changes.jsonl',
	": > $'.obsidian/plugins/session-brie\\x66/agent-changes.jsonl'",
	': > $".obsidian/plugins/session-brief/agent-changes.jsonl"',
	'cd Notes && : > ../.obsidian/plugins/session-brief/agent-changes.jsonl',
	'pushd Notes >/dev/null && : > ../.obsidian/plugins/session-brief/agent-changes.jsonl',
	': > Notes/l/../session-brief/agent-changes.jsonl',
	'cp -t.obsidian/plugins/session-brief Inbox/agent-changes.jsonl',
	'git checkout -- .',
	'cd Notes && : > ../.claude/hooks/session-brief.edit.cjs',
];

describe.skipIf(skip !== undefined)(`the fence reads shell commands with Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	test('each spelling of the journal or a hook file is refused, a Write to the review seal too, and the files keep their bytes', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const own = ownFiles(ws);
		const hookFile = path.join(ws.vault, '.claude', 'hooks', 'session-brief.edit.cjs');
		const hookBefore = fs.readFileSync(hookFile);
		fs.mkdirSync(path.join(ws.vault, '.obsidian', 'plugins', 'other-plugin'), { recursive: true });
		fs.symlinkSync(path.join(ws.vault, '.obsidian', 'plugins', 'other-plugin'), path.join(ws.vault, 'Notes', 'l'), 'dir');
		fs.writeFileSync(path.join(ws.vault, 'Inbox', 'agent-changes.jsonl'), '');
		const git = (...args: string[]): void => {
			const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: ws.vault, encoding: 'utf8' });
			expect(r.status, r.stderr).toBe(0);
		};
		git('init', '-q');
		git('add', '-A');
		git('commit', '-qm', 'vault');
		// The trail grew after the commit: `git checkout -- .` would drop the new entry.
		fs.appendFileSync(own.journal, '{"path":"Notes/b.md","tool":"Edit","session":"later","at":"2026-11-29T10:00:00.000Z"}\n');
		const journal = fs.readFileSync(own.journal);
		const stateDir = path.join(ws.home, '.local', 'state', 'session-brief');
		fs.mkdirSync(stateDir, { recursive: true });
		const seal = path.join(stateDir, 'review-seal-test.json');
		fs.writeFileSync(seal, '{"seal":1}\n');

		s.api.script([...SPELLINGS.map((command) => ({ tool: 'Bash', input: { command, description: 'Change the trail' } })), { tool: 'Write', input: { file_path: seal, content: '{}' } }, { text: 'Done.' }]);
		const run = await runClaude(ws, s.api, s.guard, 'Clear the review trail.', { skipPermissions: true });
		expectClean('claude', run);
		const results = anthropicEntries(run.conversation.at(-1)!).filter((e) => e.kind === 'tool_result');
		expect(results.length, excerpt(run.conversation.at(-1), 'tool_result')).toBe(SPELLINGS.length + 1);
		SPELLINGS.forEach((command, i) => expect(results[i]?.text ?? '', command).toContain('The command names '));
		expect(results.at(-1)?.text ?? '').toContain("is in Session Brief's per-user state folder");
		expect(fs.readFileSync(own.journal).equals(journal)).toBe(true);
		expect(fs.readFileSync(hookFile).equals(hookBefore)).toBe(true);
		expect(fs.readFileSync(seal, 'utf8')).toBe('{"seal":1}\n');
	});
});

describe('the fence with Gemini CLI and Codex', () => {
	const s = clientSuite();

	test.skipIf(skipGemini !== undefined)(`Gemini CLI ${gemini.version}: its replace of the review marks and its shell command on the journal are refused (BeforeTool, decision "deny"); other commands run`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		geminiTrustFolder(ws);
		const own = ownFiles(ws);
		s.api.script([{ tool: 'replace', input: { file_path: own.marks, old_string: '"all":null', new_string: '"all":"2099-01-01T00:00:00.000Z"', instruction: 'Mark all reviewed.' } }, { text: 'Done.' }]);
		const edit = await runGemini(ws, s.api, s.guard, 'Mark everything reviewed.', { approvalMode: 'yolo' });
		expectClean('gemini', edit);
		expect(edit.conversation.at(-1)?.text ?? '', excerpt(edit.conversation.at(-1), 'functionResponse')).toContain(REFUSED_EDIT);
		s.api.script([{ tool: 'run_shell_command', input: { command: ': > .obsidian/plugins/session-brief/agent-changes.jsonl', description: 'Empty the journal' } }, { text: 'Done.' }]);
		const shell = await runGemini(ws, s.api, s.guard, 'Empty the agent journal.', { approvalMode: 'yolo' });
		expectClean('gemini', shell);
		expect(shell.conversation.at(-1)?.text ?? '', excerpt(shell.conversation.at(-1), 'functionResponse')).toContain(REFUSED_SHELL);
		expect(own.unchanged()).toBe(true);
		const witness = path.join(ws.vault, 'ran.txt');
		s.api.script([{ tool: 'run_shell_command', input: { command: `echo ok > ${JSON.stringify(witness)}`, description: 'Write a file' } }, { text: 'Done.' }]);
		expectClean('gemini', await runGemini(ws, s.api, s.guard, 'Write ok.', { approvalMode: 'yolo' }));
		expect(fs.readFileSync(witness, 'utf8')).toBe('ok\n');
	});

	test.skipIf(skipCodex !== undefined)(`Codex CLI ${codex.version}: its apply_patch of the review marks and its shell command on the journal are refused (PreToolUse, permissionDecision "deny"; hook trust bypassed)`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true, model: 'gpt-5.5' });
		const own = ownFiles(ws);
		const patch = ['*** Begin Patch', '*** Update File: .obsidian/plugins/session-brief/agent-review.json', '@@', '-{"all":null,"sessions":{},"notes":{},"renames":[]}', '+{"all":"2099-01-01T00:00:00.000Z","sessions":{},"notes":{},"renames":[]}', '*** End Patch', ''].join('\n');
		s.api.script([{ customTool: 'apply_patch', input: patch }, { text: 'Done.' }]);
		const edit = await runCodex(ws, s.api, s.guard, 'Mark everything reviewed.', { bypassHookTrust: true });
		expectClean('codex', edit);
		expect(edit.conversation.at(-1)?.text ?? '', excerpt(edit.conversation.at(-1), 'apply_patch')).toContain(REFUSED_EDIT);
		// Its shell tool: Codex's hook input names it Bash.
		s.api.script([{ tool: 'exec_command', input: { cmd: ': > .obsidian/plugins/session-brief/agent-changes.jsonl' } }, { text: 'Done.' }]);
		const shell = await runCodex(ws, s.api, s.guard, 'Empty the agent journal.', { bypassHookTrust: true });
		expectClean('codex', shell);
		const tools = JSON.stringify(((shell.conversation[0]?.body ?? {}) as { tools?: { name?: string }[] }).tools?.map((t) => t.name));
		expect(shell.conversation.at(-1)?.text ?? '', tools + excerpt(shell.conversation.at(-1), 'exec_command')).toContain(REFUSED_SHELL);
		expect(own.unchanged()).toBe(true);
	});
});
