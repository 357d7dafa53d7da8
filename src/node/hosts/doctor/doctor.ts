/**
 * `doctor`: why the brief does or does not arrive, including the working-directory trap with its
 * fix (docs/design.md, "The start-folder trap"). The checks live beside this file, one per concern.
 */
import { hostOf, type HostShell } from '../../../core/hosts/agent-contracts';
import { parseOwnCommand, shellOn } from '../command-line/command-line';
import { exists } from './doctor-files';
import { checkHookRun, checkInterpreter } from './doctor-hook-check';
import { checkScript } from './doctor-install-check';
import { stateFolderChecks } from './doctor-state';
import { sessionNetChecks } from './doctor-net';
import { checkRegistrations, checkTrust, explainWorkingDirectory } from './doctor-registration-check';
import type { Check, DoctorOptions, DoctorReport } from './doctor-report';
import { readRegistrations, type Found } from './doctor-settings-files';
import type { HostPaths } from '../host-spec';
import { scriptTarget, specFor } from '../install/options';
import { vaultPathChecks } from './doctor-vault-path';
import { sessionStartChecks } from './doctor-sessions';
import { checkMcpServer } from './doctor-mcp';
import { MCP_HOSTS } from '../install/mcp-registration';
import { writeGuardChecks } from './doctor-write-guard';
import { loadVaultContext } from '../../vault-config';
import { claudePluginChecks } from '../claude-plugin-check';
import { removedHookChecks } from './doctor-removed-hooks';
import { DEFAULT_PROGRAM, installedScope, withFixCommand } from './doctor-fix-command';
import { statusLineChecks } from './doctor-status-line';

export type { Check, CheckStatus, DoctorOptions, DoctorReport } from './doctor-report';
export { formatDoctor } from './doctor-format';

/**
 * The shell the host runs this registered line in: a line with the call operator is a PowerShell
 * line (Copilot's `powershell` field); any other runs in a POSIX shell where the host has one for
 * it (Copilot's `bash` field), else in the shell the host uses on this platform, so a line written
 * for the wrong shell fails here as it fails in the host.
 */
function runsIn(o: DoctorOptions, reg: Found, platform: NodeJS.Platform): HostShell {
	if (reg.command.trimStart().startsWith('& ')) return 'powershell';
	return specFor(o.agent).shells?.includes('sh') === true ? 'sh' : shellOn(platform, hostOf(o.agent).windowsShell);
}

export async function doctor(o: DoctorOptions): Promise<DoctorReport> {
	const platform = o.platform ?? process.platform;
	const env = o.env ?? {};
	const p: HostPaths = { vault: o.vault, home: o.home, env, platform, managedDir: o.managedDir };
	const checks: Check[] = [];
	checkScript(o, checks);
	checks.push(...stateFolderChecks(o.vault, env));
	checks.push(...sessionNetChecks(o.vault, env));
	checks.push(...vaultPathChecks(o.vault));
	const found = readRegistrations(o, p, checks);
	checks.push(...removedHookChecks(o.vault, env));
	const reg = checkRegistrations(o, found, checks);
	checks.push(...writeGuardChecks(o.agent, o.vault, scriptTarget(o.vault), found, loadVaultContext(o.vault, { env }).settings));
	if (reg !== undefined) {
		const interpreter = parseOwnCommand(reg.command)?.interpreter ?? '';
		await checkInterpreter(interpreter === '' ? 'node' : interpreter, env, platform, checks);
		if (exists(scriptTarget(o.vault))) await checkHookRun(o, reg, env, platform, runsIn(o, reg, platform), checks);
	}
	if (reg !== undefined) for (const c of specFor(o.agent).machineChecks?.(p) ?? []) checks.push({ id: 'shell', ...c });
	await statusLineChecks(o, p, checks);
	checks.push(...sessionStartChecks(o.vault, reg !== undefined, env));
	// For the hosts install registers the MCP server for (docs/agents.md, "MCP server").
	const mcpHost = MCP_HOSTS[o.agent];
	if (mcpHost !== undefined && exists(scriptTarget(o.vault))) {
		await checkMcpServer(mcpHost, { vault: o.vault, home: o.home, version: o.version, mcpSource: o.mcpSource, mcpHash: o.hookFileHashes.mcp, env, timeoutMs: o.timeoutMs }, checks);
	}
	explainWorkingDirectory(o, found, checks);
	checkTrust(o, found, p, checks);
	claudePluginChecks(o, env, checks);
	const mineLabels = new Set(found.filter((f) => parseOwnCommand(f.command) !== null).map((f) => f.where.label));
	const fixContext = { program: o.program ?? DEFAULT_PROGRAM, vault: o.vault, agent: o.agent, scope: installedScope(o.vault, o.agent, mineLabels), platform };
	const withCommands = checks.map((c) => withFixCommand(c, fixContext));
	return { ok: !withCommands.some((c) => c.status === 'fail'), vault: o.vault, agent: o.agent, checks: withCommands };
}
