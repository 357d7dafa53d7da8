/**
 * The command line a host runs for our hook, and how we recognise it again. Hosts run it through
 * a shell (`sh -c` on macOS and Linux, Git Bash on Windows), so both paths are double-quoted and
 * a path that a shell would still interpret inside double quotes is refused, never escaped: an
 * escaped path looks right in the file and runs another file when one shell layer differs.
 */

export const SCRIPT_NAME = 'session-brief.cjs';
/** The bridge, beside the hook entry that hooks run (docs/agents.md, "What install writes"). */
export const BRIDGE_NAME = 'session-brief.bridge.cjs';

/** Our script wherever the vault lives now: `…/.claude/hooks/session-brief.cjs`, either separator. */
const OWN_SCRIPT = /[\\/]\.claude[\\/]hooks[\\/]session-brief\.cjs(?![\w.-])/;

export function isOwnCommand(command: unknown): boolean {
	return typeof command === 'string' && OWN_SCRIPT.test(command);
}

/**
 * Characters that break `"<path>"` in at least one shell a host may use: `"` ends the quote, `$`
 * and a backquote expand inside it, a backslash escapes on POSIX shells (Windows paths are written
 * with `/`, which node and Git Bash both accept), a line break ends the command, and on Windows
 * `%` expands in cmd.exe, which old Claude Code versions and some hosts' fallbacks still use.
 */
export function unsafeCharacters(p: string, platform: NodeJS.Platform): string[] {
	const bad = new Set<string>();
	for (const c of p) {
		if (c === '"' || c === '`' || c === '$' || c === '\n' || c === '\r' || c === '\0') bad.add(c);
		if (c === '\\' && platform !== 'win32') bad.add(c);
		if (c === '%' && platform === 'win32') bad.add(c);
	}
	return [...bad];
}

export function describeChars(chars: string[]): string {
	return chars.map((c) => (c === '\n' ? 'a line break' : c === '\r' ? 'a carriage return' : c === '\0' ? 'a NUL byte' : `"${c}"`)).join(', ');
}

/** Forward slashes on Windows: Git Bash eats backslashes, and node accepts `C:/…`. */
export function commandPath(p: string, platform: NodeJS.Platform): string {
	return platform === 'win32' ? p.replace(/\\/g, '/') : p;
}

export function shellCommand(node: string, script: string, args: string[], platform: NodeJS.Platform): string {
	return [`"${commandPath(node, platform)}"`, `"${commandPath(script, platform)}"`, ...args].join(' ');
}

/** PowerShell needs the call operator before a quoted program path. */
export function powershellCommand(node: string, script: string, args: string[], platform: NodeJS.Platform): string {
	return `& ${shellCommand(node, script, args, platform)}`;
}

/** Words of a command line we wrote: double-quoted strings or bare words (enough for our own format). */
export function commandWords(command: string): string[] {
	const words: string[] = [];
	for (const m of command.replace(/^\s*&\s+/, '').matchAll(/"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? '');
	return words;
}

export interface ParsedCommand {
	interpreter: string;
	script: string;
	args: string[];
}

/** Interpreter, script and arguments of one of our command lines; null when it is not ours. */
export function parseOwnCommand(command: string): ParsedCommand | null {
	const words = commandWords(command);
	const i = words.findIndex((w) => OWN_SCRIPT.test(w) || w.endsWith(`/.claude/hooks/${SCRIPT_NAME}`));
	if (i < 0) return null;
	return { interpreter: i > 0 ? (words[0] ?? '') : '', script: words[i] ?? '', args: words.slice(i + 1) };
}
