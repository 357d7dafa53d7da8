/**
 * Which notes a shell command may change, as far as its text tells (for the before-versions,
 * src/core/trail/before-versions.ts): the words of the command (src/core/fence/agent-fence.ts, `commandWords`)
 * that name notes. A command made only of programs that read (`cat a.md | grep x`) and with no
 * redirection changes nothing, so it keeps none. A path built at run time (`$(…)`, a variable, a
 * glob) is not seen: the change it makes shows in the review with "before-version not kept".
 */
import { commandWords } from './agent-fence';

/** Programs that only read their files (and write to standard output). */
const READERS: ReadonlySet<string> = new Set([
	'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'wc', 'ls', 'stat', 'file', 'diff', 'cmp', 'md5sum', 'sha256sum', 'sha1sum',
	'nl', 'sort', 'uniq', 'cut', 'tr', 'echo', 'printf', 'pwd', 'find', 'tree', 'du', 'bat', 'realpath', 'readlink', 'basename', 'dirname', 'test', '[', 'true',
	'cd', 'which', 'type', 'date', 'jq', 'column', 'fold', 'od', 'xxd', 'hexdump', 'strings', 'awk',
]);

/** Whether a command line might write files: a redirection, `tee`, or any program not known to only read. */
export function shellMayWrite(command: string): boolean {
	// `2>&1` and `>/dev/null` write nothing of the vault; any other `>` does.
	const stripped = command.replace(/\d*>&\d+/g, ' ').replace(/\d*>+\s*\/dev\/null/g, ' ');
	if (/>/.test(stripped.replace(/'[^']*'|"[^"]*"/g, ''))) return true;
	for (const segment of stripped.split(/&&|\|\||[;|&\n]/)) {
		const words = segment.trim().split(/\s+/).filter((w) => w !== '' && !/^\w+=/.test(w));
		const program = (words[0] ?? '').replace(/^.*\//, '');
		if (program === '') continue;
		// `awk -i inplace`, `sed -i`: the flag that writes.
		if (program === 'awk' && words.some((w) => w === 'inplace')) return true;
		if (!READERS.has(program)) return true;
		if (program === 'find' && words.some((w) => w === '-delete' || w === '-exec' || w === '-execdir')) return true;
	}
	return false;
}

/** The words of a command that could name a Markdown note (vault-relative or absolute), each once. */
export function noteWords(command: string): string[] {
	if (!shellMayWrite(command)) return [];
	const out = new Set<string>();
	for (const w of commandWords(command)) {
		if (w.startsWith('-') || w.startsWith('$') || /[*?[{]/.test(w)) continue;
		if (w.toLowerCase().endsWith('.md')) out.add(w);
	}
	return [...out];
}
