import { describe, expect, it } from 'vitest';
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
