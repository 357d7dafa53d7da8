/**
 * doctor's look at the MCP server: where the host finds it registered, whether the server file
 * beside the bridge is the current one, and one real start of the registered command the way a
 * host starts a stdio server (no shell, the vault as working folder): initialize, list the tools,
 * close its input and see it exit. The exchange is plain newline-delimited JSON-RPC, the MCP stdio
 * transport, spoken here by hand so neither the bridge nor the plugin carries the MCP SDK for it.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TOOL_NAMES } from '../../mcp/contract';
import { MCP_FILE_NAME } from '../../state-registry';
import type { Check } from './doctor';
import { readIfExists, sha256 } from '../install/files';
import { isOwnMcpEntry, MCP_SERVER_NAME, type McpHost } from '../install/mcp-registration';
import { mcpTarget, scriptTarget } from '../install/options';

export interface McpDoctorOptions {
	vault: string;
	home: string;
	version: string;
	/** The server file of the running bridge's build, to tell whether the vault's copy is current. */
	mcpSource?: string | Buffer;
	/** The server file's hash, when known without `mcpSource` (hook-file-hashes.ts). */
	mcpHash?: string;
	env: NodeJS.ProcessEnv;
	timeoutMs?: number;
}

interface Registration {
	file: string;
	label: string;
	command: string;
	args: string[];
}

type Raw = Record<string, unknown>;

function isObj(v: unknown): v is Raw {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readJson(vault: string, file: string): Raw | null {
	try {
		const value = JSON.parse((readIfExists(vault, file) ?? '').toString('utf8').replace(/^\uFEFF/, '')) as unknown;
		return isObj(value) ? value : null;
	} catch {
		return null;
	}
}

/** Our entries in the files the host reads MCP servers from (for Claude Code also `~/.claude.json`'s per-project ones). */
export function findMcpRegistrations(host: McpHost, vault: string, home: string): Registration[] {
	const found: Registration[] = [];
	const take = (servers: unknown, file: string, label: string): void => {
		if (!isObj(servers)) return;
		for (const [name, entry] of Object.entries(servers)) {
			if (!isOwnMcpEntry(entry) || !isObj(entry) || typeof entry.command !== 'string') continue;
			const args = (entry.args as unknown[]).filter((a): a is string => typeof a === 'string');
			found.push({ file, label: name === MCP_SERVER_NAME ? label : `${label}, named "${name}"`, command: entry.command, args });
		}
	};
	for (const { file, scope } of host.files(vault, home)) {
		const value = readJson(vault, file);
		take(value?.mcpServers, file, scope);
		if (isObj(value?.projects)) {
			for (const [dir, p] of Object.entries(value.projects)) if (isObj(p)) take(p.mcpServers, file, `local, for ${dir}`);
		}
	}
	return found;
}

/** How long a server may take to exit once its input closed (ours leaves at once). */
export const EXIT_WAIT_MS = 5_000;

export interface McpProbe {
	/** The tool names the server listed; null when it never got that far. */
	tools: string[] | null;
	/** What went wrong, one sentence; null when the server answered and exited as it should. */
	problem: string | null;
	/** The server started and listed its tools but did not exit when its input closed. */
	lingered: boolean;
}

/**
 * Starts `command args` in `cwd`, initializes, lists the tools, closes stdin and waits for the exit.
 * Never throws: every failure is a `problem`.
 */
export function probeMcpServer(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<McpProbe> {
	return new Promise((resolve) => {
		let stdout = '';
		let stderr = '';
		let tools: string[] | null = null;
		let settled = false;
		let phase: 'initialize' | 'list' | 'exit' = 'initialize';
		const firstErrorLine = (): string => stderr.trim().split('\n').find((l) => l.trim() !== '') ?? '';
		const finish = (problem: string | null, lingered = false): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			resolve({ tools, problem, lingered });
		};
		const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
		let timer = setTimeout(() => finish(`it did not answer ${phase === 'initialize' ? 'the initialize request' : 'tools/list'} within ${timeoutMs / 1000} s${firstErrorLine() !== '' ? ` (stderr: ${firstErrorLine()})` : ''}`), timeoutMs);
		const send = (message: Raw): void => void child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
		const onMessage = (line: string): void => {
			let message: unknown;
			try {
				message = JSON.parse(line);
			} catch {
				finish(`it wrote something that is not a protocol message to stdout, which breaks the connection: ${JSON.stringify(line.slice(0, 120))}`);
				return;
			}
			if (!isObj(message) || message.jsonrpc !== '2.0') {
				finish(`it wrote a message that is not JSON-RPC 2.0 to stdout: ${JSON.stringify(line.slice(0, 120))}`);
				return;
			}
			if (isObj(message.error)) {
				finish(`it answered ${phase} with an error: ${String(message.error.message)}`);
				return;
			}
			if (message.id === 1 && phase === 'initialize') {
				phase = 'list';
				send({ method: 'notifications/initialized' });
				send({ id: 2, method: 'tools/list' });
			} else if (message.id === 2 && phase === 'list') {
				const listed = isObj(message.result) && Array.isArray(message.result.tools) ? (message.result.tools as unknown[]) : [];
				tools = listed.map((t) => (isObj(t) && typeof t.name === 'string' ? t.name : '?'));
				phase = 'exit';
				clearTimeout(timer);
				timer = setTimeout(() => finish(null, true), EXIT_WAIT_MS);
				child.stdin.end();
			}
		};
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
			stdout += chunk;
			let nl = stdout.indexOf('\n');
			while (nl >= 0 && !settled) {
				const line = stdout.slice(0, nl).replace(/\r$/, '');
				stdout = stdout.slice(nl + 1);
				if (line.trim() !== '') onMessage(line);
				nl = stdout.indexOf('\n');
			}
		});
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
			if (stderr.length < 10_000) stderr += chunk;
		});
		child.on('error', (error) => finish(`it could not be started: ${error.message}`));
		child.on('close', (code, signal) => {
			if (phase === 'exit') finish(null);
			else finish(`it exited (${signal ?? `code ${String(code)}`}) before answering ${phase === 'initialize' ? 'the initialize request' : 'tools/list'}${firstErrorLine() !== '' ? `: ${firstErrorLine()}` : ''}`);
		});
		child.stdin.on('error', () => undefined);
		send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'session-brief-doctor', version: '1' } } });
	});
}

