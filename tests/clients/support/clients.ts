/**
 * Starting the real agent CLIs (pinned in tests/clients/package.json) against the model-API
 * stand-in, each with a home folder of its own, an environment built from nothing (no token or
 * setting of the machine leaks in) and every proxy variable pointing at the network guard.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { copyExampleVault } from '../../../scripts/example-vault.mjs';
import type { ModelApi, RecordedRequest } from './model-api';
import type { NetworkGuard } from './network-guard';

export const CLIENTS_DIR = path.resolve(__dirname, '..');
export const REPO = path.resolve(CLIENTS_DIR, '../..');
export const BRIDGE = path.join(REPO, 'bridge', 'dist', 'session-brief.cjs');
/** The clock the hooks see (SESSION_BRIEF_NOW), so a brief and a `report` agree on the date. */
export const NOW = '2026-11-30T10:00:00';

export type ClientId = 'claude' | 'gemini' | 'codex' | 'qwen';

export const PACKAGES: Record<ClientId, string> = {
	claude: '@anthropic-ai/claude-code',
	gemini: '@google/gemini-cli',
	codex: '@openai/codex',
	qwen: '@qwen-code/qwen-code',
};

export function binary(id: ClientId): string {
	return path.join(CLIENTS_DIR, 'node_modules', '.bin', id);
}

export interface Ran {
	status: number | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

/** Runs a program without blocking the event loop: the stand-in answers from this same process. */
export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; input?: string }): Promise<Ran> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGKILL');
		}, options.timeoutMs ?? 90_000);
		child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
		child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
		child.stdin.on('error', () => undefined);
		child.stdin.end(options.input ?? '');
		child.on('error', (e) => {
			clearTimeout(timer);
			resolve({ status: null, stdout, stderr: `${stderr}${e.message}`, timedOut });
		});
		child.on('close', (status) => {
			clearTimeout(timer);
			resolve({ status, stdout, stderr, timedOut });
		});
	});
}

export interface Probe {
	ok: boolean;
	version: string;
	/** Why the client cannot start, for the skip message. */
	reason: string;
}

/** Whether the CLI starts at all (`--version`); the suite skips a client that does not. */
export async function probe(id: ClientId): Promise<Probe> {
	const bin = binary(id);
	if (!fs.existsSync(bin)) return { ok: false, version: '', reason: `${PACKAGES[id]} is not installed in tests/clients (run "npm run test:clients", which installs the pinned CLIs)` };
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-probe-'));
	try {
		const r = await run(bin, ['--version'], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home }, timeoutMs: 60_000 });
		const version = /\d+\.\d+\.\d+[\w.-]*/.exec(r.stdout)?.[0];
		if (r.status !== 0 || version === undefined) {
			const why = r.timedOut ? 'timed out' : `exited with ${String(r.status)}`;
			return { ok: false, version: '', reason: `${PACKAGES[id]} cannot start here: "${id} --version" ${why}: ${(r.stderr.trim() || r.stdout.trim()).split('\n')[0] ?? ''}` };
		}
		return { ok: true, version, reason: '' };
	} finally {
		fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
	}
}

/**
 * A client that cannot start is skipped with the reason, unless SESSION_BRIEF_CLIENTS_STRICT=1
 * (the drift watch), where that is itself the finding.
 */
export function skipReason(id: ClientId, p: Probe): string | undefined {
	if (p.ok) return undefined;
	if (process.env.SESSION_BRIEF_CLIENTS_STRICT === '1') throw new Error(p.reason);
	console.warn(`[client suite] SKIPPED ${PACKAGES[id]}: ${p.reason}`);
	return p.reason;
}

export interface Workspace {
	/** The vault (a copy of example-vault). */
	vault: string;
	/** The client's HOME (its user settings live here). */
	home: string;
	cleanup(): void;
}

export function workspace(): Workspace {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-client-'));
	const vault = path.join(base, 'vault');
	const home = path.join(base, 'home');
	// As the repository holds it: nothing a local run left in example-vault/ comes along.
	copyExampleVault(vault);
	fs.mkdirSync(home);
	return { vault, home, cleanup: () => fs.rmSync(base, { recursive: true, force: true, maxRetries: 30 }) };
}

/** The environment every client starts from: no variable of the machine beyond PATH. */
export function baseEnv(ws: Workspace, guard: NetworkGuard): NodeJS.ProcessEnv {
	const proxy = guard.url;
	const local = '127.0.0.1,localhost';
	return {
		PATH: process.env.PATH ?? '',
		HOME: ws.home,
		LANG: 'C.UTF-8',
		TERM: 'dumb',
		NO_COLOR: '1',
		HTTP_PROXY: proxy,
		HTTPS_PROXY: proxy,
		ALL_PROXY: proxy,
		http_proxy: proxy,
		https_proxy: proxy,
		all_proxy: proxy,
		NO_PROXY: local,
		no_proxy: local,
		SESSION_BRIEF_NOW: NOW,
	};
}

