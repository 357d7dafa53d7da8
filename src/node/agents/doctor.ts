/**
 * `doctor`: why the brief does or does not arrive. Checks the script, every file
 * the host reads hooks from, the interpreter, runs the hook once the way the host would (through a
 * shell, from another folder, with `{"source":"resume"}`), and explains the working-directory trap
 * with the fix (docs/design.md, "The start-folder trap").
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HOSTS, parseHookOutput, type AgentId } from '../../core/agent-contracts';
import { isOwnCommand, parseOwnCommand } from './command-line';
import { sha256 } from './files';
import type { HostPaths, ReadFile } from './host-spec';
import { readManifest } from './manifest';
import { bridgeTarget, HOOK_ENTRY, scriptTarget, specFor } from './options';
import { EDIT_MATCHER } from './claude-code';
import { trustFindings } from './trust';
import { decodeStrict } from './install';
import { vaultPathChecks } from '../doctor-vault-path';
import { sessionStartChecks } from '../doctor-sessions';
import { DOCTOR_RUN_ENV } from '../session-record';
import { checkMcpServer } from './doctor-mcp';
import { MCP_HOSTS } from './mcp-registration';
import { writeGuardChecks } from './doctor-write-guard';
import { hookMistakeChecks } from './doctor-hook-mistakes';
import { loadVaultContext } from '../vault-config';

export interface DoctorOptions {
	vault: string;
	home: string;
	agent: AgentId;
	version: string;
	/** The running bridge, to tell whether the vault's copy is current. */
	scriptSource?: string | Buffer;
	/** The MCP server file of the running bridge's build, likewise. */
	mcpSource?: string | Buffer;
	platform?: NodeJS.Platform;
	env?: NodeJS.ProcessEnv;
	/** The folder the test run of the hook starts in; default: the system temp folder (not the vault). */
	runFrom?: string;
	timeoutMs?: number;
	/** Claude Code's managed settings folder; default: the platform's system folder. */
	managedDir?: string;
}

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'info';

export interface Check {
	id: string;
	status: CheckStatus;
	message: string;
	fix?: string;
}

export interface DoctorReport {
	ok: boolean;
	vault: string;
	agent: AgentId;
	checks: Check[];
}

interface Found {
	where: ReadFile;
	event: string;
	command: string;
	matcher?: unknown;
}

type Raw = Record<string, unknown>;

