/**
 * Gemini CLI loads a project's `.gemini/settings.json` (hooks included) only in a trusted folder.
 * Nothing fails when the step is missing: the brief just never arrives. Sources: docs/agents.md.
 */
import * as path from 'node:path';
import type { TrustFinding } from './trust-finding';
import { inside, isObj, readJson } from './trust-paths';

type Level = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

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

export function geminiTrust(vault: string, home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): TrustFinding {
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
