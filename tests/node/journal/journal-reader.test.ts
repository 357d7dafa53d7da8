/**
 * The plugin's cache writer reads the agent journal a piece at a time (JournalReader in
 * src/node/journal/agent-summary.ts): its summary must be the one a whole read gives
 * (`summarizeFiles`) after any sequence of appends, partial last lines, truncations, replacements
 * by a rename, in-place rewrites of the same length, and a journal that is gone or a link.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { JournalReader, summarizeFiles, summarizeFilesAsync, type SummaryPlace } from '../../../src/node/journal/agent-summary';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function place(): SummaryPlace {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-reader-'));
	dirs.push(root);
	const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	for (const n of ['a', 'b', 'c', 'd']) fs.writeFileSync(path.join(root, `${n}.md`), '');
	return { root, pluginDir, excludedRootFolders: [] };
}

function line(i: number, pathName: string, session: number, change?: 'deleted'): string {
	const r: JournalRecord = { path: `${pathName}.md`, tool: 'Edit', session: `s${session}`, at: new Date(NOW.getTime() - 3_600_000 + i * 1000).toISOString(), ...(change === undefined ? {} : { change }) };
	return encodeRecord(r) ?? '';
}

type Step =
	| { kind: 'append'; lines: Array<[number, string, number, boolean]>; cutLast: number }
	| { kind: 'finish' }
	| { kind: 'truncate'; keep: number }
	| { kind: 'replace'; lines: Array<[number, string, number, boolean]> }
	| { kind: 'rewrite' }
	| { kind: 'remove' }
	| { kind: 'garbage' };

const lineArb = fc.tuple(fc.integer({ min: 0, max: 400 }), fc.constantFrom('a', 'b', 'c', 'd', 'gone'), fc.integer({ min: 0, max: 3 }), fc.boolean());
const stepArb: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ kind: fc.constant('append' as const), lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }), cutLast: fc.integer({ min: 0, max: 30 }) }) },
	{ weight: 2, arbitrary: fc.constant({ kind: 'finish' as const }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), keep: fc.integer({ min: 0, max: 100 }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), lines: fc.array(lineArb, { maxLength: 4 }) }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'rewrite' as const }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'garbage' as const }) },
);

function text(lines: Array<[number, string, number, boolean]>): string {
	return lines.map(([i, p, s, d]) => line(i, p, s, d ? 'deleted' : undefined)).join('');
}

/** Applies a step to the journal file; a cut-off append leaves the rest for a later `finish`. */
function apply(file: string, step: Step, held: { rest: string }): void {
	switch (step.kind) {
		case 'append': {
			const all = held.rest + text(step.lines);
			const cut = Math.max(0, all.length - step.cutLast);
			fs.appendFileSync(file, all.slice(0, cut));
			held.rest = all.slice(cut);
			return;
		}
		case 'finish':
			fs.appendFileSync(file, held.rest);
			held.rest = '';
			return;
		case 'truncate': {
			const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
			if (size > 0) fs.truncateSync(file, Math.floor((size * step.keep) / 100));
			held.rest = '';
			return;
		}
		case 'replace':
			// A compaction: a new file renamed over the path.
			fs.writeFileSync(`${file}.tmp`, text(step.lines));
			fs.renameSync(`${file}.tmp`, file);
			held.rest = '';
			return;
		case 'rewrite': {
			// The same length, other bytes, in place (an editor that keeps the inode).
			if (!fs.existsSync(file)) return;
			const bytes = fs.readFileSync(file);
			fs.writeFileSync(file, Buffer.from(bytes.toString('latin1').replace(/"s(\d)"/g, (_, d: string) => `"s${(Number(d) + 1) % 4}"`), 'latin1'));
			return;
		}
		case 'remove':
			fs.rmSync(file, { force: true });
			held.rest = '';
			return;
		case 'garbage':
			fs.appendFileSync(file, 'not a record\n{"path":"a.md"\n');
			return;
	}
}

describe('the journal read a piece at a time', () => {
	it('gives the summary of a whole read after every step', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
				const p = place();
				const file = path.join(p.pluginDir, JOURNAL_FILE);
				const reader = new JournalReader();
				const held = { rest: '' };
				for (const step of steps) {
					apply(file, step, held);
					const whole = summarizeFiles(p, NOW, 3);
					const piece = await summarizeFilesAsync(p, NOW, 3, reader);
					expect(piece).toEqual(whole);
				}
			}),
			{ numRuns: 60 },
		);
	});

	it('reads only the appended bytes while the file only grows, and everything again after a replacement', async () => {
		const p = place();
		const file = path.join(p.pluginDir, JOURNAL_FILE);
		const reader = new JournalReader();
		fs.writeFileSync(file, line(1, 'a', 1) + line(2, 'b', 1));
		await summarizeFilesAsync(p, NOW, 3, reader);
		fs.appendFileSync(file, line(3, 'c', 2));
		const grown = await summarizeFilesAsync(p, NOW, 3, reader);
		expect(reader.wholeReads).toBe(1);
		expect(grown?.count).toBe(3);
		fs.writeFileSync(`${file}.tmp`, line(4, 'd', 3));
		fs.renameSync(`${file}.tmp`, file);
		const replaced = await summarizeFilesAsync(p, NOW, 3, reader);
		expect(reader.wholeReads).toBe(2);
		expect(replaced).toEqual(summarizeFiles(p, NOW, 3));
		expect(replaced?.paths).toEqual(['d.md']);
	});

	it('never opens a journal that is a link', async () => {
		if (process.platform === 'win32') return;
		const p = place();
		const file = path.join(p.pluginDir, JOURNAL_FILE);
		const elsewhere = path.join(p.root, 'elsewhere.jsonl');
		fs.writeFileSync(elsewhere, line(1, 'a', 1));
		fs.symlinkSync(elsewhere, file);
		expect(await summarizeFilesAsync(p, NOW, 3, new JournalReader())).toBeUndefined();
		expect(summarizeFiles(p, NOW, 3)).toBeUndefined();
	});
});
