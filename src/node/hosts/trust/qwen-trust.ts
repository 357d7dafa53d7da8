/**
 * Qwen Code's folder trust (Gemini CLI's rules, once `security.folderTrust.enabled` is on): without
 * it the project's hooks are skipped and the brief is silently missing, so doctor checks the step
 * (sources: docs/agents.md).
 */
import * as path from 'node:path';
import { geminiFolderTrust } from './gemini-trust';
import type { TrustFinding } from './trust-finding';
import { isObj, readJson } from './trust-paths';

export function qwenTrust(vault: string, home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): TrustFinding {
	const settingsFile = path.join(home, '.qwen', 'settings.json');
	const settings = readJson(settingsFile);
	const security = isObj(settings) && isObj(settings.security) ? settings.security : undefined;
	const enabled = security !== undefined && isObj(security.folderTrust) ? security.folderTrust.enabled : undefined;
	if (enabled !== true) return { status: 'ok', message: `Folder trust is off for Qwen Code (${settingsFile}): it loads the vault's .qwen/settings.json in any folder.` };
	const override = env.QWEN_CODE_TRUSTED_FOLDERS_PATH;
	const file = override !== undefined && override.trim() !== '' ? override : path.join(home, '.qwen', 'trustedFolders.json');
	const trusted = geminiFolderTrust(readJson(file), vault, platform);
	if (trusted === true) return { status: 'ok', message: `${vault} is a trusted folder for Qwen Code (${file}).` };
	const why = trusted === false ? `is marked "Don't trust" in ${file}` : `is not in ${file}`;
	return {
		status: 'warn',
		message: `Folder trust is on for Qwen Code (${settingsFile}), and ${vault} ${why}: started there, Qwen Code loads none of the hooks in the vault's .qwen/settings.json and the brief is silently missing.`,
		fix: `Start qwen in the vault and trust the folder (/trust), or add "${vault.replace(/\\/g, '\\\\')}": "TRUST_FOLDER" to ${file}; or install with --scope user --agent qwen.`,
	};
}
