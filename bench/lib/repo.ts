// Where the repository is, and the environment every measured child process gets.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ is two levels below it). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const BENCH_TODAY = '2026-11-29';
/** The clock the bench gives the bridge (`SESSION_BRIEF_NOW`), so a generated vault never goes stale. */
export const BENCH_NOW = `${BENCH_TODAY}T10:00:00`;

/**
 * The environment of a measured child: the bench's clock, an English locale, none of the caller's
 * Node options (a `--require` there would be timed too) and no NODE_EXTRA_CA_CERTS. With that
 * variable, every Node process parses the certificates it names before running any code; some
 * machines set it (a proxy's certificate), and it would dwarf what the bridge itself costs.
 */
let stateDir: string | undefined;

/**
 * A per-user state folder of the bench's own (the hooks keep code caches and the journal's copy
 * there): as warm as a user's, and removed with the bench's vaults, not left in a real home.
 */
function benchStateDir(): string {
	if (stateDir === undefined) {
		const made = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-state-'));
		stateDir = made;
		process.on('exit', () => fs.rmSync(made, { recursive: true, force: true }));
	}
	return stateDir;
}

export function childEnv(now = BENCH_NOW): NodeJS.ProcessEnv {
	// No background baseline per measured session start (each would walk the vault while later runs
	// are timed); the turn-end section measures the session net, and its tier-1 row the start of that process.
	const env: NodeJS.ProcessEnv = { ...process.env, SESSION_BRIEF_NOW: now, LANG: 'en_US.UTF-8', SESSION_BRIEF_BASELINE: 'off', SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR || benchStateDir() };
	delete env.LC_ALL;
	delete env.LC_MESSAGES;
	delete env.NODE_OPTIONS;
	delete env.NODE_EXTRA_CA_CERTS;
	return env;
}

/** Whether the bench's own environment sets NODE_EXTRA_CA_CERTS (which childEnv leaves out), for the results' notes. */
export function extraCaCertsSet(): boolean {
	return (process.env.NODE_EXTRA_CA_CERTS ?? '') !== '';
}

let sessions = 0;

/**
 * A SessionStart hook input with a new session id each call: session-start gives the brief once
 * per session and answers a repeated id with a one-line note, which is not the path to measure.
 */
export function sessionStartInput(cwd = '/'): string {
	return JSON.stringify({ session_id: `bench-${process.pid}-${++sessions}`, hook_event_name: 'SessionStart', source: 'startup', cwd });
}

/**
 * What Claude Code sends its `statusLine` command on stdin: the session's JSON with the model, the
 * workspace and the session's cost so far; the same session at every run, as while one session lasts.
 */
export function statusLineInput(cwd: string): string {
	return JSON.stringify({
		hook_event_name: 'Status',
		session_id: `bench-status-${process.pid}`,
		transcript_path: `${cwd}/.claude/transcript-bench.jsonl`,
		cwd,
		permission_mode: 'default',
		model: { id: 'claude-opus-4-1', display_name: 'Opus' },
		workspace: { current_dir: cwd, project_dir: cwd, added_dirs: [] },
		version: '2.0.0',
		output_style: { name: 'default' },
		cost: { total_cost_usd: 0.0123, total_duration_ms: 45000, total_api_duration_ms: 2300, total_lines_added: 156, total_lines_removed: 23 },
		context_window: { total_input_tokens: 15234, total_output_tokens: 4521, context_window_size: 200000 },
		exceeds_200k_tokens: false,
	});
}
