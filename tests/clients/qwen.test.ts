/**
 * The real Qwen Code CLI (headless, `-p`) against the model-API stand-in as an OpenAI Chat
 * Completions provider: the hooks `install --agent qwen` writes run, the brief reaches the model as
 * `report` prints it, an edit by its own edit tool is journaled with the rule check's finding in the
 * next request, a note changed only through its shell tool is caught by the session net at Stop,
 * and doctor agrees.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridge, bridgeOk, expectClean, probe, reportLines, runQwen, skipReason, type Session, type Workspace } from './support/clients';
import { countBriefHeaders, excerpt, qwenBriefs, qwenLastToolResult } from './support/requests';
import type { Turn } from './support/model-api';
import { briefBody, clientSuite } from './support/suite';
import { journal, reported } from './support/trail';

const client = await probe('qwen');
const skip = skipReason('qwen', client);

interface DoctorJson {
	ok: boolean;
	checks: { id: string; status: string; message: string; fix?: string }[];
}

describe.skipIf(skip !== undefined)(`Qwen Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	async function session(ws: Workspace, prompt: string, turns: Turn[] = []): Promise<Session> {
		s.api.script(turns);
		const run = await runQwen(ws, s.api, s.guard, prompt);
		expectClean('qwen', run);
		return run;
	}

	test('contacts nothing but 127.0.0.1', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		const run = await session(ws, 'What is the state of the vault?');
		expect(run.requests.length).toBeGreaterThan(0);
		for (const q of run.requests) expect(q.headers.host).toBe(`127.0.0.1:${s.api.port}`);
		expect(s.guard.attempts).toEqual([]);
		// A tunnel through the guard (a client that ignores NO_PROXY) may lead to the stand-in only.
		for (const t of s.guard.tunnels) expect(t).toBe(`127.0.0.1:${s.api.port}`);
	});

	test('install --agent qwen, then a session: the brief reaches the model once, as report prints it', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		const run = await session(ws, 'What is the state of the vault?');
		const first = run.conversation[0]!;
		const briefs = qwenBriefs(first);
		expect(briefs, excerpt(first, 'SessionStart additional context')).toHaveLength(1);
		expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
		expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
		expect(countBriefHeaders(first)).toBe(1);
	});

	test('its edit tool on CLAUDE.md and its write_file tool on a note: the finding is in the next request, both edits in agentChanges', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		const file = path.join(ws.vault, 'CLAUDE.md');
		const note = path.join(ws.vault, 'Notes', 'From Qwen.md');
		// Qwen Code refuses to edit a file the session has not read.
		const run = await session(ws, 'Link the missing note from CLAUDE.md, then write a note.', [
			{ tool: 'read_file', input: { file_path: file } },
			{ tool: 'edit', input: { file_path: file, old_string: '## Self-maintenance', new_string: 'See [[No such note]].\n\n## Self-maintenance' } },
			{ tool: 'write_file', input: { file_path: note, content: '# From Qwen\n\nSee [[No such note]].\n' } },
			{ text: 'Done.' },
		]);
		expect(fs.readFileSync(file, 'utf8')).toContain('[[No such note]]');
		expect(fs.existsSync(note)).toBe(true);
		// The request after the edit carries the edit's result with the finding appended.
		const afterEdit = run.conversation.at(-2);
		const result = afterEdit === undefined ? '' : qwenLastToolResult(afterEdit);
		expect(result, excerpt(afterEdit, 'Rule check')).toContain('Rule check after the edit of CLAUDE.md:');
		expect(result).toMatch(/CLAUDE\.md:\d+: error \[broken-link\] \[\[No such note\]\]/);
		// A note that is no rule file gets nothing added, broken link or not.
		expect(qwenLastToolResult(run.conversation.at(-1)!)).not.toContain('Rule check');
		expect(journal(ws).map((r) => [r.path, r.tool])).toEqual([
			['CLAUDE.md', 'edit'],
			['Notes/From Qwen.md', 'write_file'],
		]);
		expect(await reported(ws)).toEqual(['CLAUDE.md', 'Notes/From Qwen.md']);
	});

	test('a note changed only through its shell tool: the session net catches it at Stop', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		const shell = (command: string): Turn => ({ tool: 'run_shell_command', input: { command, description: 'Change a note' } });
		await session(ws, 'Tidy the notes with the shell.', [
			// A first look around, as an agent would: the session start's baseline is taken meanwhile.
			shell('ls Notes'),
			shell("printf '\\n- one more\\n' >> 'Notes/Reading list.md'"),
			{ text: 'Done.' },
		]);
		expect(fs.readFileSync(path.join(ws.vault, 'Notes', 'Reading list.md'), 'utf8')).toContain('- one more');
		expect(journal(ws).map((r) => [r.path, r.tool])).toEqual([['Notes/Reading list.md', 'another tool']]);
		expect(await reported(ws)).toEqual(['Notes/Reading list.md']);
	});

	test('folder trust on: an untrusted vault runs without the project hooks and doctor flags it; trusted, the brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		fs.mkdirSync(path.join(ws.home, '.qwen'), { recursive: true });
		fs.writeFileSync(path.join(ws.home, '.qwen', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: true } } }));
		const doctor = async (): Promise<DoctorJson['checks']> => (JSON.parse((await bridge(ws, ['doctor', '--agent', 'qwen', '--json'])).stdout) as DoctorJson).checks.filter((c) => (c.status === 'warn' || c.status === 'fail') && /trust/i.test(c.message));
		const untrusted = await session(ws, 'What is the state of the vault?');
		expect(untrusted.requests.flatMap((q) => qwenBriefs(q))).toEqual([]);
		expect(untrusted.requests.map((q) => countBriefHeaders(q))).toEqual(untrusted.requests.map(() => 0));
		expect(await doctor()).toHaveLength(1);
		fs.writeFileSync(path.join(ws.home, '.qwen', 'trustedFolders.json'), JSON.stringify({ [ws.vault]: 'TRUST_FOLDER' }));
		const trusted = await session(ws, 'What is the state of the vault?');
		expect(qwenBriefs(trusted.conversation[0]!)).toHaveLength(1);
		expect(await doctor()).toEqual([]);
	});

	test('doctor --agent qwen is clean after install', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen']);
		const r = await bridge(ws, ['doctor', '--agent', 'qwen', '--json']);
		const report = JSON.parse(r.stdout) as DoctorJson;
		expect(report.ok, JSON.stringify(report.checks, null, 2)).toBe(true);
		expect(report.checks.filter((c) => c.status === 'warn' || c.status === 'fail')).toEqual([]);
		expect(report.checks.find((c) => c.id === 'hook-run')?.status).toBe('ok');
	});
});
