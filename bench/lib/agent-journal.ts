// Unreviewed agent changes for the tier-1 rows (bench/instructions.ts, bench/run.ts): K journal
// records for K notes of a generated vault, 20 to a session, a few hours before the bench's now,
// and the plugin-folder files those rows touch, put back as they were afterwards.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { journalCopyFile } from '../../src/node/journal/agent-journal-copy';
import { BENCH_NOW, childEnv } from './repo';

/** The files a tier-1 journal row adds to a vault's plugin folder. */
export const JOURNAL_TOUCHED = ['brief-cache.json', 'agent-changes.jsonl', 'agent-review.json', 'conversations.json', 'session-starts.json', 'session-starts.jsonl'];

/** The first `want` notes of the vault, in walk order. */
export function notePaths(root: string, want: number): string[] {
	const found: string[] = [];
	const walk = (rel: string): void => {
		for (const d of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
			if (found.length >= want || d.name.startsWith('.')) continue;
			const child = rel === '' ? d.name : `${rel}/${d.name}`;
			if (d.isDirectory()) walk(child);
			else if (d.name.endsWith('.md')) found.push(child);
		}
	};
	walk('');
	return found;
}

export function journalLines(paths: readonly string[]): string {
	const start = new Date(BENCH_NOW).getTime() - 6 * 3600_000;
	return paths
		.map((p, i) => `${JSON.stringify({ path: p, tool: i % 3 === 0 ? 'Write' : 'Edit', session: `bench-session-${Math.floor(i / 20)}`, at: new Date(start + i * 1000).toISOString() })}\n`)
		.join('');
}

/** Writes a journal of `k` unreviewed records into `dir` (the vault's plugin folder); returns how to put the touched files back. */
export function withJournal(root: string, dir: string, k: number): () => void {
	const saved = new Map(JOURNAL_TOUCHED.map((f) => [f, fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f)) : null]));
	const lines = journalLines(notePaths(root, k));
	fs.writeFileSync(path.join(dir, 'agent-changes.jsonl'), lines);
	// As the hooks leave it: the same lines in the journal's copy in the per-user state folder, which a session start compares.
	const copy = journalCopyFile(root, childEnv());
	fs.mkdirSync(path.dirname(copy), { recursive: true });
	fs.writeFileSync(copy, lines);
	fs.rmSync(path.join(dir, 'agent-review.json'), { force: true });
	return () => {
		fs.rmSync(copy, { force: true });
		for (const [f, bytes] of saved) {
			if (bytes === null) fs.rmSync(path.join(dir, f), { force: true });
			else fs.writeFileSync(path.join(dir, f), bytes);
		}
	};
}
