// The vaults of the `size` rows (bench/run.ts): the example vault's notes with five notes of 1 MB
// each that an agent rewrote past the line cap (src/core/trail/line-counts.ts) after the hook kept their
// before-versions, and the same notes with a journal of 10,000 sessions. Made afresh each run in a
// folder of their own, so no other row's vault changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encodeRecord } from '../../src/core/trail/agent-journal';
import { keepBeforeVersion } from '../../src/node/review/before-versions';
import { copyExampleVault } from '../../scripts/example-vault.mjs';
import { pluginDir } from './plugin-cache';
import { BENCH_NOW } from './repo';

/** About 1 MB of distinct short lines (also the large notes of tests/bridge/trail/large-changes.test.ts). */
export function bigNote(seed: number): string[] {
	let s = seed;
	const word = (): string => {
		s = (s * 1103515245 + 12345) % 2147483648;
		return s.toString(36);
	};
	const out: string[] = [];
	let bytes = 0;
	while (bytes < 1_000_000) {
		const l = `${word()} ${word()} ${word()}\n`;
		out.push(l);
		bytes += l.length;
	}
	return out;
}

function fresh(dir: string): { root: string; plugin: string } {
	fs.rmSync(dir, { recursive: true, force: true });
	copyExampleVault(dir);
	const plugin = pluginDir(dir);
	fs.mkdirSync(plugin, { recursive: true });
	return { root: dir, plugin };
}

/** The vault with `notes` notes of 1 MB, each rewritten (every third line) after its before-version was kept. */
export function largeChangesVault(dir: string, notes = 5): string {
	const { root, plugin } = fresh(dir);
	const at = new Date(new Date(BENCH_NOW).getTime() - 3_600_000);
	const records: string[] = [];
	for (let i = 0; i < notes; i++) {
		const rel = `Large/big${i}.md`;
		const file = path.join(root, ...rel.split('/'));
		const lines = bigNote(i + 1);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, lines.join(''));
		keepBeforeVersion({ root, pluginDir: plugin }, rel, 'bench-large', 'Edit', at);
		fs.writeFileSync(file, lines.map((l, j) => (j % 3 === 0 ? `rewritten ${j}\n` : l)).join(''));
		records.push(encodeRecord({ path: rel, tool: 'Edit', session: 'bench-large', at: at.toISOString() }) ?? '');
	}
	fs.writeFileSync(path.join(plugin, 'agent-changes.jsonl'), records.join(''));
	return root;
}

/** The vault with a journal of `sessions` sessions, one edit each, over the example vault's notes. */
export function manySessionsVault(dir: string, sessions = 10_000): string {
	const { root, plugin } = fresh(dir);
	const notes: string[] = [];
	const walk = (rel: string): void => {
		for (const d of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
			if (d.name.startsWith('.')) continue;
			const child = rel === '' ? d.name : `${rel}/${d.name}`;
			if (d.isDirectory()) walk(child);
			else if (d.name.endsWith('.md')) notes.push(child);
		}
	};
	walk('');
	// Within the journal's age bound: the last 20 days before the bench's now.
	const end = new Date(BENCH_NOW).getTime() - 60_000;
	const step = Math.floor((20 * 86_400_000) / sessions);
	const lines = Array.from({ length: sessions }, (_, i) => encodeRecord({ path: notes[i % notes.length] as string, tool: 'Edit', session: `bench-session-${i}`, at: new Date(end - (sessions - i) * step).toISOString() }) ?? '');
	fs.writeFileSync(path.join(plugin, 'agent-changes.jsonl'), lines.join(''));
	return root;
}
