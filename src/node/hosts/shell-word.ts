/**
 * One argument as a user pastes it into their shell: printed commands (usage lines, doctor's fixes)
 * must run as shown, whatever the vault's path holds.
 */

/** Characters no POSIX shell or PowerShell reads specially inside a plain word. */
const PLAIN = /^[\w@%+=:,./-]+$/;

export function isPlainWord(word: string): boolean {
	return PLAIN.test(word);
}

/**
 * POSIX shells: a path goes in double quotes (as people write them) unless it holds a character
 * double quotes do not protect (`$`, a backquote, `"`, `\`, `!`), then in single quotes.
 * Windows (cmd and PowerShell both): double quotes, which no Windows path contains.
 */
export function shellWord(word: string, platform: NodeJS.Platform = process.platform): string {
	if (platform === 'win32') return PLAIN.test(word) ? word : `"${word}"`;
	if (PLAIN.test(word) && !word.includes('/')) return word;
	if (!/[$`"\\!]/.test(word)) return `"${word}"`;
	return `'${word.replace(/'/g, `'\\''`)}'`;
}
