// The plugin on Obsidian's main thread, each step against a floor without the plugin
// (docs/bench/README.md, "The plugin on Obsidian's main thread"). Used by bench/run.ts
// (`--only main-thread`); also runs alone:
//
//   npx tsx bench/plugin-main-thread.ts [N…] [--edits 500] [--gap 8] [--runs 9]
//
// The plugin folder and every note the burst edits are put back afterwards (bench/lib/journal.ts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { ensureVault } from './generate-vault';
import { flag, positionalNumbers } from './lib/args';
import { compiled } from './lib/compile';
import { restoreJournal } from './lib/journal';
import { REPO } from './lib/repo';
import type { IndexResult, MainThreadOptions, OnloadResult } from './plugin-main-thread-child';

export type { IndexResult, OnloadResult };

function bundle(): string {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
	return compiled('bench/plugin-main-thread-child.ts', {
		mainFields: ['module', 'main'],
		alias: { obsidian: path.join(REPO, 'stand-in', 'obsidian.ts') },
		loader: { '.cjs': 'text' },
		define: { BRIDGE_VERSION: JSON.stringify(pkg.version) },
	});
}

function runChild<R>(opts: Omit<MainThreadOptions, 'out'>): R {
	const out = path.join(os.tmpdir(), `session-brief-bench-main-${process.pid}-${opts.mode}-${opts.n}.json`);
	const env = { ...process.env };
	delete env.NODE_OPTIONS;
	const r = spawnSync(process.execPath, ['--max-old-space-size=8192', bundle(), JSON.stringify({ ...opts, out })], { env, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 30 * 60_000, cwd: REPO });
	try {
		if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`main-thread child (${opts.mode}, ${opts.n}) failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}): ${(r.stderr || String(r.error ?? '')).trim().split('\n').slice(-8).join('\n')}`);
		return JSON.parse(fs.readFileSync(out, 'utf8')) as R;
	} finally {
		fs.rmSync(out, { force: true });
	}
}

/** `onload` of the plugin and of a minimal plugin, each on a fresh app over a copy of example-vault/. */
export function benchOnload(runs: number): OnloadResult {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-onload-'));
	try {
		const vault = path.join(dir, 'vault');
		copyExampleVault(vault);
		return runChild<OnloadResult>({ mode: 'onload', root: vault, n: 0, runs, edits: 0, editGapMs: 0, journalBytes: 0 });
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Copies the plugin folder's files aside; the returned function puts them back and removes the rest. */
function keepPluginFolder(root: string): () => void {
	const dir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	const aside = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-plugin-folder-'));
	const had = fs.existsSync(dir);
	if (had) fs.cpSync(dir, aside, { recursive: true });
	return () => {
		fs.rmSync(dir, { recursive: true, force: true });
		if (had) fs.cpSync(aside, dir, { recursive: true });
		fs.rmSync(aside, { recursive: true, force: true });
	};
}

/** The first index pass and the agent burst on one generated vault. */
export function benchIndex(n: number, root: string, options: { edits?: number; editGapMs?: number; journalBytes?: number } = {}): IndexResult {
	restoreJournal(root);
	const putBack = keepPluginFolder(root);
	try {
		return runChild<IndexResult>({ mode: 'index', root, n, runs: 0, edits: options.edits ?? 500, editGapMs: options.editGapMs ?? 8, journalBytes: options.journalBytes ?? 3_800_000 });
	} finally {
		restoreJournal(root);
		putBack();
	}
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const argv = process.argv.slice(2);
	const sizes = positionalNumbers(argv);
	const edits = Number(flag(argv, 'edits') ?? 500);
	const gap = Number(flag(argv, 'gap') ?? 8);
	console.log(JSON.stringify(benchOnload(Number(flag(argv, 'runs') ?? 9)), null, 1));
	for (const n of sizes.length > 0 ? sizes : [10000]) {
		const { root } = ensureVault(n, { log: (s) => console.error(s) });
		console.log(JSON.stringify(benchIndex(n, root, { edits, editGapMs: gap }), null, 1));
	}
}
