// The plugin's incremental update of one note, in-process, against the test stand-in for
// `obsidian`. Used by bench/run.ts; also runs alone:
//
//   npx tsx bench/plugin-incremental.ts [N…] [--updates 200] [--warmup 30] [--moves 150] [--coldMoves 40] [--seed 1]
//
// At bench time esbuild bundles bench/plugin-incremental-child.ts (IndexSync, BriefService, the
// settings resolver and the stand-in's App/Plugin; `obsidian` aliased to stand-in) into
// one CommonJS file. Each N runs in its own child (`node --expose-gc`), which:
//   1. loads the generated vault into the stand-in (Vault walks the folder, MetadataCache parses
//      every note up front as Obsidian restores its cache) — setup, not measured;
//   2. builds the index as main.ts does (IndexSync.start + first `resolved`, then whenBuilt) with
//      heapUsed after two forced GCs before and after: retained bytes of the index per note;
//   3. times incremental updates on random notes (each note touched once), after warm-up:
//      * change: `vault.modify` with the note's text plus a line carrying #needs-review. Timed
//        (a) from the metadata cache's `changed` event to the index holding the new entry (the
//        plugin's own work: IndexSync.update → readIndexedNote → NoteIndex.set → onChange),
//        (b) (a) plus the brief recomputed by BriefService.brief() (what the open sidebar does on
//        every change; the status bar's count is timed too), and
//        (c) end to end from the `vault.modify` call (includes the stand-in's disk write, stat and
//        its own YAML parse of the note, which real Obsidian does in its worker);
//      * rename to a sibling name and back (vault `rename` event → index holds the new path), then
//        the same with the CPU caches flushed before each rename (the plugin's work apart from the
//        cache state a larger index and the stand-in's own per-folder bookkeeping leave behind);
//      * delete + create of the same note (vault `delete` → gone; `create` → indexed again, which
//        reads the note's text because the metadata cache has none for it yet).
// Every note the bench changes is put back afterwards (bench/lib/journal.ts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVault } from './generate-vault';
import { flag, positionalNumbers } from './lib/args';
import { compiled } from './lib/compile';
import { restoreJournal } from './lib/journal';
import { REPO } from './lib/repo';
import type { ChildOptions, PluginBenchResult } from './plugin-incremental-child';

export type { PluginBenchResult };
export { restoreJournal };

/** Bundles the child with the stand-in in place of `obsidian`. Returns the file. */
export function buildPluginBundle(): string {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
	return compiled('bench/plugin-incremental-child.ts', {
		mainFields: ['module', 'main'],
		alias: { obsidian: path.join(REPO, 'stand-in', 'obsidian.ts') },
		loader: { '.cjs': 'text' },
		define: { BRIDGE_VERSION: JSON.stringify(pkg.version) },
	});
}

export type PluginBenchOptions = Partial<Omit<ChildOptions, 'root' | 'n' | 'out'>>;

/**
 * Measures one vault in a child process. `root` is a generated vault (bench/generate-vault.ts).
 * Returns the child's result or throws with its stderr.
 */
export function benchPluginIncremental(n: number, root: string, options: PluginBenchOptions = {}): PluginBenchResult {
	const bundle = buildPluginBundle();
	restoreJournal(root);
	const out = path.join(os.tmpdir(), `session-brief-bench-plugin-${process.pid}-${n}.json`);
	const opts: ChildOptions = { updates: 200, warmup: 30, briefUpdates: 60, briefWarmup: 5, moves: 150, coldMoves: 40, moveWarmup: 10, seed: 1, ...options, root, n, out };
	const args = ['--expose-gc', '--max-old-space-size=8192', bundle, JSON.stringify(opts)];
	const env = { ...process.env };
	delete env.NODE_OPTIONS;
	const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 30 * 60_000 });
	try {
		if (r.status !== 0 || !fs.existsSync(out)) {
			restoreJournal(root);
			throw new Error(`plugin bench child for ${n} notes failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}): ${(r.stderr || String(r.error ?? '')).trim().split('\n').slice(-8).join('\n')}`);
		}
		return JSON.parse(fs.readFileSync(out, 'utf8')) as PluginBenchResult;
	} finally {
		fs.rmSync(out, { force: true });
	}
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const argv = process.argv.slice(2);
	const sizes = positionalNumbers(argv);
	const opts: PluginBenchOptions = {};
	for (const key of ['updates', 'warmup', 'moves', 'coldMoves', 'seed'] as const) {
		const v = flag(argv, key);
		if (v !== undefined) opts[key] = Number(v);
	}
	for (const n of sizes.length > 0 ? sizes : [10000]) {
		const { root } = ensureVault(n, { log: (s) => console.error(s) });
		console.log(JSON.stringify(benchPluginIncremental(n, root, opts), null, 1));
	}
}
