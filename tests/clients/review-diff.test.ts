/**
 * Reviewing an agent's change with the real CLIs against the model-API stand-in: the installed
 * pre-tool hook (Claude Code's and Codex's PreToolUse, Gemini CLI's BeforeTool) keeps the note
 * before the agent's edit, and the bridge's `changes` command then shows exactly that edit as a
 * unified diff (applying it to the before-version gives the note as the agent left it), under the
 * session the host named.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from 'diff';
import { describe, expect, test } from 'vitest';
import { bridgeOk, codexConfig, expectClean, geminiTrustFolder, probe, runClaude, runCodex, runGemini, skipReason, type Workspace } from './support/clients';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);
const gemini = await probe('gemini');
const skipGemini = skipReason('gemini', gemini);
const codex = await probe('codex');
const skipCodex = skipReason('codex', codex);

interface Change {
	path: string;
	session: string | null;
	tool: string;
	state: string;
	added: number;
	removed: number;
	diff: string;
}

async function changes(ws: Workspace): Promise<{ count: number; changes: Change[] }> {
	return JSON.parse(await bridgeOk(ws, ['changes', '--json'])) as { count: number; changes: Change[] };
}

/**
 * The one change `changes` lists is the agent's edit of `rel`: applied to the note as it was, its
 * diff gives the note as the agent left it, and the text form prints that diff. Returns the change
 * and the text.
 */
async function expectExactDiff(ws: Workspace, rel: string, before: string, after: string, tool = 'Edit'): Promise<{ change: Change | undefined; text: string }> {
	expect(after).not.toBe(before);
	const json = await changes(ws);
	expect(json.count, JSON.stringify(json, null, 2)).toBe(1);
	const change = json.changes[0];
	expect(change).toMatchObject({ path: rel, tool, state: 'kept', added: 2, removed: 1 });
	expect(applyPatch(before, change?.diff ?? '')).toBe(after);
	const text = await bridgeOk(ws, ['changes']);
	expect(text).toContain(`--- a/${rel}\n+++ b/${rel}\n`);
	expect(text).toContain('\n-- Building a second brain\n+- Building a second brain (finished in May)\n+- Deep work\n');
	return { change, text };
}

describe.skipIf(skip !== undefined)(`Agent changes as a diff with Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	test("an Edit in auto-accept mode: changes prints the exact diff of that edit", async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const rel = 'Notes/Reading list.md';
		const file = path.join(ws.vault, rel);
		const before = fs.readFileSync(file, 'utf8');
		s.api.script([
			{ tool: 'Read', input: { file_path: file } },
			{ tool: 'Edit', input: { file_path: file, old_string: '- Building a second brain', new_string: '- Building a second brain (finished in May)\n- Deep work' } },
			{ text: 'Edited.' },
		]);
		const run = await runClaude(ws, s.api, s.guard, 'Update the reading list.');
		expectClean('claude', run);
		const { change, text } = await expectExactDiff(ws, rel, before, fs.readFileSync(file, 'utf8'));
		expect(change?.session).toMatch(/^[0-9a-f-]{36}$/);
		// Not a terminal: no colours.
		expect(text).not.toContain('\x1b[');
	});
});

describe('Agent changes as a diff with Gemini CLI and Codex', () => {
	const s = clientSuite();
	const rel = 'Notes/Reading list.md';

	test.skipIf(skipGemini !== undefined)(`Gemini CLI ${gemini.version}: a replace in auto-edit mode keeps the before-version (BeforeTool), and changes prints the exact diff`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		geminiTrustFolder(ws);
		const file = path.join(ws.vault, rel);
		const before = fs.readFileSync(file, 'utf8');
		s.api.script([{ tool: 'replace', input: { file_path: file, old_string: '- Building a second brain', new_string: '- Building a second brain (finished in May)\n- Deep work', instruction: 'Update the list.' } }, { text: 'Edited.' }]);
		const run = await runGemini(ws, s.api, s.guard, 'Update the reading list.', { approvalMode: 'auto_edit' });
		expectClean('gemini', run);
		const { change } = await expectExactDiff(ws, rel, before, fs.readFileSync(file, 'utf8'), 'replace');
		expect(change?.session).toBeTruthy();
	});

	test.skipIf(skipCodex !== undefined)(`Codex CLI ${codex.version}: an apply_patch keeps the before-version (PreToolUse), and changes prints the exact diff (hook trust bypassed)`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true, model: 'gpt-5.5' });
		const file = path.join(ws.vault, rel);
		const before = fs.readFileSync(file, 'utf8');
		const patch = ['*** Begin Patch', `*** Update File: ${rel}`, '@@', '-- Building a second brain', '+- Building a second brain (finished in May)', '+- Deep work', '*** End Patch', ''].join('\n');
		s.api.script([{ customTool: 'apply_patch', input: patch }, { text: 'Edited.' }]);
		const run = await runCodex(ws, s.api, s.guard, 'Update the reading list.', { bypassHookTrust: true });
		expectClean('codex', run);
		const { change } = await expectExactDiff(ws, rel, before, fs.readFileSync(file, 'utf8'), 'apply_patch');
		expect(change?.session).toBeTruthy();
	});
});
