/**
 * The journal's copy in the per-user state folder: every append lands in both files, a deleted,
 * emptied or shortened vault journal is noticed and its records come back from the copy, and a
 * compaction of the vault's journal by a hook drops from the copy what it dropped, so it never
 * reads as a loss.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyIntact, encodeRecord, MAX_RECORDS, withCopy, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { appendJournal, appendJournalRecords, compactJournalFile, journalPath, readJournalState } from '../../../src/node/journal/agent-journal';
import { journalCopyFile, readCopyText } from '../../../src/node/journal/agent-journal-copy';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const dirs: string[] = [];
afterAll(() => {
	for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function vault(): { root: string; pluginDir: string } {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-journal-copy-'));
	dirs.push(root);
	const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	return { root, pluginDir };
}

const rec = (p: string, ms: number): JournalRecord => ({ path: p, tool: 'Edit', session: 's', at: new Date(NOW.getTime() + ms).toISOString() });

describe('the journal copy', () => {
	it('gets every record the vault journal gets, and brings back what the vault lost', async () => {
		const v = vault();
		await appendJournal(v.root, v.pluginDir, rec('a.md', -3000), NOW);
		await appendJournalRecords(v.root, v.pluginDir, [rec('b.md', -2000), rec('c.md', -1000)], NOW);
		expect(journalCopyFile(v.root)).toContain(process.env.SESSION_BRIEF_STATE_DIR ?? 'no state folder');
		expect(readCopyText(v.root)).toBe(fs.readFileSync(journalPath(v.pluginDir), 'utf8'));
		expect(readJournalState(v.root, v.pluginDir, NOW).lost).toBe(0);

		// Shortened: the newest record cut off.
		const lines = fs.readFileSync(journalPath(v.pluginDir), 'utf8').split('\n');
		fs.writeFileSync(journalPath(v.pluginDir), `${lines.slice(0, 2).join('\n')}\n`);
		expect(readJournalState(v.root, v.pluginDir, NOW)).toEqual({ records: [rec('a.md', -3000), rec('b.md', -2000), rec('c.md', -1000)], lost: 1 });
		// Deleted.
		fs.rmSync(journalPath(v.pluginDir));
		expect(readJournalState(v.root, v.pluginDir, NOW).lost).toBe(3);
		// A record rewritten in the vault: the original comes back, the rewritten one shows too.
		fs.writeFileSync(journalPath(v.pluginDir), [rec('a.md', -3000), rec('b.md', -2000), rec('elsewhere.md', -1000)].map((r) => encodeRecord(r)).join(''));
		const rewritten = readJournalState(v.root, v.pluginDir, NOW);
		expect(rewritten.lost).toBe(1);
		expect(rewritten.records.map((r) => r.path).sort()).toEqual(['a.md', 'b.md', 'c.md', 'elsewhere.md']);
	});

	it("a hook's compaction of the vault journal is no loss: the copy drops what it dropped", async () => {
		const v = vault();
		const day = 24 * 60 * 60 * 1000;
		await appendJournalRecords(v.root, v.pluginDir, [rec('old.md', -40 * day), rec('new.md', -1000)], NOW);
		expect(await compactJournalFile(v.root, v.pluginDir, NOW)).toBe(true);
		expect(fs.readFileSync(journalPath(v.pluginDir), 'utf8')).not.toContain('old.md');
		expect(readCopyText(v.root)).not.toContain('old.md');
		expect(readJournalState(v.root, v.pluginDir, NOW)).toEqual({ records: [rec('new.md', -1000)], lost: 0 });
	});

	it('a vault journal planted as a link or folder still leaves the record in the copy', async () => {
		const v = vault();
		fs.mkdirSync(journalPath(v.pluginDir));
		await expect(appendJournal(v.root, v.pluginDir, rec('a.md', 0), NOW)).rejects.toThrow();
		expect(readCopyText(v.root)).toContain('"path":"a.md"');
		expect(readJournalState(v.root, v.pluginDir, NOW)).toEqual({ records: [rec('a.md', 0)], lost: 1 });
	});
});

describe('the copy against the vault journal, pure', () => {
	it('copyIntact tells a whole journal from one that lost a line without parsing', () => {
		const a = encodeRecord(rec('a.md', 0)) ?? '';
		const b = encodeRecord(rec('b.md', 1)) ?? '';
		expect(copyIntact(null, '')).toBe(true);
		expect(copyIntact(a + b, b + a + b)).toBe(true);
		expect(copyIntact(a + b, a)).toBe(false);
	});

	it('withCopy counts none lost below the record bound of a vault journal that is full', () => {
		const vaultRecords = Array.from({ length: MAX_RECORDS }, (_, i) => rec(`n${i}.md`, i));
		const older = [rec('older.md', -5)];
		expect(withCopy(vaultRecords, older, NOW).lost).toBe(0);
		expect(withCopy(vaultRecords.slice(1), older, NOW).lost).toBe(1);
	});
});