/** Runs the built bridge (`install`, `doctor`, `report`) with the client's HOME. */
export function bridge(ws: Workspace, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
	const env = options.env ?? { PATH: process.env.PATH ?? '', HOME: ws.home, SESSION_BRIEF_NOW: NOW };
	return run(process.execPath, [BRIDGE, ...args, '--vault', ws.vault], { cwd: options.cwd ?? ws.vault, env, timeoutMs: 60_000 });
}

export async function bridgeOk(ws: Workspace, args: string[]): Promise<string> {
	const r = await bridge(ws, args);
	if (r.status !== 0) throw new Error(`bridge ${args.join(' ')} exited ${String(r.status)}: ${r.stderr}${r.stdout}`);
	return r.stdout;
}

/**
 * The repository's marketplace in `dir`, its entry as the repository has it but for the url: a
 * local bare repository beside `dir` whose plugin branch the release script committed. The client
 * clones that branch at the entry's ref, as it clones the published one.
 */
export function localMarketplace(dir: string): void {
	const origin = `${dir}-origin.git`;
	const who = { GIT_AUTHOR_NAME: 'tests', GIT_AUTHOR_EMAIL: 'tests@example.invalid', GIT_COMMITTER_NAME: 'tests', GIT_COMMITTER_EMAIL: 'tests@example.invalid' };
	const env = { ...process.env, ...who };
	execFileSync('git', ['init', '-q', '--bare', origin], { env, stdio: 'pipe' });
	execFileSync(process.execPath, [path.join(REPO, 'scripts', 'plugin-branch.mjs'), '--commit', '--repo', origin], { env, stdio: 'pipe' });
	const market = JSON.parse(fs.readFileSync(path.join(REPO, '.claude-plugin', 'marketplace.json'), 'utf8')) as { plugins: { source: { url: string } }[] };
	for (const plugin of market.plugins) plugin.source.url = pathToFileURL(origin).href;
	fs.mkdirSync(path.join(dir, '.claude-plugin'), { recursive: true });
	fs.writeFileSync(path.join(dir, '.claude-plugin', 'marketplace.json'), JSON.stringify(market, null, 2));
}

/** The brief as `report` prints it, without its header (which names the source) and trailer. */
export async function reportLines(ws: Workspace): Promise<string[]> {
	const text = await bridgeOk(ws, ['report']);
	return text
		.trimEnd()
		.split('\n')
		.slice(1)
		.filter((l) => !l.startsWith('('));
}

export interface Session extends Ran {
	/** The requests the stand-in received during this run. */
	requests: RecordedRequest[];
	/** Only those with the agent's tools (turns of the conversation). */
	conversation: RecordedRequest[];
}

async function session(api: ModelApi, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Session> {
	const from = api.requests.length;
	const r = await run(command, args, { cwd, env, timeoutMs: 120_000 });
	const requests = api.requests.slice(from);
	return { ...r, requests, conversation: requests.filter((q) => q.conversation) };
}

function describeRun(name: string, s: Session): string {
	return `${name} exited ${String(s.status)}${s.timedOut ? ' (timed out)' : ''}; ${s.requests.length} request(s) to the stand-in.\nstderr: ${s.stderr.slice(-2000)}\nstdout: ${s.stdout.slice(-2000)}`;
}

/** Fails with the client's own output when it did not finish cleanly. */
export function expectClean(name: string, s: Session): void {
	if (s.status !== 0 || s.conversation.length === 0) throw new Error(describeRun(name, s));
}

// ---- Claude Code ----

export interface ClaudeOptions {
	cwd?: string;
	/** Extra CLI arguments (e.g. `--resume <id>`). */
	args?: string[];
	/** `--dangerously-skip-permissions` (writes under `.claude/` need it); as root also IS_SANDBOX=1. */
	skipPermissions?: boolean;
}

export function claudeEnv(ws: Workspace, api: ModelApi, guard: NetworkGuard): NodeJS.ProcessEnv {
	return {
		...baseEnv(ws, guard),
		ANTHROPIC_BASE_URL: api.url,
		ANTHROPIC_API_KEY: 'sk-ant-stand-in',
		DISABLE_TELEMETRY: '1',
		DISABLE_ERROR_REPORTING: '1',
		DISABLE_AUTOUPDATER: '1',
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
	};
}

export function runClaude(ws: Workspace, api: ModelApi, guard: NetworkGuard, prompt: string, o: ClaudeOptions = {}): Promise<Session> {
	const env = claudeEnv(ws, api, guard);
	const args = ['-p', prompt, '--output-format', 'json', ...(o.args ?? [])];
	if (o.skipPermissions === true) {
		args.push('--dangerously-skip-permissions');
		env.IS_SANDBOX = '1';
	} else args.push('--permission-mode', 'acceptEdits');
	return session(api, binary('claude'), args, o.cwd ?? ws.vault, env);
}

// ---- Gemini CLI ----

/** Trusts the vault the way Gemini CLI records it (`~/.gemini/trustedFolders.json`). */
export function geminiTrustFolder(ws: Workspace): void {
	fs.mkdirSync(path.join(ws.home, '.gemini'), { recursive: true });
	fs.writeFileSync(path.join(ws.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [ws.vault]: 'TRUST_FOLDER' }, null, 2));
}

