/**
 * A shell command line as the shell reads it, for the fence (src/core/fence/agent-fence.ts): its simple
 * commands in order, each with its words after quote removal, backslash escapes, `$'…'` and `$"…"`
 * (the shell-quote library does the word splitting). What it cannot know (a variable, `$(…)`, a
 * backtick) is marked, never guessed. shell-quote reads a newline as a blank and a `#` inside a
 * word as a comment; both are mended here, so no part of the line goes unread.
 */
import { parse, type ParseEntry } from 'shell-quote';

/** Stand-ins for a variable the line names, `$NAME` → OPEN + NAME + CLOSE (private-use characters). */
const OPEN = '\uE000';
const CLOSE = '\uE001';

export interface ShellWord {
	/** The word with its quotes and escapes resolved; a variable is left as a marker (`expandWord`). */
	text: string;
	/** A glob (`*`, `?`, `[…]`) or a brace list (quoted or not: shell-quote does not tell). */
	glob: boolean;
	/** A part only known at run time: next to a `$(…)` or inside backticks. */
	runTime: boolean;
	/** The target of a redirection (`> file`). */
	redirect: boolean;
}

export type ShellPiece =
	| { kind: 'step'; words: ShellWord[]; afterSuccess: boolean }
	/** A subshell, or a command substitution run before the command it stands in: a `cd` in it stays in it. */
	| { kind: 'enter' }
	| { kind: 'leave' };

const REDIRECTS: ReadonlySet<string> = new Set(['<', '>', '>>', '>&', '>|', '&>', '&>>', '<<', '<<<', '<<-', '<&', '<>']);
const OPENERS: ReadonlySet<string> = new Set(['(', '<(', '>(']);

/** At most this deep into comments and substitutions, so one hook run stays bounded. */
const MAX_DEPTH = 8;

function tokens(line: string): ParseEntry[] {
	// A backslash before a newline joins the lines; every other newline ends a command, as `;` does.
	const flat = line.replace(/\\\r?\n/g, '').replace(/\r?\n|\r/g, ';');
	return parse(flat, (key: string) => (key === '' ? '' : `${OPEN}${key}${CLOSE}`));
}

/**
 * The simple commands of `line` in the order they run: the commands of a `$(…)` before the
 * command that uses its output. Heredoc bodies are read as commands too (more is read, never less).
 */
export function shellPieces(line: string): ShellPiece[] {
	const out: ShellPiece[] = [];
	walk(tokens(line), 0, out, 0);
	return out;
}

/** Reads `list` from `at` into `out` up to the `)` that closes it; returns the index after it. */
function walk(list: ParseEntry[], at: number, out: ShellPiece[], depth: number): number {
	let words: ShellWord[] = [];
	let afterSuccess = false;
	let redirectNext = false;
	let runTimeNext = false;
	const flush = (): void => {
		if (words.length > 0) out.push({ kind: 'step', words, afterSuccess });
		words = [];
	};
	let i = at;
	while (i < list.length) {
		const t = list[i++] as ParseEntry;
		if (typeof t === 'string') {
			words.push({ text: t.replace(/`/g, ''), glob: braces(t), runTime: runTimeNext || t.includes('`'), redirect: redirectNext });
			redirectNext = runTimeNext = false;
		} else if ('comment' in t) {
			// shell-quote ends a word at `#` and drops the rest of the line: read that rest as commands.
			flush();
			if (depth < MAX_DEPTH) walk(tokens(t.comment), 0, out, depth + 1);
		} else if (t.op === 'glob') {
			words.push({ text: t.pattern, glob: true, runTime: runTimeNext, redirect: redirectNext });
			redirectNext = runTimeNext = false;
		} else if (REDIRECTS.has(t.op)) {
			redirectNext = true;
		} else if (OPENERS.has(t.op)) {
			// After a word of the command: `$(…)` (or `<(…)`), whose output becomes a word; else a subshell.
			const substitution = words.length > 0 || t.op !== '(';
			if (!substitution) flush();
			const inner: ShellPiece[] = [{ kind: 'enter' }];
			i = depth < MAX_DEPTH ? walk(list, i, inner, depth + 1) : list.length;
			inner.push({ kind: 'leave' });
			out.push(...inner);
			if (substitution) {
				const last = words.at(-1);
				if (last !== undefined && t.op === '(') last.runTime = true;
				words.push({ text: '', glob: false, runTime: true, redirect: redirectNext });
				redirectNext = false;
				runTimeNext = true;
			}
		} else if (t.op === ')') {
			flush();
			return i;
		} else {
			flush();
			afterSuccess = t.op === '&&';
			redirectNext = runTimeNext = false;
		}
	}
	flush();
	return i;
}

/** A brace list (`{a,b}`) the shell expands into several words, or a bracket glob (`[o]`). */
function braces(word: string): boolean {
	return /\{[^{}]*,[^{}]*\}|\[[^\]/]+\]/.test(word);
}

/**
 * A word's text with the variables `known` names put in (`$HOME`, one set earlier in the line),
 * and whether any other stays unknown (then it is left out of the text).
 */
export function expandWord(word: ShellWord, known: ReadonlyMap<string, string>): { text: string; unknown: boolean } {
	let unknown = word.runTime;
	const text = word.text.replace(VARIABLE, (_all, name: string) => {
		const value = known.get(name);
		if (value === undefined) unknown = true;
		return value ?? '';
	});
	return { text, unknown };
}

const VARIABLE = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');

/** A word as a message shows it: each variable as `${NAME}`, a part known only at run time as `…`. */
export function shownWord(word: ShellWord): string {
	return `${word.runTime ? '…' : ''}${word.text.replace(VARIABLE, (_all, name: string) => `\${${name}}`)}`;
}

/** `NAME=value` as a shell assignment: the name and the value, or null. */
export function assignment(text: string): { name: string; value: string } | null {
	const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(text);
	return m === null ? null : { name: m[1] as string, value: m[2] as string };
}

/** Programs that run the rest of their words as a command (`sudo rm x`, `env A=1 rm x`). */
const WRAPPERS: ReadonlySet<string> = new Set(['sudo', 'doas', 'env', 'command', 'builtin', 'exec', 'nohup', 'time', 'nice', 'ionice', 'stdbuf', 'timeout', 'xargs']);

/** The index of a step's program among its words (past assignments, redirections and wrappers), or -1. */
export function programAt(words: readonly ShellWord[]): number {
	for (let i = 0; i < words.length; i++) {
		const w = words[i] as ShellWord;
		if (w.redirect || assignment(w.text) !== null) continue;
		const name = w.text.replace(/^.*\//, '');
		if (WRAPPERS.has(name) || (name.startsWith('-') && i > 0)) continue;
		// `timeout 5 cmd`, `nice -n 5 cmd`: a number before the program is the wrapper's.
		if (/^\d+[smhd]?$/.test(name) && i > 0) continue;
		return i;
	}
	return -1;
}
