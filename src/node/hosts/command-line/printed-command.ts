/**
 * The bridge's install and uninstall commands as a person pastes them into a shell: doctor's fixes
 * and the Obsidian plugin's dialogs print them, so both print the same line.
 */
import type { AgentId } from '../../../core/hosts/agent-contracts';
import type { Scope } from '../host-spec';
import { shellWord } from './shell-word';

/** The platform whose shell the line is quoted for. */
export type PrintPlatform = NodeJS.Platform;

/** `program` is how the bridge is run (`npx session-brief`, `node …/session-brief.cjs`). */
/** `statusLine`: with `--statusline`, and `chain` adds `--chain` (install's own flags). */
export function installCommandLine(program: string, vault: string, agent: AgentId, scope: Scope, platform: NodeJS.Platform, statusLine: 'no' | 'add' | 'chain' = 'no'): string {
	const extra = statusLine === 'no' ? '' : statusLine === 'add' ? ' --statusline' : ' --statusline --chain';
	return `${program} install --vault ${shellWord(vault, platform)} --agent ${agent} --scope ${scope}${extra}`;
}

/** An agent or scope left out means every installation recorded in the vault. */
export function uninstallCommandLine(program: string, vault: string, agent: AgentId | undefined, scope: Scope | undefined, platform: NodeJS.Platform): string {
	const parts = [`${program} uninstall --vault ${shellWord(vault, platform)}`];
	if (agent !== undefined) parts.push(`--agent ${agent}`);
	if (scope !== undefined) parts.push(`--scope ${scope}`);
	return parts.join(' ');
}
