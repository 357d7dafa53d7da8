/**
 * Where strict JSON breaks, and why, in words a user can act on. `JSON.parse` says neither
 * reliably (Node 20 gives no position for an unexpected token), so a small scanner finds the
 * first offending character.
 */
export type JsonProblem = 'end' | 'property-name' | 'colon' | 'comma-or-close' | 'value' | 'string' | 'trailing';

export interface JsonError {
	offset: number;
	problem: JsonProblem;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;

class Stop extends Error {
	constructor(readonly at: JsonError) {
		super(at.problem);
	}
}

/** The first error of `text` as strict JSON, or null when it parses. */
export function locateJsonError(text: string): JsonError | null {
	let i = 0;
	const fail = (problem: JsonProblem): never => {
		throw new Stop({ offset: i, problem: i >= text.length ? 'end' : problem });
	};
	const ws = (): void => {
		while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
	};
	const string = (): void => {
		i++;
		while (i < text.length) {
			const c = text.charCodeAt(i);
			if (c === 34) {
				i++;
				return;
			}
			if (c < 32) fail('string');
			if (c === 92) {
				i++;
				const escape = text[i] ?? '';
				if (escape === 'u' ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5)) : !'"\\/bfnrt'.includes(escape)) fail('string');
			}
			i++;
		}
		fail('end');
	};
	const value = (): void => {
		ws();
		const c = text[i];
		if (c === '{') {
			i++;
			ws();
			if (text[i] === '}') {
				i++;
				return;
			}
			for (;;) {
				ws();
				if (text[i] !== '"') fail('property-name');
				string();
				ws();
				if (text[i] !== ':') fail('colon');
				i++;
				value();
				ws();
				if (text[i] === ',') i++;
				else if (text[i] === '}') {
					i++;
					return;
				} else fail('comma-or-close');
			}
		}
		if (c === '[') {
			i++;
			ws();
			if (text[i] === ']') {
				i++;
				return;
			}
			for (;;) {
				value();
				ws();
				if (text[i] === ',') i++;
				else if (text[i] === ']') {
					i++;
					return;
				} else fail('comma-or-close');
			}
		}
		if (c === '"') return string();
		for (const pattern of [NUMBER, LITERAL]) {
			pattern.lastIndex = i;
			const m = pattern.exec(text);
			if (m !== null && m[0] !== '') {
				i += m[0].length;
				return;
			}
		}
		fail('value');
	};
	try {
		value();
		ws();
		if (i < text.length) fail('trailing');
		return null;
	} catch (error) {
		if (error instanceof Stop) return error.at;
		throw error;
	}
}
