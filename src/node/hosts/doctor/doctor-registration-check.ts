/**
 * Judges the registrations found in the host's files: this vault's entries, stale ones of a moved
 * vault or another vault, matchers that skip sources or edit tools, duplicates, the
 * working-directory trap (docs/design.md, "The start-folder trap") and the host's trust step.
 */
import * as path from 'node:path';
import { agentArgs, hostOf } from '../../../core/hosts/agent-contracts';
import { parseOwnCommand } from '../command-line/command-line';
import { exists } from './doctor-files';
import type { Check, DoctorOptions } from './doctor-report';
import type { Found } from './doctor-settings-files';
import { hostEventNames, type HostPaths } from '../host-spec';
import { scriptTarget, specFor } from '../install/options';
import { trustFindings } from '../trust/trust';

/** ` --agent X` for hosts other than the default, as the user types it after "install". */
function agentFlag(o: DoctorOptions): string {
	return agentArgs(o.agent)
		.map((a) => ` ${a}`)
		.join('');
}

/** `startup|resume|clear|compact` or a broader matcher (none, `*`, empty) reaches every source we care about. */
export function coversAllSources(matcher: unknown): boolean {
	if (matcher === undefined || matcher === '' || matcher === '*') return true;
	if (typeof matcher !== 'string') return false;
	try {
		const re = new RegExp(matcher);
		return ['startup', 'resume', 'clear', 'compact'].every((s) => (/^[\w\s,|-]*$/.test(matcher) ? matcher.split(/[|,]/).map((x) => x.trim()).includes(s) : re.test(s)));
	} catch {
		return false;
	}
}

function isMine(o: DoctorOptions, f: Found): boolean {
	return path.resolve(parseOwnCommand(f.command)?.script ?? '') === path.resolve(scriptTarget(o.vault));
}

/** The registration doctor runs (the user scope's first, as the host would), or undefined when there is none. */
export function checkRegistrations(o: DoctorOptions, found: Found[], checks: Check[]): Found | undefined {
	const spec = specFor(o.agent);
	const name = hostOf(o.agent).name;
	const mine = (f: Found): boolean => isMine(o, f);
	const startEvent = hostEventNames(spec)[0] ?? 'SessionStart';
	for (const f of found) {
		const target = parseOwnCommand(f.command)?.script ?? '';
		if (mine(f)) continue;
		if (!exists(target)) {
			checks.push({ id: `registration:${f.where.label}`, status: 'fail', message: `${f.where.file} (${f.event}) runs ${target}, which does not exist (the vault was moved or renamed?).`, fix: `Run "install" in ${o.vault}; it updates that entry instead of adding another.` });
		} else {
			checks.push({ id: `registration:${f.where.label}`, status: 'warn', message: `${f.where.file} (${f.event}) runs the brief of another vault: ${target}.`, fix: 'Uninstall it there if this vault should be the one.' });
		}
	}
	const starts = found.filter((f) => f.event === startEvent && mine(f));
	const withFwd = starts.filter((f) => f.where.label !== 'managed');
	if (starts.length === 0) {
		checks.push({ id: 'registration', status: 'fail', message: `No ${startEvent} hook for this vault in any file ${name} reads.`, fix: `Run "install"${agentFlag(o)}.`, hook: 'SessionStart' });
		return undefined;
	}
	for (const f of starts) {
		checks.push({ id: `registration:${f.where.label}`, status: 'ok', message: `${f.where.file} registers ${f.event}${f.matcher !== undefined ? ` (matcher ${JSON.stringify(f.matcher)})` : ''}.` });
		if (!coversAllSources(f.matcher)) {
			checks.push({ id: `matcher:${f.where.label}`, status: 'warn', message: `The ${f.event} matcher ${JSON.stringify(f.matcher)} in ${f.where.file} skips some session sources (resume, clear or compact), so those sessions get no brief.`, fix: 'Run "install" again; it writes an entry without a matcher.' });
		}
	}
	const commands = new Set(withFwd.map((f) => f.command));
	if (commands.size > 1) {
		checks.push({ id: 'duplicates', status: 'warn', message: `${name} runs ${commands.size} different ${startEvent} commands for this vault (${withFwd.map((f) => f.where.label).join(', ')}); the brief arrives more than once.`, fix: 'Uninstall one scope ("uninstall --scope …").' });
	}
	checkEditHook(o, found, checks);
	checkTurnEndHook(o, found, checks);
	return starts.find((f) => f.where.label === 'user') ?? starts[0];
}

