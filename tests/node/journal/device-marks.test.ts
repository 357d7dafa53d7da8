/**
 * Review marks signed per device (src/core/review/review-seal.ts, src/node/journal/device-key.ts): two
 * devices with their own per-user folders write the same vault's marks file, as a sync does; an
 * agent rewrites it with a forged or copied signature, a replayed older file, another vault's
 * file or its own key pair. The judge is the one the bridge's readers (brief, report, MCP) use.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { marksToSign, readSignature, shortKeyId, signedMarksText, type MarksVerdict } from '../../../src/core/review/review-seal';
import { emptyMarks, markAll, markNote, REVIEW_FILE, type ReviewMarks } from '../../../src/core/trail/what-changed';
import { ensureDeviceKey, readDeviceKey, signWith, trustDevice } from '../../../src/node/journal/device-key';
import { judgeMarksText, readSeal, sealFile, signMarks, trustedMarks, writeSeal } from '../../../src/node/journal/review-seal';

const dirs: string[] = [];
afterAll(() => {
	for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function temp(prefix: string): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	dirs.push(d);
	return d;
}

interface Vault {
	root: string;
	pluginDir: string;
	file: string;
}

function vault(): Vault {
	const root = temp('sb-device-vault-');
	const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	return { root, pluginDir, file: path.join(pluginDir, REVIEW_FILE) };
}

/** A device: its own per-user folder, and the plugin's write path (judge, change, sign, write, seal). */
function device(): { env: NodeJS.ProcessEnv; write(v: Vault, change: (m: ReviewMarks) => ReviewMarks, now: Date): string; judge(v: Vault): MarksVerdict } {
	const env = { SESSION_BRIEF_STATE_DIR: temp('sb-device-state-') };
	const read = (v: Vault): string | null => (fs.existsSync(v.file) ? fs.readFileSync(v.file, 'utf8') : null);
	return {
		env,
		judge: (v) => {
			const text = read(v);
			// As the plugin's watch: the first look seals the file as it is; marks that count are sealed.
			if (readSeal(v.root, env) === null && text !== null) writeSeal(v.root, text, new Date(), env);
			const verdict = trustedMarks(v.root, v.pluginDir, text, env);
			if (verdict.reseal && text !== null) writeSeal(v.root, text, new Date(), env);
			return verdict;
		},
		write(v, change, now) {
			const marks = change(this.judge(v).marks);
			const signed = signMarks(v.root, `${JSON.stringify(marks, null, '\t')}\n`, now, env, read(v));
			fs.writeFileSync(v.file, signed);
			writeSeal(v.root, signed, now, env);
			return signed;
		},
	};
}

const T0 = new Date('2026-11-29T10:00:00.000Z');
const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);
const note = (p: string, m: number) => (marks: ReviewMarks) => markNote(marks, p, at(m).toISOString());

describe('review marks from two devices', () => {
	it('another device is asked about once, then counts; its own writes always count', () => {
		const v = vault();
		const a = device();
		const b = device();
		a.write(v, note('a.md', 0), at(0));
		expect(a.judge(v).outside).toBeNull();
		// B sees A's marks first: taken as they are (no seal on B yet), and sealed there.
		expect(b.judge(v).outside).toBeNull();
		b.write(v, note('b.md', 1), at(1));

		const asked = a.judge(v);
		const bKey = readDeviceKey(b.env)?.key ?? '';
		expect(asked.outside?.device).toEqual({ key: bKey, id: shortKeyId(bKey), label: readDeviceKey(b.env)?.label ?? null });
		// Until trusted, A's sealed marks count: b.md's mark does not.
		expect(asked.marks.notes['b.md']).toBeUndefined();
		expect(asked.marks.notes['a.md']).toBe(at(0).toISOString());

		trustDevice(bKey, 'B', new Date(), a.env);
		const trusted = a.judge(v);
		expect(trusted.outside).toBeNull();
		expect(trusted.marks.notes['b.md']).toBe(at(1).toISOString());
		b.write(v, note('c.md', 2), at(2));
		expect(a.judge(v).outside).toBeNull();
		expect(a.judge(v).marks.notes['c.md']).toBe(at(2).toISOString());
		// A writes on top of B's marks, which B has not trusted: B asks about A.
		a.write(v, note('d.md', 3), at(3));
		expect(b.judge(v).outside?.device?.key).toBe(readDeviceKey(a.env)?.key);
	});

	it('marks without a signature, or unsigned old marks after an upgrade, count only when sealed; the next write signs', () => {
		const v = vault();
		const a = device();
		fs.writeFileSync(v.file, `${JSON.stringify(markNote(emptyMarks(), 'old.md', at(0).toISOString()))}\n`);
		expect(a.judge(v).outside).toBeNull();
		expect(readSignature(fs.readFileSync(v.file, 'utf8'))).toBeNull();
		a.write(v, note('new.md', 1), at(1));
		const text = fs.readFileSync(v.file, 'utf8');
		expect(readSignature(text)?.signer.key).toBe(readDeviceKey(a.env)?.key);
		expect(a.judge(v).marks.notes).toEqual({ 'old.md': at(0).toISOString(), 'new.md': at(1).toISOString() });
	});

	it("after the upgrade, a device that writes before counting the other's signed marks still signs for the same vault", () => {
		const v = vault();
		const a = device();
		const b = device();
		const unsigned = `${JSON.stringify(markNote(emptyMarks(), 'old.md', at(0).toISOString()))}\n`;
		fs.writeFileSync(v.file, unsigned);
		// Both sealed the unsigned marks before signatures (a seal of schema 1 has no vault id).
		for (const d of [a, b]) fs.writeFileSync(sealFile(v.root, d.env), JSON.stringify({ schema: 1, at: '', marks: unsigned }));
		a.write(v, note('a.md', 1), at(1));
		// B is asked about A and leaves the question open; its own next write starts from its seal.
		expect(b.judge(v).outside?.device?.key).toBe(readDeviceKey(a.env)?.key);
		b.write(v, note('b.md', 2), at(2));
		expect(readSignature(fs.readFileSync(v.file, 'utf8'))?.signer.vault).toBe(readSeal(v.root, a.env)?.vault);
		expect(a.judge(v).outside?.device?.key).toBe(readDeviceKey(b.env)?.key);
	});
});

