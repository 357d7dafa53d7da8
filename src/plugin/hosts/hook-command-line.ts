/**
 * The bridge commands *Install agent hooks* and *Remove agent hooks* show for this vault: the
 * plugin writes no hook file and no agent setting itself; the user runs the companion's own CLI
 * (`npx session-brief`, bridge/args.ts) in a terminal. The vault path is quoted as doctor's fixes
 * quote it (src/node/hosts/shell-word.ts), so both print the same command.
 */
import type { AgentId } from '../../core/agent-contracts';
import type { Scope } from '../../node/hosts/host-spec';
import { shellWord } from '../../node/hosts/shell-word';

/** The name the package's `bin` gives the bridge (package.json), run through npx. */
export const BRIDGE_COMMAND = 'npx session-brief';

export function quoteForShell(p: string, platform: string): string {
	return shellWord(p, platform === 'win32' ? 'win32' : 'linux');
}

/** `install` for one agent and scope, as the bridge's own command line takes them. */
export function installCommand(vault: string, agent: AgentId, scope: Scope, platform: string): string {
	return `${BRIDGE_COMMAND} install --vault ${quoteForShell(vault, platform)} --agent ${agent} --scope ${scope}`;
}

/** `uninstall`; an agent or scope left out means every installation recorded in the vault. */
export function uninstallCommand(vault: string, agent: AgentId | undefined, scope: Scope | undefined, platform: string): string {
	const parts = [`${BRIDGE_COMMAND} uninstall --vault ${quoteForShell(vault, platform)}`];
	if (agent !== undefined) parts.push(`--agent ${agent}`);
	if (scope !== undefined) parts.push(`--scope ${scope}`);
	return parts.join(' ');
}
