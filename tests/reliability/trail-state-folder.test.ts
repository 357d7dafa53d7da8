/**
 * What the review trail's honesty rests on lives in the per-user state folder, where an agent's
 * sandbox cannot write (docs/design.md, "What lives outside the vault"). Each case is an attack
 * from inside the vault against the built hook files as `install` writes them, in child processes:
 *   - a code cache planted beside a hook file, compiled from other code of the same length;
 *   - the vault's journal deleted through the agent's shell;
 *   - the human's-writes record written by the agent to hide its own shell edit.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { writeEditorWrites } from '../../src/node/journal/editor-writes-file';
import { BUNDLE, run } from '../helpers/bridge';
import { exampleVault, removeTempDirs, setPluginSettings, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SLOW = 120_000;
const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];

function setup(): { vault: string; state: string; home: string; env: NodeJS.ProcessEnv } {
	const vault = exampleVault({});
	setPluginSettings(vault, {});
	const state = tempDir('sb-trail-state-');
	const home = tempDir('sb-trail-home-');
	const env = { PATH: process.env.PATH ?? '', HOME: home, SESSION_BRIEF_STATE_DIR: state, SESSION_BRIEF_BASELINE: 'sync' };
	expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
	return { vault, state, home, env };
}

const entry = (v: string): string => path.join(v, '.claude', 'hooks', 'session-brief.cjs');

/** A hook as the agent runs it: the entry `install` wrote, from the vault as its folder. */
function hook(s: { vault: string; env: NodeJS.ProcessEnv }, command: string, input: unknown): string {
	const r = spawnSync(process.execPath, [entry(s.vault), command], { input: JSON.stringify({ cwd: s.vault, ...(input as object) }), cwd: s.vault, env: s.env, timeout: HANG_MS });
	expect(r.status).toBe(0);
	return r.stdout.toString('utf8');
}

