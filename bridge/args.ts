/** Command-line parsing for the bridge: `<command> [--flag value | --switch]… [paths…]`. */

export interface Args {
	command: string;
	flags: Map<string, string | true>;
	positional: string[];
}

export class UsageError extends Error {}

const COMMON = ['vault', 'config-dir', 'lang'];
const TAKES_VALUE = new Set(['vault', 'config-dir', 'source', 'lang', 'scope', 'agent', 'shell', 'name', 'before']);

/** The options each command accepts; anything else is a usage error that names it. */
const COMMAND_OPTIONS: Record<string, readonly string[]> = {
	'session-start': [...COMMON, 'agent'],
	'post-tool-use': [...COMMON, 'agent'],
	'pre-tool-use': [...COMMON, 'agent'],
	'turn-end': [...COMMON, 'agent'],
	baseline: COMMON,
	statusline: [...COMMON, 'no-color', 'before'],
	report: [...COMMON, 'source', 'json', 'review'],
	changes: [...COMMON, 'json'],
	check: [...COMMON, 'json'],
	serve: COMMON,
	mcp: COMMON,
	install: [...COMMON, 'scope', 'agent', 'statusline', 'chain'],
	uninstall: [...COMMON, 'scope', 'agent'],
	doctor: [...COMMON, 'agent', 'json'],
	launcher: ['vault', 'agent', 'shell', 'name'],
	help: [],
	version: [],
};

export const COMMANDS: readonly string[] = Object.keys(COMMAND_OPTIONS);

/** Commands that take paths after the options. */
const TAKES_PATHS = new Set(['check']);

/** Edit distance counting a swap of two neighbours as one edit (`vualt` → `vault`); short names only. */
function distance(a: string, b: string): number {
	const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const row = d[i] as number[];
			const up = d[i - 1] as number[];
			row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
		}
	}
	return (d[a.length] as number[])[b.length] as number;
}

/** The closest known name when it is a likely typo (at most a third of the letters differ). */
export function closest(word: string, known: readonly string[]): string | undefined {
	let best: string | undefined;
	let bestDistance = Infinity;
	for (const k of known) {
		const d = distance(word, k);
		if (d < bestDistance) {
			best = k;
			bestDistance = d;
		}
	}
	return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

const HINT = "run 'session-brief --help' for usage";

/** An argument as typed when it is plain, else as a JSON string (it may hold controls or spaces). */
export function shownArg(a: string): string {
	return /^[\w.,:@/+=-]*$/.test(a) ? a : JSON.stringify(a);
}

function unknownOption(command: string, name: string, allowed: readonly string[]): UsageError {
	const guess = closest(name, allowed);
	return new UsageError(`unknown option ${shownArg(`--${name}`)} for ${command}${guess !== undefined ? ` (did you mean --${guess}?)` : ''}; ${HINT}`);
}

/** `-h`/`--help`/`help` and `-v`/`--version`/`version` in the command's place become those commands. */
function commandName(word: string): string {
	if (word === '-h' || word === '--help') return 'help';
	if (word === '-v' || word === '--version') return 'version';
	return word;
}

export function parseArgs(argv: string[]): Args {
	const args: Args = { command: commandName(argv[0] ?? ''), flags: new Map(), positional: [] };
	if (args.command !== '' && COMMAND_OPTIONS[args.command] === undefined) {
		const shown = shownArg(args.command);
		if (args.command.startsWith('-')) throw new UsageError(`unknown option ${shown}; options come after a command; ${HINT}`);
		const guess = closest(args.command, COMMANDS);
		throw new UsageError(`unknown command ${shown}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}; ${HINT}`);
	}
	const allowed = COMMAND_OPTIONS[args.command] ?? [];
	for (let i = 1; i < argv.length; i++) {
		const a = argv[i] ?? '';
		// `<command> --help` asks for help, whatever the command.
		if (a === '-h' || a === '--help') {
			if (args.command !== 'help') args.positional = [args.command];
			args.command = 'help';
			return args;
		}
		if (a.startsWith('--')) {
			const eq = a.indexOf('=');
			const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
			if (!allowed.includes(name)) throw unknownOption(args.command, name, allowed);
			if (eq > 0) args.flags.set(name, a.slice(eq + 1));
			else if (TAKES_VALUE.has(name)) {
				const value = argv[i + 1];
				if (value === undefined) throw new UsageError(`--${name} needs a value; ${HINT}`);
				args.flags.set(name, value);
				i++;
			} else args.flags.set(name, true);
		} else if (a.startsWith('-') && a.length > 1) {
			throw new UsageError(`unknown option ${shownArg(a)} for ${args.command}; ${HINT}`);
		} else if (TAKES_PATHS.has(args.command)) args.positional.push(a);
		else if (args.command === 'help' && args.positional.length === 0) {
			// `help check` asks for that command's own help.
			if (COMMAND_OPTIONS[a] === undefined) {
				const guess = closest(a, COMMANDS);
				throw new UsageError(`unknown command ${shownArg(a)}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}; ${HINT}`);
			}
			args.positional.push(a);
		}
		else throw new UsageError(`${args.command} takes no argument ${shownArg(a)}; ${HINT}`);
	}
	return args;
}

export function stringFlag(args: Args, name: string): string | undefined {
	const v = args.flags.get(name);
	return typeof v === 'string' ? v : undefined;
}

