/**
 * `launcher`: prints a shell function that starts the agent in the vault. Hosts read a project's
 * hook file only from the folder a session starts in (docs/design.md, "The start-folder trap"), so
 * users who keep project scope need the agent started in the vault every time: this makes that one
 * word. Paths are quoted for the chosen shell; nothing is written anywhere.
 */
import * as path from 'node:path';
import { AGENT_IDS, DEFAULT_AGENT, hostOf, isAgentId } from '../../src/core/hosts/agent-contracts';
import { stringFlag, UsageError, type Args } from '../args';
import { vaultRoot } from '../context';
import { writeOut } from '../io';

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';
const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish', 'powershell'];

/** Single-quoted for POSIX shells: nothing inside is expanded; a `'` is closed, escaped and reopened. */
function posixQuote(s: string): string {
	return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Single-quoted for fish, where only `\\` and `\'` are escapes inside single quotes. */
function fishQuote(s: string): string {
	return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Single-quoted for PowerShell, where `''` is a quote and nothing else is special. */
function powershellQuote(s: string): string {
	return `'${s.replace(/'/g, "''")}'`;
}

/** The function text for one shell; `name` is a plain word (checked by the caller). */
export function launcherFunction(shell: Shell, name: string, vault: string, cli: string): string {
	switch (shell) {
		case 'bash':
		case 'zsh':
			// A subshell, so the terminal's own folder does not change.
			return `${name}() { (cd -- ${posixQuote(vault)} && ${cli} "$@"); }`;
		case 'fish':
			return `function ${name}\n    pushd ${fishQuote(vault)}; or return 1\n    ${cli} $argv\n    set -l code $status\n    popd\n    return $code\nend`;
		case 'powershell':
			return `function ${name} {\n    Push-Location -LiteralPath ${powershellQuote(vault)}\n    try { & ${cli} @args } finally { Pop-Location }\n}`;
	}
}

const PROFILE: Record<Shell, string> = {
	bash: '~/.bashrc',
	zsh: '~/.zshrc',
	fish: '~/.config/fish/config.fish',
	powershell: '$PROFILE',
};

export function launcher(args: Args, scriptPath: string): number {
	const vault = vaultRoot(args, scriptPath);
	const shell = stringFlag(args, 'shell') ?? 'bash';
	if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`--shell must be ${SHELLS.join(', ')}, not ${JSON.stringify(shell)}`);
	const agentFlag = stringFlag(args, 'agent') ?? DEFAULT_AGENT;
	if (!isAgentId(agentFlag)) throw new UsageError(`--agent must be one of ${AGENT_IDS.join(', ')}, not ${JSON.stringify(agentFlag)}`);
	const cli = hostOf(agentFlag).cli;
	const name = stringFlag(args, 'name') ?? `${cli}-vault`;
	if (!/^[A-Za-z_][\w-]*$/.test(name)) throw new UsageError(`--name must be a plain word (letters, digits, _ and -), not ${JSON.stringify(name)}`);
	const text = launcherFunction(shell as Shell, name, vault, cli);
	writeOut(
		`# Starts ${hostOf(agentFlag).name} in the vault ${JSON.stringify(path.basename(vault))}, so its hooks load (add to ${PROFILE[shell as Shell]}):\n${text}\n`,
	);
	return 0;
}
