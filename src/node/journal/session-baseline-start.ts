/**
 * After a session start has written its answer, the session net's baseline (src/node/journal/session-net.ts)
 * is taken by this same script's `baseline` command in a process of its own: detached, so the brief
 * never waits for it; from the plugin's index when the brief came from one that was current, else by a walk. Kept apart from the walk so that session-brief.start.cjs holds none of it.
 */
import type * as ChildProcess from 'node:child_process';
import { builtinOnDemand } from '../builtin-on-demand';

/**
 * `SESSION_BRIEF_BASELINE`: unset, the baseline is taken by a detached process; `sync`, the hook
 * waits for that process (tests, which must not leave processes behind); `off`, none is taken (the
 * end of a turn then takes it, so the net starts one turn later).
 */
export const BASELINE_ENV = 'SESSION_BRIEF_BASELINE';
/** How the session id reaches the `baseline` command: never on a command line, where any text could be an option. */
export const BASELINE_SESSION_ENV = 'SESSION_BRIEF_BASELINE_SESSION';
/** When the session start asked for the baseline (ms since the epoch). */
export const BASELINE_STARTED_ENV = 'SESSION_BRIEF_BASELINE_STARTED';
/**
 * The id of the plugin's index that listed the notes as they were when the brief was made (the
 * cache tier served it, or the scan just wrote it): the baseline is then taken from its rows
 * instead of a second walk of the vault.
 */
export const BASELINE_INDEX_ENV = 'SESSION_BRIEF_BASELINE_INDEX';

/** Starts the baseline of `session` for the vault at `root`. Never throws: without one, the first end of a turn takes one. */
export function startBaseline(root: string, configDir: string | undefined, session: string | null, scriptPath: string, env: NodeJS.ProcessEnv, indexId: string | null = null): void {
	try {
		const mode = env[BASELINE_ENV];
		if (mode === 'off') return;
		// Loaded only here (a session start that takes no baseline does not pay for it), and not by
		// `import()`: the hook entry runs this file as a script, where a dynamic import has no loader.
		const { spawn, spawnSync } = builtinOnDemand<typeof ChildProcess>('node:child_process');
		const args = [scriptPath, 'baseline', '--vault', root, ...(configDir === undefined ? [] : ['--config-dir', configDir])];
		const options = { stdio: 'ignore', windowsHide: true, cwd: root, env: { ...env, [BASELINE_SESSION_ENV]: session ?? '', [BASELINE_STARTED_ENV]: String(Date.now()), [BASELINE_INDEX_ENV]: indexId ?? '' } } as const;
		if (mode === 'sync') {
			spawnSync(process.execPath, args, { ...options, timeout: 120_000 });
			return;
		}
		const child = spawn(process.execPath, args, { ...options, detached: true });
		child.on('error', () => undefined);
		child.unref();
	} catch {
		// Fail open.
	}
}
