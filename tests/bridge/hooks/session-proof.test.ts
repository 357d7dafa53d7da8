/**
 * Proof that real sessions got the brief, with the built bridge in child processes: each firing
 * recorded in the plugin's folder (bounded, doctor's own run left out), doctor showing the last
 * ones and warning about quiet hooks and sessions started outside the vault, the outside-the-vault
 * line in the brief, and one brief per session when two entries fire at once.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, exampleVault, hookScript, removeTempDirs, runBridge, tempDir } from '../../helpers/rule-vault';
import { FIXED_NOW } from '../../helpers/bridge';
import { specFor } from '../../../src/node/hosts/index';
import { readSessionStartEntries } from '../../../src/node/journal/session-starts-log';

afterAll(removeTempDirs, 60_000);

/** Where earlier versions kept the record, one JSON file rewritten whole: still read. */
const STARTS = ['.obsidian', 'plugins', 'session-brief', 'session-starts.json'];
const LOG = ['.obsidian', 'plugins', 'session-brief', 'session-starts.jsonl'];
const env = (extra: Record<string, string> = {}) => bareEnv({ SESSION_BRIEF_NOW: FIXED_NOW, ...extra });

interface Entry {
	at: string;
	agent: string;
	source: string | null;
	sessionId: string | null;
	cwd: string | null;
	outside: boolean;
	delivered: boolean;
}

/** The record as doctor reads it: the old file's firings, then the log's (src/node/journal/session-starts-log.ts), the last 20. */
function starts(vault: string): Entry[] {
	return readSessionStartEntries(vault, path.join(vault, '.obsidian', 'plugins', 'session-brief'));
}

function brief(vault: string, input: object, args: string[] = []): string {
	const run = runBridge(vault, 'session-start', JSON.stringify(input), { args, env: env() });
	expect(run.code).toBe(0);
	return (JSON.parse(run.text) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

interface DoctorCheck {
	id: string;
	status: string;
	message: string;
	fix?: string;
}

/** Installs the hooks (project scope) into `vault` and returns a home folder for doctor. */
function installed(vault: string): string {
	const home = tempDir('sb-home-');
	const r = runBridge(vault, 'install', '', { args: ['--vault', vault], env: bareEnv({ HOME: home }) });
	expect(r.code, r.stderr).toBe(0);
	return home;
}

function doctorChecks(vault: string, home: string, extraEnv: Record<string, string> = {}): DoctorCheck[] {
	const r = runBridge(vault, 'doctor', '', { args: ['--json', '--vault', vault], env: env({ HOME: home, ...extraEnv }) });
	return (JSON.parse(r.text) as { checks: DoctorCheck[] }).checks;
}

function spawnHook(vault: string, args: string[], input: object): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [hookScript(vault), 'session-start', ...args], { env: env(), cwd: tempDir('sb-cwd-') });
		let out = '';
		child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
		child.on('error', reject);
		child.on('close', () => resolve(out));
		child.stdin.end(JSON.stringify(input));
	});
}

describe('heartbeat', () => {
	it('doctor after one real session-start shows it; doctor\'s own run is not recorded', () => {
		const vault = exampleVault();
		const home = installed(vault);
		const before = doctorChecks(vault, home).find((c) => c.id === 'sessions');
		expect(before?.status).toBe('info');
		expect(before?.message).toContain('No real session has received the brief yet');
		expect(fs.existsSync(path.join(vault, ...LOG))).toBe(false);

		brief(vault, { session_id: '3f2a9c1e-77aa', hook_event_name: 'SessionStart', source: 'resume', cwd: vault });
		expect(starts(vault)).toEqual([{ at: new Date(FIXED_NOW).toISOString(), agent: 'claude-code', source: 'resume', sessionId: '3f2a9c1e-77aa', cwd: vault, outside: false, delivered: true }]);
		const after = doctorChecks(vault, home);
		const shown = after.find((c) => c.id === 'sessions');
		expect(shown?.status).toBe('ok');
		expect(shown?.message).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d resume \(Claude Code, session 3f2a9c1e…\)/);
		expect(after.some((c) => c.id === 'sessions-quiet' || c.id === 'sessions-outside')).toBe(false);
		// doctor ran the hook itself (hook-run ok) and still only the real session is recorded.
		expect(after.find((c) => c.id === 'hook-run')?.status).toBe('ok');
		expect(starts(vault)).toHaveLength(1);
	});

	it('keeps the last 20 firings, after those of the old record', () => {
		const vault = exampleVault();
		brief(vault, { session_id: 's-0', source: 'startup' });
		const first = starts(vault)[0];
		const full = Array.from({ length: 20 }, (_, i) => ({ ...first, sessionId: `s-${i}` }));
		// The twenty as an earlier version left them, in its old file.
		fs.rmSync(path.join(vault, ...LOG));
		fs.writeFileSync(path.join(vault, ...STARTS), JSON.stringify({ schema: 1, entries: full }));
		brief(vault, { session_id: 's-20', source: 'startup' });
		brief(vault, { session_id: 's-21', source: 'startup' });
		const entries = starts(vault);
		expect(entries).toHaveLength(20);
		expect(entries[0]?.sessionId).toBe('s-2');
		expect(entries[19]?.sessionId).toBe('s-21');
	});

	it('doctor warns when hooks are registered but no session has fired for days', () => {
		const vault = exampleVault();
		const home = installed(vault);
		const old = new Date(Date.parse(FIXED_NOW) - 5 * 24 * 3600 * 1000).toISOString();
		fs.writeFileSync(path.join(vault, ...STARTS), JSON.stringify({ schema: 1, entries: [{ at: old, agent: 'claude-code', source: 'startup', sessionId: 'x', cwd: vault, outside: false, delivered: true }] }));
		const quiet = doctorChecks(vault, home).find((c) => c.id === 'sessions-quiet');
		expect(quiet?.status).toBe('warn');
		expect(quiet?.message).toMatch(/^No session has received the brief for 5 days/);
	});
});