function isObj(v: unknown): v is Raw {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function exists(p: string): boolean {
	try {
		fs.statSync(p);
		return true;
	} catch {
		return false;
	}
}

/** `startup|resume|clear|compact` or a broader matcher (none, `*`, empty) reaches every source we care about. */
function coversAllSources(matcher: unknown): boolean {
	if (matcher === undefined || matcher === '' || matcher === '*') return true;
	if (typeof matcher !== 'string') return false;
	try {
		const re = new RegExp(matcher);
		return ['startup', 'resume', 'clear', 'compact'].every((s) => (/^[\w\s,|-]*$/.test(matcher) ? matcher.split(/[|,]/).map((x) => x.trim()).includes(s) : re.test(s)));
	} catch {
		return false;
	}
}

function checkScript(o: DoctorOptions, checks: Check[]): void {
	const script = scriptTarget(o.vault);
	if (!exists(script)) {
		checks.push({ id: 'script', status: 'fail', message: `The bridge is not in the vault (${script} is missing).`, fix: 'Run "install" (or the Obsidian command "Install agent hooks").' });
		return;
	}
	const bridge = bridgeTarget(o.vault);
	if (!exists(bridge)) {
		checks.push({ id: 'script', status: 'fail', message: `${script} is there but the bridge it runs is not (${bridge} is missing); it may be the single-file bridge of an earlier version.`, fix: 'Run "install" again to update it.' });
		return;
	}
	if (sha256(fs.readFileSync(script)) !== sha256(Buffer.from(HOOK_ENTRY, 'utf8'))) {
		checks.push({ id: 'script', status: 'fail', message: `${script} is not the hook entry of this version (${o.version}): an older or changed copy.`, fix: 'Run "install" again to update it.' });
		return;
	}
	if (o.scriptSource !== undefined) {
		const running = sha256(typeof o.scriptSource === 'string' ? Buffer.from(o.scriptSource, 'utf8') : o.scriptSource);
		if (sha256(fs.readFileSync(bridge)) !== running) {
			checks.push({ id: 'script', status: 'fail', message: `${bridge} differs from this bridge (version ${o.version}): it is an older or changed copy.`, fix: 'Run "install" again to update it.' });
			return;
		}
	}
	checks.push({ id: 'script', status: 'ok', message: `${script} and the bridge it runs (${path.basename(bridge)}) are present and current (version ${o.version}).` });
	const manifest = readManifest(o.vault);
	if (manifest === null) checks.push({ id: 'record', status: 'warn', message: 'session-brief.json (what install recorded) is missing or unreadable.', fix: 'Run "install" again.' });
	else if (manifest.configDir === undefined || !exists(path.join(o.vault, manifest.configDir))) {
		checks.push({ id: 'record', status: 'warn', message: `The recorded Obsidian config folder ${manifest.configDir ?? '(none)'} does not exist; the bridge looks for one itself.`, fix: 'Run "install" again after opening the vault in Obsidian once.' });
	} else checks.push({ id: 'record', status: 'ok', message: `The bridge reads the vault's settings from ${manifest.configDir}.` });
}

function readRegistrations(o: DoctorOptions, p: HostPaths, checks: Check[]): Found[] {
	const spec = specFor(o.agent);
	const found: Found[] = [];
	for (const where of spec.readFiles(p)) {
		let text: string;
		try {
			text = decodeStrict(fs.readFileSync(where.file), where.file);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ENOENT') continue;
			if (where.managed && (code === 'EACCES' || code === 'EPERM')) {
				checks.push({ id: `settings:${where.label}`, status: 'info', message: `${where.file} (managed) is not readable; it cannot be checked.` });
				continue;
			}
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} cannot be read: ${(error as Error).message}` });
			continue;
		}
		let value: unknown;
		try {
			value = JSON.parse(text.replace(/^\uFEFF/, ''));
		} catch (error) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} is not valid JSON (${(error as Error).message}); ${HOSTS[o.agent].name} ignores it, with every hook in it.`, fix: 'Fix the file by hand (install refuses to touch it).' });
			continue;
		}
		if (!isObj(value)) continue;
		checks.push(...hookMistakeChecks(o.agent, where, value));
		if (value.disableAllHooks === true) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} sets "disableAllHooks": true, so no hook runs.`, fix: 'Remove that key if the brief should arrive.' });
		}
		if (where.managed && value.allowManagedHooksOnly === true) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} allows only managed hooks; hooks from user and project files never run.`, fix: 'Ask the administrator to add the hook to managed settings.' });
		}
		const hooks = isObj(value.hooks) ? value.hooks : {};
		for (const [event, arr] of Object.entries(hooks)) {
			if (!Array.isArray(arr)) continue;
			for (const item of arr) {
				const handlers = spec.shape === 'groups' ? (isObj(item) && Array.isArray(item.hooks) ? (item.hooks as unknown[]) : []) : [item];
				for (const h of handlers) {
					if (!isObj(h)) continue;
					for (const f of spec.commandFields) {
						if (isOwnCommand(h[f])) found.push({ where, event, command: h[f] as string, matcher: isObj(item) && spec.shape === 'groups' ? item.matcher : undefined });
					}
				}
			}
		}
	}
	return found;
}

