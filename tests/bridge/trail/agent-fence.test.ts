/**
 * The PreToolUse hook as Claude Code runs it (the vault's installed hook entry, which answers from
 * session-brief.edit.cjs), against links and commands that try a way round:
 * - the Write guard sees a session file through a folder link, a file link, the sessions folder's
 *   real place and a hard link;
 * - the fence refuses edit tools and shell commands that reach the plugin's folder or the hook
 *   files, whatever the Write guard setting, through links too, and lets everything else through.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleVault, removeTempDirs, runBridge, setPluginSettings, tempDir, type HookRun } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SESSION = path.join('AI', 'sessions', '2026-11-29-morning.md');
const PLUGIN = path.join('.obsidian', 'plugins', 'session-brief');

interface Deny {
	hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
	systemMessage: string;
}

function toolInput(tool: string, filePath: string): Record<string, unknown> {
	if (tool === 'Write') return { file_path: filePath, content: '# New\n' };
	if (tool === 'MultiEdit') return { file_path: filePath, edits: [{ old_string: 'a', new_string: 'b' }] };
	if (tool === 'NotebookEdit') return { notebook_path: filePath, new_source: 'x', cell_id: 'c1' };
	return { file_path: filePath, old_string: 'a', new_string: 'b' };
}

const input = (tool: string, filePath: string): string => JSON.stringify({ session_id: 'fence', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: toolInput(tool, filePath), cwd: '/' });
const bash = (command: string, cwd: string): string => JSON.stringify({ session_id: 'fence', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'x' }, cwd });

function denied(run: HookRun, what: string): Deny {
	expect(run.code, what).toBe(0);
	expect(run.stderr, what).toBe('');
	expect(run.text, `${what} was let through`).not.toBe('');
	const out = JSON.parse(run.text) as Deny;
	expect(out.hookSpecificOutput.hookEventName).toBe('PreToolUse');
	expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
	return out;
}

function allowed(run: HookRun, what: string): void {
	expect(run.code, what).toBe(0);
	expect(run.text, `${what} was refused`).toBe('');
	expect(run.stderr, what).toBe('');
}

const hook = (v: string, stdin: string): HookRun => runBridge(v, 'pre-tool-use', stdin);

describe('Write guard: no link opens a way round', () => {
	function guarded(): { v: string; session: string; before: Buffer } {
		const v = exampleVault();
		setPluginSettings(v, { writeGuard: true });
		const session = path.join(v, SESSION);
		return { v, session, before: fs.readFileSync(session) };
	}

	it.skipIf(process.platform === 'win32')('refuses a Write through a folder link into the sessions folder', () => {
		const { v, session, before } = guarded();
		fs.symlinkSync(path.join(v, 'AI', 'sessions'), path.join(v, 'Notes', 'logs'), 'dir');
		const out = denied(hook(v, input('Write', path.join(v, 'Notes', 'logs', '2026-11-29-morning.md'))), 'folder link');
		expect(out.hookSpecificOutput.permissionDecisionReason).toContain('already exists in the sessions folder (AI/sessions)');
		expect(out.systemMessage).toContain('AI/sessions/2026-11-29-morning.md');
		// A new name through the same link is a new log: allowed.
		allowed(hook(v, input('Write', path.join(v, 'Notes', 'logs', 'fresh.md'))), 'new file through the link');
		expect(fs.readFileSync(session).equals(before)).toBe(true);
	});

	it.skipIf(process.platform === 'win32')('refuses a Write to a file link that names a session file', () => {
		const { v } = guarded();
		fs.symlinkSync(path.join(v, SESSION), path.join(v, 'Notes', 'alias.md'));
		denied(hook(v, input('Write', path.join(v, 'Notes', 'alias.md'))), 'file link');
		denied(hook(v, input('Write', 'Notes/alias.md')), 'file link, relative');
	});

	it.skipIf(process.platform === 'win32')("refuses a Write to the sessions folder's real place outside the vault", () => {
		const { v } = guarded();
		const elsewhere = path.join(tempDir('sb-synced-'), 'sessions');
		fs.renameSync(path.join(v, 'AI', 'sessions'), elsewhere);
		fs.symlinkSync(elsewhere, path.join(v, 'AI', 'sessions'), 'dir');
		const out = denied(hook(v, input('Write', path.join(elsewhere, '2026-11-29-morning.md'))), 'real place');
		expect(out.systemMessage).toContain('AI/sessions/2026-11-29-morning.md');
		allowed(hook(v, input('Write', path.join(elsewhere, 'new.md'))), 'new file at the real place');
	});

	it('refuses a Write to a hard link of a session file, inside the vault or out of it', () => {
		const { v } = guarded();
		fs.linkSync(path.join(v, SESSION), path.join(v, 'Notes', 'twin.md'));
		const out = denied(hook(v, input('Write', path.join(v, 'Notes', 'twin.md'))), 'hard link');
		expect(out.systemMessage).toContain('AI/sessions/2026-11-29-morning.md');
		const outside = path.join(tempDir('sb-hard-'), 'twin.md');
		try {
			fs.linkSync(path.join(v, SESSION), outside);
		} catch {
			return; // another file system: no hard link possible, nothing to refuse
		}
		denied(hook(v, input('Write', outside)), 'hard link outside the vault');
	});

	it('lets Writes to other files through, and everything through while the guard is off', () => {
		const { v } = guarded();
		fs.writeFileSync(path.join(v, 'Notes', 'plain.md'), 'x\n');
		allowed(hook(v, input('Write', path.join(v, 'Notes', 'plain.md'))), 'plain note');
		fs.linkSync(path.join(v, 'Notes', 'plain.md'), path.join(v, 'Notes', 'plain-twin.md'));
		allowed(hook(v, input('Write', path.join(v, 'Notes', 'plain-twin.md'))), 'hard link of a plain note');
		setPluginSettings(v, { writeGuard: false });
		fs.linkSync(path.join(v, SESSION), path.join(v, 'Notes', 'twin.md'));
		allowed(hook(v, input('Write', path.join(v, 'Notes', 'twin.md'))), 'guard off');
	});
});

describe("the fence around Session Brief's own files", () => {
	const TOOLS = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'];

	it('refuses every edit tool in the plugin folder, with the guard off, and says what to do', () => {
		const v = exampleVault();
		const before = fs.readdirSync(path.join(v, PLUGIN));
		for (const name of ['agent-changes.jsonl', 'agent-review.json', 'data.json', 'new-file.json']) {
			for (const tool of TOOLS) {
				const out = denied(hook(v, input(tool, path.join(v, PLUGIN, name))), `${tool} ${name}`);
				expect(out.hookSpecificOutput.permissionDecisionReason).toContain(`is in Session Brief's plugin folder (.obsidian/plugins/session-brief/)`);
				expect(out.hookSpecificOutput.permissionDecisionReason).toContain('only the human changes, in Obsidian');
				expect(out.systemMessage).toMatch(/^Session Brief refused an agent's change to its own files/);
			}
		}
		denied(hook(v, input('Edit', '.obsidian/plugins/session-brief/agent-review.json')), 'relative');
		denied(hook(v, input('Edit', path.join(v, '.Obsidian', 'Plugins', 'Session-Brief', 'data.json'))), 'other case');
		expect(fs.readdirSync(path.join(v, PLUGIN))).toEqual(before);
	});

	it('refuses edits of the installed hook files, and lets the rest of .claude through', () => {
		const v = exampleVault();
		for (const name of ['session-brief.cjs', 'session-brief.edit.cjs', 'session-brief.bridge.cjs', 'session-brief.json', 'session-brief.cjs.v8cache']) {
			const out = denied(hook(v, input('Write', path.join(v, '.claude', 'hooks', name))), name);
			expect(out.hookSpecificOutput.permissionDecisionReason).toContain("is one of Session Brief's hook files (in .claude/hooks/)");
		}
		allowed(hook(v, input('Write', path.join(v, '.claude', 'hooks', 'my-own-hook.sh'))), 'own hook');
		allowed(hook(v, input('Edit', path.join(v, '.claude', 'settings.json'))), 'settings');
		allowed(hook(v, input('Edit', path.join(v, 'Notes', 'a.md'))), 'a note');
		allowed(hook(v, input('Write', path.join(v, '.obsidian', 'app.json'))), 'another config file');
		allowed(hook(v, input('Edit', path.join(v, '.obsidian', 'plugins', 'other-plugin', 'data.json'))), 'another plugin');
	});

	it.skipIf(process.platform === 'win32')('sees the plugin folder through a folder link, a file link and a hard link', () => {
		const v = exampleVault();
		fs.writeFileSync(path.join(v, PLUGIN, 'agent-review.json'), '{}');
		fs.symlinkSync(path.join(v, '.obsidian', 'plugins'), path.join(v, 'Notes', 'p'), 'dir');
		denied(hook(v, input('Edit', path.join(v, 'Notes', 'p', 'session-brief', 'agent-review.json'))), 'folder link');
		denied(hook(v, input('Write', path.join(v, 'Notes', 'p', 'session-brief', 'fresh.json'))), 'new file through a folder link');
		fs.symlinkSync(path.join(v, PLUGIN, 'agent-review.json'), path.join(v, 'Notes', 'review.md'));
		denied(hook(v, input('Write', path.join(v, 'Notes', 'review.md'))), 'file link');
		fs.linkSync(path.join(v, PLUGIN, 'agent-review.json'), path.join(v, 'Notes', 'twin.md'));
		denied(hook(v, input('Edit', path.join(v, 'Notes', 'twin.md'))), 'hard link');
		fs.linkSync(path.join(v, '.claude', 'hooks', 'session-brief.edit.cjs'), path.join(v, 'Notes', 'hook-twin.md'));
		denied(hook(v, input('Write', path.join(v, 'Notes', 'hook-twin.md'))), 'hard link of a hook file');
	});

	it("follows the vault's config folder when it is not .obsidian", () => {
		const v = exampleVault();
		fs.renameSync(path.join(v, '.obsidian'), path.join(v, '.config'));
		denied(hook(v, input('Edit', path.join(v, '.config', 'plugins', 'session-brief', 'data.json'))), 'renamed config folder');
		denied(hook(v, bash('rm -rf .config', v)), 'shell command on the renamed config folder');
	});

	it('refuses shell commands that name the plugin folder, a folder holding it, or a hook file', { timeout: 120_000 }, () => {
		const v = exampleVault();
		const refused = [
			'rm .obsidian/plugins/session-brief/agent-changes.jsonl',
			"echo '{}' > '.obsidian/plugins/session-brief/agent-review.json'",
			'echo x>.obsidian\\plugins\\session-brief\\agent-review.json',
			`truncate -s 0 ${path.join(v, PLUGIN, 'agent-changes.jsonl')}`,
			'rm -rf .obsidian/plugins/*',
			'cd .obsidian && rm -rf plugins',
			'mv .obsidian /tmp/x',
			'find .obsidian/plugins -delete',
			'cp evil.js .claude/hooks/session-brief.cjs',
			'rm -rf .claude/hooks',
			'rm -rf .claude',
			'node .claude/hooks/session-brief.cjs uninstall',
			'node .claude/hooks/session-brief.cjs report > .claude/hooks/session-brief.edit.cjs',
			'sed -i s/a/b/ "./.obsidian/plugins/session-brief/data.json"',
			'python3 -c "open(\'x\',\'w\')" --out=.obsidian/plugins/session-brief/data.json',
		];
		for (const command of refused) {
			const out = denied(hook(v, bash(command, v)), command);
			expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/The command names /);
		}
		// Relative to the session's working folder.
		denied(hook(v, bash('rm -rf session-brief', path.join(v, '.obsidian', 'plugins'))), 'from the plugins folder');
		const fine = [
			'git status',
			'ls Notes',
			'grep -r "#review" .',
			'cat .obsidian/app.json',
			'node .claude/hooks/session-brief.cjs report',
			'node .claude/hooks/session-brief.cjs check --json',
			'cat .claude/settings.json',
			'npm test',
		];
		for (const command of fine) allowed(hook(v, bash(command, v)), command);
	});

	it('answers in the language of the settings', () => {
		const v = exampleVault();
		setPluginSettings(v, { language: 'de' });
		const out = denied(hook(v, input('Edit', path.join(v, PLUGIN, 'data.json'))), 'de');
		expect(out.hookSpecificOutput.permissionDecisionReason).toContain('liegt im Plugin-Ordner von Session Brief');
	});
});

describe('the fence in the edit hooks file', () => {
	it('refuses and allows without loading the bridge beside it', () => {
		const v = exampleVault();
		setPluginSettings(v, { writeGuard: true });
		const mark = path.join(tempDir('sb-fence-mark-'), 'loaded');
		fs.writeFileSync(path.join(v, '.claude', 'hooks', 'session-brief.bridge.cjs'), `require('node:fs').writeFileSync(${JSON.stringify(mark)}, 'loaded');\nthrow new Error('the bridge was loaded');\n`);
		denied(hook(v, input('Edit', path.join(v, PLUGIN, 'data.json'))), 'plugin folder');
		denied(hook(v, bash('rm -rf .obsidian/plugins', v)), 'shell command');
		denied(hook(v, input('Write', path.join(v, SESSION))), 'session file');
		allowed(hook(v, input('Edit', path.join(v, 'Notes', 'a.md'))), 'a note');
		allowed(hook(v, bash('git status', v)), 'git status');
		expect(fs.existsSync(mark)).toBe(false);
	});
});
