/**
 * The command line a host runs for our hook, per platform and shell, and how we recognise it again.
 * A path a shell would still interpret inside double quotes is refused, never escaped: an escaped
 * path looks right in the file and runs another file when one shell layer differs. PowerShell
 * gets the call operator (docs/agents.md, "PowerShell").
 */
import type { HostShell } from '../../../core/hosts/agent-contracts';
import { SCRIPT_NAME } from '../../state-registry';

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
export function unsafeCharacters(p: string, platform: NodeJS.Platform, shell: HostShell = 'sh'): string[] {
	const bad = new Set<string>();
	for (const c of p) {
		if (shell === 'powershell') {
			// Everything else is escaped; a line break would end the command for the host.
			if (c === '\n' || c === '\r' || c === '\0') bad.add(c);
			continue;
		}
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

/** PowerShell's double quotes (it also reads the typographic ones as quotes). */
const PS_DOUBLE_QUOTES = '"\u201C\u201D\u201E';

/** A double-quoted PowerShell string holding exactly `s`: `$`, the backtick and every double quote escaped with a backtick. */
export function powershellQuote(s: string): string {
	return `"${s.replace(/[`$"\u201C\u201D\u201E]/g, (c) => `\`${c}`)}"`;
}

/** PowerShell needs the call operator before a quoted program path. */
export function powershellCommand(node: string, script: string, args: string[], platform: NodeJS.Platform): string {
	return ['&', powershellQuote(commandPath(node, platform)), powershellQuote(commandPath(script, platform)), ...args].join(' ');
}

/** The shell a host with this Windows shell runs our command in on this platform: every host uses `sh -c` elsewhere. */
export function shellOn(platform: NodeJS.Platform, windowsShell: HostShell): HostShell {
	return platform === 'win32' ? windowsShell : 'sh';
}

/** The command line for one shell. */
export function commandLine(shell: HostShell, node: string, script: string, args: string[], platform: NodeJS.Platform): string {
	return shell === 'powershell' ? powershellCommand(node, script, args, platform) : shellCommand(node, script, args, platform);
}

/**
 * Words of a command line we wrote, for either shell. A line with the call operator is read as
 * PowerShell reads it: its double quotes are any of PowerShell's four and a backtick takes the next
 * character literally; any other line as a POSIX shell reads ours (plain `"`, nothing escaped).
 * Single quotes end at `'`, where `''` is one quote.
 */
export function commandWords(command: string): string[] {
	const words: string[] = [];
	const ps = /^\s*&\s/.test(command);
	const quotes = ps ? PS_DOUBLE_QUOTES : '"';
	const text = command.replace(/^\s*&\s+/, '');
	let i = 0;
	while (i < text.length) {
		while (i < text.length && /\s/.test(text[i] ?? '')) i++;
		if (i >= text.length) break;
		let word = '';
		while (i < text.length && !/\s/.test(text[i] ?? '')) {
			const c = text[i] ?? '';
			if (quotes.includes(c)) {
				i++;
				while (i < text.length && !quotes.includes(text[i] ?? '')) {
					if (ps && text[i] === '`' && i + 1 < text.length) i++;
					word += text[i] ?? '';
					i++;
				}
				i++;
			} else if (c === "'") {
				i++;
				while (i < text.length) {
					if (text[i] === "'") {
						if (text[i + 1] !== "'") break;
						i++;
					}
					word += text[i] ?? '';
					i++;
				}
				i++;
			} else {
				word += c;
				i++;
			}
		}
		words.push(word);
	}
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
