// The plugin's incremental update of one note, in-process against the test stand-in for `obsidian`
// (what each step times: docs/bench/README.md, "The plugin's incremental update"). Used by
// bench/run.ts; also runs alone:
//
//   npx tsx bench/plugin-incremental.ts [N…] [--updates 200] [--warmup 30] [--moves 150] [--coldMoves 40] [--seed 1]
//
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
