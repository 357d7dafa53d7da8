/**
 * A vault is not ours to trust (docs/design.md, "The trust boundary"): whoever can put a file into
 * it (a clone, a sync, the agent) can plant links, FIFOs and forged records where Session Brief
 * keeps its files. Each attack below runs against the built files in child processes, with a folder
 * beside the vault standing for everything outside it: not a byte there may change, and every hook
 * answers at once with valid output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { hostilePlace, snapshot, type Place } from '../helpers/hostile-place';
import { checkedBriefCache } from '../../src/core/brief/cache-format';
import { signMarks, writeSeal } from '../../src/node/journal/review-seal';
import { readDeviceKey, trustDevice } from '../../src/node/journal/device-key';
import { FIXED_NOW, unprivileged } from '../helpers/bridge';
import { parseStartsLog, STARTS_LOG } from '../../src/core/trail/session-starts';
import { bareEnv, BUNDLE, editInput, hookScript, removeTempDirs, runBridge, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const posix = process.platform !== 'win32';

/** The seal the plugin writes after its own marks write (src/node/journal/review-seal.ts), in `stateDir`. */
function writeSealFor(vault: string, marks: string, stateDir: string): void {
	writeSeal(vault, marks, new Date(), { SESSION_BRIEF_STATE_DIR: stateDir });
}
const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];
const SLOW = 240_000;

const place = (): Place => hostilePlace('sb-hostile-');

const env = (p: Place, extra: Record<string, string> = {}) => bareEnv({ SESSION_BRIEF_NOW: FIXED_NOW, HOME: p.home, ...extra });
const plugin = (p: Place, ...names: string[]) => path.join(p.vault, ...PLUGIN, ...names);

// A hang (a FIFO read, a link followed) is caught by the child's time limit (HANG_MS), far above any machine's slowness: the child is killed and its exit code is not 0.

function sessionStart(p: Place, input: object = { session_id: 's1', source: 'startup' }) {
	const r = runBridge(p.vault, 'session-start', JSON.stringify(input), { env: env(p), timeoutMs: HANG_MS });
	expect(r.code, r.stderr).toBe(0);
	const json = JSON.parse(r.text) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
	expect(json.hookSpecificOutput.hookEventName).toBe('SessionStart');
	return { text: json.hookSpecificOutput.additionalContext };
}

function postToolUse(p: Place, file: string): void {
	const r = runBridge(p.vault, 'post-tool-use', JSON.stringify(editInput(file)), { env: env(p), timeoutMs: HANG_MS });
	expect(r.code, r.stderr).toBe(0);
	if (r.text.trim() !== '') JSON.parse(r.text);
}

function install(p: Place, extra: string[] = []) {
	return runBridge(p.vault, 'install', '', { args: ['--vault', p.vault, ...extra], env: env(p) });
}

