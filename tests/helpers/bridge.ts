/** Runs the built bridge as a real child process inside throw-away vaults. */
import { spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { codeCacheFile } from '../../src/node/hosts/hook-files/code-cache';
import { HANG_MS } from './patience';

export const REPO = path.resolve(__dirname, '../..');
export const BUNDLE = path.join(REPO, 'bridge', 'dist', 'session-brief.cjs');
/** The MCP server file built beside the bridge (only its `mcp` command loads it). */
export const MCP_FILE = path.join(REPO, 'bridge', 'dist', 'session-brief.mcp.cjs');
/** The hook entry install writes beside the bridge (it runs the files beside it with a V8 code cache). */
export const HOOK_ENTRY = path.join(REPO, 'src/node/hosts/hook-files/hook-entry.cjs');
/** The session start up to the plugin's cache, which the hook entry runs instead of the bridge. */
export const START_FILE = path.join(REPO, 'bridge', 'dist', 'session-brief.start.cjs');
/** The hooks around an edit up to their common case, which the hook entry runs instead of the bridge. */
export const EDIT_FILE = path.join(REPO, 'bridge', 'dist', 'session-brief.edit.cjs');

/** The files as `install` places them: the hook entry hooks run, the session start file, the edit hooks' file, the bridge and the MCP server file beside it. */
export function placeBridge(hooksDir: string): void {
	fs.mkdirSync(hooksDir, { recursive: true });
	fs.copyFileSync(BUNDLE, path.join(hooksDir, 'session-brief.bridge.cjs'));
	fs.copyFileSync(MCP_FILE, path.join(hooksDir, 'session-brief.mcp.cjs'));
	fs.copyFileSync(START_FILE, path.join(hooksDir, 'session-brief.start.cjs'));
	fs.copyFileSync(EDIT_FILE, path.join(hooksDir, 'session-brief.edit.cjs'));
	fs.copyFileSync(HOOK_ENTRY, path.join(hooksDir, 'session-brief.cjs'));
}
export const FIXED_NOW = '2026-11-29T10:00:00';

export type Files = Record<string, string | Buffer>;

export function writeFiles(root: string, files: Files): void {
	for (const [rel, content] of Object.entries(files)) {
		const file = path.join(root, rel);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, content);
	}
}

/** A vault in a temp folder with the bridge placed in `.claude/hooks/` as `install` places it. */
export function makeVault(files: Files = {}, options: { config?: boolean } = {}): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-vault-'));
	fs.chmodSync(root, 0o755);
	if (options.config !== false) fs.mkdirSync(path.join(root, '.obsidian'));
	writeFiles(root, files);
	placeBridge(path.join(root, '.claude', 'hooks'));
	return root;
}

export function hookScript(vault: string): string {
	return path.join(vault, '.claude', 'hooks', 'session-brief.cjs');
}

export interface RunResult {
	status: number | null;
	stdout: Buffer;
	stderr: string;
}

/**
 * The run's own per-user state folder (vitest.config.ts) for every child unless a test names
 * another: the hooks write there (the journal's copy, code caches), never into a real home.
 */
export function withStateDir(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return 'SESSION_BRIEF_STATE_DIR' in env ? env : { ...env, SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR };
}

/** Where the hook entry keeps the code cache of the hook file `file` (src/node/hosts/hook-files/code-cache.ts). */
export function codeCacheOf(file: string, env: NodeJS.ProcessEnv = process.env): string {
	return codeCacheFile(path.dirname(file), path.basename(file), env);
}

export function run(script: string, args: string[], input: string | Buffer = '', options: SpawnSyncOptions = {}): RunResult {
	const env = withStateDir(options.env ?? { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW });
	const r = spawnSync(process.execPath, [script, ...args], { input, timeout: HANG_MS, ...options, env });
	return { status: r.status, stdout: r.stdout as Buffer, stderr: String(r.stderr) };
}

/** Strict UTF-8 decode and JSON parse: a garbled byte or a second object fails the test. */
export function parseHookOutput(stdout: Buffer): unknown {
	const text = new TextDecoder('utf-8', { fatal: true }).decode(stdout);
	return JSON.parse(text) as unknown;
}

export interface HookRun {
	status: number | null;
	raw: string;
	context: string;
}

/** Runs `session-start` in the vault's own copy of the bridge and returns the context text. */
export function sessionStart(vault: string, input: string | Buffer = '{}', options: SpawnSyncOptions = {}): HookRun {
	const r = run(hookScript(vault), ['session-start'], input, options);
	const raw = new TextDecoder('utf-8', { fatal: true }).decode(r.stdout);
	const out = JSON.parse(raw) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
	if (out.hookSpecificOutput.hookEventName !== 'SessionStart') throw new Error(`wrong event name in ${raw}`);
	if (Object.keys(out).length !== 1) throw new Error(`extra keys in ${raw}`);
	return { status: r.status, raw, context: out.hookSpecificOutput.additionalContext };
}

/** The line of the brief that starts with `label`. */
export function line(context: string, label: string): string {
	const found = context.split('\n').find((l) => l.startsWith(label));
	if (found === undefined) throw new Error(`no line "${label}" in:\n${context}`);
	return found;
}

/** uid/gid to run a child without root's power to read anything (null when not root). */
export function unprivileged(): { uid: number; gid: number } | null {
	return typeof process.getuid === 'function' && process.getuid() === 0 ? { uid: 65534, gid: 65534 } : null;
}

/**
 * Stops a server started from the vault's hook entry, waits for it to exit (on its way out the
 * entry writes its code cache into the vault), then removes the vault.
 */
export async function stopServerAndRemove(server: ChildProcess | null, vault: string): Promise<void> {
	if (server !== null && server.exitCode === null && server.signalCode === null) {
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.kill('SIGTERM');
		await exited;
	}
	fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30, retryDelay: 100 });
}

/** Polls `check` every 50 ms until it holds or a hang is plain (HANG_MS); whether it came true. */
export async function waitFor(check: () => boolean, ms = HANG_MS): Promise<boolean> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (check()) return true;
		await new Promise((r) => setTimeout(r, 50));
	}
	return check();
}
