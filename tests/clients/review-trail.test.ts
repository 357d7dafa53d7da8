/**
 * The review trail through the real CLIs: every change an agent makes lands in the agent changes
 * journal, whichever tool made it. Claude Code changing notes only through its shell (the session
 * net at the end of the turn), Gemini CLI's and Codex's own edit tools (their after-tool hooks, with
 * the rule check's finding in the model's next request).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, codexConfig, expectClean, geminiTrustFolder, probe, runClaude, runCodex, runGemini, skipReason, type Workspace } from './support/clients';
import { excerpt, geminiToolOutputs, responsesTexts } from './support/requests';
import { clientSuite } from './support/suite';
import { journal, reported } from './support/trail';

const claude = await probe('claude');
const gemini = await probe('gemini');
const codex = await probe('codex');
const skipClaude = skipReason('claude', claude);
const skipGemini = skipReason('gemini', gemini);
const skipCodex = skipReason('codex', codex);

/** The next session's brief, from the hook as the agent gets it (through the bridge, as a host runs it). */
async function nextBrief(ws: Workspace): Promise<string> {
	const { run, BRIDGE } = await import('./support/clients');
	const r = await run(process.execPath, [BRIDGE, 'session-start', '--vault', ws.vault], { cwd: ws.vault, env: { PATH: process.env.PATH ?? '', HOME: ws.home, SESSION_BRIEF_BASELINE: 'off' }, input: JSON.stringify({ session_id: 'next', source: 'startup' }) });
	return (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

describe('the review trail through the real clients', () => {
	const s = clientSuite();

	test.skipIf(skipClaude !== undefined)(`Claude Code ${claude.version}: notes changed only through Bash (sed -i, a redirect, mv, rm) are all in the next brief and in report --json`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const bash = (command: string): { tool: string; input: Record<string, unknown> } => ({ tool: 'Bash', input: { command, description: 'Change a note' } });
		s.api.script([
			// A first look around, as an agent would: the session start's baseline is taken meanwhile.
			bash('ls Notes'),
			bash("sed -i 's/Reading list/Reading list (sorted)/' 'Notes/Reading list.md'"),
			bash("printf '\\n- one more\\n' >> 'Inbox/Meeting with Jana.md'"),
			bash("mv 'Notes/Tag syntax.md' 'Notes/Tags.md'"),
			bash("rm 'Projects/session-brief/Cache notes.md'"),
			{ text: 'Done.' },
		]);
		const run = await runClaude(ws, s.api, s.guard, 'Tidy the notes with the shell.', { skipPermissions: true });
		expectClean('claude', run);
		expect(fs.existsSync(path.join(ws.vault, 'Projects', 'session-brief', 'Cache notes.md'))).toBe(false);
		expect(fs.existsSync(path.join(ws.vault, 'Notes', 'Tags.md'))).toBe(true);
		const records = journal(ws);
		const session = (JSON.parse(run.stdout) as { session_id?: string }).session_id ?? '';
		expect(records.map((r) => [r.path, r.tool, r.change ?? 'edit', r.from ?? '']).sort(), JSON.stringify(records, null, 2)).toEqual(
			[
				['Inbox/Meeting with Jana.md', 'another tool', 'edit', ''],
				['Notes/Reading list.md', 'another tool', 'edit', ''],
				['Notes/Tags.md', 'another tool', 'renamed', 'Notes/Tag syntax.md'],
				['Projects/session-brief/Cache notes.md', 'another tool', 'deleted', ''],
			].sort(),
		);
		expect(new Set(records.map((r) => r.session))).toEqual(new Set([session]));
		const changed = ['Inbox/Meeting with Jana.md', 'Notes/Reading list.md', 'Notes/Tags.md', 'Projects/session-brief/Cache notes.md'];
		expect(await reported(ws)).toEqual(changed);
		const brief = await nextBrief(ws);
		expect(brief).toMatch(/Changed by agents, not yet reviewed: 4 /);
		for (const p of changed) expect(brief).toContain(p);
	});

	test.skipIf(skipGemini !== undefined)(`Gemini CLI ${gemini.version}: an edit of a rule file gets its finding into the next request and lands in agentChanges`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		geminiTrustFolder(ws);
		const file = path.join(ws.vault, 'CLAUDE.md');
		const before = fs.readFileSync(file, 'utf8');
		s.api.script([{ tool: 'replace', input: { file_path: file, old_string: '## Self-maintenance', new_string: 'See [[No such note]].\n\n## Self-maintenance', instruction: 'Link the note.' } }, { text: 'Edited.' }]);
		const run = await runGemini(ws, s.api, s.guard, 'Link the missing note from CLAUDE.md.', { approvalMode: 'auto_edit' });
		expectClean('gemini', run);
		expect(fs.readFileSync(file, 'utf8')).not.toBe(before);
		const last = run.conversation.at(-1);
		// The AfterTool context follows the tool's output in its function response.
		const outputs = last === undefined ? [] : geminiToolOutputs(last);
		const context = outputs.flatMap((o) => [...o.matchAll(/<hook_context>([\s\S]*?)<\/hook_context>/g)].map((m) => m[1] ?? '')).join('\n');
		expect(context, excerpt(last, 'functionResponse')).toContain('Rule check after the edit of CLAUDE.md:');
		expect(context).toMatch(/CLAUDE\.md:\d+: error \[broken-link\] \[\[No such note\]\]/);
		expect(journal(ws).map((r) => [r.path, r.tool])).toEqual([['CLAUDE.md', 'replace']]);
		expect(await reported(ws)).toEqual(['CLAUDE.md']);
	});

	test.skipIf(skipCodex !== undefined)(`Codex CLI ${codex.version}: an apply_patch edit of two notes gets the finding into the next request and lands in agentChanges (hook trust bypassed)`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		// A model Codex knows, so it offers its apply_patch tool (a freeform tool: the patch is the call's whole input).
		codexConfig(ws, s.api, { trustProject: true, model: 'gpt-5.5' });
		const patch = ['*** Begin Patch', '*** Update File: CLAUDE.md', '@@', '-## Self-maintenance', '+See [[No such note]].', '+', '+## Self-maintenance', '*** Add File: Notes/From Codex.md', '+# From Codex', '*** End Patch', ''].join('\n');
		s.api.script([{ customTool: 'apply_patch', input: patch }, { text: 'Edited.' }]);
		const run = await runCodex(ws, s.api, s.guard, 'Link the missing note from CLAUDE.md.', { bypassHookTrust: true });
		expectClean('codex', run);
		expect(fs.readFileSync(path.join(ws.vault, 'CLAUDE.md'), 'utf8')).toContain('[[No such note]]');
		const last = run.conversation.at(-1);
		const texts = last === undefined ? [] : responsesTexts(last).map((m) => m.text);
		expect(texts.join('\n'), excerpt(last, 'Rule check')).toContain('Rule check after the edit of CLAUDE.md:');
		expect(journal(ws).map((r) => [r.path, r.tool]).sort()).toEqual([['CLAUDE.md', 'apply_patch'], ['Notes/From Codex.md', 'apply_patch']]);
		expect(await reported(ws)).toEqual(['CLAUDE.md', 'Notes/From Codex.md']);
	});
});
