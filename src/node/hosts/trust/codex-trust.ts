/**
 * Codex loads a project's `.codex/` only in a trusted project, and runs any hook that is not managed
 * only after the user trusted it in `/hooks` (keyed to the hook's hash, so again after every
 * change). Nothing fails when a step is missing: the brief just never arrives. Sources: docs/agents.md.
 */
import * as path from 'node:path';
import type { Scope } from '../host-spec';
import type { TrustFinding } from './trust-finding';
import { same } from './trust-paths';
import { readRegularFile } from '../../state-file';

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

export function codexTrust(vault: string, home: string, scope: Scope | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): TrustFinding[] {
	const codexHome = env.CODEX_HOME !== undefined && env.CODEX_HOME !== '' ? env.CODEX_HOME : path.join(home, '.codex');
	const out: TrustFinding[] = [];
	if (scope !== 'user') {
		const config = path.join(codexHome, 'config.toml');
		let text = '';
		try {
			text = readRegularFile(config, 16 * 1024 * 1024)?.toString('utf8') ?? '';
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
