// The status line as Claude Code runs it: `node <vault>/.claude/hooks/session-brief.cjs statusline`
// with the session's JSON on stdin, in the vault, against `node -e 0` in the same rounds, in three
// states of one vault: the cache kept by a live plugin (with session-start at tier 1 beside it, the
// ratio the line aims at), the plugin gone (the line says the brief is stale), and unreviewed agent
// changes in the journal. Each state's line is checked before it is timed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { JOURNAL_TOUCHED, withJournal } from './lib/agent-journal';
import { placeHookFiles } from './lib/hook-files';
import { run, type Job, type Measured, type RunResult } from './lib/measure';
import { makePluginCache, pluginDir } from './lib/plugin-cache';
import { childEnv, sessionStartInput, statusLineInput } from './lib/repo';
import { removeCodeCaches } from '../src/node/hosts/hook-files/code-cache';
import { LAST_CHECK_FILE } from '../src/node/state-registry';

export const STATUS_STATES = ['current', 'stale', 'agents'] as const;
export type StatusState = (typeof STATUS_STATES)[number];

export interface StatusLineRun {
	/** The line the command printed, colour codes removed (checked before the state was timed). */
	line: string;
	statusline: Measured;
	nodeE0: Measured;
	/** session-start through the same hook entry at tier 1, in the same rounds (state `current` only). */
	sessionStart?: Measured;
}

export interface StatusLineBench {
	runs: readonly [number, number];
	/** Unreviewed agent changes written to the journal for the `agents` state. */
	journal: number;
	measure: (jobs: readonly Job[], runs: readonly [number, number]) => readonly Measured[];
	/** A full scan of the vault, writing the cache and the index as this build does. */
	scan: (root: string) => void;
	fail: (message: string) => void;
	log: (message: string) => void;
}

/** The plugin-folder files this section changes, put back afterwards (the index with the cache, so the two still match). */
const TOUCHED = [...new Set([...JOURNAL_TOUCHED, 'brief-index.json', LAST_CHECK_FILE])];

const NODE = process.execPath;
/** The file both commands run from: its code cache holds the functions of the run that wrote it. */
const START_FILE = 'session-brief.start.cjs';

/** What each state's line must say, so the bench never times an empty or wrong answer. */
const EXPECT: Record<StatusState, { has: readonly RegExp[]; not: readonly RegExp[] }> = {
	current: { has: [/^vault: /, / to review/, /rules/], not: [/brief stale/] },
	stale: { has: [/^vault: /, / to review/, /brief stale/], not: [] },
	agents: { has: [/^vault: /, / to review/, /\d+ agent changes? unreviewed/], not: [/brief stale/] },
};

/** The printed line without its colour codes, or what is wrong with the output. */
export function lineOf(r: RunResult, state: StatusState): { line: string } | { problem: string } {
	if (r.status !== 0) return { problem: `exit ${r.status}: ${r.stderr.trim().split('\n')[0]}` };
	const lines = r.stdout.split('\n');
	if (lines.length !== 2 || lines[1] !== '') return { problem: `expected exactly one line, got ${JSON.stringify(r.stdout.slice(0, 300))}` };
	const line = stripVTControlCharacters(lines[0] ?? '');
	if (/\p{Cc}/u.test(line)) return { problem: `control characters besides colour codes: ${JSON.stringify(lines[0])}` };
	const { has, not } = EXPECT[state];
	const missing = has.filter((re) => !re.test(line));
	const extra = not.filter((re) => re.test(line));
	if (missing.length > 0 || extra.length > 0) return { problem: `the ${state} state's line ${JSON.stringify(line)} ${missing.length > 0 ? `lacks ${missing.join(', ')}` : `has ${extra.join(', ')}`}` };
	return { line };
}

function tier1Check(r: RunResult): string | null {
	if (r.status !== 0) return `exit ${r.status}`;
	return r.stdout.includes('(cached brief,') ? null : `not answered from the plugin's cache: ${r.stdout.slice(0, 200)}`;
}