function briefOf(stdout: string): string {
	return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

function report(s: { vault: string; env: NodeJS.ProcessEnv }): { text: string; json: { items: { agentChanges: { paths: string[]; journalLost?: number } } } } {
	const text = run(BUNDLE, ['report', '--vault', s.vault], '', { env: s.env }).stdout.toString('utf8');
	const json = JSON.parse(run(BUNDLE, ['report', '--json', '--vault', s.vault], '', { env: s.env }).stdout.toString('utf8')) as { items: { agentChanges: { paths: string[]; journalLost?: number } } };
	return { text, json };
}

describe('the trail outside the vault', () => {
	it(
		'a code cache planted beside a hook file, compiled from other code of the same length, never runs',
		() => {
			const s = setup();
			const hooks = path.join(s.vault, '.claude', 'hooks');
			const start = path.join(hooks, 'session-brief.start.cjs');
			const outside = path.join(s.home, 'written-by-planted-code');
			// The attacker's code, padded to the length of the file it hides behind (V8 checks only that).
			const real = fs.readFileSync(start, 'utf8').replace(/^#!.*/, '');
			const payload = `if (process.argv[2] === 'session-start') require('node:fs').writeFileSync(${JSON.stringify(outside)}, 'planted');`;
			const forged = payload + ' '.repeat(real.length - payload.length);
			expect(forged.length).toBe(real.length);
			// Compiled and cached in a plain Node, as the hook entry compiles: the cache V8 accepts for that length.
			const make = `const vm=require('node:vm'),M=require('node:module'),fs=require('node:fs');const s=new vm.Script(M.wrap(fs.readFileSync(process.argv[1],'utf8')),{filename:process.argv[2]});s.runInThisContext();fs.writeFileSync(process.argv[3],s.createCachedData());`;
			const forgedFile = path.join(s.home, 'forged.js');
			fs.writeFileSync(forgedFile, forged);
			const planted = spawnSync(process.execPath, ['-e', make, forgedFile, start, `${start}.v8cache`], { env: { PATH: process.env.PATH ?? '' } });
			expect(planted.status).toBe(0);
			const startBytes = fs.readFileSync(start);

			const out = hook(s, 'session-start', { session_id: 'planted', hook_event_name: 'SessionStart', source: 'startup' });
			expect(fs.existsSync(outside)).toBe(false);
			expect(briefOf(out)).toContain('Session brief');
			// The file stays as install wrote it; the cache the entry keeps is in the state folder, with the bytes it was made from.
			expect(fs.readFileSync(start).equals(startBytes)).toBe(true);
			const caches = fs.readdirSync(path.join(s.state, 'code-cache'));
			expect(caches.some((n) => n.endsWith('-session-brief.start.cjs.v8cache'))).toBe(true);
			// Again, now from the state folder's cache: still the file's own code.
			hook(s, 'session-start', { session_id: 'planted-2', hook_event_name: 'SessionStart', source: 'startup' });
			expect(fs.existsSync(outside)).toBe(false);
			// doctor calls none of this broken, and uninstall takes the caches it made with the hook files.
			const doctor = run(BUNDLE, ['doctor', '--vault', s.vault], '', { env: s.env }).stdout.toString('utf8');
			expect(doctor).not.toMatch(/code cache[^\n]*(missing|planted|damaged)/i);
			expect(run(BUNDLE, ['uninstall', '--vault', s.vault], '', { env: s.env }).status).toBe(0);
			expect(fs.readdirSync(path.join(s.state, 'code-cache')).filter((n) => n.endsWith('-session-brief.start.cjs.v8cache'))).toEqual([]);
			expect(fs.existsSync(`${start}.v8cache`)).toBe(false);
		},
		SLOW,
	);

	it(
		'a journal deleted in the vault is noticed, and its changes are shown again from the copy outside it',
		() => {
			const s = setup();
			const note = path.join(s.vault, 'Inbox', 'edited by agent.md');
			fs.mkdirSync(path.dirname(note), { recursive: true });
			fs.writeFileSync(note, '# edited\n');
			hook(s, 'post-tool-use', { session_id: 'earlier', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: note } });
			const journal = path.join(s.vault, ...PLUGIN, 'agent-changes.jsonl');
			expect(fs.readFileSync(journal, 'utf8')).toContain('edited by agent.md');
			expect(report(s).json.items.agentChanges.paths).toEqual(['Inbox/edited by agent.md']);

			// `find . -name agent-changes.jsonl -delete` through the agent's shell.
			fs.rmSync(journal);
			const after = report(s);
			expect(after.json.items.agentChanges.paths).toEqual(['Inbox/edited by agent.md']);
			expect(after.json.items.agentChanges.journalLost).toBe(1);
			expect(after.text).toContain('the journal in the vault was deleted or changed outside Session Brief; 1 agent change it lost is shown again');
			const brief = briefOf(hook(s, 'session-start', { session_id: 'next', hook_event_name: 'SessionStart', source: 'startup' }));
			expect(brief).toContain('shown again from the copy outside the vault');

			// A journal rewritten without the record counts the same.
			fs.writeFileSync(journal, '');
			expect(report(s).json.items.agentChanges.journalLost).toBe(1);
		},
		SLOW,
	);

	it(
		"the agent's own record of the human's writes does not hide its shell edit from the session net",
		() => {
			const s = setup();
			hook(s, 'session-start', { session_id: 'shell', hook_event_name: 'SessionStart', source: 'startup' });
			const note = path.join(s.vault, 'Inbox', 'shell edit.md');
			fs.mkdirSync(path.dirname(note), { recursive: true });
			fs.writeFileSync(note, '# written by a shell command\n');
			// The agent claims the edit as the human's, in the file earlier versions read from the plugin's folder.
			fs.writeFileSync(path.join(s.vault, ...PLUGIN, 'editor-writes.json'), `${JSON.stringify({ notes: { 'Inbox/shell edit.md': Date.now() + 60_000 } })}\n`);
			expect(hook(s, 'turn-end', { session_id: 'shell', hook_event_name: 'Stop' })).toBe('{}\n');
			const journal = fs.readFileSync(path.join(s.vault, ...PLUGIN, 'agent-changes.jsonl'), 'utf8');
			expect(journal).toContain('"path":"Inbox/shell edit.md"');
			expect(report(s).json.items.agentChanges.paths).toContain('Inbox/shell edit.md');
		},
		SLOW,
	);

	it(
		"the plugin's record of the human's writes, in the state folder, still explains the human's edit",
		() => {
			const s = setup();
			hook(s, 'session-start', { session_id: 'human', hook_event_name: 'SessionStart', source: 'startup' });
			const note = path.join(s.vault, 'Inbox', 'typed by human.md');
			fs.mkdirSync(path.dirname(note), { recursive: true });
			fs.writeFileSync(note, '# typed in Obsidian\n');
			// What the plugin writes, where it writes it.
			writeEditorWrites(s.vault, `${JSON.stringify({ notes: { 'Inbox/typed by human.md': Date.now() + 60_000 } })}\n`, { SESSION_BRIEF_STATE_DIR: s.state });
			expect(hook(s, 'turn-end', { session_id: 'human', hook_event_name: 'Stop' })).toBe('{}\n');
			const journal = path.join(s.vault, ...PLUGIN, 'agent-changes.jsonl');
			expect(fs.existsSync(journal) ? fs.readFileSync(journal, 'utf8') : '').not.toContain('typed by human.md');
		},
		SLOW,
	);
});