function checkRegistrations(o: DoctorOptions, found: Found[], checks: Check[]): Found | undefined {
	const spec = specFor(o.agent);
	const name = HOSTS[o.agent].name;
	const script = scriptTarget(o.vault);
	const mine = (f: Found): boolean => path.resolve(parseOwnCommand(f.command)?.script ?? '') === path.resolve(script);
	const startEvent = spec.entries(() => ({ sh: '', ps: '' }))[0]?.event ?? 'SessionStart';
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
		checks.push({ id: 'registration', status: 'fail', message: `No ${startEvent} hook for this vault in any file ${name} reads.`, fix: `Run "install"${o.agent === 'claude-code' ? '' : ` --agent ${o.agent}`}.` });
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
	if (o.agent === 'claude-code') {
		const posts = found.filter((f) => f.event === 'PostToolUse' && mine(f));
		if (posts.length === 0) checks.push({ id: 'registration:PostToolUse', status: 'warn', message: 'No PostToolUse hook: edits to the rule files are not checked.', fix: 'Run "install" again.' });
		for (const f of posts) {
			if (f.matcher !== EDIT_MATCHER && f.matcher !== undefined && !(typeof f.matcher === 'string' && /Edit/.test(f.matcher) && /Write/.test(f.matcher))) {
				checks.push({ id: 'registration:PostToolUse', status: 'warn', message: `The PostToolUse matcher ${JSON.stringify(f.matcher)} in ${f.where.file} misses Edit or Write.`, fix: 'Run "install" again.' });
			}
		}
	}
	return starts.find((f) => f.where.label === 'user') ?? starts[0];
}

interface RunOutcome {
	code: number | null;
	stdout: string;
	stderr: string;
	error?: string;
	timedOut: boolean;
}

function runShell(command: string, input: string, cwd: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, timeoutMs: number): Promise<RunOutcome> {
	return new Promise((resolve) => {
		// Claude Code runs shell-form hooks with `sh -c` (Git Bash's bash on Windows).
		const [shell, flag] = platform === 'win32' ? ['bash', '-c'] : ['/bin/sh', '-c'];
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		let settled = false;
		const done = (o: RunOutcome): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve(o);
		};
		const child = spawn(shell, [flag, command], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGKILL');
		}, timeoutMs);
		child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
		child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
		child.on('error', (e) => done({ code: null, stdout, stderr, error: e.message, timedOut }));
		child.on('close', (code) => done({ code, stdout, stderr, timedOut }));
		child.stdin.on('error', () => undefined);
		child.stdin.end(input);
	});
}

async function checkInterpreter(interpreter: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, checks: Check[]): Promise<void> {
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

async function checkHookRun(o: DoctorOptions, reg: Found, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, checks: Check[]): Promise<void> {
	const cwd = o.runFrom ?? os.tmpdir();
	const input = '{"source":"resume"}';
	// Marked as doctor's run, so it is not recorded as a real session (session-record.ts).
	const r = await runShell(reg.command, input, cwd, { ...env, CLAUDE_PROJECT_DIR: cwd, [DOCTOR_RUN_ENV]: '1' }, platform, o.timeoutMs ?? 20_000);
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
		checks.push({ id: 'hook-run', status: 'fail', message: `${shown} printed output ${HOSTS[o.agent].name} cannot use: ${parsed.problem ?? ''}.` });
		return;
	}
	if (/[\u0080-\uffff]/.test(r.stdout)) checks.push({ id: 'hook-run', status: 'warn', message: `${shown} printed non-ASCII bytes; a console code page may garble them.` });
	const first = (parsed.text ?? '').split('\n')[0] ?? '';
	checks.push({ id: 'hook-run', status: 'ok', message: `${shown} exited 0 with one valid ${HOSTS[o.agent].name} envelope (${(parsed.text ?? '').length} characters): ${first}` });
}

