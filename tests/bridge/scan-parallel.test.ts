/** The full scan of a large vault reads half the notes in a worker thread: same answer, nothing lost. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../helpers/bridge';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-parallel-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('parallel full scan', () => {
	it('gives every note once, in order, for a vault above the two-thread threshold', () => {
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
		const r = run(BUNDLE, ['report', '--json', '--review', '--source', 'scan', '--vault', root]);
		expect(r.stderr).toBe('');
		const json = JSON.parse(r.stdout.toString()) as { items: { needsReview: { count: number; paths: string[]; entries: Array<{ hits: Array<{ line: number }> }> } } };
		expect(json.items.needsReview.paths).toEqual(expected.sort());
		expect(json.items.needsReview.entries.every((e) => e.hits[0]?.line === 4)).toBe(true);
		const text = run(BUNDLE, ['report', '--source', 'scan', '--vault', root]).stdout.toString();
		expect(text).toContain('(read 20800 note(s)');
	}, 120_000);
});