export function geminiSettings(ws: Workspace): void {
	const dir = path.join(ws.home, '.gemini');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, 'settings.json');
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	fs.writeFileSync(file, JSON.stringify({ ...current, security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false } }, null, 2));
}

export interface GeminiOptions {
	cwd?: string;
	/** GEMINI_CLI_TRUST_WORKSPACE=true: the folder counts as trusted for this run. */
	trustWorkspace?: boolean;
	/** `--skip-trust`: run in an untrusted folder without asking (and without project hooks). */
	skipTrust?: boolean;
	/** `--approval-mode`: headless Gemini CLI offers its edit tools (`replace`, `write_file`) only with `auto_edit` or `yolo`. */
	approvalMode?: 'auto_edit' | 'yolo';
}

export function runGemini(ws: Workspace, api: ModelApi, guard: NetworkGuard, prompt: string, o: GeminiOptions = {}): Promise<Session> {
	geminiSettings(ws);
	const env: NodeJS.ProcessEnv = { ...baseEnv(ws, guard), GEMINI_API_KEY: 'stand-in', GOOGLE_GEMINI_BASE_URL: api.url };
	if (o.trustWorkspace === true) env.GEMINI_CLI_TRUST_WORKSPACE = 'true';
	// A fixed model: "auto" first asks a routing classifier for JSON, which the stand-in does not play.
	const args = ['-p', prompt, '--output-format', 'json', '-m', 'gemini-2.5-flash', ...(o.skipTrust === true ? ['--skip-trust'] : []), ...(o.approvalMode !== undefined ? ['--approval-mode', o.approvalMode] : [])];
	return session(api, binary('gemini'), args, o.cwd ?? ws.vault, env);
}

// ---- Codex ----

export function codexHome(ws: Workspace): string {
	return path.join(ws.home, '.codex');
}

/** The user config: the stand-in as model provider, no update check, plugins or analytics (they phone home). */
export function codexConfig(ws: Workspace, api: ModelApi, options: { trustProject: boolean; model?: string }): void {
	const lines = [
		`model = "${options.model ?? 'gpt-stand-in'}"`,
		'model_provider = "stand-in"',
		'check_for_update_on_startup = false',
		'',
		'[features]',
		'plugins = false',
		'',
		'[analytics]',
		'enabled = false',
		'',
		'[model_providers.stand-in]',
		'name = "stand-in"',
		`base_url = "${api.url}/v1"`,
		'wire_api = "responses"',
		'env_key = "STAND_IN_API_KEY"',
	];
	if (options.trustProject) lines.push('', `[projects.${JSON.stringify(ws.vault)}]`, 'trust_level = "trusted"');
	fs.mkdirSync(codexHome(ws), { recursive: true });
	fs.writeFileSync(path.join(codexHome(ws), 'config.toml'), `${lines.join('\n')}\n`);
}

export interface CodexOptions {
	/** `--dangerously-bypass-hook-trust`: run hooks nobody reviewed (one-shot automation). */
	bypassHookTrust?: boolean;
}

export function codexEnv(ws: Workspace, guard: NetworkGuard): NodeJS.ProcessEnv {
	return { ...baseEnv(ws, guard), STAND_IN_API_KEY: 'stand-in', CODEX_HOME: codexHome(ws) };
}

export function runCodex(ws: Workspace, api: ModelApi, guard: NetworkGuard, prompt: string, o: CodexOptions = {}): Promise<Session> {
	const args = ['exec', '--skip-git-repo-check', ...(o.bypassHookTrust === true ? ['--dangerously-bypass-hook-trust'] : []), prompt];
	return session(api, binary('codex'), args, ws.vault, codexEnv(ws, guard));
}

// ---- Qwen Code ----

/**
 * The user settings: no usage statistics (Qwen Code sends them to an Alibaba Cloud RUM endpoint
 * otherwise, which the network guard would catch). The model is the stand-in, as an OpenAI
 * Chat Completions provider, through OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL.
 */
export function qwenSettings(ws: Workspace): void {
	const dir = path.join(ws.home, '.qwen');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, 'settings.json');
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	fs.writeFileSync(file, JSON.stringify({ ...current, privacy: { usageStatisticsEnabled: false } }, null, 2));
}

export function qwenEnv(ws: Workspace, api: ModelApi, guard: NetworkGuard): NodeJS.ProcessEnv {
	return { ...baseEnv(ws, guard), OPENAI_BASE_URL: `${api.url}/v1`, OPENAI_API_KEY: 'stand-in', OPENAI_MODEL: 'qwen-stand-in', QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' };
}

/** Headless (`-p`); `--approval-mode yolo` runs its edit and shell tools without asking. */
export function runQwen(ws: Workspace, api: ModelApi, guard: NetworkGuard, prompt: string, o: { cwd?: string } = {}): Promise<Session> {
	qwenSettings(ws);
	const args = ['-p', prompt, '--output-format', 'json', '--approval-mode', 'yolo'];
	return session(api, binary('qwen'), args, o.cwd ?? ws.vault, qwenEnv(ws, api, guard));
}
