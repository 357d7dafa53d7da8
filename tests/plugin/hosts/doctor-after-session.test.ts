/**
 * `doctor` on a healthy install after a real session: the built bridge installed by its own
 * `install` (a child process), the hooks run as Claude Code runs them (each command `install`
 * registered in `.claude/settings.json`, through `sh -c`, for the events and tools its matcher
 * takes), the plugin running in the stand-in over the same folder on disk, the human's revert of an
 * agent's edit done by the plugin's own review code. Every file and folder the product wrote into
 * the plugin's folder and `.claude/hooks` along the way is its own: doctor must find no problem, and
 * each name the child processes wrote there (the state-file module's trace) is one of the state
 * registry's.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { AgentReview } from '../../../src/plugin/review/agent-review';
import { editorWritesFile } from '../../../src/node/journal/editor-writes-file';
import { userStateName, stateName, type StateHome } from '../../../src/node/state-registry';
import { BUNDLE, run } from '../../helpers/bridge';
import { settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

const HAVE_BUILD = fs.existsSync(BUNDLE);
if (!HAVE_BUILD) console.warn('doctor-after-session.test.ts SKIPPED: the built bridge is missing; run `npm run build` (`npm test` does).');
/** Every step is a child process; a loaded machine needs the room. */
const SLOW = 180_000;
const SESSION = 'doctor-session';

let started: Started | null = null;
const homeDirs: string[] = [];
afterEach(async () => {
	await stopPlugin(started);
	started = null;
	for (const h of homeDirs.splice(0)) fs.rmSync(h, { recursive: true, force: true, maxRetries: 30 });
});

interface Registered {
	matcher?: string;
	hooks: Array<{ command: string }>;
}

