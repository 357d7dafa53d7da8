/**
 * The bridge's help: a short overview (`--help`, `help`) and each command's own page
 * (`help <command>`, `<command> --help`, `-h`), each with the name it was run by (program-name.ts).
 */
import { AGENT_IDS, DEFAULT_AGENT, hostOf, type HookEvent } from '../src/core/hosts/agent-contracts';
import { TOOL_NAMES } from '../src/node/mcp/contract';
import { statusLineAgents } from '../src/node/hosts/index';

/** The hosts with a hook for `event`, by name, from the host registry. */
function hostsWith(event: HookEvent): string {
	return AGENT_IDS.filter((id) => hostOf(id).events[event] !== undefined)
		.map((id) => hostOf(id).name)
		.join(', ');
}

/** The hosts `install --statusline` can register a status line for, by name, from the host registry. */
function statusLineNames(): string {
	return statusLineAgents()
		.map((id) => hostOf(id).name)
		.join(', ');
}

/** The other spellings `--agent` takes, each with the id it names. */
function agentAliases(): string {
	return AGENT_IDS.flatMap((id) => (hostOf(id).aliases ?? []).map((alias) => `${alias} (${id})`)).join(', ');
}

function agentList(): string {
	return AGENT_IDS.map((id) => (id === DEFAULT_AGENT ? `${id} (default)` : id)).join(', ');
}

interface Page {
	/** Options after the command name in the usage line. */
	synopsis: string;
	/** One line for the overview. */
	summary: string;
	/** What the command does, a few lines. */
	about: string;
	/** The command's own options, as `  --flag VALUE   what` lines. */
	options: string[];
	/** One example after the program name. */
	example: string;
	/** Hook and server commands: run by an agent, listed apart in the overview. */
	agentRuns?: boolean;
}

const VAULT = '  --vault DIR              The vault; default: the vault around the current folder';
const VAULT_HOOK = '  --vault DIR              The vault; default: the vault whose hook folder holds this file';
const CONFIG = '  --config-dir NAME        The vault\'s config folder (default: found automatically)';
const LANG = '  --lang en|de             Language of the text (default: the plugin\'s "language" setting)';
const AGENT = '  --agent ID               The agent (default: claude-code); "help" lists them';
const JSON_FLAG = '  --json                   Machine-readable output';

