/**
 * The entry of session-brief.edit.cjs, the hooks around every edit: nearly every edit is outside the
 * rule scope and says nothing, so that case loads a small file; an edit in scope gets the check from
 * the bridge beside it (docs/design-decisions/hook-files.md, "The edit file").
 */
import { parseArgs, type Args } from './args';
import { postToolUse } from './commands/post-tool-use';
import { preToolUse } from './commands/pre-tool-use';
import { writeOut } from './io';
import { runBridge } from './bridge-file';
import { hookCrashOutput } from './hook-output';

async function editHook(argv: string[], scriptPath: string): Promise<void> {
	let args: Args = { command: argv[0] ?? '', flags: new Map(), positional: [] };
	try {
		args = parseArgs(argv);
		if (args.command === 'post-tool-use') process.exitCode = await postToolUse(args, scriptPath, process.env);
		else if (args.command === 'pre-tool-use') process.exitCode = await preToolUse(args, scriptPath, process.env);
		// `post-tool-use --help` is the help command.
		else runBridge();
	} catch (error) {
		// A hook never fails its host (hook-output.ts). Anything but the Write guard answers as the rule
		// check: a `--help` the bridge failed to print, too.
		const hook = args.command === 'pre-tool-use' ? args : { ...args, command: 'post-tool-use' };
		writeOut(hookCrashOutput(hook, error, scriptPath) ?? '');
		process.exitCode = 0;
	}
}

void editHook(process.argv.slice(2), process.argv[1] ?? __filename);
