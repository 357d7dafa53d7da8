/**
 * The entry of session-brief.start.cjs: a session start up to tier 1, the common case of the hook
 * that runs at every agent session, and the status line, which reads no more than tier 1 does, so
 * both load a small file; the later tiers come from the bridge beside it
 * (docs/design-decisions/hook-files.md, "The session start file").
 */
import { parseArgs, type Args } from './args';
import { sessionStart } from './commands/session-start';
import { statusline } from './commands/statusline';
import { hookCrashOutput } from './hook-output';
import { outputWritten, writeOut } from './io';
import { bridgeAsked, runBridge } from './bridge-file';

const LIGHT = ['session-start', 'statusline'];

async function startHook(argv: string[], scriptPath: string): Promise<void> {
	let args: Args = { command: argv[0] === 'statusline' ? 'statusline' : 'session-start', flags: new Map(), positional: [] };
	try {
		args = parseArgs(argv);
		// `session-start --help` is the help command.
		if (!LIGHT.includes(args.command)) {
			runBridge();
			return;
		}
		process.exitCode = args.command === 'statusline' ? await statusline(args, scriptPath, process.env) : await sessionStart(args, scriptPath, process.env);
	} catch (error) {
		// A hook never fails its host (hook-output.ts): this file answers as the command it was run for.
		writeOut(hookCrashOutput(LIGHT.includes(args.command) ? args : { ...args, command: 'session-start' }, error, scriptPath) ?? '');
		process.exitCode = 0;
	}
	// The answer is out and nothing of this file is left to finish: end here rather than let Node take
	// its heap down piece by piece and wait out the stdin stream's close, which the host waits for
	// (docs/bench/README.md, "Tier 1 step by step"). Exit handlers still run (the hook entry's code cache).
	// Whatever the bridge started may still be under way, so a run that loaded it ends as usual.
	if (outputWritten() && !bridgeAsked()) process.exit();
}

void startHook(process.argv.slice(2), process.argv[1] ?? __filename);
