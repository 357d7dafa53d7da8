/**
 * Every state path, from the state-file module itself (src/node/state-file.ts traces each path it
 * writes when SESSION_BRIEF_STATE_TRACE names a file): a clean run of every command and hook lists
 * them; then, one at a time, a link out of the vault, a FIFO, a folder or a foreign record is
 * planted at a path and every command runs again. Outside the vault not a byte may change, no run
 * may hang, and every hook exits 0 with valid output. A seeded sample runs by default, every
 * case with SESSION_BRIEF_LONG=1 (as `npm run test:full` sets it).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostilePlace, snapshot, type Place } from '../helpers/hostile-place';
import { FIXED_NOW } from '../helpers/bridge';
import { HANG_MS } from '../helpers/patience';
import { LONG, prng, randomBytes } from '../helpers/random';
import { bareEnv, editInput, hookScript, removeTempDirs } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const posix = process.platform !== 'win32';

const place = (): Place => hostilePlace('sb-paths-');

interface Step {
	command: string;
	args?: string[];
	input?: object;
	hook?: 'json' | 'maybe-json' | 'empty-or-json';
}

const note = (p: Place, rel: string) => path.join(p.vault, ...rel.split('/'));

function steps(p: Place): Step[] {
	return [
		{ command: 'session-start', input: { session_id: 'a', source: 'startup' }, hook: 'json' },
		{ command: 'session-start', input: { session_id: 'b', source: 'clear' }, hook: 'json' },
		{ command: 'post-tool-use', input: editInput(note(p, 'AI/Regelwerk/tags.md')), hook: 'maybe-json' },
		{ command: 'post-tool-use', input: editInput(note(p, 'Notes/Reading list.md')), hook: 'maybe-json' },
		{ command: 'pre-tool-use', input: { session_id: 'a', tool_name: 'Write', tool_input: { file_path: note(p, 'AI/sessions/2026-11-29-morning.md'), content: 'x' } }, hook: 'empty-or-json' },
		{ command: 'report', args: ['--json', '--review'] },
		{ command: 'report', args: ['--source', 'scan'] },
		{ command: 'check', args: ['--json'] },
		{ command: 'doctor', args: ['--json'] },
		{ command: 'install' },
		{ command: 'uninstall' },
	];
}

interface Ran {
	step: Step;
	status: number | null;
	stdout: string;
	/** Killed by the timeout. */
	hung: boolean;
}

function runAll(p: Place, trace?: string): Ran[] {
	const out: Ran[] = [];
	for (const step of steps(p)) {
		const r = spawnSync(process.execPath, [hookScript(p.vault), step.command, '--vault', p.vault, ...(step.args ?? [])], {
			input: step.input === undefined ? '' : JSON.stringify(step.input),
			env: bareEnv({ SESSION_BRIEF_NOW: FIXED_NOW, HOME: p.home, ...(trace === undefined ? {} : { SESSION_BRIEF_STATE_TRACE: trace }) }),
			cwd: p.home,
			// A hang (a read blocked on a planted FIFO) is caught by this timeout, far above any machine's slowness.
			timeout: HANG_MS,
			encoding: 'utf8',
		});
		out.push({ step, status: r.status, stdout: r.stdout ?? '', hung: r.error !== undefined && r.status === null });
		// Uninstall took the hook files away: the rest of the run has nothing to run.
		if (!fs.existsSync(hookScript(p.vault))) break;
	}
	return out;
}

function install(p: Place): void {
	const r = spawnSync(process.execPath, [hookScript(p.vault), 'install', '--vault', p.vault], { env: bareEnv({ HOME: p.home }), encoding: 'utf8' });
	expect(r.status, r.stdout + r.stderr).toBe(0);
}

/** The state paths the module wrote in a clean run of everything, vault-relative, temp files left out. */
function statePaths(): string[] {
	const p = place();
	install(p);
	const trace = path.join(p.home, 'trace.txt');
	runAll(p, trace);
	const written = fs.readFileSync(trace, 'utf8').split('\n').filter((l) => l !== '');
	// The hook entry is the program the host starts (`node <vault>/.claude/hooks/session-brief.cjs`):
	// whoever replaces it replaces Session Brief itself, which no code of its own can refuse.
	const rels = written.map((f) => path.relative(p.vault, f)).filter((r) => !r.startsWith('..') && !r.endsWith('.tmp') && r !== '' && r !== path.join('.claude', 'hooks', 'session-brief.cjs'));
	return [...new Set(rels)].sort();
}

type Plant = 'link-to-file' | 'link-to-folder' | 'fifo' | 'folder' | 'foreign';
const PLANTS: Plant[] = ['link-to-file', 'link-to-folder', 'fifo', 'folder', 'foreign'];

function plant(p: Place, rel: string, kind: Plant, rand: () => number): void {
	const at = path.join(p.vault, rel);
	fs.rmSync(at, { recursive: true, force: true, maxRetries: 30 });
	fs.mkdirSync(path.dirname(at), { recursive: true });
	if (kind === 'link-to-file') fs.symlinkSync(path.join(p.outside, 'victim.txt'), at);
	else if (kind === 'link-to-folder') fs.symlinkSync(path.join(p.outside, 'folder'), at);
	else if (kind === 'fifo') spawnSync('mkfifo', [at]);
	else if (kind === 'folder') fs.mkdirSync(at);
	else fs.writeFileSync(at, rand() < 0.5 ? randomBytes(rand, 64 + Math.floor(rand() * 4096)) : JSON.stringify({ schema: 1, configDir: '../outside', file: path.join(p.outside, 'victim.txt'), all: '2099-01-01T00:00:00Z' }));
}

describe.skipIf(!posix)('every state path, planted', () => {
	it(
		'holds the boundary whatever lies at each path',
		() => {
			const paths = statePaths();
			// The module saw the files every part keeps: a list shorter than this means tracing broke.
			for (const expected of ['.claude/hooks/session-brief.json', '.obsidian/plugins/session-brief/brief-cache.json', '.obsidian/plugins/session-brief/session-starts.jsonl', '.obsidian/plugins/session-brief/agent-changes.jsonl']) {
				expect(paths).toContain(expected);
			}
			const cases = paths.flatMap((rel) => PLANTS.map((kind) => ({ rel, kind })));
			const rand = prng(20261201);
			const chosen = LONG ? cases : cases.filter(() => rand() < 0.12);
			const problems: string[] = [];
			for (const c of chosen) {
				const p = place();
				install(p);
				plant(p, c.rel, c.kind, rand);
				const before = snapshot(p.outside);
				for (const r of runAll(p)) {
					const what = `${c.kind} at ${c.rel}, ${r.step.command} ${(r.step.args ?? []).join(' ')}`;
					if (r.hung) problems.push(`${what}: hung (killed after ${HANG_MS / 1000} s)`);
					if (r.step.hook === undefined) continue;
					if (r.status !== 0) problems.push(`${what}: exit ${r.status}`);
					const text = r.stdout.trim();
					if (r.step.hook === 'json' || text !== '') {
						try {
							JSON.parse(text);
						} catch {
							problems.push(`${what}: output is not JSON: ${text.slice(0, 200)}`);
						}
					}
				}
				const after = snapshot(p.outside);
				if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${c.kind} at ${c.rel}: the folder outside the vault changed`);
			}
			console.log(`state paths: ${paths.length}, cases run: ${chosen.length} of ${cases.length}`);
			expect(problems).toEqual([]);
		},
		LONG ? 1_800_000 : 600_000,
	);
});
