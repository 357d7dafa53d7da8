/** The full scan of a large vault reads the notes on two threads: same answer, nothing lost, in order. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { freeCore, freeCoreNow, othersRunningNow } from '../../../src/node/scan/thread-choice';
import { parseTraces, TRACE_ENV } from '../../../src/node/scan/thread-trace';
import { BUNDLE, FIXED_NOW, run } from '../../helpers/bridge';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-parallel-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 }));

describe('parallel full scan', () => {
	it('gives every note once, in order, for a vault above the two-thread threshold, on one thread or two', () => {
		const expected: string[] = [];
		for (let f = 0; f < 40; f++) {
			const dir = path.join(root, `f${String(f).padStart(2, '0')}`);
			fs.mkdirSync(dir);
			for (let i = 0; i < 520; i++) {
				const flagged = (f * 520 + i) % 997 === 0;
				const name = `n${String(i).padStart(3, '0')}.md`;
				fs.writeFileSync(path.join(dir, name), flagged ? `---\ntags: [x]\n---\nline #needs-review\n` : `plain note ${i}\n`);
				if (flagged) expected.push(`f${String(f).padStart(2, '0')}/${name}`);
			}
		}
		const answers: string[] = [];
		// `2` starts the second thread whatever the machine's load; `1` never does.
		for (const threads of ['2', '1']) {
			const env = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, SESSION_BRIEF_SCAN_THREADS: threads };
			const r = run(BUNDLE, ['report', '--json', '--review', '--source', 'scan', '--vault', root], '', { env, timeout: HANG_MS });
			expect(r.stderr).toBe('');
			const json = JSON.parse(r.stdout.toString()) as { generatedAt?: unknown; items: { needsReview: { count: number; paths: string[]; entries: Array<{ hits: Array<{ line: number }> }> } } };
			expect(json.items.needsReview.paths).toEqual([...expected].sort());
			expect(json.items.needsReview.entries.every((e) => e.hits[0]?.line === 4)).toBe(true);
			const text = run(BUNDLE, ['report', '--source', 'scan', '--vault', root], '', { env, timeout: HANG_MS }).stdout.toString();
			expect(text).toContain('(read 20800 note(s)');
			delete json.generatedAt;
			answers.push(JSON.stringify(json));
		}
		expect(answers[0]).toBe(answers[1]);

		// Tier 3 on the same vault (above the two-thread threshold): the bundle's stat walk on two
		// threads proves the cache the last scan wrote, and still sees one changed note.
		const tier3 = (threads: string): string => {
			const env = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, SESSION_BRIEF_SCAN_THREADS: threads };
			const r = run(BUNDLE, ['report', '--json', '--vault', root], '', { env, timeout: HANG_MS });
			expect(r.stderr).toBe('');
			return (JSON.parse(r.stdout.toString()) as { source: string }).source;
		};
		// A vault with Obsidian's folder gets a cache: the first run scans and writes it.
		fs.mkdirSync(path.join(root, '.obsidian', 'plugins', 'session-brief'), { recursive: true });
		expect(tier3('1')).toBe('scan');
		expect(tier3('2')).toBe('cache');
		expect(tier3('1')).toBe('cache');
		const note = path.join(root, 'f17', 'n300.md');
		fs.utimesSync(note, new Date(2026, 10, 28, 9, 0, 0), new Date(2026, 10, 28, 9, 0, 0));
		expect(tier3('2')).toBe('scan');
		expect(tier3('2')).toBe('cache');
		fs.rmSync(note);
		expect(tier3('2')).toBe('scan');

		// Now the cache says the vault is large: a full scan starts its worker before the walk and
		// feeds it chunks as the walk lists them. The same notes, once each, in order.
		const env = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, SESSION_BRIEF_SCAN_THREADS: '2', [TRACE_ENV]: '1' };
		const fed = run(BUNDLE, ['report', '--json', '--review', '--source', 'scan', '--vault', root], '', { env, timeout: HANG_MS });
		const json = JSON.parse(fed.stdout.toString()) as { items: { needsReview: { paths: string[] } } };
		expect(json.items.needsReview.paths).toEqual([...expected].sort());
		const trace = parseTraces(fed.stderr).find((t) => t.walk === 'scan');
		// The worker reads during the walk; on a starved machine it may still have taken no part.
		expect(trace?.threads === 2 ? trace.why : trace?.why).toBe(trace?.threads === 2 ? 'fed during the walk, SESSION_BRIEF_SCAN_THREADS=2' : 'the worker took no part');
		expect(trace?.notes).toBe(20_799);
		const text = run(BUNDLE, ['report', '--source', 'scan', '--vault', root], '', { env: { ...env, [TRACE_ENV]: '' }, timeout: HANG_MS }).stdout.toString();
		expect(text).toContain('(read 20799 note(s)');
	}, 240_000);

	it('takes a second thread only with a core to spare', () => {
		expect(freeCore(1, 0)).toBe(false);
		expect(freeCore(2, 0.3)).toBe(true);
		expect(freeCore(2, 1)).toBe(true);
		expect(freeCore(2, 1.4)).toBe(false);
		expect(freeCore(8, 6.5)).toBe(true);
		expect(freeCore(8, 7.5)).toBe(false);
		// By the tasks running now, besides the scan itself: its two threads need two cores.
		expect(freeCoreNow(1, 0)).toBe(false);
		expect(freeCoreNow(2, 0)).toBe(true);
		expect(freeCoreNow(2, 1)).toBe(false);
		expect(freeCoreNow(8, 6)).toBe(true);
		expect(freeCoreNow(8, 7)).toBe(false);
	});

	it("reads the tasks running now from Linux's /proc/loadavg, not counting itself", () => {
		expect(othersRunningNow('0.61 0.52 0.40 1/345 6789\n')).toBe(0);
		expect(othersRunningNow('3.10 2.00 1.50 4/512 1234\n')).toBe(3);
		expect(othersRunningNow('0.00 0.00 0.00 0/80 1\n')).toBe(0);
		expect(othersRunningNow('')).toBeNull();
		expect(othersRunningNow('0.61 0.52 0.40\n')).toBeNull();
		if (process.platform === 'linux') expect(othersRunningNow(fs.readFileSync('/proc/loadavg', 'utf8'))).toEqual(expect.any(Number));
	});
});