/** The server file beside the bridge: there, and the one of this build. */
function checkServerFile(o: McpDoctorOptions, checks: Check[]): boolean {
	const file = mcpTarget(o.vault);
	let installed: Buffer | null;
	try {
		installed = readIfExists(o.vault, file);
	} catch {
		installed = null;
	}
	if (installed === null) {
		checks.push({ id: 'mcp-file', status: 'fail', message: `The MCP server file is not in the vault (${file} is missing), so the MCP server cannot start.`, fix: 'Run "install" again (or the Obsidian command "Install agent hooks").' });
		return false;
	}
	const expected = o.mcpSource !== undefined ? sha256(o.mcpSource) : o.mcpHash;
	if (expected !== undefined && sha256(installed) !== expected) {
		checks.push({ id: 'mcp-file', status: 'fail', message: `${file} differs from the MCP server file of this bridge (version ${o.version}): it is an older or changed copy.`, fix: 'Run "install" again to update it.' });
		return false;
	}
	return true;
}

/** What doctor reports about the MCP server for a host install registers it for. */
export async function checkMcpServer(host: McpHost, o: McpDoctorOptions, checks: Check[]): Promise<void> {
	const script = path.resolve(scriptTarget(o.vault));
	const all = findMcpRegistrations(host, o.vault, o.home);
	const mine = all.filter((r) => r.args.some((a) => path.resolve(a) === script));
	for (const r of all) {
		if (mine.includes(r)) continue;
		const target = r.args.find((a) => a.endsWith(`session-brief.cjs`)) ?? r.args[0] ?? '';
		checks.push({ id: 'mcp-registration', status: 'warn', message: `${r.file} (${r.label}) starts the MCP server of another vault: ${target}.`, fix: fs.existsSync(target) ? 'Uninstall it there if this vault should be the one.' : `Run "install" in ${o.vault}; it updates that entry.` });
	}
	if (mine.length === 0) {
		// Nothing for the host to start: the hooks work without it, the agent only lacks the tools.
		checks.push({ id: 'mcp-registration', status: 'warn', message: `The MCP server "${MCP_SERVER_NAME}" is not registered for this vault (not in ${host.files(o.vault, o.home).map((f) => f.file).join(' or ')}): the agent has no mid-session tools.`, fix: 'Run "install" again (it registers the server beside the hooks).' });
		return;
	}
	for (const r of mine) checks.push({ id: 'mcp-registration', status: 'ok', message: `${r.file} registers the MCP server (${r.label}).` });
	if (!checkServerFile(o, checks)) return;

	// The registered command as the host runs it: no shell, the vault as the working folder.
	const run = mine[0] as Registration;
	const shown = `The MCP server (${[run.command, ...run.args].join(' ')})`;
	const probe = await probeMcpServer(run.command, run.args, o.vault, o.env, o.timeoutMs ?? 20_000);
	if (probe.problem !== null) {
		checks.push({ id: 'mcp-run', status: 'fail', message: `${shown} failed: ${probe.problem}.`, fix: 'Run "install" again; if that does not help, run the command above in a terminal to see its error.' });
		return;
	}
	const listed = probe.tools ?? [];
	const missing = TOOL_NAMES.filter((t) => !listed.includes(t));
	if (missing.length > 0) {
		checks.push({ id: 'mcp-run', status: 'fail', message: `${shown} started but does not list ${missing.join(', ')} (it lists: ${listed.join(', ') || 'no tools'}).`, fix: `Run "install" again to put the ${MCP_FILE_NAME} of this version in place.` });
		return;
	}
	checks.push({ id: 'mcp-run', status: 'ok', message: `${shown} started and lists its tools: ${listed.join(', ')}.` });
	if (probe.lingered) checks.push({ id: 'mcp-run', status: 'warn', message: `${shown} did not exit within ${EXIT_WAIT_MS / 1000} s after its input closed; the agent may leave it running.` });
}
