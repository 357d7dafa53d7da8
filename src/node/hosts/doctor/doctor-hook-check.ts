/** Runs the interpreter and the registered hook command the way the host would, and judges what they printed. */
import * as os from 'node:os';
import { hostOf, parseHookOutput, type HostShell } from '../../../core/hosts/agent-contracts';
import { exists } from './doctor-files';
import type { Check, DoctorOptions } from './doctor-report';
import { runShell } from './doctor-run';
import type { Found } from './doctor-settings-files';
import { DOCTOR_RUN_ENV } from '../../journal/session-record';

export async function checkInterpreter(interpreter: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, checks: Check[]): Promise<void> {
	if (interpreter === 'node') {
		checks.push({ id: 'interpreter', status: 'warn', message: 'The hook runs plain "node" from PATH; an agent started from a desktop launcher may have another PATH.', fix: 'Run "install" again from a terminal where node works, so the absolute path is recorded.' });
	} else if (!exists(interpreter)) {
		checks.push({ id: 'interpreter', status: 'fail', message: `The recorded interpreter ${interpreter} does not exist (node was moved, upgraded or uninstalled).`, fix: 'Run "install" again to record the current node.' });
		return;
	}
	const r = await runShell(`"${interpreter}" --version`, '', os.tmpdir(), env, platform, 10_000);
	const major = /^v(\d+)\./.exec(r.stdout.trim())?.[1];
	if (r.code !== 0 || major === undefined) {
		checks.push({ id: 'interpreter', status: 'fail', message: `${interpreter} --version failed (${r.error ?? (r.stderr.trim() || `exit ${String(r.code)}`)}).`, fix: 'Install Node.js 18 or later and run "install" again.' });
	} else if (Number(major) < 18) {
		checks.push({ id: 'interpreter', status: 'fail', message: `${interpreter} is Node ${r.stdout.trim()}; the bridge needs 18 or later.`, fix: 'Install a newer Node.js and run "install" again.' });
	} else if (interpreter !== 'node') checks.push({ id: 'interpreter', status: 'ok', message: `${interpreter} runs (${r.stdout.trim()}).` });
}

/** Runs the registered SessionStart command through `shell`, from another folder, with `{"source":"resume"}`. */
export async function checkHookRun(o: DoctorOptions, reg: Found, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, shell: HostShell, checks: Check[]): Promise<void> {
	const cwd = o.runFrom ?? os.tmpdir();
	const input = '{"source":"resume"}';
	// Marked as doctor's run, so it is not recorded as a real session (session-record.ts).
	const r = await runShell(reg.command, input, cwd, { ...env, CLAUDE_PROJECT_DIR: cwd, [DOCTOR_RUN_ENV]: '1' }, platform, o.timeoutMs ?? 20_000, shell);
	const shown = `the registered command (run from ${cwd}, stdin ${input})`;
	if (r.timedOut) {
		checks.push({ id: 'hook-run', status: 'fail', message: `${shown} did not finish in ${(o.timeoutMs ?? 20_000) / 1000} s.` });
		return;
	}
	if (r.code !== 0) {
		checks.push({ id: 'hook-run', status: 'fail', message: `${shown} exited with ${r.error ?? String(r.code)}: ${r.stderr.trim().split('\n')[0] ?? ''}` });
		return;
	}
	const parsed = parseHookOutput(o.agent, 'SessionStart', r.stdout);
	if (!parsed.ok) {
		checks.push({ id: 'hook-run', status: 'fail', message: `${shown} printed output ${hostOf(o.agent).name} cannot use: ${parsed.problem ?? ''}.` });
		return;
	}
	if (/[\u0080-\uffff]/.test(r.stdout)) checks.push({ id: 'hook-run', status: 'warn', message: `${shown} printed non-ASCII bytes; a console code page may garble them.` });
	const first = (parsed.text ?? '').split('\n')[0] ?? '';
	checks.push({ id: 'hook-run', status: 'ok', message: `${shown} exited 0 with one valid ${hostOf(o.agent).name} envelope (${(parsed.text ?? '').length} characters): ${first}` });
}
