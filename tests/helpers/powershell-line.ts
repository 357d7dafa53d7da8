/**
 * A small PowerShell tokenizer for one command line (no pwsh on the test machines), after
 * PowerShell's language specification, about_Quoting_Rules and about_Special_Characters. Anything
 * outside the subset our lines depend on throws, so a line that needs more of PowerShell fails.
 */

export class PowerShellParseError extends Error {}

const DQ = '"\u201C\u201D\u201E';
const SQ = "'\u2018\u2019\u201A\u201B";
const CONTROL: Record<string, string> = { '0': '\0', a: '\u0007', b: '\b', e: '\u001b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const SPECIAL_BARE = /[;|&(){}<>,@$#`]/;

export interface PowerShellCommand {
	callOperator: boolean;
	/** The command and its arguments as PowerShell passes them. */
	words: string[];
}

function readDouble(line: string, start: number): [string, number] {
	let out = '';
	let i = start + 1;
	for (;;) {
		if (i >= line.length) throw new PowerShellParseError('The string is missing the terminator: ".');
		const c = line[i] ?? '';
		if (c === '`') {
			const n = line[i + 1];
			if (n === undefined) throw new PowerShellParseError('A backtick ends the line.');
			if (n === 'u') throw new PowerShellParseError('`u{} escapes are outside this tokenizer.');
			out += CONTROL[n] ?? n;
			i += 2;
			continue;
		}
		if (DQ.includes(c)) {
			if (DQ.includes(line[i + 1] ?? 'x')) {
				out += line[i + 1];
				i += 2;
				continue;
			}
			return [out, i + 1];
		}
		if (c === '$') {
			const n = line[i + 1] ?? '';
			if (/[\w{($?^:]/.test(n)) throw new PowerShellParseError(`"$${n}" would expand inside double quotes.`);
		}
		out += c;
		i++;
	}
}

function readSingle(line: string, start: number): [string, number] {
	let out = '';
	let i = start + 1;
	for (;;) {
		if (i >= line.length) throw new PowerShellParseError("The string is missing the terminator: '.");
		const c = line[i] ?? '';
		if (SQ.includes(c)) {
			if (SQ.includes(line[i + 1] ?? 'x')) {
				out += line[i + 1];
				i += 2;
				continue;
			}
			return [out, i + 1];
		}
		out += c;
		i++;
	}
}

/** The elements of one line: [text, wasQuoted]. */
function elements(line: string): Array<[string, boolean]> {
	const out: Array<[string, boolean]> = [];
	let i = 0;
	while (i < line.length) {
		const c = line[i] ?? '';
		if (c === ' ' || c === '\t') {
			i++;
			continue;
		}
		if (DQ.includes(c) || SQ.includes(c)) {
			const [text, next] = DQ.includes(c) ? readDouble(line, i) : readSingle(line, i);
			const after = line[next];
			if (after !== undefined && after !== ' ' && after !== '\t') throw new PowerShellParseError('A quoted string glued to more text is outside this tokenizer.');
			out.push([text, true]);
			i = next;
			continue;
		}
		let j = i;
		while (j < line.length && line[j] !== ' ' && line[j] !== '\t') j++;
		const word = line.slice(i, j);
		if (out.length > 0 || word !== '&') {
			if (SPECIAL_BARE.test(word) || [...word].some((ch) => DQ.includes(ch) || SQ.includes(ch))) throw new PowerShellParseError(`The bare word ${JSON.stringify(word)} holds a character PowerShell interprets.`);
		}
		out.push([word, false]);
		i = j;
	}
	return out;
}

export function parsePowerShellCommand(line: string): PowerShellCommand {
	if (/[\r\n\0]/.test(line)) throw new PowerShellParseError('A line break or NUL ends the statement.');
	const parts = elements(line);
	const callOperator = parts[0]?.[0] === '&' && parts[0][1] === false;
	const rest = callOperator ? parts.slice(1) : parts;
	if (rest.length === 0) throw new PowerShellParseError('No command.');
	if (!callOperator && rest[0]?.[1] === true && rest.length > 1) {
		throw new PowerShellParseError(`Unexpected token '${rest[1]?.[0] ?? ''}' in expression or statement.`);
	}
	return { callOperator, words: rest.map(([text]) => text) };
}
