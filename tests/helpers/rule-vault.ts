/**
 * Throwaway vaults for the rule-check tests, with the built bridge placed in `<vault>/.claude/hooks/`
 * as install places it (hook entry `session-brief.cjs` beside the bridge) so the hook finds its root from its own place (docs/design.md,
 * "Where the vault is"), and a runner that decodes the hook's stdout strictly as UTF-8 and JSON.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyExampleVault } from '../../scripts/example-vault.mjs';
import { placeBridge } from './bridge';
import { HANG_MS } from './patience';

export const REPO = path.resolve(__dirname, '../..');
export const BUNDLE = path.join(REPO, 'bridge', 'dist', 'session-brief.cjs');

const made: string[] = [];

export function tempDir(prefix = 'sb-rules-'): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	made.push(dir);
	return dir;
}

export function removeTempDirs(): void {
	for (const dir of made.splice(0)) {
		try {
			// A test may have made the folder read-only; without root, rm needs it writable again.
			fs.chmodSync(dir, 0o755);
		} catch {
			// Already gone.
		}
		// A session start's detached baseline process may still be writing into the vault's plugin
		// folder: its new file makes a removal fail with ENOTEMPTY, which a retry gets past.
		fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
	}
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
	for (const [rel, content] of Object.entries(files)) {
		const file = path.join(root, rel);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, content);
	}
}

/** The hook script inside `vault`, as `install` would place it. */
export function hookScript(vault: string): string {
	return path.join(vault, '.claude', 'hooks', 'session-brief.cjs');
}

/** A copy of the example vault as the repository holds it (clean under every check) with the bundle installed. */
export function exampleVault(extra: Record<string, string | Buffer> = {}, dir = tempDir()): string {
	copyExampleVault(dir);
	placeBridge(path.dirname(hookScript(dir)));
	writeFiles(dir, extra);
	return dir;
}

/** Sets the plugin settings the bridge reads (`<config>/plugins/session-brief/data.json`). */
export function setPluginSettings(vault: string, settings: Record<string, unknown>): void {
	const file = path.join(vault, '.obsidian', 'plugins', 'session-brief', 'data.json');
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify({ ...current, ...settings }, null, 2));
}

export interface HookRun {
	code: number | null;
	stdout: Buffer;
	stderr: string;
	/** stdout decoded strictly as UTF-8 (throws on invalid bytes). */
	text: string;
	/** For the hook: the parsed JSON object, or null for empty stdout. Other commands: null. */
	json: HookEnvelope | null;
}

export interface HookEnvelope {
	hookSpecificOutput: { hookEventName: string; additionalContext: string };
	systemMessage: string;
}

/** A minimal environment: PATH only unless a test adds more, so no locale leaks in by accident. */
export function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	// The run's own per-user state folder (vitest.config.ts), never a real home's.
	return { PATH: process.env.PATH ?? '', SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR, ...extra };
}

export interface RunOptions {
	env?: NodeJS.ProcessEnv;
	cwd?: string;
	args?: string[];
	nodeArgs?: string[];
	script?: string;
	timeoutMs?: number;
}

export function runBridge(vault: string, command: string, stdin: string | Buffer, options: RunOptions = {}): HookRun {
	const script = options.script ?? hookScript(vault);
	const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), script, command, ...(options.args ?? [])], {
		input: stdin,
		cwd: options.cwd ?? tempDir('sb-cwd-'),
		env: options.env === undefined ? bareEnv() : 'SESSION_BRIEF_STATE_DIR' in options.env ? options.env : { ...options.env, SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR },
		timeout: options.timeoutMs ?? HANG_MS,
	});
	const stdout = result.stdout ?? Buffer.alloc(0);
	const text = new TextDecoder('utf-8', { fatal: true }).decode(stdout);
	return { code: result.status, stdout, stderr: result.stderr?.toString('utf8') ?? '', text, json: command !== 'post-tool-use' || text.trim() === '' ? null : (JSON.parse(text) as HookEnvelope) };
}

export function runHook(vault: string, stdin: string | Buffer | object, options: RunOptions = {}): HookRun {
	const input = typeof stdin === 'string' || Buffer.isBuffer(stdin) ? stdin : JSON.stringify(stdin);
	return runBridge(vault, 'post-tool-use', input, options);
}

/** A Claude Code PostToolUse input for an Edit of `filePath`. */
export function editInput(filePath: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		session_id: 'test',
		hook_event_name: 'PostToolUse',
		tool_name: 'Edit',
		tool_input: { file_path: filePath, old_string: 'a', new_string: 'b', replace_all: false },
		tool_response: { filePath, success: true },
		...extra,
	};
}
