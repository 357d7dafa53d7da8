/**
 * Our status line command, alone or chained after the user's own: `<ours> --before '<theirs>'`.
 * The user's command is one quoted word at the end, so uninstall reads it back exactly from the
 * settings file (never from the install record in the vault, which anyone there can forge).
 */
import type { HostShell } from '../../../core/hosts/agent-contracts';
import { isOwnCommand, parseOwnCommand } from './command-line';

export const STATUS_LINE_COMMAND = 'statusline';
const BEFORE = ' --before ';

/** PowerShell ends a single-quoted string at any of its four single quotes; doubling one keeps it. */
const PS_SINGLE_QUOTES = /['\u2018\u2019\u201A\u201B]/g;

/** `s` as one word of that shell, taken literally: single quotes, each quote inside escaped. */
export function literalWord(s: string, shell: HostShell): string {
	if (shell === 'powershell') return `'${s.replace(PS_SINGLE_QUOTES, (c) => c + c)}'`;
	return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The word `literalWord` made, read back; null when `text` is not exactly one such word. */
export function readLiteralWord(text: string, shell: HostShell): string | null {
	if (shell === 'powershell') {
		const m = /^'((?:[^'\u2018\u2019\u201A\u201B]|(['\u2018\u2019\u201A\u201B])\2)*)'$/.exec(text);
		return m === null ? null : (m[1] ?? '').replace(/(['\u2018\u2019\u201A\u201B])\1/g, '$1');
	}
	if (!/^(?:'[^']*'|\\')+$/.test(text)) return null;
	return text.replace(/'([^']*)'|\\'/g, (_, inner: string | undefined) => inner ?? "'");
}

/** Ours first, then the user's command as one literal word. */
export function chainedCommand(ours: string, theirs: string, shell: HostShell): string {
	return `${ours}${BEFORE}${literalWord(theirs, shell)}`;
}

export interface OwnStatusLine {
	/** Our command line without the chained part. */
	ours: string;
	/** The user's own status line command we run first; undefined when not chained. */
	before?: string;
}

function isPlainOurs(command: string): boolean {
	const parsed = parseOwnCommand(command);
	return parsed !== null && parsed.interpreter !== '' && parsed.args.length === 1 && parsed.args[0] === STATUS_LINE_COMMAND;
}

/**
 * A status line command exactly as install writes it (any vault's), alone or chained; null for
 * anything else, also a hand-made line that runs ours among other things. A chained command that
 * is itself ours is not one install writes: ours before ours never counts as ours.
 */
export function ownStatusLine(command: unknown): OwnStatusLine | null {
	if (typeof command !== 'string' || !isOwnCommand(command)) return null;
	if (isPlainOurs(command)) return { ours: command };
	const shell: HostShell = /^\s*&\s/.test(command) ? 'powershell' : 'sh';
	for (let at = command.indexOf(BEFORE); at >= 0; at = command.indexOf(BEFORE, at + 1)) {
		const ours = command.slice(0, at);
		const before = readLiteralWord(command.slice(at + BEFORE.length), shell);
		if (before !== null && isPlainOurs(ours) && !isOwnCommand(before)) return { ours, before };
	}
	return null;
}
