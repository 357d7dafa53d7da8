/**
 * The real Claude Code CLI (print mode) against the model-API stand-in: the hooks `install` writes
 * run, and their text reaches the model where the bridge expects it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { binary, bridge, bridgeOk, claudeEnv, expectClean, probe, reportLines, run, runClaude, skipReason, type Session, type Workspace } from './support/clients';
import { anthropicEntries, CLAUDE_SESSION_START, claudeAfterLastToolResult, claudeBriefs, claudeLastToolResult, countBriefHeaders, excerpt } from './support/requests';
import { claudeExecutables, eventsInBinary } from './support/hook-events';
import { briefBody, clientSuite } from './support/suite';
import { HOOK_EVENTS, HOOK_EVENTS_CLIENT } from '../../src/core/rules/settings/hook-events';

const client = await probe('claude');
const skip = skipReason('claude', client);

interface DoctorJson {
	ok: boolean;
	checks: { id: string; status: string; message: string }[];
}

describe.skipIf(skip !== undefined)(`Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	/** The first request of the conversation carries the SessionStart context. */
	function firstBriefs(run: Session): string[] {
		const first = run.conversation[0];
		if (first === undefined) throw new Error(`no conversation request; stderr: ${run.stderr.slice(-1500)}`);
		return claudeBriefs(first);
	}

	async function session(ws: Workspace, prompt = 'What is the state of the vault?', options: Parameters<typeof runClaude>[4] = {}): Promise<Session> {
		const run = await runClaude(ws, s.api, s.guard, prompt, options);
		expectClean('claude', run);
		return run;
	}

	async function doctor(ws: Workspace): Promise<DoctorJson> {
		const r = await bridge(ws, ['doctor', '--json']);
		return JSON.parse(r.stdout) as DoctorJson;
	}

	/** Makes the agent edit a file (Read first: Claude Code refuses to edit a file it has not read). */
	function scriptEdit(file: string, oldString: string, newString: string): void {
		s.api.script([{ tool: 'Read', input: { file_path: file } }, { tool: 'Edit', input: { file_path: file, old_string: oldString, new_string: newString } }, { text: 'Edited.' }]);
	}

	/** The request after the edit: the tool result and whatever PostToolUse added after it. */
	function afterEdit(run: Session): { result: string; after: string } {
		const last = run.conversation.at(-1);
		if (last === undefined) throw new Error('no request after the edit');
		const result = claudeLastToolResult(last)?.text ?? '';
		return { result, after: claudeAfterLastToolResult(last).map((e) => e.text).join('\n') };
	}

	test('contacts nothing but 127.0.0.1', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const run = await session(ws);
		expect(run.requests.length).toBeGreaterThan(0);
		for (const q of run.requests) expect(q.headers.host).toBe(`127.0.0.1:${s.api.port}`);
		// The guard is checked after every test too; here it is the point of the test.
		expect(s.guard.attempts).toEqual([]);
	});

	test('the rule check knows exactly the hook events of this Claude Code (its settings schema, read from the binary)', () => {
		expect(client.version).toBe(HOOK_EVENTS_CLIENT);
		const lists = claudeExecutables().map(eventsInBinary).filter((l) => l !== null);
		expect(lists.length, 'no hook event list found in the Claude Code binary').toBeGreaterThan(0);
		expect([...(lists[0] ?? [])].sort()).toEqual([...HOOK_EVENTS].sort());
	});

	test('install, then a session in the vault: the brief reaches the model as report prints it', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const run = await session(ws);
		const briefs = firstBriefs(run);
		expect(briefs, excerpt(run.conversation[0], 'SessionStart')).toHaveLength(1);
		expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
		expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('resume: the hook runs again; a changed brief is added after the new prompt', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const first = await session(ws, 'First prompt.');
		const id = (JSON.parse(first.stdout) as { session_id?: string }).session_id;
		expect(id, first.stdout.slice(0, 500)).toMatch(/^[\w-]+$/);
		// A fourth inbox note, so the brief of the resumed session must be a new one.
		fs.writeFileSync(path.join(ws.vault, 'Inbox', 'Added between sessions.md'), '# Added\n');
		const resumed = await session(ws, 'Second prompt.', { args: ['--resume', id ?? ''] });
		const entries = anthropicEntries(resumed.conversation[0]!);
		const briefs = claudeBriefs(resumed.conversation[0]!);
		// The first session's brief stays in the history; the resumed one follows the new prompt.
		expect(briefs.map((b) => /\nInbox: (\d+) /.exec(b)?.[1]), briefs.join('\n---\n')).toEqual(['3', '4']);
		const second = entries.findIndex((e) => e.text === 'Second prompt.');
		const fresh = entries.findIndex((e) => e.text.startsWith(CLAUDE_SESSION_START) && e.text.includes('\nInbox: 4 ('));
		expect(fresh).toBeGreaterThan(second);
		expect(briefBody(briefs[1] ?? '')).toEqual(await reportLines(ws));
	});

	test('resume with the same brief: the hook runs, Claude Code does not repeat it, the model has it once', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		// A second SessionStart hook of the test's own records what Claude Code sends on resume.
		const settingsFile = path.join(ws.vault, '.claude', 'settings.json');
		const marker = path.join(ws.home, 'session-start-inputs.jsonl');
		const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as { hooks: { SessionStart: unknown[] } };
		settings.hooks.SessionStart.push({ hooks: [{ type: 'command', command: `cat >> "${marker}"; echo >> "${marker}"` }] });
		fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
		await session(ws, 'Warm the cache.');
		// This session's brief comes from the cache the first one left, as will the resumed one.
		const first = await session(ws, 'First prompt.');
		const id = (JSON.parse(first.stdout) as { session_id?: string }).session_id ?? '';
		const resumed = await session(ws, 'Second prompt.', { args: ['--resume', id] });
		const sources = fs
			.readFileSync(marker, 'utf8')
			.split('\n')
			.filter((l) => l.trim() !== '')
			.map((l) => (JSON.parse(l) as { source?: string }).source);
		expect(sources).toEqual(['startup', 'startup', 'resume']);
		const briefs = claudeBriefs(resumed.conversation[0]!);
		expect(briefs, briefs.join('\n---\n')).toHaveLength(1);
		expect(briefs[0]).toBe(claudeBriefs(first.conversation[0]!)[0]);
		expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('the agent edits CLAUDE.md into a broken link: the finding is in the next request', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const file = path.join(ws.vault, 'CLAUDE.md');
		scriptEdit(file, '## Self-maintenance', 'See [[No such note]].\n\n## Self-maintenance');
		const run = await session(ws, 'Link the missing note from CLAUDE.md.');
		expect(fs.readFileSync(file, 'utf8')).toContain('[[No such note]]');
		const { after } = afterEdit(run);
		expect(after, excerpt(run.conversation.at(-1), 'tool_result')).toContain('Rule check after the edit of CLAUDE.md:');
		expect(after).toMatch(/CLAUDE\.md:\d+: error \[broken-link\] \[\[No such note\]\]/);
	});

	test('a clean edit of a rule file: nothing is added', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const file = path.join(ws.vault, 'CLAUDE.md');
		scriptEdit(file, 'This vault holds my notes', 'This vault keeps my notes');
		const run = await session(ws, 'Reword CLAUDE.md.');
		expect(fs.readFileSync(file, 'utf8')).toContain('This vault keeps my notes');
		const { result, after } = afterEdit(run);
		expect(result).toMatch(/updated/i);
		expect(after).not.toContain('Rule check');
		expect(run.conversation.at(-1)?.text).not.toContain('Rule check');
	});

	test('an edit outside the rule files: nothing is added, even for a broken link', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const file = path.join(ws.vault, 'Notes', 'Reading list.md');
		scriptEdit(file, '- Building a second brain', '- Building a second brain, see [[No such note]]');
		const run = await session(ws, 'Add a link to the reading list.');
		expect(fs.readFileSync(file, 'utf8')).toContain('[[No such note]]');
		const { result, after } = afterEdit(run);
		expect(result).toMatch(/updated/i);
		expect(after).not.toContain('Rule check');
		expect(run.conversation.at(-1)?.text).not.toContain('Rule check');
	});

	test('the agent writes a skill with a bad name: the finding is in the next request', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const file = path.join(ws.vault, '.claude', 'skills', 'Bad Name', 'SKILL.md');
		s.api.script([{ tool: 'Write', input: { file_path: file, content: '---\nname: Bad Name\ndescription: Sorts the inbox by date.\n---\n# Sort\n' } }, { text: 'Written.' }]);
		// Writes under .claude/ are asked for even in acceptEdits mode.
		const run = await session(ws, 'Add a skill.', { skipPermissions: true });
		expect(fs.existsSync(file)).toBe(true);
		const { after } = afterEdit(run);
		expect(after, excerpt(run.conversation.at(-1), 'tool_result')).toContain('Rule check after the edit of .claude/skills/Bad Name/SKILL.md:');
		expect(after).toMatch(/error \[skill-frontmatter\] Skill name "Bad Name" is invalid/);
	});

	test('started in a subfolder with the project scope: no brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const run = await session(ws, 'Hello', { cwd: path.join(ws.vault, 'Notes') });
		expect(firstBriefs(run)).toEqual([]);
		expect(countBriefHeaders(run.conversation[0]!)).toBe(0);
	});

	test('started in a subfolder with --scope user: the brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--scope', 'user']);
		const run = await session(ws, 'Hello', { cwd: path.join(ws.vault, 'Notes') });
		const briefs = firstBriefs(run);
		expect(briefs).toHaveLength(1);
		expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('both scopes installed: exactly one brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		await bridgeOk(ws, ['install', '--scope', 'user']);
		const run = await session(ws);
		expect(firstBriefs(run)).toHaveLength(1);
		expect(countBriefHeaders(run.conversation[0]!), excerpt(run.conversation[0], 'Session brief for vault')).toBe(1);
	});

	test('the MCP server install registers: Claude Code holds it for approval, then starts it and connects', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const list = async (): Promise<string> => {
			const r = await run(binary('claude'), ['mcp', 'list'], { cwd: ws.vault, env: claudeEnv(ws, s.api, s.guard), timeoutMs: 120_000 });
			return `${r.stdout}${r.stderr}`;
		};
		// install does not answer Claude Code's question for the user (docs/install.md, "Approval").
		expect(await list()).toMatch(/session-brief: .*session-brief\.cjs mcp - .*Pending approval/);
		// The user's answer, as Claude Code stores it for the project in ~/.claude.json.
		const file = path.join(ws.home, '.claude.json');
		const config = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as { projects?: Record<string, Record<string, unknown>> };
		config.projects = { ...config.projects, [ws.vault]: { ...config.projects?.[ws.vault], hasTrustDialogAccepted: true, enabledMcpjsonServers: ['session-brief'] } };
		fs.writeFileSync(file, JSON.stringify(config, null, 2));
		expect(await list()).toMatch(/session-brief: .*session-brief\.cjs mcp - .*Connected/);
	});

	test('doctor agrees with what happened (project scope, then user scope)', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		const project = await doctor(ws);
		expect(project.ok).toBe(true);
		const hookRun = project.checks.find((c) => c.id === 'hook-run');
		expect(hookRun?.status).toBe('ok');
		// The first line doctor saw is the first line the model gets.
		const inVault = firstBriefs(await session(ws));
		expect(inVault).toHaveLength(1);
		expect(hookRun?.message).toContain('Session brief for vault "vault"');
		// Doctor warns that a subfolder start gets nothing, and so it is.
		const trap = project.checks.find((c) => c.id === 'working-directory');
		expect(trap?.message).toMatch(/started in a subfolder .*no brief|brief is silently missing/i);
		expect(firstBriefs(await session(ws, 'Hello', { cwd: path.join(ws.vault, 'Notes') }))).toEqual([]);

		await bridgeOk(ws, ['uninstall']);
		await bridgeOk(ws, ['install', '--scope', 'user']);
		const user = await doctor(ws);
		expect(user.ok).toBe(true);
		expect(user.checks.find((c) => c.id === 'working-directory')?.message).toMatch(/sessions started in any folder get this vault's brief/);
		expect(firstBriefs(await session(ws, 'Hello', { cwd: path.join(ws.vault, 'Notes') }))).toHaveLength(1);
	});
});
