/**
 * The session net through the built bridge (child processes): the baseline a session start leaves
 * (detached, as a host runs it; or waited for), the end-of-turn hook that journals what no tool
 * event saw and always answers `{}`, and the edit hooks of hosts that report several files or run
 * after every tool.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stateFolderChecks } from '../../../src/node/hosts/doctor/doctor-state';
import { netFolder } from '../../../src/node/journal/net-blind';
import { BUNDLE, run, waitFor } from '../../helpers/bridge';
import { exampleVault, removeTempDirs, setPluginSettings, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

/** The per-user state folder of every run here: the baselines live there, not in the vault. */
const STATE = tempDir();

const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];

function vault(): string {
	const v = exampleVault({});
	setPluginSettings(v, {});
	return v;
}

function bridge(v: string, args: string[], input: unknown, extra: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string } {
	const r = run(BUNDLE, [...args, '--vault', v], typeof input === 'string' ? input : JSON.stringify(input), { env: { PATH: process.env.PATH ?? '', SESSION_BRIEF_STATE_DIR: STATE, SESSION_BRIEF_BASELINE: 'sync', ...extra } });
	return { status: r.status, stdout: r.stdout.toString('utf8') };
}

function journal(v: string): Array<Record<string, unknown>> {
	const file = path.join(v, ...PLUGIN, 'agent-changes.jsonl');
	if (!fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.trim()
		.split('\n')
		.filter((l) => l !== '')
		.map((l) => JSON.parse(l) as Record<string, unknown>);
}

function baselines(v: string): string[] {
	const dir = netFolder(v, { SESSION_BRIEF_STATE_DIR: STATE });
	return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.startsWith('baseline-')) : [];
}

