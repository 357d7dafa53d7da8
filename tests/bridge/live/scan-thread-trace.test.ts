/**
 * With SESSION_BRIEF_SCAN_TRACE=1 the bundled bridge tells on stderr which mode its full scan and
 * its tier-3 stat walk ran in, as the bench reads it; without it, stderr stays empty.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { parseTraces, TRACE_ENV, type ThreadTrace } from '../../../src/node/scan/thread-trace';
import { BUNDLE, FIXED_NOW, run } from '../../helpers/bridge';

const NOTES = 20_100;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-trace-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 }));
beforeAll(() => {
	for (let f = 0; f < 30; f++) {
		const dir = path.join(root, `f${f}`);
		fs.mkdirSync(dir);
		for (let i = 0; i < NOTES / 30; i++) fs.writeFileSync(path.join(dir, `n${i}.md`), i % 500 === 0 ? 'a #needs-review\n' : `note ${i}\n`);
	}
	fs.mkdirSync(path.join(root, '.obsidian', 'plugins', 'session-brief'), { recursive: true });
}, 120_000);

function bridge(args: string[], env: Record<string, string>): { stdout: string; stderr: string } {
	const r = run(BUNDLE, [...args, '--vault', root], '', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, ...env }, timeout: HANG_MS });
	return { stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/** A trace's own account must hold together: two threads exactly when the worker took notes. */
function consistent(t: ThreadTrace | undefined, walk: ThreadTrace['walk']): ThreadTrace {
	expect(t?.walk).toBe(walk);
	if (t === undefined) throw new Error('no trace');
	if (t.threads === 2) {
		expect(t.workerNotes).toBeGreaterThan(0);
		expect(t.workerNotes).toBeLessThanOrEqual(t.notes);
	} else if (t.workerNotes !== undefined) {
		expect([t.workerNotes, t.why]).toEqual([0, 'the worker took no part']);
	}
	return t;
}

describe('thread trace of the bundled bridge', () => {
	it('names the mode of the full scan, and the scan answers the same in both', () => {
		const one = bridge(['report', '--json', '--source', 'scan'], { [TRACE_ENV]: '1', SESSION_BRIEF_SCAN_THREADS: '1' });
		expect(parseTraces(one.stderr)).toEqual([{ walk: 'scan', threads: 1, why: 'SESSION_BRIEF_SCAN_THREADS=1', notes: NOTES }]);
		const two = bridge(['report', '--json', '--source', 'scan'], { [TRACE_ENV]: '1', SESSION_BRIEF_SCAN_THREADS: '2' });
		const traces = parseTraces(two.stderr);
		expect(traces).toHaveLength(1);
		const t = consistent(traces[0], 'scan');
		expect(t.notes).toBe(NOTES);
		// The first scan wrote the cache, whose count says the vault is large: the worker is fed during the walk.
		if (t.threads === 2) expect(t.why).toBe('fed during the walk, SESSION_BRIEF_SCAN_THREADS=2');
		const strip = (s: string): unknown => ({ ...(JSON.parse(s) as object), generatedAt: 0 });
		expect(strip(two.stdout)).toEqual(strip(one.stdout));
		expect((JSON.parse(one.stdout) as { items: { needsReview: { count: number } } }).items.needsReview.count).toBe(30 * Math.ceil(NOTES / 30 / 500));
	}, 120_000);

	it('names the mode of the tier-3 stat walk, and stays silent when not asked', () => {
		// The scan writes the cache the stat walk then proves.
		expect(bridge(['report', '--json', '--source', 'scan'], {}).stderr).toBe('');
		const quiet = bridge(['session-start'], { SESSION_BRIEF_SCAN_THREADS: '2' });
		expect(quiet.stdout).toContain('cached brief');
		expect(quiet.stderr).toBe('');
		const one = bridge(['session-start'], { [TRACE_ENV]: '1', SESSION_BRIEF_SCAN_THREADS: '1' });
		expect(parseTraces(one.stderr)).toEqual([{ walk: 'stat-walk', threads: 1, why: 'SESSION_BRIEF_SCAN_THREADS=1', notes: NOTES }]);
		const two = bridge(['session-start'], { [TRACE_ENV]: '1', SESSION_BRIEF_SCAN_THREADS: '2' });
		expect(two.stdout).toContain('cached brief');
		const traces = parseTraces(two.stderr);
		expect(traces).toHaveLength(1);
		expect(consistent(traces[0], 'stat-walk').notes).toBe(NOTES);
	}, 120_000);
});
