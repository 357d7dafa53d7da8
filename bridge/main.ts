/**
 * The Session Brief bridge: one bundled file (`bridge/dist/session-brief.cjs`) that agents run as
 * a hook and people run from a terminal. Only wiring lives here.
 */
import { safeLines } from '../src/core/quote';
import { parseArgs, UsageError, type Args } from './args';
import { commandHelp, overview } from './help';
import { programName } from './program-name';
import { hookCrashOutput } from './hook-output';
import { writeOut } from './io';
import { WORKER_FLAG } from '../src/node/scan/worker-flag';
import { LIBRARY_MARK } from '../src/node/agent-library';

declare const BRIDGE_VERSION: string;

async function run(args: Args, scriptPath: string): Promise<number> {
	switch (args.command) {
		// Every command is loaded on demand: a hook start pays only for the code its path runs.
		case 'session-start':
			return (await import('./commands/session-start')).sessionStart(args, scriptPath, process.env);
		case 'post-tool-use':
			return (await import('./commands/post-tool-use')).postToolUse(args, scriptPath, process.env);
		case 'pre-tool-use':
			return (await import('./commands/pre-tool-use')).preToolUse(args, scriptPath, process.env);
		case 'turn-end':
			return (await import('./commands/turn-end')).turnEnd(args, scriptPath, process.env);
		case 'baseline':
			return (await import('./commands/turn-end')).baseline(args, scriptPath, process.env);
		case 'statusline':
			return (await import('./commands/statusline')).statusline(args, scriptPath, process.env);
		case 'report':
			return (await import('./commands/report')).report(args, scriptPath, process.env);
		case 'check':
			return (await import('./commands/check')).check(args, scriptPath, process.env);
		case 'changes':
			return (await import('./commands/changes')).changes(args, scriptPath, process.env);
		case 'install':
		case 'uninstall':
		case 'doctor':
			return (await import('./commands/agents-cli')).runAgentCommand(args, scriptPath, process.env);
		case 'launcher':
			return (await import('./commands/launcher')).launcher(args, scriptPath);
		case 'mcp':
			// The MCP SDK is loaded here only: hook runs never pay for it.
			return (await import('./commands/mcp')).mcp(args, scriptPath, process.env);
		case 'serve':
			return (await import('./commands/serve')).serve(args, scriptPath, process.env);
		case 'version':
			writeOut(`${BRIDGE_VERSION}\n`);
			return 0;
		case 'help': {
			const program = programName(scriptPath, process.env, process.cwd());
			const about = args.positional[0];
			writeOut(`${(about === undefined ? null : commandHelp(about, program)) ?? overview(program)}\n`);
			return 0;
		}
		default:
			// No command at all: the overview, on stderr, as a usage error.
			process.stderr.write(`${overview(programName(scriptPath, process.env, process.cwd()))}\n`);
			return 2;
	}
}

async function main(): Promise<void> {
	// The same file serves as the scan's second thread (scan-parallel.ts).
	if (process.argv.includes(WORKER_FLAG)) {
		(await import('./scan-worker')).runScanWorker();
		return;
	}
	const argv = process.argv.slice(2);
	const scriptPath = process.argv[1] ?? __filename;
	let args: Args = { command: argv[0] ?? '', flags: new Map(), positional: [] };
	try {
		args = parseArgs(argv);
		process.exitCode = await run(args, scriptPath);
	} catch (error) {
		// A hook never fails its host (hook-output.ts).
		const crash = hookCrashOutput(args, error, scriptPath);
		if (crash !== null) {
			writeOut(crash);
			process.exitCode = 0;
			return;
		}
		if (error instanceof UsageError) {
			process.stderr.write(`session-brief: ${safeLines(error.message)}\n`);
			process.exitCode = 2;
			return;
		}
		process.stderr.write(`session-brief: ${safeLines((error as Error).message)}\n`);
		process.exitCode = 2;
	}
}

/** For session-brief.start.cjs (bridge/start-file.ts), when tier 1 cannot serve the brief. */
export { localTiers } from '../src/node/tiers/local-tiers';
/** For session-brief.edit.cjs (bridge/edit-file.ts), for an edit inside the rule scope. */
export { editCheck } from '../src/node/check/edit-check-source';
export const version: string = BRIDGE_VERSION;

declare const module: Record<string, unknown>;
// Loaded as a library, the file only defines its exports; run as a program (by node, the hook
// entry or the scan's worker thread), it runs its command line.
if (module[LIBRARY_MARK] !== true) void main();
