import { describe, expect, it } from 'vitest';
import { assignment, expandWord, programAt, shellPieces, shownWord, type ShellPiece, type ShellWord } from '../../../src/core/fence/shell-command';

/** Each step's words as text (variables put in from `known`, unknown ones shown as `?`). */
function steps(line: string, known: Record<string, string> = {}): string[][] {
	const map = new Map(Object.entries(known));
	return shellPieces(line)
		.filter((p): p is Extract<ShellPiece, { kind: 'step' }> => p.kind === 'step')
		.map((p) => p.words.map((w) => (expandWord(w, map).unknown ? `?${expandWord(w, map).text}` : expandWord(w, map).text)));
}

const word = (text: string): ShellWord => ({ text, glob: false, runTime: false, redirect: false });

describe('shellPieces', () => {
	it('resolves escapes, ANSI-C and locale quoting as the shell does', () => {
		expect(steps(': > .obsidian/plugins/session-brie\\f/x')).toEqual([[':', '.obsidian/plugins/session-brief/x']]);
		expect(steps("rm $'.obsidian/session-brie\\x66'")).toEqual([['rm', '.obsidian/session-brief']]);
		expect(steps('rm $".obsidian/a b"')).toEqual([['rm', '.obsidian/a b']]);
		expect(steps(`rm -- '.obsidian'"/plugins"`)).toEqual([['rm', '--', '.obsidian/plugins']]);
	});

	it('splits at operators and newlines, and marks the step after &&', () => {
		const pieces = shellPieces('cd Notes && rm a; ls|wc -l\necho b || true');
		const list = pieces.filter((p) => p.kind === 'step');
		expect(list.map((p) => (p.kind === 'step' ? [p.words.map((w) => w.text).join(' '), p.afterSuccess] : null))).toEqual([
			['cd Notes', false],
			['rm a', true],
			['ls', false],
			['wc -l', false],
			['echo b', false],
			['true', false],
		]);
	});

	it('reads on after a # inside a word, which shell-quote takes for a comment', () => {
		expect(steps('echo a#b; rm c')).toEqual([['echo', 'a'], ['b'], ['rm', 'c']]);
	});

	it('marks redirection targets, globs and brace lists', () => {
		const [step] = shellPieces('cat <a >>b 2>&1 .obs* x{y,z} .[o]bsidian');
		expect(step?.kind).toBe('step');
		const words = step?.kind === 'step' ? step.words : [];
		expect(words.map((w) => [w.text, w.redirect, w.glob])).toEqual([
			['cat', false, false],
			['a', true, false],
			['b', true, false],
			['2', false, false],
			['1', true, false],
			['.obs*', false, true],
			['x{y,z}', false, true],
			['.[o]bsidian', false, true],
		]);
	});

	it('runs a command substitution in its own place, before the command, and marks its output as known at run time', () => {
		const pieces = shellPieces('rm $(cat list)/x; (cd a; rm b)');
		expect(pieces.map((p) => (p.kind === 'step' ? p.words.map((w) => `${w.runTime ? '?' : ''}${w.text}`).join(' ') : p.kind))).toEqual(['enter', 'cat list', 'leave', 'rm ? ? ?/x', 'enter', 'cd a', 'rm b', 'leave']);
	});

	it('puts in the variables it knows and says when one stays unknown', () => {
		expect(steps('rm $P/x ${Q}y', { P: '.obsidian' })).toEqual([['rm', '.obsidian/x', '?y']]);
		expect(steps('echo \\$HOME')).toEqual([['echo', '$HOME']]);
		const step = shellPieces('rm "$V"/.obsidian $(pwd)/x').find((p) => p.kind === 'step' && p.words[0]?.text === 'rm');
		expect(step?.kind === 'step' ? step.words.map(shownWord) : []).toEqual(['rm', '${V}/.obsidian', '…', '…', '…/x']);
	});

	it('joins a line ended by a backslash with the next', () => {
		expect(steps('rm \\\n  .obsidian/x')).toEqual([['rm', '.obsidian/x']]);
	});
});

describe('programAt and assignment', () => {
	it('finds the program past assignments, redirections and wrappers', () => {
		expect(programAt(['A=1', 'B=2', 'git', 'status'].map(word))).toBe(2);
		expect(programAt(['sudo', '-n', 'env', 'X=1', 'timeout', '5', 'rm', 'x'].map(word))).toBe(6);
		expect(programAt([{ ...word('out'), redirect: true }, word('ls')])).toBe(1);
		expect(programAt(['A=1'].map(word))).toBe(-1);
	});

	it('reads NAME=value', () => {
		expect(assignment('P=.obsidian/plugins')).toEqual({ name: 'P', value: '.obsidian/plugins' });
		expect(assignment('--out=x')).toBeNull();
	});
});
