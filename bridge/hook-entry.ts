/**
 * Session Brief: the entry point agents run as a hook (`node session-brief.cjs session-start`).
 *
 * Install writes it beside the bridge itself (session-brief.bridge.cjs, readable source). It runs
 * every command by running that bridge, with one exception, which is why it exists: a session
 * start. That hook runs once per agent session, and its common answer is the cache the Obsidian
 * plugin keeps current (tier 1 in docs/design.md). This file holds exactly the code of that answer,
 * built from the same sources as the bridge, so the common case loads tens of kilobytes instead of
 * the whole bridge. When the run needs more (a scan, the live channel, the full brief), it loads
 * the tiers from the bridge beside it (local-tiers-from-bridge.ts) and goes on.
 *
 * `node session-brief.bridge.cjs <command>` runs the same commands without this file.
 */
import { parseArgs, type Args } from './args';
import { sessionStart, sessionStartCrashOutput } from './commands/session-start';
import { writeOut } from './io';
import { bridgeBeside, runBridge } from './bridge-file';
import { WORKER_FLAG } from '../src/node/worker-flag';

async function sessionStartHook(argv: string[], scriptPath: string): Promise<void> {
	let args: Args = { command: 'session-start', flags: new Map(), positional: [] };
	try {
		args = parseArgs(argv);
		// `session-start --help` is the help command.
		if (args.command !== 'session-start') {
			runBridge(bridgeBeside(__filename));
			return;
		}
		process.exitCode = await sessionStart(args, scriptPath, process.env);
	} catch (error) {
		// A hook never fails its host: exit 0 with a valid envelope that names the problem.
		writeOut(sessionStartCrashOutput(args, error));
		process.exitCode = 0;
	}
}

const argv = process.argv.slice(2);
if (argv[0] === 'session-start' && !argv.includes(WORKER_FLAG)) void sessionStartHook(argv, process.argv[1] ?? __filename);
else runBridge(bridgeBeside(__filename));
