/**
 * The trust step some hosts put between a registered hook and a hook that runs. Gemini CLI loads a
 * project's `.gemini/settings.json` (hooks included) only in a trusted folder; Codex loads a
 * project's `.codex/` only in a trusted project, and runs any hook that is not managed only after
 * the user trusted it in `/hooks` (keyed to the hook's hash, so again after every change). Nothing
 * fails when the step is missing: the brief just never arrives. Sources: docs/agents.md.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentId } from '../../core/agent-contracts';
/** Where the hooks are registered (the host's project, local or user settings). */
type Scope = 'project' | 'local' | 'user';

export interface TrustFinding {
	status: 'ok' | 'warn' | 'info';
	message: string;
	fix?: string;
}

type Level = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

function readJson(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	} catch {
		return undefined;
	}
}

function isObj(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Case-folded on Windows and macOS, whose file systems usually are. */
function same(a: string, b: string, platform: NodeJS.Platform): boolean {
	const norm = (p: string): string => path.resolve(p).replace(/[\\/]+$/, '');
	return platform === 'linux' ? norm(a) === norm(b) : norm(a).toLowerCase() === norm(b).toLowerCase();
}

function inside(child: string, parent: string, platform: NodeJS.Platform): boolean {
	let dir = path.resolve(child);
	for (;;) {
		if (same(dir, parent, platform)) return true;
		const up = path.dirname(dir);
		if (up === dir) return false;
		dir = up;
	}
}

/**
 * The folder's trust as Gemini CLI decides it from `trustedFolders.json`: the most specific rule
 * wins; `TRUST_FOLDER` covers the folder and below, `TRUST_PARENT` the rule folder's parent and
 * below, `DO_NOT_TRUST` the folder and below. Undefined when no rule applies.
 */
export function geminiFolderTrust(rules: unknown, folder: string, platform: NodeJS.Platform = process.platform): boolean | undefined {
	if (!isObj(rules)) return undefined;
	let best: { depth: number; trusted: boolean } | undefined;
	for (const [key, value] of Object.entries(rules)) {
		if (value !== 'TRUST_FOLDER' && value !== 'TRUST_PARENT' && value !== 'DO_NOT_TRUST') continue;
		const level: Level = value;
		const root = level === 'TRUST_PARENT' ? path.dirname(path.resolve(key)) : path.resolve(key);
		if (!inside(folder, root, platform)) continue;
		const depth = root.split(/[\\/]/).length;
		if (best === undefined || depth > best.depth) best = { depth, trusted: level !== 'DO_NOT_TRUST' };
	}
	return best?.trusted;
}

function geminiTrust(vault: string, home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): TrustFinding {
	const file = path.join(home, '.gemini', 'trustedFolders.json');
	if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true') {
		return { status: 'ok', message: `GEMINI_CLI_TRUST_WORKSPACE=true in this environment: Gemini CLI treats the folder it starts in as trusted.` };
	}
	const settings = readJson(path.join(home, '.gemini', 'settings.json'));
	const security = isObj(settings) && isObj(settings.security) ? settings.security : undefined;
	const folderTrust = security !== undefined && isObj(security.folderTrust) ? security.folderTrust.enabled : undefined;
	if (folderTrust === false) {
		return { status: 'ok', message: 'Folder trust is switched off in ~/.gemini/settings.json: Gemini CLI loads the vault\'s .gemini/settings.json in any folder.' };
	}
	const trusted = geminiFolderTrust(readJson(file), vault, platform);
	if (trusted === true) return { status: 'ok', message: `${vault} is a trusted folder for Gemini CLI (${file}).` };
	const why = trusted === false ? `is marked "Don't trust" in ${file}` : `is not in ${file}`;
	return {
		status: 'warn',
		message: `Gemini CLI loads the hooks in the vault's .gemini/settings.json only in a trusted folder, and ${vault} ${why}: started there, it loads no hooks and the brief is silently missing (--skip-trust does not load them either).`,
		fix: `Start gemini in the vault and choose "Trust folder" (or run /permissions there), or add "${vault.replace(/\\/g, '\\\\')}": "TRUST_FOLDER" to ${file}; or install with --scope user --agent gemini.`,
	};
}

/** Whether `~/.codex/config.toml` marks the project trusted (`[projects."<path>"]` with `trust_level = "trusted"`). */
export function codexProjectTrusted(configToml: string, vault: string, platform: NodeJS.Platform = process.platform): boolean | undefined {
	let current: string | null = null;
	let found: boolean | undefined;
	for (const raw of configToml.split(/\r?\n/)) {
		const line = raw.trim();
		const table = /^\[projects\.(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\]$/.exec(line);
		if (table !== null) {
			current = table[1] !== undefined ? table[1].replace(/\\(.)/g, '$1') : (table[2] ?? null);
			continue;
		}
		if (line.startsWith('[')) {
			current = null;
			continue;
		}
		const level = /^trust_level\s*=\s*["']([^"']*)["']/.exec(line);
		if (level !== null && current !== null && same(current, vault, platform)) found = level[1] === 'trusted';
	}
	return found;
}

function codexTrust(vault: string, home: string, scope: Scope | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): TrustFinding[] {
	const codexHome = env.CODEX_HOME !== undefined && env.CODEX_HOME !== '' ? env.CODEX_HOME : path.join(home, '.codex');
	const out: TrustFinding[] = [];
	if (scope !== 'user') {
		const config = path.join(codexHome, 'config.toml');
		let text = '';
		try {
			text = fs.readFileSync(config, 'utf8');
		} catch {
			text = '';
		}
		const trusted = codexProjectTrusted(text, vault, platform);
		if (trusted === true) out.push({ status: 'ok', message: `${vault} is a trusted project for Codex (${config}).` });
		else {
			out.push({
				status: 'warn',
				message: `Codex loads a project's .codex/hooks.json only in a trusted project, and ${config} does not mark ${vault} trusted: started there, Codex skips the vault's hooks without a word.`,
				fix: `Start codex in the vault and trust the project when it asks (it records [projects."${vault}"] trust_level = "trusted" in ${config}).`,
			});
		}
	}
	out.push({
		status: 'warn',
		message: 'Codex runs a new or changed hook only after you trust it in /hooks; until then it skips it silently. Trust is kept per hook content, so it is needed again after an install that changed the entries. Whether you did cannot be read from outside Codex.',
		fix: 'Start codex in the vault, run /hooks and trust the Session Brief entries.',
	});
	return out;
}

/** What stands between this host's registered hook and a hook that runs; empty for hosts without a trust step. */
export function trustFindings(agent: AgentId, o: { vault: string; home: string; scope?: Scope; env: NodeJS.ProcessEnv; platform: NodeJS.Platform }): TrustFinding[] {
	if (agent === 'gemini') return o.scope === 'user' ? [] : [geminiTrust(o.vault, o.home, o.env, o.platform)];
	if (agent === 'codex') return codexTrust(o.vault, o.home, o.scope, o.env, o.platform);
	return [];
}
