/**
 * The Write guard's registration: install adds one PreToolUse entry (the edit tools and Bash) beside an
 * operator's own PreToolUse hooks, the registered command line refuses through a shell, uninstall
 * gives the original bytes back, and doctor names the entry and whether the setting is on.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctor, formatDoctor } from '../../../src/node/hosts/doctor/doctor';
import { matcherReaches } from '../../../src/node/hosts/doctor/doctor-write-guard';
import { install } from '../../../src/node/hosts/install/install';
import { uninstall } from '../../../src/node/hosts/install/uninstall';
import { BUNDLE, FIXED_NOW, MCP_FILE } from '../../helpers/bridge';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../../../bridge/hook-file-texts';

afterAll(removeTempDirs);

const tmp = (): string => tempDir('sb-wg-');

const SOURCE = fs.readFileSync(BUNDLE);
const MCP_SOURCE = fs.readFileSync(MCP_FILE);

/** An operator's file with a PreToolUse guard of their own, CRLF and tabs. */
const OPERATOR = '{\r\n\t"hooks": {\r\n\t\t"PreToolUse": [\r\n\t\t\t{ "matcher": "Bash", "hooks": [ { "type": "command", "command": "./guard.sh" } ] }\r\n\t\t]\r\n\t},\r\n\t"model": "opus"\r\n}\r\n';

function vault(files: Record<string, string> = {}): { v: string; home: string } {
	const v = path.join(tmp(), 'vault');
	fs.mkdirSync(path.join(v, '.obsidian'), { recursive: true });
	for (const [rel, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(v, rel)), { recursive: true });
		fs.writeFileSync(path.join(v, rel), text);
	}
	return { v, home: tmp() };
}

function installed(v: string, home: string): void {
	const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'claude-code', scriptSource: SOURCE, mcpSource: MCP_SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} });
	expect(r.code, r.lines.join('\n')).toBe(0);
}

type Group = { matcher?: string; hooks: Array<Record<string, unknown>> };

