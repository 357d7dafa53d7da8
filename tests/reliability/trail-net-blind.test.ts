/**
 * The session net never goes blind silently (docs/design.md, "What agents changed", the session
 * net): through the hook files as install places them, a folder the walk cannot look at (too deep,
 * unreadable) is skipped alone and named in the next brief while a shell edit elsewhere is still
 * recorded; nothing planted or forged in the vault's plugin folder switches the net off or hides a
 * change; and a net that is off says so in one line of the brief.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { fileKey } from '../../src/core/file-key';
import { sessionNetChecks } from '../../src/node/hosts/doctor/doctor-net';
import { bareEnv, exampleVault, removeTempDirs, runBridge, setPluginSettings, tempDir } from '../helpers/rule-vault';

const posix = process.platform !== 'win32';
const deepTrees: string[] = [];

afterAll(() => {
	// A folder chain deeper than a path may be long: `rm` walks it by descriptors, as no path-based removal can.
	for (const dir of deepTrees) execFileSync('rm', ['-rf', dir]);
	removeTempDirs();
}, HANG_MS);

const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];
const NOTE = 'Notes/Reading list.md';

interface Vault {
	root: string;
	state: string;
}

function vault(): Vault {
	const root = exampleVault({});
	setPluginSettings(root, {});
	return { root, state: tempDir('sb-blind-state-') };
}

function hook(v: Vault, command: string, input: Record<string, unknown>, extra: Record<string, string> = {}): string {
	const r = runBridge(v.root, command, JSON.stringify(input), { env: bareEnv({ SESSION_BRIEF_STATE_DIR: v.state, SESSION_BRIEF_BASELINE: 'sync', ...extra }), timeoutMs: HANG_MS });
	expect(r.code, r.stderr).toBe(0);
	return r.text;
}

/** The brief a session start gives. */
function start(v: Vault, session: string, extra: Record<string, string> = {}): string {
	const out = JSON.parse(hook(v, 'session-start', { session_id: session, hook_event_name: 'SessionStart', source: 'startup', cwd: v.root }, extra)) as { hookSpecificOutput: { additionalContext: string } };
	return out.hookSpecificOutput.additionalContext;
}

function turnEnd(v: Vault, session: string): void {
	expect(hook(v, 'turn-end', { session_id: session, hook_event_name: 'Stop' })).toBe('{}\n');
}

function journaled(v: Vault): string[] {
	const file = path.join(v.root, ...PLUGIN, 'agent-changes.jsonl');
	if (!fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => (JSON.parse(l) as { path: string }).path);
}

function netLines(brief: string): string[] {
	return brief.split('\n').filter((l) => l.startsWith('Session net'));
}

/** A chain of `depth` folders under `top`, made one level at a time (its whole path is longer than a path may be). */
function folderChain(top: string, depth: number): void {
	fs.mkdirSync(top, { recursive: true });
	deepTrees.push(top);
	const script = `process.chdir(${JSON.stringify(top)}); const fs = require('node:fs'); for (let i = 0; i < ${depth}; i++) { fs.mkdirSync('d'); process.chdir('d'); } fs.writeFileSync('deep.md', 'x');`;
	execFileSync(process.execPath, ['-e', script]);
}

describe.skipIf(!posix)('the net skips what it cannot see, alone, and says so', () => {
	it(
		'a 3,000-deep folder chain: a shell edit elsewhere is still recorded, and the next brief names the chain in one line',
		() => {
			const v = vault();
			folderChain(path.join(v.root, 'Deep'), 3000);
			start(v, 'one');
			fs.appendFileSync(path.join(v.root, NOTE), '\nby the shell\n');
			turnEnd(v, 'one');
			expect(journaled(v)).toEqual([NOTE]);
			const lines = netLines(start(v, 'two'));
			expect(lines).toHaveLength(1);
			expect(lines[0]).toContain('partly blind');
			expect(lines[0]).toContain('"Deep/d/');
			expect(lines[0]).toContain('(too deep)');
			// doctor says the same.
			expect(sessionNetChecks(v.root, { SESSION_BRIEF_STATE_DIR: v.state })).toEqual([expect.objectContaining({ id: 'session-net', status: 'warn', message: lines[0] })]);
		},
		120_000,
	);

	it.skipIf(process.getuid?.() === 0)(
		'an unreadable folder: a shell edit elsewhere is still recorded, and the next brief names the folder',
		() => {
			const v = vault();
			const locked = path.join(v.root, 'Locked');
			fs.mkdirSync(locked);
			fs.writeFileSync(path.join(locked, 'secret.md'), 'x');
			fs.chmodSync(locked, 0o000);
			try {
				start(v, 'one');
				fs.appendFileSync(path.join(v.root, NOTE), '\nby the shell\n');
				turnEnd(v, 'one');
				expect(journaled(v)).toEqual([NOTE]);
				const lines = netLines(start(v, 'two'));
				expect(lines).toEqual([expect.stringContaining('Locked (EACCES)')]);
			} finally {
				fs.chmodSync(locked, 0o700);
			}
		},
		120_000,
	);
});

describe.skipIf(!posix)('nothing in the vault switches the net off or hides a change', () => {
	it(
		"a link planted where the baselines used to be: the shell edit is recorded, nothing is written through the link",
		() => {
			const v = vault();
			const outside = tempDir('sb-blind-outside-');
			fs.mkdirSync(path.join(v.root, ...PLUGIN), { recursive: true });
			fs.symlinkSync(outside, path.join(v.root, ...PLUGIN, 'session-baselines'));
			start(v, 'one');
			fs.appendFileSync(path.join(v.root, NOTE), '\nby the shell\n');
			turnEnd(v, 'one');
			expect(journaled(v)).toEqual([NOTE]);
			expect(fs.readdirSync(outside)).toEqual([]);
		},
		120_000,
	);

	it(
		'a baseline forged in the vault to match the changed note: the change is still recorded',
		() => {
			const v = vault();
			start(v, 'one');
			const note = path.join(v.root, NOTE);
			fs.appendFileSync(note, '\nby the shell\n');
			// What an earlier version read as this session's baseline, forged to list the note as it is now.
			const st = fs.statSync(note);
			const forged = { format: 'session-brief-baseline', version: 1, session: 'one', at: new Date(Date.now() - 1000).toISOString(), takenMs: Date.now() + 60_000, since: null, notes: [[NOTE, Math.trunc(st.mtimeMs), st.size]] };
			const dir = path.join(v.root, ...PLUGIN, 'session-baselines');
			fs.mkdirSync(dir, { recursive: true });
			fs.writeFileSync(path.join(dir, `${fileKey('one')}.json`), JSON.stringify(forged));
			turnEnd(v, 'one');
			expect(journaled(v)).toEqual([NOTE]);
		},
		120_000,
	);

	it('a net switched off says so in one line of the brief; one that is on says nothing', () => {
		const v = vault();
		expect(netLines(start(v, 'on'))).toEqual([]);
		expect(netLines(start(v, 'off', { SESSION_BRIEF_BASELINE: 'off' }))).toEqual([expect.stringContaining('Session net off (SESSION_BRIEF_BASELINE=off')]);
		// A vault without Obsidian's config folder has no plugin folder to journal into.
		fs.rmSync(path.join(v.root, '.obsidian'), { recursive: true, force: true });
		expect(netLines(start(v, 'bare'))).toEqual([expect.stringContaining('Session net off (no plugin folder')]);
	});
});
