/**
 * Review marks changed outside Obsidian (src/core/review/review-seal.ts), in the stand-in: the plugin seals
 * the marks it writes outside the vault; a marks file changed behind its back (an agent's file
 * tool, a script) does not count, the section says so with how many changes it hid, and the human
 * can accept the file as it is.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { REVIEW_FILE } from '../../../src/core/trail/what-changed';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { quoteAlways } from '../../../src/core/quote';
import { shortKeyId } from '../../../src/core/review/review-seal';
import { markAll, markNote, type ReviewMarks } from '../../../src/core/trail/what-changed';
import { deviceKeyFile, ensureDeviceKey, readDeviceKey, readTrustedDevices } from '../../../src/node/journal/device-key';
import { readSeal, signMarks, trustedMarks, writeSeal } from '../../../src/node/journal/review-seal';
import { FIXTURE } from '../fixture';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

const ago = (ms: number): string => new Date(Date.now() - ms).toISOString();
const rec = (p: string, session: string, at: string): JournalRecord => ({ path: p, tool: 'Edit', session, at });
const store = (s: Started): AgentChanges => (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;

async function idle(s: Started): Promise<void> {
	const inner = store(s) as unknown as { queue: Promise<unknown>; inflight: Promise<void> | null };
	await inner.queue;
	await inner.inflight;
	await settle(s.app);
}

describe('review marks changed outside Obsidian', () => {
	it('are not taken: the section warns, shows the hidden changes again, and the human may accept them', async () => {
		const base = tempVault({ ...FIXTURE });
		const dir = path.join(base, '.obsidian', 'plugins', 'session-brief');
		const records = [rec('Notes/Plain.md', 's1', ago(3_600_000)), rec('Notes/Flagged.md', 's1', ago(3_000_000)), rec('Inbox/Idea.md', 's2', ago(1_000_000))];
		fs.writeFileSync(path.join(dir, JOURNAL_FILE), records.map((r) => encodeRecord(r) ?? '').join(''));
		started = await startPlugin(base);
		const s = started;
		await store(s).refresh();
		const root = await openReviewView(s);
		expect(store(s).count()).toBe(3);
		// The human marks one note in the sidebar: the plugin writes the marks and seals them.
		await store(s).markNote('Inbox/Idea.md', new Date().toISOString());
		await idle(s);
		expect(store(s).count()).toBe(2);
		expect(readSeal(base)?.marks).toBe(fs.readFileSync(path.join(dir, REVIEW_FILE), 'utf8'));
		expect(root.querySelector('.session-brief-marks-outside')).toBeNull();

		// Something else writes marks that would hide every change.
		fs.writeFileSync(path.join(dir, REVIEW_FILE), JSON.stringify({ all: '2099-01-01T00:00:00.000Z' }));
		await store(s).refresh();
		await settle(s.app);
		expect(store(s).count()).toBe(2);
		expect(store(s).changedOutside()?.hidden).toBe(2);
		const warning = root.querySelector<HTMLElement>('.session-brief-marks-outside');
		expect(warning?.textContent).toContain('Review marks were changed outside Obsidian');
		expect(warning?.textContent).toContain('2 agent changes were hidden and are shown again');

		// A mark by the human now goes on top of the sealed marks, not the outside ones.
		await store(s).markNote('Notes/Plain.md', new Date().toISOString());
		await idle(s);
		expect(store(s).count()).toBe(1);
		expect(store(s).changedOutside()).toBeNull();
		expect((JSON.parse(fs.readFileSync(path.join(dir, REVIEW_FILE), 'utf8')) as { all: unknown }).all).toBeNull();

		// Accepting marks changed elsewhere (another device, say) makes them count.
		fs.writeFileSync(path.join(dir, REVIEW_FILE), JSON.stringify({ all: new Date().toISOString() }));
		await store(s).refresh();
		await settle(s.app);
		expect(store(s).changedOutside()?.hidden).toBe(1);
		root.querySelector<HTMLElement>('.session-brief-marks-outside button')?.click();
		await idle(s);
		expect(store(s).changedOutside()).toBeNull();
		expect(store(s).count()).toBe(0);
		expect(root.querySelector('.session-brief-marks-outside')).toBeNull();
	});

	describe('from another device, through a sync', () => {
		const given = process.env.SESSION_BRIEF_STATE_DIR;
		const dirs: string[] = [];
		afterEach(() => {
			process.env.SESSION_BRIEF_STATE_DIR = given;
			for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
		});
		const stateDir = (): string => {
			const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-device-'));
			dirs.push(d);
			return d;
		};

		/** Device B's Session Brief: its own per-user folder, the plugin's write path (judge, change, sign, write, seal). */
		function deviceB(vault: string, file: string): { env: NodeJS.ProcessEnv; write(change: (m: ReviewMarks) => ReviewMarks): string } {
			const env = { SESSION_BRIEF_STATE_DIR: stateDir() };
			const key = ensureDeviceKey(env);
			// A device name is the other device's word: one with a direction override must be shown quoted.
			fs.writeFileSync(deviceKeyFile(env), JSON.stringify({ schema: 1, key: key.key, private: key.private, label: 'Phone\u202e"B"' }));
			return {
				env,
				write(change) {
					const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
					if (readSeal(vault, env) === null && text !== null) writeSeal(vault, text, new Date(), env);
					const signed = signMarks(vault, `${JSON.stringify(change(trustedMarks(vault, path.dirname(file), text, env).marks), null, '\t')}\n`, new Date(), env);
					fs.writeFileSync(file, signed);
					writeSeal(vault, signed, new Date(), env);
					return signed;
				},
			};
		}

		it('are asked about once, then count; an agent copying an older file back gets the warning', async () => {
			process.env.SESSION_BRIEF_STATE_DIR = stateDir();
			const base = tempVault({ ...FIXTURE });
			const dir = path.join(base, '.obsidian', 'plugins', 'session-brief');
			const file = path.join(dir, REVIEW_FILE);
			const records = [rec('Notes/Plain.md', 's1', ago(3_600_000)), rec('Notes/Flagged.md', 's1', ago(3_000_000)), rec('Inbox/Idea.md', 's2', ago(1_000_000))];
			fs.writeFileSync(path.join(dir, JOURNAL_FILE), records.map((r) => encodeRecord(r) ?? '').join(''));
			started = await startPlugin(base);
			const s = started;
			await store(s).refresh();
			const root = await openReviewView(s);
			await store(s).markNote('Inbox/Idea.md', new Date().toISOString());
			await idle(s);
			expect(store(s).count()).toBe(2);

			// Device B marks everything reviewed; the sync brings its file.
			const b = deviceB(base, file);
			const bKey = readDeviceKey(b.env)?.key ?? '';
			const markedAll = b.write((m) => markAll(m, new Date().toISOString()));
			await store(s).refresh();
			await settle(s.app);
			expect(store(s).count()).toBe(2);
			const prompt = root.querySelector<HTMLElement>('.session-brief-marks-outside');
			expect(prompt?.classList.contains('session-brief-marks-device')).toBe(true);
			expect(prompt?.textContent).toContain(`Review marks from another device (${shortKeyId(bKey)}, ${quoteAlways('Phone\u202e"B"')}): trust this device?`);
			expect(prompt?.textContent).toContain('2 agent changes they would hide are shown');
			expect(prompt?.textContent).toContain(`this device is ${shortKeyId(readDeviceKey()?.key ?? '')}`);
			expect(prompt?.textContent).not.toContain('changed outside Obsidian');
			// The bridge's readers judge the file alike.
			expect(trustedMarks(base, dir).outside?.device?.key).toBe(bKey);
			expect(trustedMarks(base, dir).marks.all).toBeNull();

			prompt?.querySelector<HTMLElement>('button')?.click();
			await idle(s);
			expect(readTrustedDevices().map((d) => d.key)).toEqual([bKey]);
			expect(store(s).changedOutside()).toBeNull();
			expect(store(s).count()).toBe(0);
			expect(root.querySelector('.session-brief-marks-outside')).toBeNull();

			// B's later writes count without a word, on the plugin and the bridge alike.
			b.write((m) => markNote({ ...m, all: null }, 'Notes/Plain.md', new Date().toISOString()));
			await store(s).refresh();
			await settle(s.app);
			expect(store(s).changedOutside()).toBeNull();
			expect(store(s).count()).toBe(1);
			expect(root.querySelector('.session-brief-marks-outside')).toBeNull();
			expect(trustedMarks(base, dir).outside).toBeNull();

			// An agent copies B's older file back, to hide the changes again: the warning, not the prompt.
			fs.writeFileSync(file, markedAll);
			await store(s).refresh();
			await settle(s.app);
			expect(store(s).count()).toBe(1);
			const warning = root.querySelector<HTMLElement>('.session-brief-marks-outside');
			expect(warning?.classList.contains('session-brief-marks-device')).toBe(false);
			expect(warning?.textContent).toContain('Review marks were changed outside Obsidian');
			expect(trustedMarks(base, dir).outside?.device).toBeNull();
		});
	});
});
