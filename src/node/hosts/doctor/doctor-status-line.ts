/**
 * The status line `install --statusline` registers (docs/install.md, "The status line"): only where
 * one was installed (it is opt-in). Ours is there, current, not shadowed by a status line in a file
 * the host lets win, and prints one line with exit 0. Only our part of a chained line is run:
 * the user's own command is theirs to judge, and doctor runs nothing a settings file adds to ours.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { hostOf } from '../../../core/hosts/agent-contracts';
import { hasUnsafeChar } from '../../../core/quote';
import { parseOwnCommand } from '../command-line/command-line';
import { installCommandLine } from '../command-line/printed-command';
import { exists } from './doctor-files';
import { DEFAULT_PROGRAM } from './doctor-fix-command';
import type { Check, DoctorOptions } from './doctor-report';
import { runShell } from './doctor-run';
import { SCOPES, type HostPaths, type Scope } from '../host-spec';
import { readIfExists } from '../install/files';
import { readManifest } from '../install/manifest';
import { statusLineCommand } from '../install/install-plan';
import { statusLinesOf, type FoundStatusLine } from '../install/status-line-entry';
import { scriptTarget, specFor } from '../install/options';
import { DOCTOR_RUN_ENV } from '../../journal/session-record';

function asScope(label: string): Scope | undefined {
	return SCOPES.find((s) => s === label);
}

/** A line Claude Code shows as one row: no line break inside, nothing but colour escapes among the controls. */
function oneLine(stdout: string): string | null {
	if (!stdout.endsWith('\n')) return null;
	const plain = stdout.slice(0, -1).replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
	return plain.includes('\n') || hasUnsafeChar(plain) ? null : plain;
}

export async function statusLineChecks(o: DoctorOptions, p: HostPaths, checks: Check[]): Promise<void> {
	const sl = specFor(o.agent).statusLine;
	if (sl === undefined) return;
	const script = scriptTarget(o.vault);
	const isMine = (e: FoundStatusLine): boolean => e.own !== null && path.resolve(parseOwnCommand(e.own.ours)?.script ?? '') === path.resolve(script);
	const found = statusLinesOf(specFor(o.agent), p, (file) => readIfExists(o.vault, file));
	const manifest = readManifest(o.vault);
	const record = manifest?.installs.find((x) => x.agent === o.agent && x.statusLine === true);
	const mine = found.filter(isMine);
	if (record === undefined && mine.length === 0) return;

	const name = hostOf(o.agent).name;
	const platform = p.platform;
	const program = o.program ?? DEFAULT_PROGRAM;
	const rank = (e: FoundStatusLine): number => {
		const i = sl.precedence.indexOf(e.where.label);
		return i < 0 ? sl.precedence.length : i;
	};
	const byPrecedence = [...found].sort((a, b) => rank(a) - rank(b));
	const ours = byPrecedence.find(isMine);
	const scope: Scope = (ours !== undefined ? asScope(ours.where.label) : undefined) ?? record?.scope ?? 'project';
	const install = (s: Scope, chain = false): string => installCommandLine(program, o.vault, o.agent, s, platform, chain ? 'chain' : 'add');
	if (ours === undefined || ours.own === null) {
		checks.push({ id: 'status-line', status: 'fail', message: `install registered ${name}'s status line for this vault, but no file ${name} reads has it now.`, fix: 'Install it again.', command: install(scope) });
		return;
	}
	const node = manifest?.node !== undefined && manifest.node !== '' ? manifest.node : (parseOwnCommand(ours.own.ours)?.interpreter ?? 'node');
	const { line: want, shell } = statusLineCommand({ agent: o.agent, vault: o.vault, platform }, node);
	const chained = ours.own.before !== undefined ? `, after your own (${ours.own.before})` : '';
	if (ours.own.ours !== want) {
		checks.push({ id: 'status-line', status: 'warn', message: `The status line in ${ours.where.file} runs ${ours.own.ours}, not the command install writes now (${want}).`, fix: 'Install it again; it keeps yours chained.', command: install(scope) });
	} else checks.push({ id: 'status-line', status: 'ok', message: `${ours.where.file} shows the vault's state in ${name}'s status line${chained}.` });

	const winner = byPrecedence[0];
	if (winner !== undefined && winner !== ours) {
		const theirs = winner.own !== null ? `the status line of another vault (${parseOwnCommand(winner.own.ours)?.script ?? ''})` : `a status line of its own (${JSON.stringify(winner.value)})`;
		const winnerScope = asScope(winner.where.label);
		checks.push({
			id: 'status-line-shadowed',
			status: 'warn',
			message: `${winner.where.file} (${winner.where.label}) has ${theirs}, which wins over ours in ${ours.where.file}: ${name} shows only that one.`,
			...(winner.where.managed === true || winnerScope === undefined
				? { fix: 'Managed settings win over every other file; ask the administrator, or live without ours.' }
				: { fix: winner.own !== null ? 'Install it in that file, which replaces the other vault\'s.' : 'Chain ours after it in that file (yours runs first, ours below it).', command: install(winnerScope, winner.own === null) }),
		});
	}

	if (!exists(script)) return;
	const cwd = o.runFrom ?? os.tmpdir();
	const input = JSON.stringify({ session_id: 'doctor', cwd, workspace: { current_dir: cwd, project_dir: cwd } });
	const r = await runShell(ours.own.ours, input, cwd, { ...p.env, CLAUDE_PROJECT_DIR: cwd, [DOCTOR_RUN_ENV]: '1' }, platform, o.timeoutMs ?? 20_000, shell);
	const shown = `our status line command (run from ${cwd})`;
	const line = r.code === 0 && !r.timedOut ? oneLine(r.stdout) : null;
	if (r.timedOut) checks.push({ id: 'status-line-run', status: 'fail', message: `${shown} did not finish in ${(o.timeoutMs ?? 20_000) / 1000} s.` });
	else if (r.code !== 0) checks.push({ id: 'status-line-run', status: 'fail', message: `${shown} exited with ${r.error ?? String(r.code)}; ${name} shows nothing then: ${r.stderr.trim().split('\n')[0] ?? ''}` });
	else if (line === null) checks.push({ id: 'status-line-run', status: 'fail', message: `${shown} printed ${JSON.stringify(r.stdout.slice(0, 200))}, not one line.` });
	else if (line === '') checks.push({ id: 'status-line-run', status: 'warn', message: `${shown} printed an empty line: it could not read the vault.` });
	else checks.push({ id: 'status-line-run', status: 'ok', message: `${shown} exited 0 with one line: ${line}` });
}
