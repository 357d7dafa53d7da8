/**
 * What the trail's readers see, with the built bridge in child processes: a log whose last line a
 * crash tore keeps the next line whole, each host's edit is journaled under the host's own tool
 * name and still read as an edit, and every `--json` output keeps a vault's control and bidi
 * characters out of the terminal while giving the same strings back to a JSON parser.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { JOURNAL_FILE, journalLines } from '../../src/core/trail/agent-journal';
import { parseStartsLog, STARTS_LOG } from '../../src/core/trail/session-starts';
import { BUNDLE, hookScript, makeVault, run, sessionStart } from '../helpers/bridge';

const SLOW = 120_000;
const made: string[] = [];
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Record<string, string> = {}): string {
	const v = makeVault({ 'Notes/x.md': 'x\n', 'Notes/y.md': 'y\n', '.obsidian/plugins/session-brief/.keep': '', ...files });
	made.push(v);
	return v;
}

function stateDir(): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-views-state-'));
	made.push(d);
	return d;
}

const pluginFile = (v: string, name: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief', name);

function env(state: string, now = '2026-11-29T10:00:00.000Z'): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH ?? '', HOME: state, SESSION_BRIEF_NOW: now, SESSION_BRIEF_STATE_DIR: state };
}

function bridge(v: string, args: string[], input: string, e: NodeJS.ProcessEnv): { status: number | null; stdout: string } {
	// doctor starts the hook and the MCP server itself: more room than a hook's run on a loaded machine.
	const r = run(hookScript(v), args, input, { env: e, timeout: HANG_MS });
	return { status: r.status, stdout: r.stdout.toString('utf8') };
}

const FIRST = '{"at":"2026-11-29T09:00:00.000Z","agent":"claude-code","source":"startup","sessionId":"before","cwd":"/v","outside":false,"delivered":true}\n';

describe('a torn last line', () => {
	it('the session starts log keeps the next start on a line of its own and loses nothing before', () => {
		const v = vault();
		const state = stateDir();
		const log = pluginFile(v, STARTS_LOG);
		fs.writeFileSync(log, `${FIRST}{"at":"2026-11-29T09:30:00.000Z","agent":"cla`);
		expect(sessionStart(v, '{"source":"startup","session_id":"after"}', { env: env(state) }).status).toBe(0);
		const entries = parseStartsLog(fs.readFileSync(log, 'utf8')).entries;
		expect(entries.map((e) => e.sessionId)).toEqual(['before', 'after']);

		// A log that is nothing but a torn line: the start is its first whole line.
		const alone = vault();
		fs.writeFileSync(pluginFile(alone, STARTS_LOG), '{"at":"2026-11-29T09:30:00.000Z","agent":"cla');
		sessionStart(alone, '{"source":"startup","session_id":"only"}', { env: env(state) });
		expect(parseStartsLog(fs.readFileSync(pluginFile(alone, STARTS_LOG), 'utf8')).entries.map((e) => e.sessionId)).toEqual(['only']);
	}, SLOW);

	it('the agent changes journal writes the next record on a line of its own', () => {
		const v = vault();
		const state = stateDir();
		const journal = pluginFile(v, JOURNAL_FILE);
		fs.writeFileSync(journal, '{"path":"Notes/x.md","tool":"Edit","session":"s0","at":"2026-11-29T09:00:00.000Z"}\n{"path":"Notes/');
		const input = JSON.stringify({ session_id: 's1', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(v, 'Notes/y.md') } });
		expect(bridge(v, ['post-tool-use'], input, env(state)).status).toBe(0);
		const lines = fs.readFileSync(journal, 'utf8').split('\n');
		expect(lines.at(-1)).toBe('');
		expect(JSON.parse(lines.at(-2) ?? '')).toMatchObject({ path: 'Notes/y.md', session: 's1' });
		expect(journalLines(fs.readFileSync(journal, 'utf8')).map((r) => r.session)).toEqual(['s0', 's1']);
	}, SLOW);
});

interface Shown {
	path: string;
	tool: string | null;
	state: string;
}

describe("each host's tool names in the trail", () => {
	it("Gemini CLI's replace and write_file, Codex's apply_patch: journaled as the host named them, still edits", async () => {
		const v = vault();
		const state = stateDir();
		const gemini = (tool: string, rel: string): void => {
			const input = JSON.stringify({ session_id: 'g1', hook_event_name: 'AfterTool', tool_name: tool, tool_input: { file_path: path.join(v, rel), content: 'new\n' } });
			expect(bridge(v, ['post-tool-use', '--agent', 'gemini'], input, env(state)).status).toBe(0);
		};
		fs.writeFileSync(path.join(v, 'Notes/x.md'), 'x changed\n');
		gemini('replace', 'Notes/x.md');
		fs.writeFileSync(path.join(v, 'Notes/new.md'), 'new\n');
		gemini('write_file', 'Notes/new.md');
		fs.writeFileSync(path.join(v, 'Notes/y.md'), 'yy\n');
		const patch = '*** Begin Patch\n*** Update File: Notes/y.md\n@@\n-y\n+yy\n*** End Patch\n';
		const codex = JSON.stringify({ session_id: 'c1', hook_event_name: 'PostToolUse', cwd: v, tool_name: 'apply_patch', tool_input: { command: patch } });
		expect(bridge(v, ['post-tool-use', '--agent', 'codex'], codex, env(state)).status).toBe(0);

		const journal = journalLines(fs.readFileSync(pluginFile(v, JOURNAL_FILE), 'utf8'));
		expect(journal.map((r) => [r.path, r.tool])).toEqual([
			['Notes/x.md', 'replace'],
			['Notes/new.md', 'write_file'],
			['Notes/y.md', 'apply_patch'],
		]);
		// The readers: `changes` and the report count and show them as edits, under the host's names.
		const later = env(state, '2026-11-29T11:00:00.000Z');
		const changes = JSON.parse(bridge(v, ['changes', '--json'], '', later).stdout) as { count: number; changes: Shown[] };
		expect(changes.count).toBe(3);
		expect(Object.fromEntries(changes.changes.map((c) => [c.path, c.tool]))).toEqual({ 'Notes/x.md': 'replace', 'Notes/new.md': 'write_file', 'Notes/y.md': 'apply_patch' });
		const text = bridge(v, ['changes'], '', later).stdout;
		expect(text).toContain('replace');
		expect(text).toContain('apply_patch');
		const report = JSON.parse(bridge(v, ['report', '--json'], '', later).stdout) as { items: { agentChanges: { count: number } } };
		expect(report.items.agentChanges.count).toBe(3);
		// The MCP server's agent_changes, as the agent itself reads the trail.
		const client = new Client({ name: 'test', version: '1.0.0' });
		await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUNDLE, 'mcp', '--vault', v], cwd: v, env: later as Record<string, string>, stderr: 'pipe' }));
		try {
			const listed = (await client.callTool({ name: 'agent_changes', arguments: {} })) as { content: { text: string }[] };
			const text = listed.content[0]?.text ?? '';
			expect(text).toContain('Notes/y.md  (apply_patch');
			expect(text).toContain('Notes/x.md  (replace');
		} finally {
			await client.close();
		}
	}, SLOW);
});

describe('--json outputs a terminal may show', () => {
	/** U+202E (right-to-left override), U+009B (a C1 control: CSI), U+2028 (line separator), ESC. */
	const NASTY = 'a\u202Eb\u009Bc\u2028d\u001B[31me';
	const ASCII = /^[\t\n\x20-\x7e]*$/;

	it('report, check, changes and doctor escape control and bidi characters; a parser gets the names back', () => {
		const v = vault({ [`Inbox/${NASTY}.md`]: 'open\n', [`Rules/${NASTY}.md`]: `See [[gone ${NASTY}]].\n` });
		const state = stateDir();
		fs.writeFileSync(path.join(v, 'Notes/x.md'), 'changed\n');
		const input = JSON.stringify({ session_id: NASTY, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(v, 'Notes/x.md') } });
		bridge(v, ['post-tool-use'], input, env(state));
		const e = env(state, '2026-11-29T11:00:00.000Z');

		const report = bridge(v, ['report', '--json'], '', e).stdout;
		expect(report).toMatch(ASCII);
		expect((JSON.parse(report) as { items: { inbox: { paths: string[] } } }).items.inbox.paths).toEqual([`Inbox/${NASTY}.md`]);

		const check = bridge(v, ['check', '--json'], '', e).stdout;
		expect(check).toMatch(ASCII);
		expect(JSON.stringify(JSON.parse(check))).toContain(JSON.stringify(`Rules/${NASTY}.md`).slice(1, -1));

		const changes = bridge(v, ['changes', '--json'], '', e).stdout;
		expect(changes).toMatch(ASCII);
		expect((JSON.parse(changes) as { changes: { session: string }[] }).changes[0]?.session).toBe(NASTY);

		const doctor = bridge(v, ['doctor', '--json'], '', e).stdout;
		expect(doctor).toMatch(ASCII);
		expect(() => JSON.parse(doctor) as unknown).not.toThrow();
	}, SLOW);
});