describe.skipIf(!posix)('a hostile vault cannot reach outside it', () => {
	it(
		'uninstall removes nothing a forged install record names outside the vault',
		() => {
			const p = place();
			expect(install(p).code).toBe(0);
			const manifestFile = path.join(p.vault, '.claude', 'hooks', 'session-brief.json');
			const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { installs: Array<Record<string, unknown>>; createdDirs: string[] };
			const victim = path.join(p.outside, 'victim.txt');
			const sha = createHash('sha256').update(fs.readFileSync(victim)).digest('hex');
			manifest.installs.push({ agent: 'claude-code', scope: 'user', file: victim, createdFile: true, originalSha256: null, installedSha256: sha, created: [], createdDirs: [p.outside] });
			manifest.installs.push({ agent: 'claude-code', scope: 'project', file: victim, createdFile: true, originalSha256: null, installedSha256: sha, created: [], createdDirs: [] });
			manifest.createdDirs.push('../outside/folder');
			fs.writeFileSync(manifestFile, JSON.stringify(manifest));
			const before = snapshot(p.outside);
			const r = runBridge(p.vault, 'uninstall', '', { args: ['--vault', p.vault], env: env(p) });
			expect(r.code, r.text + r.stderr).toBe(0);
			expect(snapshot(p.outside)).toEqual(before);
			expect(fs.existsSync(path.join(p.outside, 'victim.txt.session-brief.bak'))).toBe(false);
			// What install wrote in the vault is gone all the same.
			expect(fs.existsSync(hookScript(p.vault))).toBe(false);
		},
		SLOW,
	);

	it(
		'a recorded config folder that leaves the vault is not used: every hook writes inside the vault',
		() => {
			const p = place();
			expect(install(p).code).toBe(0);
			const manifestFile = path.join(p.vault, '.claude', 'hooks', 'session-brief.json');
			const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
			fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, configDir: '../outside', pluginDir: '../outside/folder' }));
			fs.mkdirSync(path.join(p.outside, 'plugins', 'session-brief'), { recursive: true });
			const before = snapshot(p.outside);
			sessionStart(p);
			postToolUse(p, path.join(p.vault, 'Notes', 'Reading list.md'));
			runBridge(p.vault, 'report', '', { args: ['--vault', p.vault], env: env(p) });
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);

	it(
		'install replaces no file through a link planted at a hook file or a backup, and says what to do',
		() => {
			const p = place();
			fs.writeFileSync(path.join(p.vault, '.claude', 'settings.json'), '{ "permissions": {} }\n');
			fs.rmSync(path.join(p.vault, '.claude', 'hooks'), { recursive: true });
			fs.mkdirSync(path.join(p.vault, '.claude', 'hooks'));
			fs.symlinkSync(path.join(p.outside, 'victim.txt'), path.join(p.vault, '.claude', 'settings.json.session-brief.bak'));
			fs.symlinkSync(path.join(p.outside, '.bashrc'), path.join(p.vault, '.claude', 'hooks', 'session-brief.bridge.cjs'));
			fs.symlinkSync(path.join(p.outside, '.bashrc'), path.join(p.vault, '.claude', 'hooks', 'session-brief.cjs'));
			const before = snapshot(p.outside);
			// The installed entry is a link now: install runs from a clone's bundle.
			const run = spawnSync(process.execPath, [BUNDLE, 'install', '--vault', p.vault], { env: env(p), encoding: 'utf8', timeout: HANG_MS });
			expect(run.status).not.toBe(0);
			expect(run.stdout + run.stderr).toMatch(/symbolic link/);
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);

	it(
		'post-tool-use appends nothing through a journal planted as a link, whatever the note is called',
		() => {
			const p = place();
			fs.mkdirSync(plugin(p), { recursive: true });
			fs.symlinkSync(path.join(p.outside, '.bashrc'), plugin(p, 'agent-changes.jsonl'));
			const note = path.join(p.vault, 'Notes', '$(touch PWNED).md');
			fs.writeFileSync(note, '# x\n');
			const before = snapshot(p.outside);
			postToolUse(p, note);
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);

	it(
		'a session start prunes no file in a folder reached through a link at session-marks',
		() => {
			const p = place();
			fs.mkdirSync(plugin(p), { recursive: true });
			fs.rmSync(plugin(p, 'session-marks'), { recursive: true, force: true, maxRetries: 30 });
			fs.symlinkSync(path.join(p.outside, 'folder'), plugin(p, 'session-marks'));
			const before = snapshot(p.outside);
			const { text } = sessionStart(p);
			expect(text).toContain('Session brief');
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);

	it.skipIf(!fs.existsSync('/proc/sys/kernel/ns_last_pid'))(
		'the hook entry writes no code cache through a link planted at the cache or its temp names',
		() => {
			const p = place();
			const hooks = path.dirname(hookScript(p.vault));
			// The names an entry of an earlier version used (`<cache>.<pid>.tmp`), for the pids the next
			// processes of this machine get (Linux hands them out in order).
			const last = Number(fs.readFileSync('/proc/sys/kernel/ns_last_pid', 'utf8'));
			for (const name of ['session-brief.start.cjs', 'session-brief.bridge.cjs', 'session-brief.edit.cjs']) {
				fs.rmSync(path.join(hooks, `${name}.v8cache`), { force: true });
				fs.symlinkSync(path.join(p.outside, 'victim.txt'), path.join(hooks, `${name}.v8cache`));
				for (let pid = last + 1; pid < last + 400; pid++) fs.symlinkSync(path.join(p.outside, '.bashrc'), path.join(hooks, `${name}.v8cache.${pid}.tmp`));
			}
			const before = snapshot(p.outside);
			sessionStart(p);
			postToolUse(p, path.join(p.vault, 'AI', 'Regelwerk', 'tags.md'));
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);

	it(
		'a hooks folder reached through a link out of the vault gets no code cache written into it',
		() => {
			const p = place();
			const hooks = path.dirname(hookScript(p.vault));
			fs.cpSync(hooks, path.join(p.outside, 'hooks'), { recursive: true });
			fs.rmSync(hooks, { recursive: true });
			fs.symlinkSync(path.join(p.outside, 'hooks'), hooks);
			const before = snapshot(p.outside);
			sessionStart(p);
			expect(snapshot(p.outside)).toEqual(before);
		},
		SLOW,
	);
});

describe.skipIf(!posix)('doctor names what was planted', () => {
	it(
		'lists a link, a FIFO and a folder where files belong, with the fix',
		() => {
			const p = place();
			expect(install(p).code).toBe(0);
			fs.mkdirSync(plugin(p), { recursive: true });
			fs.symlinkSync(path.join(p.outside, '.bashrc'), plugin(p, 'agent-changes.jsonl'));
			spawnSync('mkfifo', [plugin(p, 'conversations.json')]);
			fs.mkdirSync(plugin(p, 'last-check.json'));
			const r = runBridge(p.vault, 'doctor', '', { args: ['--json', '--vault', p.vault], env: env(p), timeoutMs: HANG_MS });
			const checks = (JSON.parse(r.text) as { checks: Array<{ id: string; status: string; message: string; fix?: string }> }).checks;
			const state = checks.find((c) => c.id === 'state-files');
			expect(state?.status).toBe('fail');
			expect(state?.message).toContain('agent-changes.jsonl is a symbolic link');
			expect(state?.message).toContain('conversations.json is a FIFO (named pipe)');
			expect(state?.message).toContain('last-check.json is a folder');
			expect(state?.fix).toContain('remove them');
		},
		SLOW,
	);
});

describe.skipIf(!posix)('a hostile vault cannot hang a hook', () => {
	const FILES = ['conversations.json', 'session-starts.json', 'session-starts.jsonl', 'agent-review.json', 'data.json', 'brief-cache.json', 'brief-index.json', 'agent-changes.jsonl', 'last-check.json', 'live.json'];

	it.each(FILES)(
		'a FIFO as %s: session-start and post-tool-use answer at once, exit 0, with valid output',
		(name) => {
			const p = place();
			fs.mkdirSync(plugin(p), { recursive: true });
			fs.rmSync(plugin(p, name), { force: true });
			spawnSync('mkfifo', [plugin(p, name)]);
			sessionStart(p);
			postToolUse(p, path.join(p.vault, 'AI', 'Regelwerk', 'tags.md'));
			const report = runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--json'], env: env(p), timeoutMs: HANG_MS });
			expect(report.code).toBe(0);
		},
		SLOW,
	);

	it(
		'twenty session starts at once: one brief per session, and every firing in the record',
		async () => {
			const p = place();
			fs.mkdirSync(plugin(p), { recursive: true });
			const runs = Array.from({ length: 20 }, (_, i) =>
				new Promise<string>((resolve, reject) => {
					const child = spawn(process.execPath, [hookScript(p.vault), 'session-start'], { env: env(p) });
					let out = '';
					child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
					child.on('error', reject);
					child.on('close', () => resolve(out));
					child.stdin.end(JSON.stringify({ session_id: `par-${i % 10}`, source: 'startup' }));
				}),
			);
			const outs = await Promise.all(runs);
			for (const o of outs) JSON.parse(o);
			const entries = parseStartsLog(fs.readFileSync(plugin(p, STARTS_LOG), 'utf8')).entries;
			expect(entries).toHaveLength(20);
			for (let s = 0; s < 10; s++) expect(entries.filter((e) => e.sessionId === `par-${s}` && e.delivered)).toHaveLength(1);
		},
		SLOW,
	);
});

describe.skipIf(!posix || unprivileged() === null)('the same attacks, run as an unprivileged user', () => {
	const who = unprivileged() ?? { uid: 0, gid: 0 };

	/** The place handed to the unprivileged user (a temp folder is root's alone until then). */
	function theirs(): Place {
		const p = place();
		for (const dir of [path.dirname(p.vault), p.home]) {
			fs.chmodSync(dir, 0o755);
			spawnSync('chown', ['-R', `${who.uid}:${who.gid}`, dir]);
		}
		return p;
	}

	function asThem(p: Place, command: string, input: object | string, args: string[] = []) {
		return spawnSync(process.execPath, [hookScript(p.vault), command, '--vault', p.vault, ...args], {
			input: typeof input === 'string' ? input : JSON.stringify(input),
			env: env(p),
			uid: who.uid,
			gid: who.gid,
			encoding: 'utf8',
			timeout: HANG_MS,
		});
	}

	it(
		'a journal link, a session-marks link, FIFOs and a forged install record change nothing outside and hang nothing',
		() => {
			const p = theirs();
			fs.mkdirSync(plugin(p), { recursive: true });
			fs.symlinkSync(path.join(p.outside, '.bashrc'), plugin(p, 'agent-changes.jsonl'));
			fs.rmSync(plugin(p, 'session-marks'), { recursive: true, force: true, maxRetries: 30 });
			fs.symlinkSync(path.join(p.outside, 'folder'), plugin(p, 'session-marks'));
			spawnSync('mkfifo', [plugin(p, 'conversations.json'), plugin(p, 'brief-cache.json')]);
			spawnSync('chown', ['-R', '-h', `${who.uid}:${who.gid}`, path.dirname(p.vault)]);
			const before = snapshot(p.outside);
			const start = asThem(p, 'session-start', { session_id: 'u1', source: 'startup' });
			expect(start.status, start.stderr).toBe(0);
			expect((JSON.parse(start.stdout) as { hookSpecificOutput: { hookEventName: string } }).hookSpecificOutput.hookEventName).toBe('SessionStart');
			const edit = asThem(p, 'post-tool-use', editInput(path.join(p.vault, 'Notes', 'Reading list.md')));
			expect(edit.status, edit.stderr).toBe(0);
			// A forged record naming an outside file the unprivileged user may write.
			expect(asThem(p, 'install', '').status).toBe(0);
			const manifestFile = path.join(p.vault, '.claude', 'hooks', 'session-brief.json');
			const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { installs: Array<Record<string, unknown>> };
			const victim = path.join(p.outside, 'victim.txt');
			manifest.installs.push({ agent: 'claude-code', scope: 'project', file: victim, createdFile: true, originalSha256: null, installedSha256: createHash('sha256').update(fs.readFileSync(victim)).digest('hex'), created: [], createdDirs: [] });
			fs.writeFileSync(manifestFile, JSON.stringify(manifest));
			const before2 = snapshot(p.outside);
			expect(asThem(p, 'uninstall', '').status).toBe(0);
			expect(snapshot(p.outside)).toEqual(before2);
			expect(before2).toEqual(before);
		},
		SLOW,
	);
});

describe('the review trail is the human\'s', () => {
	it(
		'marks written outside Obsidian hide nothing: the brief says so and shows the changes again',
		() => {
			const p = place();
			const stateDir = tempDir('sb-state-');
			fs.mkdirSync(plugin(p), { recursive: true });
			const at = (h: number) => new Date(Date.parse('2026-11-29T09:00:00Z') - h * 3600_000).toISOString();
			const records = ['Notes/Reading list.md', 'Inbox/Meeting with Jana.md', 'Projects/session-brief/Design.md'].map((n, i) => JSON.stringify({ path: n, tool: 'Edit', session: 'agent-1', at: at(3 - i) }));
			fs.writeFileSync(plugin(p, 'agent-changes.jsonl'), `${records.join('\n')}\n`);
			// The plugin wrote these marks (nothing reviewed yet) and sealed them outside the vault.
			const sealed = `${JSON.stringify({ all: null, sessions: {}, notes: {}, renames: [] })}\n`;
			fs.writeFileSync(plugin(p, 'agent-review.json'), sealed);
			writeSealFor(p.vault, sealed, stateDir);
			const withState = { ...env(p), SESSION_BRIEF_STATE_DIR: stateDir };
			const before = runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--json'], env: withState });
			expect((JSON.parse(before.text) as { items: { agentChanges: { count: number } } }).items.agentChanges.count).toBe(3);
			// The agent empties the trail with its file tool.
			fs.writeFileSync(plugin(p, 'agent-review.json'), JSON.stringify({ all: '2099-01-01T00:00:00.000Z' }));
			const r = runBridge(p.vault, 'session-start', JSON.stringify({ session_id: 's9', source: 'startup' }), { env: withState });
			const text = (JSON.parse(r.text) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
			expect(text).toMatch(/Changed by agents, not yet reviewed: 3 .*review marks were changed outside Obsidian at .*; 3 agent changes were hidden and are shown again/);
			const report = JSON.parse(runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--json'], env: withState }).text) as { items: { agentChanges: { count: number; changedOutside?: { hidden: number } } } };
			expect(report.items.agentChanges.count).toBe(3);
			expect(report.items.agentChanges.changedOutside?.hidden).toBe(3);
		},
		SLOW,
	);

	it(
		"the built bridge counts another device's signed marks only once that device is trusted, and never a replay",
		() => {
			const p = place();
			const stateA = { SESSION_BRIEF_STATE_DIR: tempDir('sb-state-a-') };
			const stateB = { SESSION_BRIEF_STATE_DIR: tempDir('sb-state-b-') };
			fs.mkdirSync(plugin(p), { recursive: true });
			const at = (h: number) => new Date(Date.parse('2026-11-29T09:00:00Z') - h * 3600_000).toISOString();
			const records = ['Notes/Reading list.md', 'Inbox/Meeting with Jana.md', 'Projects/session-brief/Design.md'].map((n, i) => JSON.stringify({ path: n, tool: 'Edit', session: 'agent-1', at: at(3 - i) }));
			fs.writeFileSync(plugin(p, 'agent-changes.jsonl'), `${records.join('\n')}\n`);
			// Device A's plugin wrote and sealed marks with nothing reviewed.
			const mine = signMarks(p.vault, `${JSON.stringify({ all: null, sessions: {}, notes: {}, renames: [] })}\n`, new Date(), stateA);
			fs.writeFileSync(plugin(p, 'agent-review.json'), mine);
			writeSealFor(p.vault, mine, stateA.SESSION_BRIEF_STATE_DIR);
			const report = (): { count: number; changedOutside?: { hidden: number } } =>
				(JSON.parse(runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--json'], env: { ...env(p), ...stateA } }).text) as { items: { agentChanges: { count: number; changedOutside?: { hidden: number } } } }).items.agentChanges;
			// Device B (its own per-user folder) sees A's marks first, as its plugin's first look seals them; then marks everything reviewed.
			writeSeal(p.vault, mine, new Date(), stateB);
			const allOfB = signMarks(p.vault, `${JSON.stringify({ all: '2026-11-29T09:30:00.000Z', sessions: {}, notes: {}, renames: [] })}\n`, new Date(Date.now() - 1000), stateB);
			fs.writeFileSync(plugin(p, 'agent-review.json'), allOfB);
			expect(report()).toMatchObject({ count: 3, changedOutside: { hidden: 3 } });
			trustDevice(readDeviceKey(stateB)?.key ?? '', 'B', new Date(), stateA);
			expect(report().count).toBe(0);
			expect(report().changedOutside).toBeUndefined();
			// The plugin on A seals what counted; B's next write undoes the mark for all; an agent copies the older file back.
			writeSeal(p.vault, allOfB, new Date(), stateA);
			const undone = signMarks(p.vault, `${JSON.stringify({ all: null, sessions: {}, notes: {}, renames: [] })}\n`, new Date(), stateB);
			fs.writeFileSync(plugin(p, 'agent-review.json'), undone);
			expect(report().count).toBe(3);
			writeSeal(p.vault, undone, new Date(), stateA);
			fs.writeFileSync(plugin(p, 'agent-review.json'), allOfB);
			expect(report()).toMatchObject({ count: 3, changedOutside: { hidden: 3 } });
		},
		SLOW,
	);
});

describe('cached paths are vault-relative', () => {
	it(
		'a brief cache naming a path outside the vault is rejected, and no outside file is looked at',
		() => {
			const p = place();
			expect(runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--source', 'scan'], env: env(p) }).code).toBe(0);
			const written = JSON.parse(fs.readFileSync(plugin(p, 'brief-cache.json'), 'utf8')) as { brief: { items: { dailyNote: { path: string } } } };
			expect(checkedBriefCache(written).ok).toBe(true);
			for (const bad of ['../outside/victim.txt', '/etc/passwd', 'Daily/../../x.md', 'C:/x.md', 'a\\..\\b.md', './x.md']) {
				written.brief.items.dailyNote.path = bad;
				const checked = checkedBriefCache(written);
				expect(checked.ok ? 'accepted' : checked.why, bad).toMatch(/is not a vault-relative path/);
			}
			written.brief.items.dailyNote.path = '../outside/victim.txt';
			fs.writeFileSync(plugin(p, 'brief-cache.json'), JSON.stringify(written));
			const r = runBridge(p.vault, 'report', '', { args: ['--vault', p.vault, '--json'], env: env(p) });
			expect(r.text).not.toContain('outside/victim.txt');
		},
		SLOW,
	);
});
