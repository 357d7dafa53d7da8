/**
 * One argument as a user pastes it into their shell: printed commands (usage lines, doctor's fixes)
 * must run as shown, whatever the vault's path holds.
 */
import { powershellQuote } from './command-line';

/** Characters no POSIX shell or PowerShell reads specially inside a plain word. */
const PLAIN = /^[\w@%+=:,./-]+$/;

export function isPlainWord(word: string): boolean {
	return PLAIN.test(word);
}

/**
 * POSIX shells: a path goes in double quotes (as people write them) unless it holds a character
 * double quotes do not protect (`$`, a backquote, `"`, `\`, `!`), then in single quotes.
 * Windows: PowerShell's double quotes (`$` and the backquote escaped), which cmd.exe reads the
 * same for an ordinary path.
 */
export function shellWord(word: string, platform: NodeJS.Platform = process.platform): string {
	if (platform === 'win32') return PLAIN.test(word) ? word : powershellQuote(word);
	if (PLAIN.test(word) && !word.includes('/')) return word;
	if (!/[$`"\\!]/.test(word)) return `"${word}"`;
	return `'${word.replace(/'/g, `'\\''`)}'`;
}