describe('hooks removed from a settings file by anything but uninstall', () => {
	interface Doctor {
		checks: { id: string; status: string; message: string }[];
	}
	const removedLines = (v: string, e: NodeJS.ProcessEnv): string[] =>
		(JSON.parse(run(BUNDLE, ['doctor', '--json', '--vault', v], '', { env: e, timeout: HANG_MS }).stdout.toString('utf8')) as Doctor).checks.filter((c) => c.id === 'hooks-removed').map((c) => `${c.status}: ${c.message}`);

	it('the next doctor names the file and the hooks; after uninstall it names nothing', () => {
		const v = vault();
		const state = stateDir();
		const e = env(state);
		// The hooks as install writes them, from the vault's own copy of the bridge.
		expect(bridge(v, ['install'], '', e).status).toBe(0);
		const file = path.join(v, '.claude', 'settings.json');
		const installed = fs.readFileSync(file, 'utf8');
		expect(removedLines(v, e)).toEqual([]);

		// The agent rewrites the file without the PreToolUse entry (the fence) and the Stop entry (the net).
		const edited = JSON.parse(installed) as { hooks: Record<string, unknown> };
		delete edited.hooks.PreToolUse;
		delete edited.hooks.Stop;
		fs.writeFileSync(file, JSON.stringify(edited, null, 2));
		expect(removedLines(v, e)).toEqual([expect.stringMatching(/^fail: .*settings\.json no longer holds the PreToolUse, Stop hooks "install" registered there for Claude Code/)]);

		// The whole file replaced: every hook is named.
		fs.writeFileSync(file, '{"permissions":{"allow":["Bash(*)"]}}\n');
		expect(removedLines(v, e)[0]).toContain('SessionStart, PostToolUse, PreToolUse, Stop, SessionEnd');

		// The record lies in the per-user folder, outside the vault.
		expect(fs.readdirSync(state).some((n) => n.startsWith('installed-hooks-'))).toBe(true);

		fs.writeFileSync(file, installed);
		expect(bridge(v, ['uninstall'], '', e).status).toBe(0);
		expect(removedLines(v, e)).toEqual([]);
	}, SLOW);
});