function pages(): Record<string, Page> {
	return {
		install: {
			synopsis: '[--agent ID] [--scope project|local|user] [--statusline [--chain]] [--vault DIR]',
			summary: 'Copy the hooks into the vault and register them with the agent',
			about: `Copies the hook files to <vault>/.claude/hooks/ and registers the hooks (and the MCP server)
in the agent's settings, keeping every entry, comment and the formatting of yours.
--scope project (default): the vault's own settings file; local: the vault's file kept out
of git; user: your user settings, so sessions started in any folder get this vault's brief.
--statusline (${statusLineNames()}) also shows the vault's state in the agent's status line;
where you have a status line of your own it is left as it is, unless --chain runs yours first.`,
			options: [
				AGENT,
				'  --scope project|local|user',
				'  --statusline             Also register the status line (see statusline)',
				'  --chain                  With --statusline: keep your own status line, ours below it',
				VAULT,
				CONFIG,
			],
			example: 'install --agent claude-code --scope project',
		},
		uninstall: {
			synopsis: '[--agent ID] [--scope project|local|user] [--vault DIR]',
			summary: 'Remove the hooks and what install wrote; names what stays',
			about: `Removes only our entries from the agent's settings (a settings file install created
goes; one it changed gets its bytes back when nothing else changed), then the hook files and
install's record. It names the files that stay and why. Without --agent/--scope: every install.`,
			options: [AGENT, '  --scope project|local|user', VAULT],
			example: 'uninstall',
		},
		doctor: {
			synopsis: '[--agent ID] [--json] [--vault DIR]',
			summary: 'Check that the brief arrives; prints the command for each fix',
			about: `Checks the hook files, every settings file the agent reads, the interpreter, runs the
hook once as the agent would, and explains the start-folder trap. Each fix that is a command
is printed so that it runs as shown. Exit 1 when something is wrong.`,
			options: [AGENT, JSON_FLAG, VAULT],
			example: 'doctor',
		},
		check: {
			synopsis: '[--json] [--vault DIR] [paths…]',
			summary: 'Run the rule check (exit 1 when it finds something)',
			about: `The rule check from a terminal, CI or a pre-commit hook. Paths (files or folders in the
vault, relative to the vault or absolute) replace the rule scope. Exit 1 when it finds something.`,
			options: [JSON_FLAG, VAULT, CONFIG, LANG],
			example: 'check CLAUDE.md',
		},
		report: {
			synopsis: '[--json] [--review] [--source auto|cache|scan|live] [--vault DIR]',
			summary: 'The brief, for a human (text) or a program (--json)',
			about: `The brief for a human (text) or a program (--json); --review adds per-note detail
(modified time, where each flag sits). Exit 1 when --source cache finds no current cache or
--source live gets no answer.`,
			options: [JSON_FLAG, '  --review                 Per-note detail', '  --source auto|cache|scan|live', VAULT, CONFIG, LANG],
			example: 'report --review',
		},
		changes: {
			synopsis: '[--json] [--vault DIR]',
			summary: 'The agent changes not yet reviewed, with their diffs',
			about: `The agent changes not yet reviewed, each with its diff against the note as it was before
the agent's first change in its session (unified format; colours on a terminal).`,
			options: [JSON_FLAG, VAULT, CONFIG, LANG],
			example: 'changes',
		},
		launcher: {
			synopsis: '[--shell bash|zsh|fish|powershell] [--agent ID] [--name NAME] [--vault DIR]',
			summary: 'Print a shell function that starts the agent in the vault',
			about: `Prints a shell function that starts the agent in the vault, so its project hooks load
(for your shell's profile).`,
			options: ['  --shell bash|zsh|fish|powershell', AGENT, '  --name NAME              The function\'s name', VAULT],
			example: 'launcher --shell zsh >> ~/.zshrc',
		},
		serve: {
			synopsis: '[--vault DIR]',
			summary: 'Answer hooks from this process, for a vault used without Obsidian open',
			about: `Answers hooks over the live channel from this process's own scan, for a vault used
without Obsidian open. Stop it with Ctrl+C.`,
			options: [VAULT, CONFIG, LANG],
			example: 'serve',
		},
		version: { synopsis: '', summary: "The bridge's version (also --version, -v)", about: "Prints the bridge's version.", options: [], example: 'version' },
		help: {
			synopsis: '[COMMAND]',
			summary: 'This overview; "help COMMAND" or "COMMAND --help" for one command',
			about: 'The overview of the commands, or the help of one command.',
			options: [],
			example: 'help install',
		},
		'session-start': {
			synopsis: '[--agent ID]',
			summary: 'SessionStart hook (every agent): prints one JSON object, exits 0',
			about: 'The SessionStart hook: reads the hook input on stdin, prints the brief as one JSON object in\nthe agent\'s format and exits 0, whatever happens.',
			options: [AGENT, VAULT_HOOK, CONFIG, LANG],
			example: 'session-start < input.json',
			agentRuns: true,
		},
		'post-tool-use': {
			synopsis: '[--agent ID]',
			summary: `PostToolUse hook (${hostsWith('PostToolUse')}): the rule check after an edit`,
			about: 'Runs the rule check after an edit to a rule file; prints one JSON object only when it finds\nsomething; exits 0.',
			options: [AGENT, VAULT_HOOK, CONFIG, LANG],
			example: 'post-tool-use < input.json',
			agentRuns: true,
		},
		'pre-tool-use': {
			synopsis: '[--agent ID]',
			summary: `PreToolUse hook (${hostsWith('PreToolUse')}): keeps the agent out of our files`,
			about: `Refuses the agent's edits and shell commands that reach Session Brief's own files, and
(opt-in Write guard) a Write over an existing file in the sessions folder; keeps the notes a
call it allows may change as they are (for changes). Exits 0.`,
			options: [AGENT, VAULT_HOOK, CONFIG, LANG],
			example: 'pre-tool-use < input.json',
			agentRuns: true,
		},
		'turn-end': {
			synopsis: '[--agent ID]',
			summary: 'Stop / SessionEnd hook: records the notes changed no edit hook saw',
			about: 'Records the notes the session changed that no edit hook saw (shell commands, renames,\ndeletions); prints {}; exits 0.',
			options: [AGENT, VAULT_HOOK, CONFIG, LANG],
			example: 'turn-end < input.json',
			agentRuns: true,
		},
		statusline: {
			synopsis: "[--before CMD] [--vault DIR]",
			summary: "Claude Code's status line: what waits for review, in one line",
			about: `One line for the agent's status bar: the notes to review, the agent changes not yet
reviewed, the last rule check, and "brief stale" when nothing that runs vouches for the cache.
Reads only the cached files, never scans; always exits 0 (an empty line when the vault cannot be
read). Colour unless NO_COLOR is set. install --statusline registers it (docs/status-line.md).`,
			options: [
				VAULT_HOOK,
				CONFIG,
				LANG,
				'  --no-color               Plain text, as with NO_COLOR',
				'  --before CMD             Run your own status line first (same input), its output above ours',
			],
			example: 'statusline < input.json',
			agentRuns: true,
		},
		baseline: {
			synopsis: '',
			summary: 'Run by session-start in the background: the list of notes turn-end compares with',
			about: 'Run by session-start in the background: takes the list of notes turn-end compares with.',
			options: [VAULT_HOOK, CONFIG],
			example: 'baseline',
			agentRuns: true,
		},
		mcp: {
			synopsis: '',
			summary: 'MCP server over stdio for the agent\'s questions mid-session',
			about: `The MCP server over stdio for the agent's questions mid-session, with the tools
${TOOL_NAMES.join(', ')} (docs/agents.md). Exits when stdin closes.`,
			options: [VAULT_HOOK, CONFIG, LANG],
			example: 'mcp',
			agentRuns: true,
		},
	};
}

