/**
 * The bridge commands *Install agent hooks* and *Remove agent hooks* show for this vault: the
 * plugin writes no hook file and no agent setting itself; the user runs the companion's own CLI
 * (`npx session-brief`, bridge/args.ts) in a terminal. The lines are built as doctor's fixes are
 * (src/node/hosts/command-line/printed-command.ts), so both print the same command.
 */
import type { AgentId } from '../../core/hosts/agent-contracts';
import type { Scope } from '../../node/hosts/host-spec';
import { installCommandLine, uninstallCommandLine, type PrintPlatform } from '../../node/hosts/command-line/printed-command';

/** The name the package's `bin` gives the bridge (package.json), run through npx. */
export const BRIDGE_COMMAND = 'npx session-brief';

/** `install` for one agent and scope, as the bridge's own command line takes them; `--statusline` when asked. */
export function installCommand(vault: string, agent: AgentId, scope: Scope, platform: PrintPlatform, statusLine = false): string {
	return installCommandLine(BRIDGE_COMMAND, vault, agent, scope, platform, statusLine ? 'add' : 'no');
}

/** `uninstall`; an agent or scope left out means every installation recorded in the vault. */
export function uninstallCommand(vault: string, agent: AgentId | undefined, scope: Scope | undefined, platform: PrintPlatform): string {
	return uninstallCommandLine(BRIDGE_COMMAND, vault, agent, scope, platform);
}