function explainWorkingDirectory(o: DoctorOptions, found: Found[], checks: Check[]): void {
	const labels = new Set(found.map((f) => f.where.label));
	const name = HOSTS[o.agent].name;
	if (labels.has('user') || labels.has('managed') || labels.has('system')) {
		checks.push({ id: 'working-directory', status: 'info', message: `Registered in ${name}'s user settings: sessions started in any folder get this vault's brief.` });
		return;
	}
	if (labels.size === 0) return;
	const cli = o.agent === 'claude-code' ? 'claude' : o.agent;
	checks.push({
		id: 'working-directory',
		status: 'info',
		message: `${name} reads the vault's own hook file only when it is started in ${o.vault} itself. Started in a subfolder or anywhere else (a script, a terminal tab, "${cli} --resume" from another folder), it loads no hooks from the vault and the brief is silently missing.`,
		fix: `Start the agent in the vault (cd "${o.vault}" && ${cli}), or run "install --scope user${o.agent === 'claude-code' ? '' : ` --agent ${o.agent}`}" so every session gets the brief.`,
	});
}

export async function doctor(o: DoctorOptions): Promise<DoctorReport> {
	const platform = o.platform ?? process.platform;
	const env = o.env ?? {};
	const p: HostPaths = { vault: o.vault, home: o.home, env, platform, managedDir: o.managedDir };
	const checks: Check[] = [];
	checkScript(o, checks);
	checks.push(...vaultPathChecks(o.vault));
	const found = readRegistrations(o, p, checks);
	const reg = checkRegistrations(o, found, checks);
	checks.push(...writeGuardChecks(o.agent, o.vault, scriptTarget(o.vault), found, loadVaultContext(o.vault, { env }).settings));
	if (reg !== undefined) {
		const interpreter = parseOwnCommand(reg.command)?.interpreter ?? '';
		await checkInterpreter(interpreter === '' ? 'node' : interpreter, env, platform, checks);
		if (exists(scriptTarget(o.vault))) await checkHookRun(o, reg, env, platform, checks);
	}
	checks.push(...sessionStartChecks(o.vault, reg !== undefined, env));
	// For the hosts install registers the MCP server for (docs/agents.md, "MCP server").
	const mcpHost = MCP_HOSTS[o.agent];
	if (mcpHost !== undefined && exists(scriptTarget(o.vault))) {
		await checkMcpServer(mcpHost, { vault: o.vault, home: o.home, version: o.version, mcpSource: o.mcpSource, env, timeoutMs: o.timeoutMs }, checks);
	}
	explainWorkingDirectory(o, found, checks);
	checkTrust(o, found, p, checks);
	return { ok: !checks.some((c) => c.status === 'fail'), vault: o.vault, agent: o.agent, checks };
}

/** The host's own trust step for the files our hooks are registered in (docs/agents.md). */
function checkTrust(o: DoctorOptions, found: Found[], p: HostPaths, checks: Check[]): void {
	const script = path.resolve(scriptTarget(o.vault));
	const labels = new Set(found.filter((f) => path.resolve(parseOwnCommand(f.command)?.script ?? '') === script).map((f) => f.where.label));
	if (labels.size === 0) return;
	const scope = labels.has('project') || labels.has('local') ? 'project' : 'user';
	for (const t of trustFindings(o.agent, { vault: o.vault, home: o.home, scope, env: p.env, platform: p.platform })) {
		checks.push({ id: 'trust', status: t.status, message: t.message, ...(t.fix !== undefined ? { fix: t.fix } : {}) });
	}
}

const MARK: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL', info: 'note' };

export function formatDoctor(report: DoctorReport): string {
	const lines = [`Session Brief doctor: ${HOSTS[report.agent].name}, vault ${report.vault}`];
	for (const c of report.checks) {
		lines.push(`[${MARK[c.status]}] ${c.message}`);
		if (c.fix !== undefined && c.status !== 'ok') lines.push(`       Fix: ${c.fix}`);
	}
	const warned = report.checks.some((c) => c.status === 'warn');
	lines.push(!report.ok ? 'Problems found; see FAIL above.' : warned ? 'Nothing failed, but see WARN above: the brief may not arrive until that is done.' : 'No problem found.');
	return lines.join('\n');
}