/** Saves the named files of `dir`; the result puts them back as they were (a file that was not there is removed). */
function keepFiles(dir: string, names: readonly string[]): () => void {
	const saved = new Map(names.map((f) => [f, fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f)) : null]));
	return () => {
		for (const [f, bytes] of saved) {
			if (bytes === null) fs.rmSync(path.join(dir, f), { force: true });
			else fs.writeFileSync(path.join(dir, f), bytes);
		}
	};
}

/** Runs the three states on the vault at `root`; a state whose line is wrong is reported and not timed. */
export function benchStatusLine(root: string, b: StatusLineBench): Partial<Record<StatusState, StatusLineRun>> {
	const dir = pluginDir(root);
	const hooks = path.join(root, '.claude', 'hooks');
	const placedHere = !fs.existsSync(hooks);
	const restore = keepFiles(dir, TOUCHED);
	const out: Partial<Record<StatusState, StatusLineRun>> = {};
	try {
		const entry = placeHookFiles(hooks);
		// Claude Code's environment for the command (the terminal's width, the project folder); colour on, as it shows it.
		const env: NodeJS.ProcessEnv = { ...childEnv(), CLAUDECODE: '1', CLAUDE_PROJECT_DIR: root, COLUMNS: '120' };
		delete env.NO_COLOR;
		const input = statusLineInput(root);
		const nodeE0: Job = { label: 'node -e 0', cmd: NODE, args: ['-e', '0'], input, env, cwd: root };
		// The cache as this build writes it (with the count to review), and the last rule check's
		// record as a check leaves it (`check` exits 1: the generated rules hold broken links).
		b.scan(root);
		run(NODE, [entry, 'check', '--vault', root], { env });
		if (!fs.existsSync(path.join(dir, LAST_CHECK_FILE))) b.fail(`statusline: \`check\` left no ${LAST_CHECK_FILE} in ${root}`);
		makePluginCache(root);
		// The start file's code cache written by a session start at tier 1, as after install when the
		// first session starts before the line first runs (the cache holds what the run that wrote it compiled).
		removeCodeCaches(hooks, [START_FILE], env);
		const first = run(NODE, [entry, 'session-start'], { input: sessionStartInput(root), env, cwd: root });
		if (tier1Check(first) !== null) b.fail(`statusline: the first session start: ${tier1Check(first)}`);
		const state = (name: StatusState, extra: readonly Job[]): void => {
			const job: Job = { label: `statusline ${name}`, cmd: NODE, args: [entry, 'statusline'], input, env, cwd: root };
			const probe = lineOf(run(NODE, job.args, { input, env, cwd: root }), name);
			if ('problem' in probe) {
				b.fail(`statusline: ${probe.problem}`);
				return;
			}
			b.log(`  ${name}: ${probe.line}`);
			const check = (r: RunResult): string | null => {
				const again = lineOf(r, name);
				return 'problem' in again ? again.problem : null;
			};
			const [statusline, e0, sessionStart] = b.measure([{ ...job, check }, nodeE0, ...extra], b.runs);
			out[name] = { line: probe.line, statusline: statusline!, nodeE0: e0!, ...(sessionStart === undefined ? {} : { sessionStart }) };
		};
		state('current', [{ label: 'session-start tier 1', cmd: NODE, args: [entry, 'session-start'], input: () => sessionStartInput(root), env, cwd: root, check: tier1Check }]);
		makePluginCache(root, 'gone');
		state('stale', []);
		const undo = withJournal(root, dir, b.journal);
		try {
			b.scan(root);
			makePluginCache(root);
			state('agents', []);
		} finally {
			undo();
		}
	} finally {
		restore();
		if (placedHere) {
			removeCodeCaches(hooks, [START_FILE, 'session-brief.bridge.cjs'], childEnv());
			fs.rmSync(hooks, { recursive: true, force: true });
		}
	}
	return out;
}