/** The commands registered for `event` whose matcher takes `tool` (Claude Code: a regular expression over the whole tool name). */
function commandsFor(vault: string, event: string, tool: string | null): string[] {
	const settings = JSON.parse(fs.readFileSync(path.join(vault, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, Registered[]> };
	const groups = settings.hooks[event] ?? [];
	return groups.filter((g) => g.matcher === undefined || g.matcher === '' || (tool !== null && new RegExp(`^(?:${g.matcher})$`).test(tool))).flatMap((g) => g.hooks.map((h) => h.command));
}

/** Fires `event` as the host does: every registered command, with the input on stdin, from the vault. Returns how many ran. */
function fire(vault: string, env: NodeJS.ProcessEnv, event: string, input: Record<string, unknown>): number {
	const tool = typeof input.tool_name === 'string' ? input.tool_name : null;
	const commands = commandsFor(vault, event, tool);
	for (const command of commands) {
		const r = spawnSync('sh', ['-c', command], { cwd: vault, env, input: JSON.stringify({ session_id: SESSION, cwd: vault, hook_event_name: event, ...input }), timeout: HANG_MS });
		// Hooks always exit 0.
		expect(r.status, `${event} ${command}: ${String(r.stderr)}`).toBe(0);
	}
	return commands.length;
}

/** A later modification time than the baseline saw, whatever the file system's clock resolution. */
function touchLater(file: string): void {
	const later = new Date(Date.now() + 2000);
	fs.utimesSync(file, later, later);
}

interface DoctorJson {
	ok: boolean;
	checks: Array<{ id: string; status: string; message: string; fix?: string }>;
}

describe.skipIf(!HAVE_BUILD || process.platform === 'win32')('doctor after a real session', () => {
	it(
		'install, session start, an Edit and a shell edit, the end of the turn, the human reverts the Edit: doctor finds no problem and exits 0',
		async () => {
			const base = tempVault({ 'Notes/plan.md': 'before\n', 'Notes/list.md': 'one\n' });
			const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-doctor-home-'));
			homeDirs.push(home);
			const trace = path.join(home, 'state-trace.txt');
			const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: home, SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR, SESSION_BRIEF_BASELINE: 'sync', SESSION_BRIEF_STATE_TRACE: trace };
			const s = await startPlugin(base);
			started = s;
			const pluginDir = s.pluginDir;

			const installed = run(BUNDLE, ['install', '--vault', base], '', { env });
			expect(installed.status, installed.stderr).toBe(0);

			expect(fire(base, env, 'SessionStart', { source: 'startup' })).toBe(1);

			// An agent's Edit of a note: the hooks before and after it.
			const plan = path.join(base, 'Notes', 'plan.md');
			const edit = { tool_name: 'Edit', tool_input: { file_path: plan, old_string: 'before', new_string: 'after' } };
			expect(fire(base, env, 'PreToolUse', edit)).toBe(1);
			fs.writeFileSync(plan, 'after\n');
			touchLater(plan);
			expect(fire(base, env, 'PostToolUse', edit)).toBe(1);

			// A shell command that changes a note: the fence and the before-version before it, the session net at the end of the turn.
			const shell = { tool_name: 'Bash', tool_input: { command: "sed -i 's/one/two/' Notes/list.md" } };
			expect(fire(base, env, 'PreToolUse', shell)).toBe(1);
			expect(spawnSync('sh', ['-c', shell.tool_input.command], { cwd: base }).status).toBe(0);
			touchLater(path.join(base, 'Notes', 'list.md'));
			fire(base, env, 'PostToolUse', shell);
			expect(fire(base, env, 'Stop', {})).toBe(1);

			const journal = fs
				.readFileSync(path.join(pluginDir, 'agent-changes.jsonl'), 'utf8')
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l) as { path: string; tool: string });
			expect(journal.map((r) => [r.path, r.tool])).toEqual([
				['Notes/plan.md', 'Edit'],
				['Notes/list.md', 'another tool'],
			]);

			// The human reverts the agent's Edit in Obsidian (the diff view's Revert).
			s.app.vault.syncFromDisk();
			const store = (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
			await store.refresh();
			const at = store.recordsOf('Notes/plan.md').at(-1)?.at ?? '';
			const reverted = await new AgentReview(s.app as never, store).revert([{ path: 'Notes/plan.md', session: SESSION, at, tool: 'Edit' }]);
			expect(reverted.reverted).toBe(1);
			await settle(s.app);
			expect(fs.readFileSync(plan, 'utf8')).toBe('before\n');

			// What the session left in the plugin's folder: its own folders and records among them.
			for (const name of ['before-versions', 'session-marks']) expect(fs.statSync(path.join(pluginDir, name)).isDirectory(), name).toBe(true);
			for (const name of ['agent-review.json', 'session-starts.jsonl', 'brief-cache.json', 'live.json']) expect(fs.statSync(path.join(pluginDir, name)).isFile(), name).toBe(true);
			// The editor's record lives in the per-user state folder, out of the agent's reach.
			expect(fs.statSync(editorWritesFile(base)).isFile()).toBe(true);

			const doctor = run(BUNDLE, ['doctor', '--vault', base], '', { env });
			const text = doctor.stdout.toString('utf8');
			expect(text).not.toContain('[FAIL]');
			expect(doctor.status, text).toBe(0);
			const json = JSON.parse(run(BUNDLE, ['doctor', '--json', '--vault', base], '', { env }).stdout.toString('utf8')) as DoctorJson;
			expect(json.checks.filter((c) => c.status === 'fail')).toEqual([]);
			expect(json.checks.find((c) => c.id === 'state-files')?.status).toBe('ok');
			expect(json.ok).toBe(true);

			// The names written in the two folders, by their first part below the folder (temp files of a write left out).
			const folders: Array<[StateHome, string]> = [
				['plugin', pluginDir],
				['hooks', path.join(base, '.claude', 'hooks')],
			];
			const written = new Map<StateHome, Set<string>>([
				['plugin', new Set()],
				['hooks', new Set()],
			]);
			for (const line of fs.readFileSync(trace, 'utf8').split('\n')) {
				for (const [where, dir] of folders) {
					const rel = path.relative(dir, line);
					if (line === '' || rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || rel.endsWith('.tmp')) continue;
					written.get(where)?.add(rel.split(path.sep)[0] ?? '');
				}
			}
			expect([...(written.get('plugin') ?? [])]).toEqual(expect.arrayContaining(['before-versions', 'session-marks', 'agent-changes.jsonl', 'session-starts.jsonl']));
			// Every file written in the per-user state folder is under a declared name.
			const stateDir = process.env.SESSION_BRIEF_STATE_DIR ?? '';
			const stateFiles = fs
				.readFileSync(trace, 'utf8')
				.split('\n')
				.filter((line) => line !== '')
				.map((line) => path.relative(stateDir, line).split(path.sep).join('/'))
				.filter((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.endsWith('.tmp'));
			expect(stateFiles.some((rel) => /^session-net-[0-9a-f]+\/baseline-[0-9a-f]+\.json$/.test(rel))).toBe(true);
			expect(stateFiles.some((rel) => rel.startsWith('agent-changes-'))).toBe(true);
			expect(stateFiles.filter((rel) => userStateName(rel) === null)).toEqual([]);
			expect([...(written.get('hooks') ?? [])]).toEqual(expect.arrayContaining(['session-brief.json', 'session-brief.bridge.cjs']));
			const unknown = [...written].flatMap(([where, names]) => [...names].filter((n) => stateName(where, n) === null).map((n) => `${where}: ${n}`));
			expect(unknown).toEqual([]);
		},
		SLOW,
	);
});