describe('an agent rewriting the marks file', () => {
	function setUp(): { v: Vault; a: ReturnType<typeof device>; b: ReturnType<typeof device>; first: string } {
		const v = vault();
		const a = device();
		const b = device();
		const first = a.write(v, note('a.md', 0), at(0));
		b.judge(v);
		b.write(v, note('b.md', 1), at(1));
		trustDevice(readDeviceKey(b.env)?.key ?? '', null, new Date(), a.env);
		expect(a.judge(v).outside).toBeNull();
		return { v, a, b, first };
	}
	const ALL = (m: ReviewMarks): ReviewMarks => markAll(m, '2099-01-01T00:00:00.000Z');

	it('with the signature of a trusted device over other marks: the tamper warning', () => {
		const { v, a } = setUp();
		const o = JSON.parse(fs.readFileSync(v.file, 'utf8')) as Record<string, unknown>;
		fs.writeFileSync(v.file, JSON.stringify({ ...o, all: '2099-01-01T00:00:00.000Z' }, null, '\t'));
		const verdict = a.judge(v);
		expect(verdict.outside).not.toBeNull();
		expect(verdict.outside?.device).toBeNull();
		expect(verdict.marks.all).toBeNull();
	});

	it('with a garbage signature or signer: the tamper warning', () => {
		const { v, a } = setUp();
		const o = JSON.parse(fs.readFileSync(v.file, 'utf8')) as Record<string, unknown>;
		for (const bad of [{ ...o, signature: 'AAAA' }, { ...o, signed: { ...(o.signed as object), seq: 'x' } }, { ...o, signed: null }]) {
			fs.writeFileSync(v.file, JSON.stringify({ ...bad, all: '2099-01-01T00:00:00.000Z' }));
			const verdict = a.judge(v);
			expect(verdict.outside?.device).toBeNull();
			expect(verdict.marks.all).toBeNull();
		}
	});

	it("copying back an older signed file (this device's or a trusted one's): the tamper warning", () => {
		const { v, a, b, first } = setUp();
		// A later write of B undoes a *Mark all* B's earlier write had: copying the earlier one back would hide the changes again.
		const markedAll = b.write(v, ALL, at(2));
		expect(a.judge(v).marks.all).toBe('2099-01-01T00:00:00.000Z');
		b.write(v, (m) => ({ ...m, all: null }), at(3));
		expect(a.judge(v).marks.all).toBeNull();
		for (const old of [markedAll, first]) {
			fs.writeFileSync(v.file, old);
			const verdict = a.judge(v);
			expect(verdict.outside).not.toBeNull();
			expect(verdict.outside?.device).toBeNull();
			expect(verdict.marks.all).toBeNull();
		}
	});

	it('copying marks this device signed for another vault: the tamper warning', () => {
		const { v, a } = setUp();
		const other = vault();
		const there = a.write(other, ALL, at(10));
		fs.writeFileSync(v.file, there);
		const verdict = a.judge(v);
		expect(verdict.outside?.device).toBeNull();
		expect(verdict.marks.all).toBeNull();
	});

	it("signing with a key pair of its own, or under a trusted device's key: the prompt or the warning, never counted", () => {
		const { v, a } = setUp();
		const agent = { SESSION_BRIEF_STATE_DIR: temp('sb-agent-state-') };
		const key = ensureDeviceKey(agent);
		const signer = { key: key.key, device: 'My phone', vault: readSeal(v.root, a.env)?.vault ?? 'x', seq: at(50).getTime() };
		const { body, payload } = marksToSign(`${JSON.stringify(ALL(emptyMarks()))}\n`, signer);
		fs.writeFileSync(v.file, signedMarksText(body, signWith(key, payload)));
		const verdict = judgeMarksText(v.root, fs.readFileSync(v.file, 'utf8'), a.env);
		expect(verdict.outside?.device).toEqual({ key: key.key, id: shortKeyId(key.key), label: 'My phone' });
		expect(verdict.marks.all).toBeNull();
		// Nor does putting a trusted key's id on its own signature help.
		const bKey = Object.keys(readSeal(v.root, a.env)?.seen ?? {}).find((k) => k !== readDeviceKey(a.env)?.key) ?? '';
		const forged = marksToSign(`${JSON.stringify(ALL(emptyMarks()))}\n`, { ...signer, key: bKey });
		fs.writeFileSync(v.file, signedMarksText(forged.body, signWith(key, forged.payload)));
		const again = judgeMarksText(v.root, fs.readFileSync(v.file, 'utf8'), a.env);
		expect(again.outside?.device).toBeNull();
		expect(again.marks.all).toBeNull();
	});
});
