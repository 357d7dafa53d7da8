// Where the repository is, and the environment every measured child process gets.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ is two levels below it). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const BENCH_TODAY = '2026-11-29';
/** The clock the bench gives the bridge (`SESSION_BRIEF_NOW`), so a generated vault never goes stale. */
export const BENCH_NOW = `${BENCH_TODAY}T10:00:00`;

/**
 * The environment of a measured child: the bench's clock, an English locale, and none of the
 * caller's Node options (a `--require` there would be timed too).
 */
export function childEnv(now = BENCH_NOW): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env, SESSION_BRIEF_NOW: now, LANG: 'en_US.UTF-8' };
	delete env.LC_ALL;
	delete env.LC_MESSAGES;
	delete env.NODE_OPTIONS;
	return env;
}

let sessions = 0;

/**
 * A SessionStart hook input with a new session id each call: session-start gives the brief once
 * per session and answers a repeated id with a one-line note, which is not the path to measure.
 */
export function sessionStartInput(cwd = '/'): string {
	return JSON.stringify({ session_id: `bench-${process.pid}-${++sessions}`, hook_event_name: 'SessionStart', source: 'startup', cwd });
}
