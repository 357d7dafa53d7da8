/**
 * `install`, `uninstall` and `doctor` from the command line: flags to the explicit options of
 * install.ts / uninstall.ts / doctor.ts (which the Obsidian plugin calls directly), results to
 * stdout/stderr, and the exit code.
 */
import * as fs from 'node:fs';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../hook-file-texts';
import * as os from 'node:os';
import * as path from 'node:path';
import { asciiJson } from '../../src/core/brief/format';
import { stringFlag, type Args } from '../args';
import type { Scope } from '../../src/node/hosts/host-spec';
import { bundleOf, chooseAgent, EXIT, type ActionResult } from '../../src/node/hosts/install/options';
import { givenConfigDir, vaultRoot } from '../context';
import { programName } from '../program-name';
import { doctor, formatDoctor } from '../../src/node/hosts/doctor/doctor';
import { install } from '../../src/node/hosts/install/install';
import { uninstall } from '../../src/node/hosts/install/uninstall';
import { safeLines } from '../../src/core/quote';
import { mcpFileBeside } from '../../src/node/mcp/server-load';
import { readRegularFile } from '../../src/node/state-file';

/** The bridge and its MCP server file are about a megabyte each. */
const PROGRAM_MAX = 64 * 1024 * 1024;

/** One of Session Brief's own files beside the running bridge: a regular file, never a FIFO to wait on. */
function readProgram(file: string): Buffer {
	const data = readRegularFile(file, PROGRAM_MAX);
	if (data === null) throw new Error(`${file} is missing or not a regular file`);
	return data;
}

declare const BRIDGE_VERSION: string;

/** The bundle defines BRIDGE_VERSION; tests that import this module directly get `dev`. */
export function bridgeVersion(): string {
	return typeof BRIDGE_VERSION === 'string' ? BRIDGE_VERSION : 'dev';
}

type Out = (text: string) => void;

export interface CliIo {
	out: Out;
	err: Out;
	/** The interpreter to record; the CLI's own node by default. */
	nodePath?: string;
}

// Paths and hook commands come from files anyone with the vault can write: no raw control character reaches the terminal.
const defaultIo: CliIo = {
	out: (t) => process.stdout.write(safeLines(t)),
	err: (t) => process.stderr.write(safeLines(t)),
};

/**
 * The MCP server file beside the running bridge, if there is one (a release and the npm package
 * ship both files). npx and a global npm install run the bridge through a link in
 * `node_modules/.bin`, so the file is looked for beside the link's target too.
 */
function mcpSourceOf(scriptPath: string): Buffer | undefined {
	for (const script of [scriptPath, realScript(scriptPath)]) {
		try {
			const data = readRegularFile(mcpFileBeside(path.dirname(bundleOf(script))), PROGRAM_MAX);
			if (data !== null) return data;
		} catch {
			// Not beside this one.
		}
	}
	return undefined;
}

function realScript(scriptPath: string): string {
	try {
		return fs.realpathSync(scriptPath);
	} catch {
		return scriptPath;
	}
}

function homeOf(env: NodeJS.ProcessEnv): string {
	return env.HOME || env.USERPROFILE || os.homedir();
}

function scopeOf(args: Args): Scope | null | undefined {
	const s = stringFlag(args, 'scope');
	if (s === undefined) return undefined;
	return s === 'project' || s === 'user' || s === 'local' ? s : null;
}

function print(r: ActionResult, io: CliIo): number {
	for (const w of r.warnings) io.err(`session-brief: warning: ${w}\n`);
	const text = r.lines.map((l) => `${l}\n`).join('');
	if (r.code === EXIT.ok) io.out(text);
	else io.err(text.replace(/^/gm, (m, offset: number) => (offset === 0 ? 'session-brief: ' : m)));
	return r.code;
}

export async function runAgentCommand(args: Args, scriptPath: string, env: NodeJS.ProcessEnv, io: CliIo = defaultIo): Promise<number> {
	const usage = (message: string): number => {
		io.err(`session-brief: ${message}\n`);
		return EXIT.usage;
	};
	const scope = scopeOf(args);
	if (scope === null) return usage(`--scope must be project, local or user, not "${stringFlag(args, 'scope') ?? ''}"`);
	let vault: string;
	let configDir: string | undefined;
	try {
		vault = vaultRoot(args, scriptPath, env);
		configDir = givenConfigDir(args, vault);
	} catch (error) {
		return usage((error as Error).message);
	}
	const agentFlag = stringFlag(args, 'agent');
	const choice = chooseAgent(agentFlag);
	if (!choice.ok) {
		io.err(`session-brief: ${choice.message}\n`);
		return choice.code;
	}
	const home = homeOf(env);
	const version = bridgeVersion();

	switch (args.command) {
		case 'install': {
			if (args.flags.has('chain') && !args.flags.has('statusline')) return usage('--chain goes with --statusline: it chains our status line after yours');
			let scriptSource: Buffer;
			try {
				scriptSource = readProgram(bundleOf(scriptPath));
			} catch (error) {
				return usage(`cannot read the running bridge ${scriptPath}: ${(error as Error).message}`);
			}
			return print(
				install({
					vault,
					scope: scope ?? 'project',
					agent: choice.agent,
					home,
					scriptSource,
					hookFiles: HOOK_FILE_TEXTS,
					mcpSource: mcpSourceOf(scriptPath),
					version,
					nodePath: io.nodePath ?? process.execPath,
					configDir,
					env,
					statusLine: args.flags.has('statusline'),
					chain: args.flags.has('chain'),
					program: programName(scriptPath, env, null),
				}),
				io,
			);
		}
		case 'uninstall':
			return print(uninstall({ vault, home, env, scope, agent: agentFlag === undefined ? undefined : choice.agent }), io);
		case 'doctor': {
			let scriptSource: Buffer | undefined;
			try {
				scriptSource = readProgram(bundleOf(scriptPath));
			} catch {
				scriptSource = undefined;
			}
			const report = await doctor({ vault, home, env, agent: choice.agent, version, scriptSource, mcpSource: mcpSourceOf(scriptPath), hookFileHashes: HOOK_FILE_HASHES, program: programName(scriptPath, env, null) });
			io.out(args.flags.has('json') ? `${asciiJson(report, 2)}\n` : `${formatDoctor(report)}\n`);
			return report.ok ? EXIT.ok : EXIT.problem;
		}
		default:
			return usage(`unknown command "${args.command}"`);
	}
}