function preToolUse(v: string): Group[] {
	return ((JSON.parse(fs.readFileSync(path.join(v, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, Group[]> }).hooks.PreToolUse ?? []);
}

function setGuard(v: string, on: boolean): void {
	const file = path.join(v, '.obsidian', 'plugins', 'session-brief', 'data.json');
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify({ writeGuard: on }));
}

describe('install and uninstall with the Write guard entry', () => {
	it('adds one PreToolUse group for Write after the operator\'s, and uninstall restores the bytes', () => {
		const { v, home } = vault({ '.claude/settings.json': OPERATOR });
		installed(v, home);
		const groups = preToolUse(v);
		expect(groups).toHaveLength(2);
		expect(groups[0]).toEqual({ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] });
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		expect(groups[1]).toEqual({ matcher: 'Edit|Write|MultiEdit|NotebookEdit|Bash', hooks: [{ type: 'command', command: `"${process.execPath}" "${script}" pre-tool-use`, timeout: 10, statusMessage: 'Checking the target…' }] });
		// A second install changes nothing.
		const text = fs.readFileSync(path.join(v, '.claude', 'settings.json'));
		installed(v, home);
		expect(fs.readFileSync(path.join(v, '.claude', 'settings.json')).equals(text)).toBe(true);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.readFileSync(path.join(v, '.claude', 'settings.json'), 'utf8')).toBe(OPERATOR);
	});

	it('uninstall after the operator changed the file cuts out only our PreToolUse entry (and the array it made)', () => {
		const { v, home } = vault({ '.claude/settings.json': '{\n  "model": "opus"\n}\n' });
		installed(v, home);
		const file = path.join(v, '.claude', 'settings.json');
		fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"model": "opus"', '"model": "sonnet"'));
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ model: 'sonnet' });
	});

	it.skipIf(process.platform === 'win32')('the registered command line, run through sh from another folder, refuses a Write over a session file', () => {
		const { v, home } = vault({ 'AI/sessions/2026-11-29 Log.md': 'kept\n' });
		installed(v, home);
		setGuard(v, true);
		const command = String(preToolUse(v)[0]?.hooks[0]?.command);
		const target = path.join(v, 'AI', 'sessions', '2026-11-29 Log.md');
		const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: target, content: 'x' } });
		const r = spawnSync('/bin/sh', ['-c', command], { input, cwd: tmp(), env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
		expect(r.status).toBe(0);
		expect((JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe('deny');
		setGuard(v, false);
		const off = spawnSync('/bin/sh', ['-c', command], { input, cwd: tmp(), env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
		expect(off.status).toBe(0);
		expect(off.stdout).toBe('');
	});

	it('registers no pre-tool hook for hosts whose pre-tool contract is not verified (Qwen Code)', () => {
		const { v, home } = vault();
		const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'qwen', scriptSource: SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} });
		expect(r.code).toBe(0);
		const text = fs.readFileSync(path.join(v, '.qwen', 'settings.json'), 'utf8');
		expect(text).not.toContain('pre-tool-use');
		expect(text).not.toContain('PreToolUse');
	});

	it("registers Gemini CLI's BeforeTool for its edit tools and its shell, with --agent gemini, and the command refuses in Gemini's shape", () => {
		const { v, home } = vault();
		expect(install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'gemini', scriptSource: SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} }).code).toBe(0);
		const hooks = (JSON.parse(fs.readFileSync(path.join(v, '.gemini', 'settings.json'), 'utf8')) as { hooks: Record<string, Group[]> }).hooks;
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		expect(hooks.BeforeTool).toEqual([{ matcher: 'write_file|replace|run_shell_command', hooks: [{ name: 'session-brief-before-tool', type: 'command', command: `"${process.execPath}" "${script}" pre-tool-use --agent gemini` }] }]);
		expect(hooks.PreToolUse).toBeUndefined();
		if (process.platform === 'win32') return;
		const command = String(hooks.BeforeTool?.[0]?.hooks[0]?.command);
		const input = JSON.stringify({ hook_event_name: 'BeforeTool', session_id: 's', cwd: v, tool_name: 'write_file', tool_input: { file_path: path.join(v, '.obsidian', 'plugins', 'session-brief', 'agent-review.json'), content: '{}' } });
		const r = spawnSync('/bin/sh', ['-c', command], { input, cwd: tmp(), env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
		expect(r.status).toBe(0);
		const out = JSON.parse(r.stdout) as { decision: string; reason: string; systemMessage: string; hookSpecificOutput?: unknown };
		expect(out.decision).toBe('deny');
		expect(out.reason).toContain("is in Session Brief's plugin folder");
		expect(out.systemMessage).toMatch(/^Session Brief refused an agent's change to its own files/);
		expect(out.hookSpecificOutput).toBeUndefined();
	});

	it("registers Codex's PreToolUse for apply_patch and its shell (Bash), with --agent codex, and the command refuses in Codex's (Claude Code's) shape", () => {
		const { v, home } = vault();
		expect(install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'codex', scriptSource: SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} }).code).toBe(0);
		const hooks = (JSON.parse(fs.readFileSync(path.join(v, '.codex', 'hooks.json'), 'utf8')) as { hooks: Record<string, Group[]> }).hooks;
		const script = path.join(v, '.claude', 'hooks', 'session-brief.cjs');
		expect(hooks.PreToolUse).toEqual([{ matcher: 'apply_patch|Edit|Write|Bash', hooks: [{ type: 'command', command: `"${process.execPath}" "${script}" pre-tool-use --agent codex`, timeout: 10 }] }]);
		if (process.platform === 'win32') return;
		const command = String(hooks.PreToolUse?.[0]?.hooks[0]?.command);
		const patch = ['*** Begin Patch', '*** Update File: Notes/a.md', '@@', '-a', '+b', '*** Update File: .obsidian/plugins/session-brief/agent-review.json', '@@', '-{}', '+{"x":1}', '*** End Patch'].join('\n');
		const input = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: v, tool_name: 'apply_patch', tool_input: { command: patch } });
		const r = spawnSync('/bin/sh', ['-c', command], { input, cwd: tmp(), env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
		expect(r.status).toBe(0);
		// The second file of the patch is fenced: the whole call is refused.
		const out = JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string } };
		expect(out.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
		expect(out.hookSpecificOutput.permissionDecisionReason).toContain("is in Session Brief's plugin folder");
	});
});

