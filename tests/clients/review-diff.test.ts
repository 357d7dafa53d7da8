/**
 * Reviewing an agent's change with the real Claude Code CLI (print mode, auto-accept) against the
 * model-API stand-in: the installed pre-tool hook keeps the note before the agent's Edit, and the
 * bridge's `changes` command then shows exactly that edit as a unified diff (applying it to the
 * before-version gives the note as the agent left it), under the session Claude Code named.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from 'diff';
import { describe, expect, test } from 'vitest';
import { bridgeOk, expectClean, probe, runClaude, skipReason } from './support/clients';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);

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
		const after = fs.readFileSync(file, 'utf8');
		expect(after).not.toBe(before);
		const json = JSON.parse(await bridgeOk(ws, ['changes', '--json'])) as { count: number; changes: Array<{ path: string; session: string | null; tool: string; state: string; added: number; removed: number; diff: string }> };
		expect(json.count).toBe(1);
		const change = json.changes[0];
		expect(change).toMatchObject({ path: rel, tool: 'Edit', state: 'kept', added: 2, removed: 1 });
		expect(change?.session).toMatch(/^[0-9a-f-]{36}$/);
		// The diff is that edit: applied to the note as it was, it gives the note as the agent left it.
		expect(applyPatch(before, change?.diff ?? '')).toBe(after);
		const text = await bridgeOk(ws, ['changes']);
		expect(text).toContain(`--- a/${rel}\n+++ b/${rel}\n`);
		expect(text).toContain('\n-- Building a second brain\n+- Building a second brain (finished in May)\n+- Deep work\n');
		// Not a terminal: no colours.
		expect(text).not.toContain('\x1b[');
	});
});
