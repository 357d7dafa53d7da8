/**
 * The before-versions through the built hooks and the `changes` command: the pre-tool hook keeps a
 * note before an agent's Edit and before a shell command that names it, the post-tool hook the
 * hash of what the edit left, a refused call keeps nothing, a hook that cannot keep one still lets
 * the edit through; `changes` prints each unreviewed change's unified diff, vault text escaped.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changesText, type Shown } from '../../../bridge/commands/changes';
import { readBeforeVersion } from '../../../src/node/review/before-versions';
import { sha256 } from '../../../src/node/review/sha256';
import { bareEnv, editInput, exampleVault, removeTempDirs, runBridge } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const NOTE = 'Notes/Reading list.md';
const pluginDir = (vault: string) => path.join(vault, '.obsidian', 'plugins', 'session-brief');
const place = (vault: string) => ({ root: vault, pluginDir: pluginDir(vault) });

function pre(vault: string, input: Record<string, unknown>) {
	const r = runBridge(vault, 'pre-tool-use', JSON.stringify({ session_id: 'test', hook_event_name: 'PreToolUse', cwd: vault, ...input }), { env: bareEnv() });
	expect(r.code, r.stderr).toBe(0);
	return r.text;
}

function post(vault: string, file: string) {
	const r = runBridge(vault, 'post-tool-use', JSON.stringify(editInput(path.join(vault, file))), { env: bareEnv() });
	expect(r.code, r.stderr).toBe(0);
}

describe('before-versions through the hooks', () => {
	it("keeps the note before an agent's first Edit in a session, the after-hash after it, and changes prints the exact diff", () => {
		const vault = exampleVault();
		const file = path.join(vault, NOTE);
		const before = fs.readFileSync(file);
		expect(pre(vault, { tool_name: 'Edit', tool_input: { file_path: file, old_string: 'a', new_string: 'b' } })).toBe('');
		const after = Buffer.concat([before, Buffer.from('- A new book\n')]);
		fs.writeFileSync(file, after);
		post(vault, NOTE);
		// A second edit in the same session keeps the first before-version.
		pre(vault, { tool_name: 'Edit', tool_input: { file_path: file, old_string: 'a', new_string: 'b' } });
		const kept = readBeforeVersion(place(vault), NOTE, 'test');
		expect(kept?.state).toBe('kept');
		expect(kept?.bytes?.equals(before)).toBe(true);
		expect(kept?.afterHash).toBe(sha256(after));
		const r = runBridge(vault, 'changes', '', { args: ['--vault', vault], env: bareEnv() });
		expect(r.code, r.stderr).toBe(0);
		expect(r.text).toContain(`${NOTE} +1 -0 (session test, Edit,`);
		const lastLine = before.toString('utf8').trimEnd().split('\n').pop() ?? '';
		expect(r.text).toContain(`--- a/${NOTE}\n+++ b/${NOTE}\n`);
		expect(r.text).toContain(` ${lastLine}\n+- A new book\n`);
		// No terminal: no colours.
		expect(r.text).not.toContain('\x1b');
		const json = JSON.parse(runBridge(vault, 'changes', '', { args: ['--vault', vault, '--json'], env: bareEnv() }).text) as { count: number; changes: Array<{ added: number; removed: number; state: string }> };
		expect(json.count).toBe(1);
		expect(json.changes[0]).toMatchObject({ added: 1, removed: 0, state: 'kept' });
		// The brief tells the agent the same counts, from the session-start file (tier 1) as from the bridge.
		const report = JSON.parse(runBridge(vault, 'report', '', { args: ['--vault', vault, '--json'], env: bareEnv() }).text) as { items: { agentChanges: { lines?: unknown } } };
		expect(report.items.agentChanges.lines).toEqual({ [NOTE]: { added: 1, removed: 0 } });
		const start = runBridge(vault, 'session-start', JSON.stringify({ session_id: 'next', source: 'startup' }), { env: bareEnv() });
		expect(start.text).toContain(`(lines added/removed: ${NOTE} +1 -0)`);
	});

	it('keeps the notes a shell command that may write names, none for one that only reads', () => {
		const vault = exampleVault();
		pre(vault, { tool_name: 'Bash', tool_input: { command: `cat "${NOTE}" | wc -l` } });
		expect(readBeforeVersion(place(vault), NOTE, 'test')).toBeNull();
		pre(vault, { tool_name: 'Bash', tool_input: { command: `sed -i 's/a/b/' "${NOTE}" && rm Inbox/2026-11-29.md && echo x > Inbox/New.md` } });
		expect(readBeforeVersion(place(vault), NOTE, 'test')?.tool).toBe('Bash');
		expect(readBeforeVersion(place(vault), 'Inbox/2026-11-29.md', 'test')?.state).toBe('kept');
		expect(readBeforeVersion(place(vault), 'Inbox/New.md', 'test')?.state).toBe('new');
	});

	it('keeps nothing for a refused call, and lets the edit through when it cannot keep one', () => {
		const vault = exampleVault();
		const refused = pre(vault, { tool_name: 'Edit', tool_input: { file_path: path.join(pluginDir(vault), 'data.json'), old_string: 'a', new_string: 'b' } });
		expect(refused).toContain('deny');
		expect(fs.existsSync(path.join(pluginDir(vault), 'before-versions'))).toBe(false);
		// A file where the folder belongs: the before-version cannot be written; the hook says nothing and exits 0.
		fs.writeFileSync(path.join(pluginDir(vault), 'before-versions'), 'in the way');
		expect(pre(vault, { tool_name: 'Edit', tool_input: { file_path: path.join(vault, NOTE), old_string: 'a', new_string: 'b' } })).toBe('');
	});
});

describe('the changes listing', () => {
	const change = (over: Partial<Shown>): Shown => ({ path: 'a.md', session: 'sess-1234567890', tool: 'Edit', at: '2026-12-01T10:00:00.000Z', edits: 1, state: 'kept', added: 1, removed: 1, diff: '--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-old\n+new\n', ...over });

	it('colours a terminal’s lines, and never lets the vault’s text steer it', () => {
		const plain = changesText([change({})], false);
		expect(plain).toBe('Agent changes not yet reviewed: 1\n\na.md +1 -1 (session sess-123, Edit, 2026-12-01T10:00:00.000Z)\n--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-old\n+new\n\n');
		const coloured = changesText([change({})], true);
		expect(coloured).toContain('\x1b[31m-old\x1b[0m');
		expect(coloured).toContain('\x1b[32m+new\x1b[0m');
		const hostile = changesText([change({ path: 'x\x1b]0;owned\x07.md', diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-\x1b[2Jgone\n+\x9b31mred\n' })], true);
		// The only escapes left are the listing's own colours.
		const own = ['\x1b[31m', '\x1b[32m', '\x1b[36m', '\x1b[1m', '\x1b[0m'].reduce((t, c) => t.split(c).join(''), hostile);
		expect([...own].filter((c) => (c.charCodeAt(0) < 32 && c !== '\n') || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f))).toEqual([]);
		expect(hostile).toContain('\\u001b[2Jgone');
	});

	it('says when a change has no before-version kept', () => {
		expect(changesText([change({ state: 'not-kept', diff: null, added: null, removed: null })], false)).toContain('before-version not kept');
		expect(changesText([], false)).toBe('No agent changes waiting for review.\n');
	});
});
