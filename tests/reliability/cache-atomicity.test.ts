/**
 * The cache under concurrency: writers rewrite it in a tight loop while this process reads it.
 * Every read must parse (no torn file); a brief whose index comes from another write must be
 * detected as a miss; a corrupted file on disk is a miss, never a crash.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBriefCache, readBriefIndex } from '../../src/node/tiers/cache';
import { BRIEF_FILE, INDEX_FILE } from '../../src/core/brief/cache-format';
import { REPO } from '../helpers/bridge';
import { LONG } from '../helpers/random';

let dir: string;
let writer: string;

// A writer process built from the real src/node/tiers/cache.ts: it rewrites both files `count` times with
// payloads of changing size, so a non-atomic write would be caught half-done.
const WRITER_SOURCE = `
import { writeCache } from './src/node/tiers/cache';
const [dir, count, tag] = process.argv.slice(2);
for (let i = 0; i < Number(count); i++) {
	const rows = Array.from({ length: 50 + (i % 7) * 400 }, (_, j) => [\`\${tag}/note-\${j}.md\`, i, j, 0]);
	writeCache(dir, dir, { writer: 'bridge', writtenAt: i, date: '2026-11-29', key: tag + i, noteCount: rows.length, namesPerItem: 5,
		brief: { date: '2026-11-29', weekday: 0, items: { dailyNote: null, inbox: null, needsReview: null, reviewOpen: null, pendingReview: null, sessionsToday: null }, errors: [] } }, rows);
}
`;

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-atomic-'));
	writer = path.join(dir, 'writer.cjs');
	const entry = path.join(REPO, `.atomic-writer-${process.pid}.ts`);
	fs.writeFileSync(entry, WRITER_SOURCE);
	try {
		await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: writer, logLevel: 'silent' });
	} finally {
		fs.rmSync(entry);
	}
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 }));

function startWriter(target: string, count: number, tag: string): Promise<number | null> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [writer, target, String(count), tag], { stdio: 'ignore' });
		child.on('exit', resolve);
	});
}

describe('cache atomicity', () => {
	it('readers never see a torn file while two writers rewrite it', async () => {
		const target = path.join(dir, 'plugin');
		fs.mkdirSync(target);
		const writes = LONG ? 3000 : 600;
		let running = 2;
		const done = Promise.all([startWriter(target, writes, 'a'), startWriter(target, writes, 'b')]).then((codes) => {
			running = 0;
			return codes;
		});
		let reads = 0;
		let torn = 0;
		let matched = 0;
		let mismatched = 0;
		while (running > 0) {
			for (const file of [BRIEF_FILE, INDEX_FILE]) {
				let text: string;
				try {
					text = fs.readFileSync(path.join(target, file), 'utf8');
				} catch {
					continue; // Not written yet.
				}
				reads++;
				try {
					JSON.parse(text);
				} catch {
					torn++;
				}
			}
			const brief = readBriefCache(target, target);
			if (brief !== null) {
				const index = readBriefIndex(target, target, brief.indexId);
				if (index === null) mismatched++;
				else {
					matched++;
					// A matching pair comes from one write: same writer tag and note count.
					expect(index.notes.length).toBe(brief.noteCount);
					expect(index.notes[0]?.[0].split('/')[0]).toBe(brief.key[0]);
				}
			}
			await new Promise((r) => setImmediate(r));
		}
		expect(await done).toEqual([0, 0]);
		expect(torn).toBe(0);
		expect(reads).toBeGreaterThan(100);
		expect(matched).toBeGreaterThan(0);
		console.log(`cache atomicity: ${reads} reads, ${torn} torn, ${matched} consistent pairs, ${mismatched} pairs from different writes (misses)`);
		expect(fs.readdirSync(target).filter((f) => f.endsWith('.tmp'))).toEqual([]);
	}, 300_000);

	it('a truncated or corrupted cache on disk is a miss, never a throw', () => {
		const target = path.join(dir, 'corrupt');
		fs.mkdirSync(target);
		for (const bad of ['', '{', 'null', '[1]', '{"format":"session-brief-cache","version":1}', Buffer.from([0xff, 0x00, 0xfe]).toString('latin1')]) {
			fs.writeFileSync(path.join(target, BRIEF_FILE), bad);
			fs.writeFileSync(path.join(target, INDEX_FILE), bad);
			expect(readBriefCache(target, target)).toBeNull();
			expect(readBriefIndex(target, target, 'x')).toBeNull();
		}
		fs.rmSync(path.join(target, BRIEF_FILE));
		expect(readBriefCache(target, target)).toBeNull();
	});
});
