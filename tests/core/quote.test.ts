import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeControls, hasUnsafeChar, isSafeName, quoteName, safeLines, shortenName } from '../../src/core/quote';

const HOSTILE = [
	'x)\nneeds-review: 99 (FAKE).md',
	'a\rb.md',
	'esc\u001b[31mred.md',
	'bell\u0007.md',
	'rtl\u202Egnp.md',
	'line\u2028sep.md',
	'para\u2029sep.md',
	'c1\u0085next.md',
	'del\u007f.md',
	'zero\u200bwidth.md',
	'a, b, c.md',
	'say "hi".md',
	'back\\slash.md',
	' leading.md',
	'trailing.md ',
	'two  spaces.md',
	'nbsp\u00a0name.md',
	'lone\ud800surrogate.md',
	'',
];

describe('quoting names in text', () => {
	it('leaves safe names as they are, in any script and with emoji', () => {
		for (const name of ['Inbox/Meeting with Jana.md', 'Notes/Zettel über Umlaute.md', 'Inbox/Grüße 🎉.md', '日本語/メモ.md', 'Projects/x (draft) [v2] #1.md']) {
			expect(quoteName(name), name).toBe(name);
		}
	});

	it('writes every other name as one reversible literal without a raw unsafe character', () => {
		for (const name of HOSTILE) {
			const q = quoteName(name);
			expect(isSafeName(name), JSON.stringify(name)).toBe(false);
			expect(q.startsWith('"') && q.endsWith('"'), q).toBe(true);
			expect(hasUnsafeChar(q), q).toBe(false);
			expect(q).not.toMatch(/[\n\r\u2028\u2029]/);
			expect(JSON.parse(q)).toBe(name);
		}
	});

	it('never lets the list separator appear unquoted inside a name', () => {
		const list = ['a, b, c.md', 'd.md'].map(quoteName).join(', ');
		expect(list).toBe('"a, b, c.md", d.md');
	});

	it('escapes controls in free text visibly and keeps lines apart in safeLines', () => {
		expect(escapeControls('a\u001b[2Jb\u202e')).toBe('a\\u001b[2Jb\\u202e');
		expect(safeLines('one\ntwo\u0007')).toBe('one\ntwo\\u0007');
	});

	it('shortens a long name in the middle, visibly and within the limit', () => {
		const name = `Inbox/${'x'.repeat(3300)}.md`;
		const short = shortenName(name, 40);
		expect(short.length).toBeLessThanOrEqual(40);
		expect(short).toMatch(/^"Inbox\/x+"…"x+\.md"$/);
		expect(shortenName('short.md', 40)).toBe('short.md');
		const hostile = shortenName(`a\n${'y'.repeat(100)}\u202e.md`, 30);
		expect(hasUnsafeChar(hostile)).toBe(false);
		expect(hostile).not.toContain('\n');
	});
});

describe('the shortcut for text in the common blocks', () => {
	// The rules as written with Unicode's classes only: the shortcut must decide exactly as they do.
	const SAFE = String.raw`\p{L}\p{M}\p{N}\p{So}._\-/()[\]{}&'+#@!~=%$^;`;
	const unicodeSafe = new RegExp(`^[${SAFE}]+(?: [${SAFE}]+)*$`, 'u');
	const unicodeUnsafe = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]|(?! )\p{Zs}/u;
	const escape = (text: string) => text.replace(new RegExp(unicodeUnsafe.source, 'gu'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
	// Every character of the blocks the shortcut covers (whole blocks: also the characters between
	// its ranges, which take the Unicode classes), and the controls before them.
	const blocks: [number, number][] = [[0, 0x24f], [0x370, 0x3ff], [0x400, 0x52f], [0x590, 0x6ff], [0x1e00, 0x1eff], [0x2000, 0x206f], [0x3000, 0x30ff], [0x4e00, 0x9fff], [0xac00, 0xd7ff]];
	const chars = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
	const latin = chars(0, 0x17f);
	const checkChar = (c: string) => {
		for (const name of [c, `a${c}b`, `${c}${c}`, `ü${c}`, `Ж${c} 日`]) expect([name, isSafeName(name)]).toEqual([name, unicodeSafe.test(name)]);
		expect([c, hasUnsafeChar(`x${c}`)]).toEqual([c, c !== '\n' && unicodeUnsafe.test(c)]);
		expect(escapeControls(`ä${c}y`)).toBe(escape(`ä${c}y`));
		expect(escapeControls(`—${c}…`)).toBe(escape(`—${c}…`));
		expect(quoteName(`${c}.md`)).toBe(unicodeSafe.test(`${c}.md`) ? `${c}.md` : escape(JSON.stringify(`${c}.md`)));
	};

	for (const [from, to] of blocks) {
		it(`treats every character of U+${from.toString(16).padStart(4, '0')}–U+${to.toString(16)} as the Unicode classes do`, () => {
			for (const c of chars(from, to)) checkChar(c);
		});
	}

	it('treats spaces as the Unicode classes do: single ones between words only', () => {
		for (const name of [' a', 'a ', 'a  b', 'Ж  Ж', ' Ж', 'Ж ', '日 本', ' ', '', 'a b c', 'Ж\u00a0Ж']) expect([name, isSafeName(name)]).toEqual([name, unicodeSafe.test(name)]);
	});

	it('agrees with the Unicode classes on random names, ASCII or not', () => {
		const piece = fc.constantFrom(...latin, 'ü', 'é', '\u0301', '日', 'Ω', 'Ж', '\u0482', 'ש', 'ع', 'ア', '한', '…', '—', '\u0378', '\u0180', '\u2212', '😀', '\u00a0', '\u00ad', '\u200b', '\u202e', '\u2028', '\u3000', '\n', '\t', ' ', '\u0000', '\u007f');
		fc.assert(
			fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
				const name = parts.join('');
				expect(isSafeName(name)).toBe(unicodeSafe.test(name));
				expect(hasUnsafeChar(name)).toBe(unicodeUnsafe.test(name.replace(/\n/g, '')));
				expect(escapeControls(name)).toBe(escape(name));
				expect(quoteName(name)).toBe(unicodeSafe.test(name) ? name : escape(JSON.stringify(name)));
			}),
			{ numRuns: 3000 },
		);
	});
});
