/** Command-line parsing for the bridge: `<command> [--flag value | --switch]… [paths…]`. */

export interface Args {
	command: string;
	flags: Map<string, string | true>;
	positional: string[];
}

const TAKES_VALUE = new Set(['vault', 'config-dir', 'source', 'lang', 'scope', 'agent']);

export class UsageError extends Error {}

export function parseArgs(argv: string[]): Args {
	const args: Args = { command: '', flags: new Map(), positional: [] };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i] ?? '';
		if (a.startsWith('--')) {
			const eq = a.indexOf('=');
			const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
			if (eq > 0) args.flags.set(name, a.slice(eq + 1));
			else if (TAKES_VALUE.has(name)) {
				const value = argv[i + 1];
				if (value === undefined) throw new UsageError(`--${name} needs a value`);
				args.flags.set(name, value);
				i++;
			} else args.flags.set(name, true);
		} else if (args.command === '') args.command = a;
		else args.positional.push(a);
	}
	return args;
}

export function stringFlag(args: Args, name: string): string | undefined {
	const v = args.flags.get(name);
	return typeof v === 'string' ? v : undefined;
}

export const USAGE = `Session Brief bridge: the vault's state for AI coding agents.

Usage: node session-brief.cjs <command> [options]

Commands:
  session-start            Claude Code SessionStart hook: prints one JSON object, exits 0
  post-tool-use            Claude Code PostToolUse hook: runs the rule check after an edit
                           to a rule file; prints one JSON object only when it finds
                           something; exits 0
  check [--json] [paths…]  The rule check from a terminal, CI or a pre-commit hook; paths
                           (files or folders in the vault) replace the rule scope;
                           exit 1 when it finds something
  report [--json] [--review] [--source auto|cache|scan|live]
                           The brief for a human (text) or a program (--json);
                           --review adds per-note detail (modified time, where each flag sits)
  serve                    Answer hooks over the live channel from this process's own scan,
                           for a vault used without Obsidian open (stop with Ctrl+C)
  install [--scope project|local|user] [--agent ID]
                           Copy this bridge to <vault>/.claude/hooks/ and register its hooks
                           in the agent's settings (--scope user: sessions started anywhere)
  uninstall [--scope …] [--agent ID]
                           Remove only our hook entries, then the script and its record
  doctor [--agent ID] [--json]
                           Check script, registration and interpreter, run the hook once,
                           explain the start-folder trap; exit 1 when something is wrong
  help                     This text
  version                  The bridge's version

Agents (--agent): claude-code (default), codex, gemini, qwen, cursor, copilot

Options for every command:
  --vault DIR              The vault root (default: two folders above this script)
  --config-dir NAME        The vault's config folder (default: found automatically)
  --lang en|de             Language of the text (default: the plugin's "language" setting)

Exit codes: 0 done; 1 no current cache with --source cache, no live answer with
--source live, or check found something;
2 usage or vault error; 3 the agent has no session-start hook; 4 a settings file is not
valid JSON (left unchanged); 5 a file is read-only or unwritable (left unchanged); 6 a path
would break the quoted hook command.
Hooks always exit 0.`;
