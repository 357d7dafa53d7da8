/**
 * What the review trail rests on lives in the per-user state folder (docs/design.md, "What lives
 * outside the vault"), through the real Claude Code CLI: an agent that deletes the journal with
 * its shell does not make the earlier session's changes vanish, and an agent that writes the
 * record of the human's editor writes does not hide its own shell edit.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BRIDGE, bridgeOk, expectClean, probe, run, runClaude, skipReason, type Workspace } from './support/clients';
import { clientSuite } from './support/suite';
import { journal, reported } from './support/trail';

const claude = await probe('claude');
const skipClaude = skipReason('claude', claude);

const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];
const bash = (command: string): { tool: string; input: Record<string, unknown> } => ({ tool: 'Bash', input: { command, description: 'Tidy up' } });

/** The next session's brief, from the bridge as a host runs it (the same home, so the same state folder). */
async function nextBrief(ws: Workspace): Promise<string> {
	const r = await run(process.execPath, [BRIDGE, 'session-start', '--vault', ws.vault], { cwd: ws.vault, env: { PATH: process.env.PATH ?? '', HOME: ws.home, SESSION_BRIEF_BASELINE: 'off' }, input: JSON.stringify({ session_id: 'next', source: 'startup' }) });
	return (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

describe('the trail outside the vault, through the real client', () => {
	const s = clientSuite();

	test.skipIf(skipClaude !== undefined)(`Claude Code ${claude.version}: a journal the agent deletes through its shell is noticed and its changes are listed again`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const note = path.join(ws.vault, 'Inbox', 'Written by the agent.md');
		s.api.script([{ tool: 'Write', input: { file_path: note, content: '# Written by the agent\n' } }, { text: 'Written.' }]);
		expectClean('claude', await runClaude(ws, s.api, s.guard, 'Write a note.', { skipPermissions: true }));
		expect(journal(ws).map((r) => [r.path, r.tool])).toEqual([['Inbox/Written by the agent.md', 'Write']]);

		// A later session erases the trail through its shell: the fence refuses the plain spelling, not
		// one built at run time, which no command line shows (the fence is best effort).
		const erase = "node -e \"require('fs').unlinkSync(['.obs','idian/plugins/session-brief/agent-changes.jsonl'].join(''))\"";
		s.api.script([bash('find . -name agent-changes.jsonl -delete'), bash(erase), { text: 'Cleaned up.' }]);
		expectClean('claude', await runClaude(ws, s.api, s.guard, 'Clean up.', { skipPermissions: true }));
		expect(fs.existsSync(path.join(ws.vault, ...PLUGIN, 'agent-changes.jsonl'))).toBe(false);

		expect(await reported(ws)).toEqual(['Inbox/Written by the agent.md']);
		const brief = await nextBrief(ws);
		expect(brief).toMatch(/Changed by agents, not yet reviewed: 1 /);
		expect(brief).toContain('Inbox/Written by the agent.md');
		expect(brief).toContain('the journal in the vault was deleted or changed outside Session Brief; 1 agent change it lost is shown again from the copy outside the vault');
	});

	test.skipIf(skipClaude !== undefined)(`Claude Code ${claude.version}: a shell edit the agent writes into the editor's record is still the agent's change`, async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		// The plugin's folder spelled at run time, which a command line does not show.
		const claim = "node -e \"const f=['.obs','idian/plugins/session-brief/editor-writes.json'].join(''); require('fs').writeFileSync(f, JSON.stringify({notes:{'Notes/Reading list.md':Date.now()+600000}}))\"";
		s.api.script([
			// A first look around, as an agent would: the session start's baseline is taken meanwhile.
			bash('ls Notes'),
			bash("printf '\\n- one more\\n' >> 'Notes/Reading list.md'"),
			bash(claim),
			{ text: 'Done.' },
		]);
		expectClean('claude', await runClaude(ws, s.api, s.guard, 'Add a line with the shell.', { skipPermissions: true }));
		expect(fs.readFileSync(path.join(ws.vault, ...PLUGIN, 'editor-writes.json'), 'utf8')).toContain('Notes/Reading list.md');
		expect(journal(ws).map((r) => [r.path, r.tool])).toEqual([['Notes/Reading list.md', 'another tool']]);
		expect(await reported(ws)).toEqual(['Notes/Reading list.md']);
	});
});
