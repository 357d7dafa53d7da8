/**
 * Two sessions at once are two sessions (docs/design.md, "What agents changed", the session net):
 * through the hook files as install places them, a shell edit one session made while another
 * session ends its turn is journaled as the session's that made it, with its before-version (so
 * `changes` shows the diff); a change made while the ending session was not in a turn is not
 * that session's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { bareEnv, exampleVault, removeTempDirs, runBridge, setPluginSettings, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];
const NOTE = 'Notes/Reading list.md';
const OTHER = 'Notes/Tag syntax.md';

interface Vault {
	root: string;
	state: string;
}

function vault(): Vault {
	const root = exampleVault({});
	setPluginSettings(root, {});
	return { root, state: tempDir('sb-trail-state-') };
}

function hook(v: Vault, command: string, input: Record<string, unknown>): string {
	const r = runBridge(v.root, command, JSON.stringify(input), { env: bareEnv({ SESSION_BRIEF_STATE_DIR: v.state, SESSION_BRIEF_BASELINE: 'sync' }), timeoutMs: HANG_MS });
	expect(r.code, r.stderr).toBe(0);
	return r.text;
}

function start(v: Vault, session: string): void {
	hook(v, 'session-start', { session_id: session, hook_event_name: 'SessionStart', source: 'startup', cwd: v.root });
}

function shellCall(v: Vault, session: string, command: string): void {
	hook(v, 'pre-tool-use', { session_id: session, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: v.root });
}

function turnEnd(v: Vault, session: string): void {
	expect(hook(v, 'turn-end', { session_id: session, hook_event_name: 'Stop' })).toBe('{}\n');
}

function journal(v: Vault): Array<{ path: string; tool: string; session: string | null }> {
	const file = path.join(v.root, ...PLUGIN, 'agent-changes.jsonl');
	if (!fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as { path: string; tool: string; session: string | null });
}

function changes(v: Vault): Array<{ path: string; session: string | null; state: string; diff: string | null }> {
	const r = runBridge(v.root, 'changes', '', { args: ['--json'], env: bareEnv({ SESSION_BRIEF_STATE_DIR: v.state }), timeoutMs: HANG_MS });
	expect(r.code, r.stderr).toBe(0);
	const out = JSON.parse(r.text) as { changes: Array<{ path: string; session: string | null; state: string; diff: string | null }> };
	return out.changes;
}

describe('two sessions at once', () => {
	it(
		"B's shell edit, ended first by A's turn: journaled as B's, with B's before-version and its diff",
		() => {
			const v = vault();
			start(v, 'session-a');
			start(v, 'session-b');
			// B's shell call names the note (its before-version is kept), then the shell changes it.
			shellCall(v, 'session-b', `sed -i 's/x/y/' "${NOTE}"`);
			fs.appendFileSync(path.join(v.root, NOTE), '\nchanged by B through the shell\n');
			// A's turn ends first: the change is not A's.
			turnEnd(v, 'session-a');
			turnEnd(v, 'session-b');
			expect(journal(v).map((r) => [r.path, r.tool, r.session])).toEqual([[NOTE, 'another tool', 'session-b']]);
			const [change] = changes(v);
			expect(change).toMatchObject({ path: NOTE, session: 'session-b', state: 'kept' });
			expect(change?.diff).toContain('+changed by B through the shell');
		},
		120_000,
	);

	it(
		"a change made while A was not in a turn, during B's turn still going, is B's; one made while no session was in a turn is nobody's",
		async () => {
			const v = vault();
			start(v, 'session-a');
			start(v, 'session-b');
			// B's turn begins with a script that names no note, and changes one.
			shellCall(v, 'session-b', 'python3 tidy.py');
			fs.appendFileSync(path.join(v.root, NOTE), '\nchanged by B\n');
			// A's turn begins later: past the slack a file system's coarse clock needs.
			await new Promise((r) => setTimeout(r, 2600));
			// And a note a human (no session in a turn then) changed long before.
			const other = path.join(v.root, OTHER);
			fs.appendFileSync(other, '\nchanged by someone else\n');
			const past = new Date(Date.now() - 10 * 60 * 1000);
			fs.utimesSync(other, past, past);
			shellCall(v, 'session-a', 'ls');
			turnEnd(v, 'session-a');
			expect(journal(v).map((r) => [r.path, r.session])).toEqual([[OTHER, null]]);
			turnEnd(v, 'session-b');
			expect(journal(v).map((r) => [r.path, r.session])).toEqual([
				[OTHER, null],
				[NOTE, 'session-b'],
			]);
		},
		120_000,
	);
});