describe('the session net', () => {
	it('a session start leaves its baseline to a detached process: the answer does not wait, the file arrives', async () => {
		const v = vault();
		const r = bridge(v, ['session-start'], { session_id: 'detached', source: 'startup' }, { SESSION_BRIEF_BASELINE: '' });
		expect(r.status).toBe(0);
		expect(JSON.parse(r.stdout)).toHaveProperty('hookSpecificOutput.additionalContext');
		expect(await waitFor(() => baselines(v).length === 1)).toBe(true);
	});

	it('off: no baseline; the first end of a turn takes one and records nothing, the next records what changed', () => {
		const v = vault();
		bridge(v, ['session-start'], { session_id: 's', source: 'startup' }, { SESSION_BRIEF_BASELINE: 'off' });
		expect(baselines(v)).toEqual([]);
		fs.appendFileSync(path.join(v, 'Notes', 'Reading list.md'), '\nbefore the net\n');
		expect(bridge(v, ['turn-end'], { session_id: 's' }).stdout).toBe('{}\n');
		expect(journal(v)).toEqual([]);
		fs.appendFileSync(path.join(v, 'Notes', 'Tag syntax.md'), '\nby the shell\n');
		bridge(v, ['turn-end'], { session_id: 's' });
		expect(journal(v).map((r) => [r.path, r.tool, r.session])).toEqual([['Notes/Tag syntax.md', 'another tool', 's']]);
	});

	it("a note deleted and one moved through the shell: the next session's brief says which, in its text and JSON", () => {
		const v = vault();
		bridge(v, ['session-start'], { session_id: 'shell', source: 'startup' });
		fs.rmSync(path.join(v, 'Notes', 'Reading list.md'));
		fs.mkdirSync(path.join(v, 'Archive'), { recursive: true });
		fs.renameSync(path.join(v, 'Notes', 'Tag syntax.md'), path.join(v, 'Archive', 'Tag syntax.md'));
		bridge(v, ['turn-end'], { session_id: 'shell' });
		const next = JSON.parse(bridge(v, ['session-start'], { session_id: 'next', source: 'startup' }).stdout) as { hookSpecificOutput: { additionalContext: string } };
		expect(next.hookSpecificOutput.additionalContext).toContain('(deleted: Notes/Reading list.md; renamed: Notes/Tag syntax.md → Archive/Tag syntax.md)');
		const report = JSON.parse(bridge(v, ['report', '--json'], '').stdout) as { items: { agentChanges: unknown } };
		expect(report.items.agentChanges).toMatchObject({ deleted: ['Notes/Reading list.md'], renamed: [{ path: 'Archive/Tag syntax.md', from: 'Notes/Tag syntax.md' }] });
	});

	it("an edit hook's record explains its change; a change of another session's baseline is that session's", () => {
		const v = vault();
		bridge(v, ['session-start'], { session_id: 'one', source: 'startup' });
		bridge(v, ['session-start'], { session_id: 'two', source: 'startup' });
		const file = path.join(v, 'Notes', 'Reading list.md');
		fs.appendFileSync(file, '\nedited\n');
		bridge(v, ['post-tool-use'], { session_id: 'one', tool_name: 'Edit', tool_input: { file_path: file } });
		fs.appendFileSync(path.join(v, 'Notes', 'Tag syntax.md'), '\nby the shell\n');
		bridge(v, ['turn-end'], { session_id: 'one' });
		expect(journal(v).map((r) => [r.path, r.tool, r.session])).toEqual([
			['Notes/Reading list.md', 'Edit', 'one'],
			['Notes/Tag syntax.md', 'another tool', 'one'],
		]);
	});

	it("the baselines are kept in the per-user state folder, none in the vault; doctor takes the editor record for the plugin's own", () => {
		const v = vault();
		bridge(v, ['session-start'], { session_id: 's', source: 'startup' });
		fs.writeFileSync(path.join(v, ...PLUGIN, 'editor-writes.json'), '{"notes":{}}\n');
		expect(baselines(v)).toHaveLength(1);
		expect(fs.existsSync(path.join(v, ...PLUGIN, 'session-baselines'))).toBe(false);
		expect(stateFolderChecks(v, {}).map((c) => c.status)).toEqual(['ok']);
	});

	it('turn-end fails open: anything on stdin, a vault without the plugin folder, an unreadable baseline: {} and exit 0', () => {
		const v = vault();
		for (const input of ['not json', '', '{"session_id": 5}']) expect(bridge(v, ['turn-end'], input)).toEqual({ status: 0, stdout: '{}\n' });
		const bare = tempDir();
		expect(bridge(bare, ['turn-end'], { session_id: 's' })).toEqual({ status: 0, stdout: '{}\n' });
		bridge(v, ['session-start'], { session_id: 's', source: 'startup' });
		for (const name of baselines(v)) fs.writeFileSync(path.join(netFolder(v, { SESSION_BRIEF_STATE_DIR: STATE }), name), 'garbage');
		expect(bridge(v, ['turn-end'], { session_id: 's' })).toEqual({ status: 0, stdout: '{}\n' });
	});
});

describe('edit hooks of other hosts', () => {
	it("a Codex patch naming several files journals each (relative paths from the host's working folder), and the rule check runs for the rule file among them", () => {
		const v = vault();
		fs.appendFileSync(path.join(v, 'CLAUDE.md'), '\nSee [[No such note]].\n');
		const patch = '*** Begin Patch\n*** Update File: Notes/Reading list.md\n@@\n-a\n+b\n*** Update File: CLAUDE.md\n@@\n-a\n+b\n*** End Patch\n';
		const r = bridge(v, ['post-tool-use', '--agent', 'codex'], { session_id: 'cx', cwd: v, hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { command: patch } });
		expect(r.status).toBe(0);
		expect((JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext).toContain('Rule check after the edit of CLAUDE.md:');
		expect(journal(v).map((x) => x.path)).toEqual(['Notes/Reading list.md', 'CLAUDE.md']);
	});

	it("Copilot's postToolUse runs after every tool: a view of a file is no edit, a create is", () => {
		const v = vault();
		const file = path.join(v, 'Notes', 'Reading list.md');
		expect(bridge(v, ['post-tool-use', '--agent', 'copilot'], { sessionId: 'cp', toolName: 'view', toolArgs: { path: file } }).stdout).toBe('');
		expect(journal(v)).toEqual([]);
		bridge(v, ['post-tool-use', '--agent', 'copilot'], { sessionId: 'cp', toolName: 'create', toolArgs: { path: file } });
		expect(journal(v).map((x) => [x.path, x.tool])).toEqual([['Notes/Reading list.md', 'create']]);
	});
});