describe('doctor and the Write guard', () => {
	function run(v: string, home: string) {
		return doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent: 'claude-code', version: '0.1.0', scriptSource: SOURCE, mcpSource: MCP_SOURCE, env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_NOW: FIXED_NOW }, runFrom: tmp() });
	}

	it('names the entry and says the guard is off, then on', async () => {
		const { v, home } = vault();
		installed(v, home);
		let report = await run(v, home);
		expect(report.ok, formatDoctor(report)).toBe(true);
		let guard = report.checks.filter((c) => c.id === 'write-guard');
		expect(guard.map((c) => c.status)).toEqual(['info']);
		expect(guard[0]?.message).toContain('registers PreToolUse; the Write guard it also runs is off');
		expect(report.checks.find((c) => c.id === 'agent-fence')?.status).toBe('ok');
		setGuard(v, true);
		report = await run(v, home);
		guard = report.checks.filter((c) => c.id === 'write-guard');
		expect(guard.map((c) => c.status)).toEqual(['ok']);
		expect(guard[0]?.message).toContain('a Write over an existing file in AI/sessions is refused');
	});

	it("names Gemini CLI's BeforeTool entry and Codex's PreToolUse entry; Codex gets no Write guard line", async () => {
		for (const agent of ['gemini', 'codex'] as const) {
			const { v, home } = vault();
			expect(install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent, scriptSource: SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} }).code).toBe(0);
			setGuard(v, true);
			const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent, version: '0.1.0', scriptSource: SOURCE, mcpSource: MCP_SOURCE, env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_NOW: FIXED_NOW }, runFrom: tmp() });
			const fence = report.checks.find((c) => c.id === 'agent-fence');
			const guard = report.checks.filter((c) => c.id === 'write-guard');
			if (agent === 'gemini') {
				expect(fence).toMatchObject({ status: 'ok', message: expect.stringContaining('(BeforeTool, matcher "write_file|replace|run_shell_command")') as unknown });
				expect(guard.map((c) => c.status)).toEqual(['ok']);
			} else {
				expect(fence).toMatchObject({ status: 'ok', message: expect.stringContaining('(PreToolUse, matcher "apply_patch|Edit|Write|Bash")') as unknown });
				expect(guard).toEqual([]);
			}
		}
	});

	it('warns when the guard is on but the entry is missing or its matcher misses Write, with the fix', async () => {
		const { v, home } = vault();
		installed(v, home);
		setGuard(v, true);
		const file = path.join(v, '.claude', 'settings.json');
		const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, Group[]> };
		const ours = settings.hooks.PreToolUse?.[0];
		if (ours === undefined) throw new Error('no entry');
		ours.matcher = 'write';
		fs.writeFileSync(file, JSON.stringify(settings, null, 2));
		let guard = (await run(v, home)).checks.filter((c) => c.id === 'write-guard');
		expect(guard[0]).toMatchObject({ status: 'warn', fix: 'Run install again; it writes the matcher "Write".', command: expect.stringMatching(/ install --vault /) as unknown });
		delete settings.hooks.PreToolUse;
		fs.writeFileSync(file, JSON.stringify(settings, null, 2));
		guard = (await run(v, home)).checks.filter((c) => c.id === 'write-guard');
		expect(guard).toHaveLength(1);
		expect(guard[0]).toMatchObject({ status: 'warn', fix: 'Run install again; it adds the entry.', command: expect.stringMatching(/ install --vault /) as unknown });
		expect(guard[0]?.message).toContain('no PreToolUse hook of ours is registered');
	});

	it("warns when an earlier install's matcher (Write only) leaves the agent's other tools outside the fence", async () => {
		const { v, home } = vault();
		installed(v, home);
		const file = path.join(v, '.claude', 'settings.json');
		const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, Group[]> };
		const ours = settings.hooks.PreToolUse?.[0];
		if (ours === undefined) throw new Error('no entry');
		ours.matcher = 'Write';
		fs.writeFileSync(file, JSON.stringify(settings, null, 2));
		const fence = (await run(v, home)).checks.find((c) => c.id === 'agent-fence');
		expect(fence).toMatchObject({ status: 'warn', fix: 'Run install again; it writes the matcher "Edit|Write|MultiEdit|NotebookEdit|Bash".', command: expect.stringMatching(/ install --vault /) as unknown });
		expect(fence?.message).toContain('does not reach Edit, MultiEdit, NotebookEdit, Bash');
	});

	it('matcherReaches reads matchers as Claude Code does', () => {
		for (const m of [undefined, '', '*', 'Write', 'Edit|Write', 'Edit, Write', 'Wr.*', '^Write$']) expect(matcherReaches(m, 'Write'), String(m)).toBe(true);
		for (const m of ['write', 'Edit', 'Edit|MultiEdit', 'Bash', '[', 5]) expect(matcherReaches(m, 'Write'), String(m)).toBe(false);
	});
});