describe('started outside the vault', () => {
	it('the brief names the vault\'s CLAUDE.md and the rules index to read first, right after its heading', () => {
		const vault = exampleVault({ 'AI/Regelwerk/_index.md': '# Rules\n' });
		const elsewhere = tempDir('sb-project-');
		const lines = brief(vault, { session_id: 'o1', source: 'startup', cwd: elsewhere }).split('\n');
		expect(lines[0]).toMatch(/^Session brief for vault/);
		expect(lines[1]).toBe(`Started outside the vault (in ${elsewhere}), so the vault's own instructions were not loaded: read ${path.join(vault, 'CLAUDE.md')}, ${path.join(vault, 'AI', 'Regelwerk', '_index.md')} first.`);
		expect(starts(vault)[0]?.outside).toBe(true);
	});

	it('a session in the vault or a subfolder of it gets no such line; an untrusted cwd is quoted', () => {
		const vault = exampleVault();
		for (const cwd of [vault, path.join(vault, 'Notes')]) expect(brief(vault, { session_id: cwd, cwd })).not.toContain('Started outside');
		const odd = path.join(tempDir('sb-odd-'), 'a\nb');
		const text = brief(vault, { session_id: 'odd', cwd: odd });
		expect(text.split('\n')[1]).toContain(JSON.stringify(odd));
	});

	it('doctor warns when recent sessions started outside the vault', () => {
		const vault = exampleVault();
		const home = installed(vault);
		brief(vault, { session_id: 'w1', source: 'startup', cwd: tempDir('sb-project-') });
		const warning = doctorChecks(vault, home).find((c) => c.id === 'sessions-outside');
		expect(warning?.status).toBe('warn');
		expect(warning?.fix).toContain('launcher');
	});
});

describe('one brief per session', () => {
	const given = (out: string) => out.includes('Session brief for vault');
	const skipped = (out: string) => out.includes('already given to this session by another of its hook entries');

	it('two entries (Claude Code and Cursor) firing at once for one session: one brief', async () => {
		const vault = exampleVault();
		const outs = await Promise.all([
			spawnHook(vault, [], { session_id: 'same-1', hook_event_name: 'SessionStart', source: 'startup' }),
			spawnHook(vault, ['--agent', 'cursor'], { conversation_id: 'same-1', hook_event_name: 'sessionStart', source: 'startup' }),
		]);
		expect(outs.filter(given)).toHaveLength(1);
		expect(outs.filter(skipped)).toHaveLength(1);
		for (const out of outs) expect(() => JSON.parse(out) as unknown).not.toThrow();
		expect(starts(vault).map((e) => e.delivered).sort()).toEqual([false, true]);
	});

	it("install's notes for the hosts that also run Claude Code's hooks say what the test above shows: the brief arrives once", () => {
		for (const agent of ['cursor', 'copilot', 'devin'] as const) {
			const notes = specFor(agent).notes('project', { vault: '/v', home: '/h', env: {}, platform: 'linux' }).join(' ');
			expect(notes, agent).toContain('the brief still arrives once');
			expect(notes, agent).not.toMatch(/twice/);
		}
	});

	it('without a session id: entries of two agents at once give one brief, the same agent twice is two sessions', async () => {
		const vault = exampleVault();
		const two = await Promise.all([spawnHook(vault, [], { source: 'startup' }), spawnHook(vault, ['--agent', 'cursor'], { source: 'startup' })]);
		expect(two.filter(given)).toHaveLength(1);
		const other = exampleVault();
		const same = await Promise.all([spawnHook(other, [], { source: 'startup' }), spawnHook(other, [], { source: 'startup' })]);
		expect(same.filter(given)).toHaveLength(2);
	});

	it('a later start of the same session (compact) gets the brief again', () => {
		const vault = exampleVault();
		expect(brief(vault, { session_id: 'c1', source: 'startup' })).toMatch(/^Session brief for vault/);
		expect(brief(vault, { session_id: 'c1', source: 'compact' })).toMatch(/^Session brief for vault/);
		expect(brief(vault, { session_id: 'c1', source: 'compact' })).toMatch(/already given/);
	});
});
