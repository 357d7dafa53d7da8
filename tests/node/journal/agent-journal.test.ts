/**
 * The journal on disk: concurrent appends from many processes and a compaction running at the
 * same time lose no record and tear none; readers survive corrupt, truncated and huge files.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, parseJournal, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { appendJournal, compactJournalFile, readJournal } from '../../../src/node/journal/agent-journal';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const dirs: string[] = [];
afterAll(() => {
	for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function tmp(): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-journal-'));
	dirs.push(d);
	return d;
}

function rec(p: string, ms: number, session = 's'): JournalRecord {
	return { path: p, tool: 'Edit', session, at: new Date(NOW.getTime() + ms).toISOString() };
}

/** The node module bundled for child processes, which run plain JavaScript. */
function bundledAppender(dir: string): string {
	const entry = path.join(dir, 'appender.ts');
	fs.writeFileSync(
		entry,
		`import { appendJournal } from ${JSON.stringify(path.resolve('src/node/journal/agent-journal.ts'))};
const [pluginDir, worker, count] = process.argv.slice(2);
const base = Date.parse('2026-11-29T10:00:00.000Z');
for (let i = 0; i < Number(count); i++) {
	await appendJournal(pluginDir, pluginDir, { path: 'Notes/w' + worker + '-' + i + '.md', tool: 'Write', session: 'worker-' + worker, at: new Date(base + i).toISOString() }, new Date(base));
}
`,
	);
	const out = path.join(dir, 'appender.mjs');
	buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'silent' });
	return out;
}

function runChild(script: string, args: string[]): Promise<number | null> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script, ...args], { stdio: 'ignore' });
		child.on('exit', (code) => resolve(code));
	});
}

describe('agent journal on disk', () => {
	it('appends one line per record and reads them back', async () => {
		const root = tmp();
		const dir = path.join(root, 'plugin');
		await appendJournal(root, dir, rec('a.md', 0), NOW);
		await appendJournal(root, dir, rec('b.md', 1), NOW);
		expect(fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').split('\n')).toHaveLength(3);
		expect(readJournal(root, dir, NOW).map((r) => r.path)).toEqual(['a.md', 'b.md']);
		expect(readJournal(path.join(dir, 'none'), path.join(dir, 'none'), NOW)).toEqual([]);
	});

	it('20 processes appending at once while compactions run lose no record and tear none', async () => {
		const dir = tmp();
		const pluginDir = path.join(dir, 'plugin');
		fs.mkdirSync(pluginDir);
		const script = bundledAppender(dir);
		// Old records for the compactions to drop, so each one rewrites the file.
		const old = Array.from({ length: 3000 }, (_, i) => encodeRecord({ path: `old/${i}.md`, tool: 'Edit', session: 'old', at: '2026-01-01T00:00:00.000Z' })).join('');
		fs.writeFileSync(path.join(pluginDir, JOURNAL_FILE), old);
		const workers = 20;
		const each = 150;
		let done = false;
		const children = Promise.all(Array.from({ length: workers }, (_, w) => runChild(script, [pluginDir, String(w), String(each)]))).finally(() => {
			done = true;
		});
		let compactions = 0;
		while (!done) {
			if (await compactJournalFile(pluginDir, pluginDir, NOW)) compactions++;
			await new Promise((r) => setTimeout(r, 5));
		}
		expect(await children).toEqual(Array(workers).fill(0));
		expect(compactions).toBeGreaterThan(1);
		const text = fs.readFileSync(path.join(pluginDir, JOURNAL_FILE), 'utf8');
		// No torn line: every line of the file is a whole record.
		const lines = text.split('\n').filter((l) => l !== '');
		for (const l of lines) expect(() => JSON.parse(l) as unknown).not.toThrow();
		const got = new Set(parseJournal(text).filter((r) => r.session !== 'old').map((r) => r.path));
		const missing: string[] = [];
		for (let w = 0; w < workers; w++) for (let i = 0; i < each; i++) if (!got.has(`Notes/w${w}-${i}.md`)) missing.push(`w${w}-${i}`);
		expect(missing).toEqual([]);
		expect(got.size).toBe(workers * each);
		// The old records are gone once a compaction ran.
		expect(text).not.toContain('"session":"old"');
		expect(fs.readdirSync(pluginDir).filter((n) => n !== JOURNAL_FILE)).toEqual([]);
	}, 120_000);

	it('a busy compaction lock makes a second compaction skip; a stale one is taken over', async () => {
		const dir = tmp();
		await appendJournal(dir, dir, rec('a.md', 0), NOW);
		const lock = path.join(dir, `${JOURNAL_FILE}.lock`);
		fs.writeFileSync(lock, '1');
		expect(await compactJournalFile(dir, dir, NOW)).toBe(false);
		const old = new Date(Date.now() - 60_000);
		fs.utimesSync(lock, old, old);
		expect(await compactJournalFile(dir, dir, NOW)).toBe(true);
		expect(fs.existsSync(lock)).toBe(false);
		expect(readJournal(dir, dir, NOW).map((r) => r.path)).toEqual(['a.md']);
	});

	it('a corrupt, truncated or 50 MB journal costs no record written after it and reads in bounded time', async () => {
		const dir = tmp();
		const file = path.join(dir, JOURNAL_FILE);
		fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('{"path":"x.md","tool"')]));
		await appendJournal(dir, dir, rec('after-corrupt.md', 0), NOW);
		expect(readJournal(dir, dir, NOW).map((r) => r.path)).toEqual(['after-corrupt.md']);
		// 50 MB of junk: the next append compacts it away; the record survives.
		fs.writeFileSync(file, Buffer.alloc(50 * 1024 * 1024, 0x61));
		await appendJournal(dir, dir, rec('after-huge.md', 1), NOW);
		expect(fs.statSync(file).size).toBeLessThan(1024);
		expect(readJournal(dir, dir, NOW).map((r) => r.path)).toEqual(['after-huge.md']);
	});

	it('a plugin folder that cannot be written throws to the caller (the hook catches it)', async () => {
		const dir = tmp();
		const blocked = path.join(dir, 'file-not-folder');
		fs.writeFileSync(blocked, 'x');
		await expect(appendJournal(blocked, blocked, rec('a.md', 0), NOW)).rejects.toThrow();
	});
});
