/**
 * The Write guard's PreToolUse hook as Claude Code runs it: the built bridge in a child process,
 * from the vault's own hook entry, with the setting in the plugin's data.json.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, exampleVault, hookScript, removeTempDirs, runBridge, setPluginSettings, tempDir, type HookRun } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SESSION = path.join('AI', 'sessions', '2026-11-29-morning.md');

interface Deny {
	hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
	systemMessage: string;
}

function guardedVault(settings: Record<string, unknown> = { writeGuard: true }, dir?: string): string {
	const vault = exampleVault({}, dir);
	setPluginSettings(vault, settings);
	return vault;
}

function writeInput(filePath: string, tool = 'Write'): string {
	const input = tool === 'Write' ? { file_path: filePath, content: '# New log\n' } : { file_path: filePath, old_string: 'a', new_string: 'b' };
	return JSON.stringify({ session_id: 'test', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: '/' });
}

function guard(vault: string, stdin: string | Buffer, options: Parameters<typeof runBridge>[3] = {}): HookRun {
	return runBridge(vault, 'pre-tool-use', stdin, options);
}

function denied(run: HookRun): Deny {
	expect(run.code).toBe(0);
	expect(run.stderr).toBe('');
	expect(run.text.endsWith('\n')).toBe(true);
	return JSON.parse(run.text) as Deny;
}

function allowed(run: HookRun): void {
	expect(run.code).toBe(0);
	expect(run.stdout.length).toBe(0);
	expect(run.stderr).toBe('');
}

describe('pre-tool-use (Write guard on)', () => {
	it('refuses a Write over an existing session file, names a free name, and leaves the file alone', () => {
		const vault = guardedVault();
		const file = path.join(vault, SESSION);
		const before = fs.readFileSync(file);
		const out = denied(guard(vault, writeInput(file)));
		expect(out.hookSpecificOutput.hookEventName).toBe('PreToolUse');
		expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
		const reason = out.hookSpecificOutput.permissionDecisionReason;
		expect(reason).toContain(`${file} already exists in the sessions folder (AI/sessions)`);
		expect(reason).toContain(`e.g. ${path.join(vault, 'AI', 'sessions', '2026-11-29-morning 2.md')}`);
		expect(out.systemMessage).toContain('AI/sessions/2026-11-29-morning.md');
		expect(fs.readFileSync(file).equals(before)).toBe(true);
	});

	it('suggests a name that does not exist yet', () => {
		const vault = guardedVault();
		fs.writeFileSync(path.join(vault, 'AI', 'sessions', '2026-11-29-morning 2.md'), 'taken\n');
		const reason = denied(guard(vault, writeInput(path.join(vault, SESSION)))).hookSpecificOutput.permissionDecisionReason;
		expect(reason).toContain('2026-11-29-morning 3.md');
	});

	it('answers in the language of the settings', () => {
		const vault = guardedVault({ writeGuard: true, language: 'de' });
		expect(denied(guard(vault, writeInput(path.join(vault, SESSION)))).hookSpecificOutput.permissionDecisionReason).toContain('gibt es im Sitzungsordner');
	});

	it('follows the sessions folder setting, below it too', () => {
		const vault = guardedVault({ writeGuard: true, sessionsFolder: 'Logs' });
		fs.mkdirSync(path.join(vault, 'Logs', '2026'), { recursive: true });
		fs.writeFileSync(path.join(vault, 'Logs', '2026', 'a.md'), 'x\n');
		denied(guard(vault, writeInput(path.join(vault, 'Logs', '2026', 'a.md'))));
		allowed(guard(vault, writeInput(path.join(vault, SESSION))));
	});

	it('lets a Write of a new name through', () => {
		const vault = guardedVault();
		allowed(guard(vault, writeInput(path.join(vault, 'AI', 'sessions', '2026-11-30-evening.md'))));
		allowed(guard(vault, writeInput(path.join(vault, 'AI', 'sessions', 'new', 'deeper', 'log.md'))));
	});

	it('lets Edit and MultiEdit of an existing session file through', () => {
		const vault = guardedVault();
		allowed(guard(vault, writeInput(path.join(vault, SESSION), 'Edit')));
		allowed(guard(vault, writeInput(path.join(vault, SESSION), 'MultiEdit')));
	});

	it('lets a Write over existing files outside the sessions folder and outside the vault through', () => {
		const vault = guardedVault();
		allowed(guard(vault, writeInput(path.join(vault, 'CLAUDE.md'))));
		const other = guardedVault();
		allowed(guard(vault, writeInput(path.join(other, SESSION))));
	});

	it('lets a Write onto a folder through (Write fails on its own there)', () => {
		const vault = guardedVault();
		fs.mkdirSync(path.join(vault, 'AI', 'sessions', 'folder.md'));
		allowed(guard(vault, writeInput(path.join(vault, 'AI', 'sessions', 'folder.md'))));
	});

	it.skipIf(process.platform === 'win32')('sees a session file through a symlinked vault path, either way round', () => {
		const top = tempDir('sb-guard-link-');
		const real = path.join(top, 'synced', 'vault');
		fs.mkdirSync(real, { recursive: true });
		guardedVault({ writeGuard: true }, real);
		fs.mkdirSync(path.join(top, 'home'));
		const link = path.join(top, 'home', 'vault');
		fs.symlinkSync(real, link, 'dir');
		denied(guard(real, writeInput(path.join(link, SESSION))));
		denied(guard(link, writeInput(path.join(real, SESSION)), { script: hookScript(link) }));
		allowed(guard(real, writeInput(path.join(link, 'AI', 'sessions', 'new.md'))));
	});
});

describe('pre-tool-use lets everything through when it should not or cannot decide', () => {
	it('setting off, or never set: allowed', () => {
		const off = guardedVault({ writeGuard: false });
		allowed(guard(off, writeInput(path.join(off, SESSION))));
		const unset = exampleVault();
		allowed(guard(unset, writeInput(path.join(unset, SESSION))));
	});

	it('a broken data.json falls back to the default (off): allowed', () => {
		const vault = exampleVault({ '.obsidian/plugins/session-brief/data.json': '{ "writeGuard": true,' });
		allowed(guard(vault, writeInput(path.join(vault, SESSION))));
	});

	it('garbage input: exit 0, nothing on stdout', () => {
		const vault = guardedVault();
		const file = path.join(vault, SESSION);
		const inputs: Array<string | Buffer> = [
			'',
			'garbage',
			'[]',
			'null',
			'{"tool_name":"Write"}',
			'{"tool_name":"Write","tool_input":{"file_path":5}}',
			'{"tool_name":"Write","tool_input":"x"}',
			JSON.stringify({ tool_name: 'Write', tool_input: { file_path: '' } }),
			JSON.stringify({ tool_name: 'Write', tool_input: { file_path: `${file}\0` } }),
			Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
			`${writeInput(file).slice(0, -5)}`,
		];
		for (const input of inputs) allowed(guard(vault, input));
	});

	it('an unknown option or a bridge outside any vault: exit 0, nothing on stdout', () => {
		const vault = guardedVault();
		allowed(guard(vault, writeInput(path.join(vault, SESSION)), { args: ['--bogus'] }));
		const loose = path.join(tempDir('sb-loose-'), 'session-brief.cjs');
		fs.copyFileSync(hookScript(vault).replace(/session-brief\.cjs$/, 'session-brief.bridge.cjs'), loose);
		allowed(guard(vault, writeInput(path.join(vault, SESSION)), { script: loose }));
	});

	it('an error while deciding (a bad --lang) fails open: allowed', () => {
		const vault = guardedVault();
		denied(guard(vault, writeInput(path.join(vault, SESSION)), { args: ['--lang', 'de'] }));
		allowed(guard(vault, writeInput(path.join(vault, SESSION)), { args: ['--lang', 'xx'] }));
	});

	it('with no environment at all (no HOME, no locale): same decision', () => {
		const vault = guardedVault();
		denied(guard(vault, writeInput(path.join(vault, SESSION)), { env: bareEnv() }));
		denied(guard(vault, writeInput(path.join(vault, SESSION)), { env: {} }));
	});
});