function usageLine(program: string, command: string, page: Page): string {
	return `Usage: ${program} ${command}${page.synopsis === '' ? '' : ` ${page.synopsis}`}`;
}

/** `--help`, `help`, `-h`: the commands, one line each. */
export function overview(program: string): string {
	const all = Object.entries(pages());
	const list = (agentRuns: boolean): string =>
		all
			.filter(([, p]) => (p.agentRuns === true) === agentRuns)
			.map(([name, p]) => `  ${name.padEnd(15)}${p.summary}`)
			.join('\n');
	return `Session Brief: the vault's state for AI coding agents.

Usage: ${program} <command> [options]

Commands:
${list(false)}

Run by the agent (registered by install):
${list(true)}

Agents (--agent): ${agentList()}
                   also ${agentAliases()}

Without --vault, install, doctor, uninstall, check, report, changes, launcher and serve use the
vault around the current folder. "${program} help <command>" shows a command's options.
Exit codes: 0 done; 1 found something; 2 usage or vault error; 3 the agent has no hook to
register; 4 a settings file is not valid JSON; 5 a file is read-only; 6 a path would break the
quoted hook command (each left unchanged). Hooks always exit 0.`;
}

/** One command's page: its usage line, what it does, its options and one example. */
export function commandHelp(command: string, program: string): string | null {
	const page = Object.prototype.hasOwnProperty.call(pages(), command) ? pages()[command] : undefined;
	if (page === undefined) return null;
	const options = page.options.length === 0 ? '' : `\nOptions:\n${page.options.join('\n')}\n`;
	const agents = page.options.includes(AGENT) ? `\nAgents (--agent): ${agentList()}\n` : '';
	return `${usageLine(program, command, page)}

${page.about}
${options}${agents}
Example:
  ${program} ${page.example}`;
}

/** The overview with the npm command's name, for tests and the registry of hosts. */
export const USAGE: string = overview('session-brief');