/** For hosts we register the rule check with: is it there, and does its matcher name the edit tools? */
function checkEditHook(o: DoctorOptions, found: Found[], checks: Check[]): void {
	const spec = specFor(o.agent);
	if (!spec.events.includes('PostToolUse')) return;
	const event = hostOf(o.agent).events.PostToolUse ?? 'PostToolUse';
	const wanted = spec.entries(() => ({ sh: '', ps: '', native: '' })).find((e) => e.event === event)?.matcher;
	const tools = spec.editTools ?? [];
	const posts = found.filter((f) => f.event === event && isMine(o, f));
	if (posts.length === 0) checks.push({ id: `registration:${event}`, status: 'warn', message: `No ${event} hook: edits to the rule files are not checked.`, fix: 'Run "install" again.', hook: 'PostToolUse' });
	for (const f of posts) {
		const m = f.matcher;
		if (m !== wanted && m !== undefined && !(typeof m === 'string' && tools.every((t) => m.includes(t)))) {
			checks.push({ id: `registration:${event}`, status: 'warn', message: `The ${event} matcher ${JSON.stringify(m)} in ${f.where.file} misses ${tools.join(' or ')}.`, fix: 'Run "install" again.' });
		}
	}
}

/** For hosts we register the session net with: is the end of a turn there? */
function checkTurnEndHook(o: DoctorOptions, found: Found[], checks: Check[]): void {
	if (!specFor(o.agent).events.includes('Stop')) return;
	const event = hostOf(o.agent).events.Stop ?? 'Stop';
	if (found.some((f) => f.event === event && isMine(o, f))) return;
	checks.push({ id: `registration:${event}`, status: 'warn', message: `No ${event} hook: notes the agent changes through its shell (sed, mv, rm, scripts) are not recorded for your review.`, fix: 'Run "install" again.', hook: 'Stop' });
}

export function explainWorkingDirectory(o: DoctorOptions, found: Found[], checks: Check[]): void {
	const labels = new Set(found.map((f) => f.where.label));
	const name = hostOf(o.agent).name;
	if (labels.has('user') || labels.has('managed') || labels.has('system')) {
		checks.push({ id: 'working-directory', status: 'info', message: `Registered in ${name}'s user settings: sessions started in any folder get this vault's brief.` });
		return;
	}
	if (labels.size === 0) return;
	const cli = hostOf(o.agent).cli;
	checks.push({
		id: 'working-directory',
		status: 'info',
		message: `${name} reads the vault's own hook file only when it is started in ${o.vault} itself. Started in a subfolder or anywhere else (a script, a terminal tab, "${cli} --resume" from another folder), it loads no hooks from the vault and the brief is silently missing.`,
		fix: `Start the agent in the vault (cd "${o.vault}" && ${cli}), or run "install --scope user${agentFlag(o)}" so every session gets the brief.`,
	});
}

/** The host's own trust step for the files our hooks are registered in (docs/agents.md). */
export function checkTrust(o: DoctorOptions, found: Found[], p: HostPaths, checks: Check[]): void {
	const labels = new Set(found.filter((f) => isMine(o, f)).map((f) => f.where.label));
	if (labels.size === 0) return;
	const scope = labels.has('project') || labels.has('local') ? 'project' : 'user';
	for (const t of trustFindings(o.agent, { vault: o.vault, home: o.home, scope, env: p.env, platform: p.platform })) {
		checks.push({ id: 'trust', status: t.status, message: t.message, ...(t.fix !== undefined ? { fix: t.fix } : {}) });
	}
}
