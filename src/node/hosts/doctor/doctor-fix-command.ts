/**
 * The command each "install again" fix stands for, complete (program, vault, agent, scope) and
 * quoted for the user's shell, so a fix is something to paste and run, not a word to look up.
 * The checks keep their sentences; this gives those that say `"install"` the command beside them.
 */
import type { AgentId } from '../../../core/hosts/agent-contracts';
import type { Scope } from '../host-spec';
import { readManifest } from '../install/manifest';
import { installCommandLine } from '../command-line/printed-command';
import type { Check } from './doctor-report';

/** What a command needs that doctor knows; `program` is the name the bridge was run by. */
export interface FixCommandContext {
	program: string;
	vault: string;
	agent: AgentId;
	/** The scope this vault's hooks were installed in (default: project). */
	scope: Scope;
	platform: NodeJS.Platform;
}

export const DEFAULT_PROGRAM = 'npx session-brief';

export function installCommand(c: FixCommandContext, scope: Scope = c.scope): string {
	return installCommandLine(c.program, c.vault, c.agent, scope, c.platform);
}

/** The scope install recorded for this agent in this vault, else project. */
export function installedScope(vault: string, agent: AgentId, foundLabels: ReadonlySet<string>): Scope {
	const recorded = readManifest(vault)?.installs.find((r) => r.agent === agent)?.scope;
	if (recorded === 'project' || recorded === 'local' || recorded === 'user') return recorded;
	if (foundLabels.has('user') && !foundLabels.has('project')) return 'user';
	return 'project';
}

/** `"install"`, `"install --agent x"`, `"install --scope user --agent x"` as the checks write it. */
const INSTALL_WORD = /"install( --scope user)?(?: --agent [\w-]+)?"(?: --agent [\w-]+)?/;

/**
 * The check with `command` set when its fix is to run install: the quoted word becomes plain
 * prose (`Run install --agent codex.`) and the runnable line goes beside it.
 */
export function withFixCommand(check: Check, c: FixCommandContext): Check {
	if (check.fix === undefined || check.command !== undefined) return check;
	const m = INSTALL_WORD.exec(check.fix);
	if (m === null) return check;
	const scope: Scope = m[1] !== undefined ? 'user' : c.scope;
	const fix = check.fix.replace(INSTALL_WORD, (word) => word.replace(/"/g, ''));
	const command = installCommand(c, scope);
	// A fix that said nothing but "run install" is the command itself.
	return { ...check, fix: /^Run install(?: again)?\.$/.test(fix) ? command : fix, command };
}
