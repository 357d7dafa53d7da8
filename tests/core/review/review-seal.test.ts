import { describe, expect, it } from 'vitest';
import { hiddenByOutsideMarks, judgeMarks, marksToSign, parseSeal, readSignature, sealText, signedMarksText, type DeviceTrust, type ReviewSeal } from '../../../src/core/review/review-seal';

const rec = (path: string, at: string) => ({ path, tool: 'Edit', session: 's', at });
const RECORDS = [rec('a.md', '2026-11-29T08:00:00.000Z'), rec('b.md', '2026-11-29T09:00:00.000Z')];
const NONE = JSON.stringify({ all: null, sessions: {}, notes: {}, renames: [] });
const ALL = JSON.stringify({ all: '2099-01-01T00:00:00.000Z' });
const seal = (marks: string, more: Partial<ReviewSeal> = {}): ReviewSeal => ({ marks, at: '', seen: {}, vault: null, ...more });

describe('review seal', () => {
	it('round-trips, and refuses anything else', () => {
		const K = 'a'.repeat(64);
		expect(parseSeal(JSON.parse(sealText(NONE, new Date('2026-11-29T10:00:00Z'), { [K]: 5 }, 'v1')))).toEqual({ marks: NONE, at: '2026-11-29T10:00:00.000Z', seen: { [K]: 5 }, vault: 'v1' });
		// A seal from before signatures reads with none seen.
		expect(parseSeal({ schema: 1, marks: NONE, at: 'x' })).toEqual({ marks: NONE, at: 'x', seen: {}, vault: null });
		expect(parseSeal({ schema: 2, marks: NONE, at: 'x', seen: { short: 3, [K]: -1 }, vault: 7 })).toEqual({ marks: NONE, at: 'x', seen: {}, vault: null });
		for (const bad of [null, [], { schema: 3, marks: '', at: '' }, { schema: 1, marks: 3, at: '' }]) expect(parseSeal(bad)).toBeNull();
	});

	it('takes the file as it is without a seal, or when it is what the seal holds', () => {
		expect(judgeMarks(ALL, null).outside).toBeNull();
		expect(judgeMarks(ALL, seal(ALL)).marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(judgeMarks(null, seal('')).outside).toBeNull();
	});

	it('takes the seal when the file differs, removed files included, and counts what the file hid', () => {
		const changed = judgeMarks(ALL, seal(NONE));
		expect(changed.marks.all).toBeNull();
		expect(changed.outside?.marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(hiddenByOutsideMarks(RECORDS, changed, () => true)).toBe(2);
		expect(hiddenByOutsideMarks(RECORDS, changed, (p) => p === 'a.md')).toBe(1);
		const removed = judgeMarks(null, seal(ALL));
		expect(removed.marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(hiddenByOutsideMarks(RECORDS, removed, () => true)).toBe(0);
		expect(hiddenByOutsideMarks(RECORDS, judgeMarks(NONE, null), () => true)).toBe(0);
	});

	// A stand-in signature (the real one is Ed25519, tests/node/journal/device-marks.test.ts): the key and the payload's length.
	const fakeSign = (key: string, payload: string): string => `${key}:${payload.length}`;
	const trust = (own: string | null, trusted: string[]): DeviceTrust => ({ own, trusted: new Set(trusted), verify: (payload, key, sig) => sig === fakeSign(key, payload) });
	const OWN = '1'.repeat(64);
	const OTHER = '2'.repeat(64);
	const signed = (key: string, seq: number, vault = 'v', device: string | null = 'laptop'): string => {
		const { body, payload } = marksToSign(ALL, { key, device, vault, seq });
		return signedMarksText(body, fakeSign(key, payload));
	};

	it('reads a signature back over exactly what was signed, and keeps the marks readable', () => {
		const text = signed(OTHER, 7);
		expect(readSignature(text)?.signer).toEqual({ key: OTHER, device: 'laptop', vault: 'v', seq: 7 });
		expect(judgeMarks(text, null).marks.all).toBe('2099-01-01T00:00:00.000Z');
		expect(readSignature(ALL)).toBeNull();
		expect(readSignature(text.replace('"seq": 7', '"seq": 0'))).toBeNull();
		expect(readSignature(text.replace('"laptop"', JSON.stringify('x'.repeat(65))))).toBeNull();
	});

	it('counts marks this device or a trusted one signed, asks about others, and warns about the rest', () => {
		const before = seal(NONE, { seen: { [OTHER]: 5, [OWN]: 5 }, vault: 'v' });
		expect(judgeMarks(signed(OTHER, 6), before, trust(OWN, [OTHER]))).toMatchObject({ outside: null, reseal: true });
		expect(judgeMarks(signed(OWN, 6), before, trust(OWN, []))).toMatchObject({ outside: null, reseal: true });
		const asked = judgeMarks(signed(OTHER, 6), before, trust(OWN, []));
		expect(asked.outside?.device).toEqual({ key: OTHER, id: '2222-2222-2222', label: 'laptop' });
		expect(asked.marks.all).toBeNull();
		// A replay, another vault's marks, a bad signature, no keys at all: changed outside, nobody to ask.
		for (const [text, t] of [
			[signed(OTHER, 5), trust(OWN, [OTHER])],
			[signed(OWN, 4), trust(OWN, [])],
			[signed(OTHER, 6, 'w'), trust(OWN, [OTHER])],
			[signed(OTHER, 6).replace('"laptop"', '"phone"'), trust(OWN, [OTHER])],
			[signed(OTHER, 6), undefined],
		] as const) {
			const verdict = judgeMarks(text, before, t);
			expect(verdict.outside?.device).toBeNull();
			expect(verdict.reseal).toBe(false);
			expect(verdict.marks.all).toBeNull();
		}
		// A seal from before signatures names no vault: any counts once.
		expect(judgeMarks(signed(OTHER, 1, 'w'), seal(NONE), trust(OWN, [OTHER])).outside).toBeNull();
	});
});
