// `npm run bench`: how fast each path of the bridge is, as ratios against baselines measured in the
// same run, interleaved so a noisy neighbour slows both alike (how: docs/bench/README.md).
//
//   npx tsx bench/run.ts [--quick] [--sizes 1000,10000,100000] [--only SECTION,…] [--cli PATH] [--out DIR] [--no-write]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scanChartSvg, type ScanSeries } from './chart';
import { BENCH_ROOT, BENCH_TODAY, compareWithTruth, ensureVault, VAULT_KINDS, type ReportJson, type Vault, type VaultKind, type VaultMeta } from './generate-vault';
import { flag as flagOf } from './lib/args';
import { compiled } from './lib/compile';
import { fmtMs, fmtN } from './lib/format';
import { measure as measureJobs, run, type Job, type Measured, type RunResult } from './lib/measure';
import { CACHE_VERSION } from '../src/core/brief/cache-format';
import { withJournal } from './lib/agent-journal';
import { largeChangesVault, manySessionsVault } from './lib/large-changes';
import { makePluginCache, pluginDir } from './lib/plugin-cache';
import { REPO, childEnv, extraCaCertsSet, sessionStartInput } from './lib/repo';
import { hookFloorFile } from './lib/hook-floor';
import { RG_DOC, ensureRipgrep, rgArgs } from './lib/ripgrep';
import { peakRss } from './lib/rss';
import { threadModes } from './lib/thread-modes';
import { placeHookFiles } from './lib/hook-files';
import { TRACE_ENV } from '../src/node/scan/thread-trace';
import { walkVault } from '../src/node/scan/scan';
import { excludedRootFolders } from './lib/bench-settings';
import { median } from './lib/stats';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { benchPluginIncremental, type PluginBenchResult } from './plugin-incremental';
import { benchPluginLoad, type PluginLoadResult } from './plugin-load';
import { benchIndex, benchOnload, type IndexResult, type OnloadResult } from './plugin-main-thread';
import { benchStatusLine, type StatusLineRun, type StatusState } from './statusline';

/** Unreviewed agent changes in the journal for the tier-1 journal rows. */
const TIER1_JOURNAL = 200;

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => flagOf(argv, name);
const QUICK = argv.includes('--quick');
/** `--only scan,tier3`: run only these sections (scan, rss, tier3, tier1, statusline, size, serve, post-tool-use, pre-tool-use, turn-end, check, check-paths, plugin, load, main-thread). */
const ONLY = flag('only')?.split(',');
const want = (section: string): boolean => ONLY === undefined || ONLY.includes(section);
const WRITE = !argv.includes('--no-write');
/**
 * What agents run: the files placed as install places them (bench/lib/hook-files.ts); the hook
 * entry runs the bridge, the session start file and the edit hooks' file with V8's code cache.
 * `--cli PATH` measures another file instead.
 */
function installedCopy(): string {
	const bundle = path.join(REPO, 'bridge', 'dist', 'session-brief.cjs');
	if (!fs.existsSync(bundle)) return bundle;
	return placeHookFiles(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-hooks-')));
}
const CLI = path.resolve(flag('cli') ?? installedCopy());
const SIZES = (flag('sizes') ?? (QUICK ? '1000,10000' : '1000,10000,100000')).split(',').map(Number);
const OUT = path.resolve(flag('out') ?? path.join(REPO, 'docs', 'bench', QUICK ? 'tmp' : ''));
const NODE = process.execPath;

/** The plugin's per-note update counts as flat in N when the 100k median is within this of the 10k one. */
const PLUGIN_FLAT = 1.5;
/** Children per size for the plugin rows, sizes interleaved; a row takes the median of their medians. */
const PLUGIN_ROUNDS = QUICK ? 1 : 3;

/** Runs per measurement: [warm-up, timed] by how long one run takes. */
const RUNS: Record<'hook' | 'mid' | 'slow', [number, number]> = QUICK ? { hook: [2, 7], mid: [1, 5], slow: [1, 3] } : { hook: [3, 21], mid: [2, 9], slow: [1, 5] };

const problems: string[] = []; // correctness problems: printed loudly, exit code 3
const notes: string[] = []; // remarks for the results file

function log(msg: string): void {
	process.stderr.write(`${msg}\n`);
}

function fail(msg: string): void {
	problems.push(msg);
	log(`\n!!! CORRECTNESS PROBLEM: ${msg}\n`);
}

function measure<const J extends readonly Job[]>(jobs: J, runs: readonly [number, number]): { [K in keyof J]: Measured } {
	return measureJobs(jobs, runs, fail);
}

// ---------------------------------------------------------------------------------------------
// Vault setup helpers.

/** The vault's cache file exists and is of the format version this build reads. */
function currentCache(root: string): boolean {
	try {
		return (JSON.parse(fs.readFileSync(path.join(pluginDir(root), 'brief-cache.json'), 'utf8')) as { version?: unknown }).version === CACHE_VERSION;
	} catch {
		return false;
	}
}

function scanOnce(root: string): RunResult {
	const r = run(NODE, [CLI, 'report', '--json', '--source', 'scan', '--vault', root]);
	if (r.status !== 0) throw new Error(`report --source scan failed (${r.status}): ${r.stderr}`);
	return r;
}

/**
 * Proves tier 1 serves: with a note added since the cache was written, the stat walk (tier 3)
 * cannot vouch for it, so only a live plugin's word can serve the cached brief.
 */
function verifyTier1(root: string, label: string): void {
	const extra = path.join(root, 'bench-tier1-probe.md');
	fs.writeFileSync(extra, '');
	try {
		const r = run(NODE, [CLI, 'session-start', '--vault', root], { input: '{}' });
		const problem = hookCheck('(cached brief,')(r);
		if (problem !== null) fail(`${label}: a plugin-written cache with a live pid was not served: ${problem}`);
	} finally {
		fs.rmSync(extra, { force: true });
	}
}

function hookCheck(expectSource: string): (r: RunResult) => string | null {
	return (r) => {
		if (r.status !== 0) return `exit ${r.status}`;
		let out: { hookSpecificOutput?: { additionalContext?: string } } | null;
		try {
			out = JSON.parse(r.stdout) as typeof out;
		} catch {
			return `stdout is not one JSON object: ${r.stdout.slice(0, 200)}`;
		}
		const text = out?.hookSpecificOutput?.additionalContext ?? '';
		if (!text.includes(expectSource)) return `expected "${expectSource}" in the brief, got: ${text.split('\n')[0]}`;
		return null;
	};
}

function truthCheck(meta: VaultMeta, expectSource: string): (r: RunResult) => string | null {
	return (r) => {
		if (r.status !== 0) return `exit ${r.status}: ${r.stderr.trim().split('\n')[0]}`;
		const json = JSON.parse(r.stdout) as ReportJson;
		if (json.source !== expectSource) return `source ${json.source}, expected ${expectSource}`;
		const diffs = compareWithTruth(json, meta.expected, true);
		return diffs.length > 0 ? `the bridge disagrees with the generator's ground truth:\n    ${diffs.join('\n    ')}` : null;
	};
}

/** Whether the bridge has this subcommand yet (others are writing it concurrently). */
function hasCommand(name: string, root: string, input: string): { available: boolean; probe: RunResult } {
	const r = run(NODE, [CLI, name, '--vault', root], { input });
	const unknown = /unknown command/i.test(r.stderr) || /unknown command/i.test(r.stdout);
	return { available: !unknown, probe: r };
}

// ---------------------------------------------------------------------------------------------
// The bench.

interface Row {
	id: string;
	label: string;
	n?: number;
	ms?: number;
	/** Mean CPU time (user + system) of the subject per run, where measured. */
	cpuMs?: number;
	baseline?: string;
	baseMs?: number;
	ratio?: number;
	target?: string;
	met?: boolean;
	note?: string;
	pending?: boolean;
}

/** Everything measured, by section: results.json's `raw`. */
interface Raw {
	scan?: Record<number, ScanSeries & { scan: Measured; notes: number; bytes: number; threads?: string }>;
	/** The scan rows of every kind of generated vault, base included. */
	scanKinds?: Partial<Record<VaultKind, Raw['scan']>>;
	/** The scan on a real vault given by REAL_VAULT_ENV. */
	scanReal?: { root: string; notes: number; bytes: number; scan: Measured; rg?: Measured; readAll: Measured; threads: string };
	rss?: Record<number, { peakKB: number; nodeBaselineKB: number; bytesPerNote: number; via: string }> & { marginalBytesPerNote?: number };
	tier3?: Record<number, { report: Measured; sessionStart: Measured; nodeE0: Measured; find: Measured; oneThread: Measured; twoThreads: Measured; threads?: { sessionStart: string; oneThread: string; twoThreads: string } }>;
	tier1?: Record<number, { sessionStart: Measured; nodeE0: Measured; floor?: Measured; briefCacheBytes: number }>;
	tier1Journal?: Record<number, { sessionStart: Measured; nodeE0: Measured; briefCacheBytes: number }>;
	statusline?: Record<number, Partial<Record<StatusState, StatusLineRun>>>;
	size?: Record<string, { sessionStart: Measured; nodeE0: Measured; floor: Measured; changes?: Measured }>;
	serveTier1?: { n: number; sessionStart: Measured; nodeE0: Measured };
	postToolUse?: { n: number; hook: Measured; nodeE0: Measured };
	turnEnd?: Record<number, { turnEnd: Measured; changed: Measured; find: Measured; nodeE0: Measured }>;
	tier1Baseline?: Record<number, { sessionStart: Measured; off: Measured; nodeE0: Measured }>;
	baselineIndex?: Record<number, { fromIndex: Measured; walk: Measured }>;
	preToolUse?: { n: number; firstEdit: Measured; laterEdit: Measured; shellCmd: Measured; dottedCmd: Measured; nodeE0: Measured };
	check?: Record<string, { check: Measured; nodeE0: Measured }>;
	checkPaths?: { paths: number; explicit: Measured; folder: Measured };
	/** The first child per size; `pluginRounds` holds every child's medians (ms). */
	plugin?: Record<number, PluginBenchResult>;
	pluginRounds?: Record<number, Record<'change' | 'rename' | 'renameCold' | 'deleteCreate', number[]>>;
	pluginRatios?: Record<string, number>;
	load?: PluginLoadResult;
	mainThread?: { onload?: OnloadResult; index: Record<number, IndexResult> };
}

const rows: Row[] = [];
const raw: Raw = {};

/** The spread of subject and anchor (fastest–slowest run) and their CPU times (user + system) with its ratio. */
function spreadNote(subject: Measured, anchor: Measured, anchorName: string): string {
	const cpu = subject.cpuMs !== undefined && anchor.cpuMs !== undefined && anchor.cpuMs > 0 ? `; CPU ${fmtMs(subject.cpuMs)} vs ${anchorName} ${fmtMs(anchor.cpuMs)} = ${(subject.cpuMs / anchor.cpuMs).toFixed(2)}×` : '';
	return `spread ${fmtMs(subject.min)}–${fmtMs(subject.max)} vs ${anchorName} ${fmtMs(anchor.min)}–${fmtMs(anchor.max)}${cpu}`;
}

/** The smallest and the largest size measured, with their records, when there are two or more. */
function ends<T>(rec: Record<number, T>): { lo: number; hi: number; a: T; b: T } | undefined {
	const ns = Object.keys(rec)
		.map(Number)
		.filter((n) => Number.isFinite(n))
		.sort((x, y) => x - y);
	const lo = ns[0];
	const hi = ns[ns.length - 1];
	if (ns.length < 2 || lo === undefined || hi === undefined) return undefined;
	return { lo, hi, a: rec[lo]!, b: rec[hi]! };
}

function row(r: Row): void {
	rows.push(r);
	const ratio = r.ratio === undefined ? '' : ` = ${r.ratio.toFixed(2)}× ${r.baseline}`;
	log(`  ${r.pending === true ? 'PENDING' : `${fmtMs(r.ms)}`}  ${r.label}${r.n ? ` @ ${fmtN(r.n)}` : ''}${ratio}${r.met === undefined ? '' : r.met ? '  ✓' : '  ✗'}`);
}

interface Machine {
	cpu: string;
	cores: number;
	ramGB: number;
	node: string;
	os: string;
	date: string;
	loadAvgAtStart: number[];
	loadAvgAtEnd?: number[];
	ripgrep?: string;
}

function machine(): Machine {
	const cpus = os.cpus();
	return {
		cpu: cpus[0]?.model?.trim() ?? 'unknown',
		cores: cpus.length,
		ramGB: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		os: `${os.type()} ${os.release()} ${os.arch()}`,
		date: new Date().toISOString(),
		loadAvgAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
	};
}

/** A real vault to measure the scan on, downloaded by hand: the bench never fetches one. */
const REAL_VAULT_ENV = 'SESSION_BRIEF_BENCH_REAL_VAULT';

const KIND_LABEL: Record<VaultKind, string> = {
	base: 'base vault',
	dense: 'review-dense vault (every note says review in prose)',
	frontmatter: 'frontmatter-heavy vault (long frontmatter, 2–16 KB notes, many tags)',
	tiny: 'vault of tiny notes (40–400 bytes)',
};

/** Every counted note's bytes and count, by the rule the scan applies (for the real vault's row). */
function countNotes(root: string): { notes: number; bytes: number } {
	const walked = walkVault(root, excludedRootFolders(root)).notes;
	return { notes: walked.length, bytes: walked.reduce((sum, note) => sum + Math.max(0, note.size), 0) };
}

/** The scan on a real vault: no ground truth, so only a clean answer from the scan is checked. */
function benchRealVault(root: string, readAll: string, rg: string | null): void {
	log(`\nfull scan, real vault ${root}`);
	if (!fs.existsSync(root)) {
		fail(`${REAL_VAULT_ENV}=${root}: no such folder`);
		return;
	}
	const { notes: count, bytes } = countNotes(root);
	const modes = threadModes('scan');
	const scanJob: Job = {
		label: 'scan real',
		cmd: NODE,
		args: [CLI, 'report', '--json', '--source', 'scan', '--vault', root],
		env: modes.env(childEnv()),
		observe: modes.observe,
		check: (r) => (r.status !== 0 ? `exit ${r.status}: ${r.stderr.trim().split('\n')[0]}` : (JSON.parse(r.stdout) as ReportJson).source === 'scan' ? null : 'not answered by a scan'),
	};
	const readJob: Job = { label: 'node read-all', cmd: NODE, args: [readAll, root] };
	const name = path.basename(root);
	const label = `full scan vs rg, real vault \`${name}\` (${(bytes / 1e6).toFixed(0)} MB)`;
	if (rg === null) {
		const [scan, read] = measure([scanJob, readJob], RUNS.mid);
		raw.scanReal = { root: name, notes: count, bytes, scan, readAll: read, threads: modes.note() };
		row({ id: 'scan-real', label: `full scan, real vault \`${name}\` (no rg: vs plain Node read)`, n: count, ms: scan.median, cpuMs: scan.cpuMs, baseline: 'node read-all', baseMs: read.median, ratio: scan.median / read.median, note: modes.note() });
		return;
	}
	const [scan, rgAll, read] = measure([scanJob, { label: 'rg', cmd: 'rg', args: rgArgs(root) }, readJob], RUNS.mid);
	raw.scanReal = { root: name, notes: count, bytes, scan, rg: rgAll, readAll: read, threads: modes.note() };
	row({ id: 'scan-real', label, n: count, ms: scan.median, cpuMs: scan.cpuMs, baseline: 'rg', baseMs: rgAll.median, ratio: scan.median / rgAll.median, note: `${(scan.median / read.median).toFixed(2)}× the plain Node read; ${spreadNote(scan, rgAll, 'rg')}; ${modes.note()}` });
	row({ id: 'read-all-real', label: `plain Node read of every note, real vault \`${name}\``, n: count, ms: read.median, cpuMs: read.cpuMs, baseline: 'rg', baseMs: rgAll.median, ratio: read.median / rgAll.median });
}

function main(): void {
	const t0 = Date.now();
	if (!fs.existsSync(CLI)) {
		log(`bridge bundle ${CLI} is missing: run \`npm run build\` (npm run bench does).`);
		process.exit(2);
	}
	const info = machine();
	log(`Session Brief bench${QUICK ? ' (quick)' : ''}: ${info.cpu}, ${info.cores} cores, ${info.ramGB} GB, Node ${info.node}; load ${info.loadAvgAtStart.join(' ')}`);
	const rg = ensureRipgrep(notes, log);
	info.ripgrep = rg ?? 'not available';
	const vaults = new Map<number, Vault>();
	for (const n of SIZES) vaults.set(n, ensureVault(n, { log }));
	const vault = (n: number): Vault => {
		const v = vaults.get(n);
		if (v === undefined) throw new Error(`no ${n}-note vault was generated`);
		return v;
	};
	const hookInput = (): string => sessionStartInput();
	const nodeE0 = { label: 'node -e 0', cmd: NODE, args: ['-e', '0'] };

	// Sanity: the bridge agrees with the generator's ground truth on the smallest vault, in full.
	{
		const small = vault(Math.min(...SIZES));
		const err = truthCheck(small.meta, 'scan')(scanOnce(small.root));
		if (err) fail(`${fmtN(small.meta.n)} vault: ${err}`);
		else log(`sanity: report --json --source scan agrees with the generator on every item and path (${fmtN(small.meta.n)} notes)`);
	}

	if (want('scan')) {
		// 1. The bridge's own full scan vs ripgrep over the same files, on every kind of vault the
		// generator makes (bench/generate-vault.ts, VAULT_KINDS): base on every size, the others from
		// 10k. Beside each, a plain Node read of every note (the floor the scan aims at); rg on one
		// thread on the base vaults. Then the same on a real vault when one is given (REAL_VAULT_ENV).
		const readAll = compiled('bench/read-all.ts');
		const scanTarget = (n: number): number | undefined => (n === 10000 ? 5 : n === 100000 ? 3 : undefined);
		raw.scanKinds = {};
		for (const kind of VAULT_KINDS) {
			log(`\nfull scan (report --json --source scan), ${KIND_LABEL[kind]}`);
			const out: NonNullable<Raw['scan']> = {};
			for (const n of kind === 'base' ? SIZES : SIZES.filter((s) => s >= 10000)) {
				const { root, meta } = kind === 'base' ? vault(n) : ensureVault(n, { kind, log });
				// The scan tells which mode it ran in (one thread or two): the row says so, run by run.
				const modes = threadModes('scan');
				const scanJob: Job = { label: `scan ${kind} ${n}`, cmd: NODE, args: [CLI, 'report', '--json', '--source', 'scan', '--vault', root], env: modes.env(childEnv()), observe: modes.observe, check: truthCheck(meta, 'scan') };
				const readJob: Job = { label: 'node read-all', cmd: NODE, args: [readAll, root] };
				const runs = n >= 100000 ? RUNS.slow : RUNS.mid;
				const id = kind === 'base' ? 'scan' : `scan-${kind}`;
				const kindNote = kind === 'base' ? '' : `, ${KIND_LABEL[kind]}`;
				if (rg === null) {
					const [scan, read] = measure([scanJob, readJob], runs);
					out[n] = { scan, readAll: read, notes: meta.counts.countedNotes, bytes: meta.totalBytes, threads: modes.note() };
					row({ id, label: `full scan${kindNote} (no rg: vs plain Node read)`, n, ms: scan.median, cpuMs: scan.cpuMs, baseline: 'node read-all', baseMs: read.median, ratio: scan.median / read.median, note: modes.note() });
					continue;
				}
				const rgJob: Job = { label: 'rg', cmd: 'rg', args: rgArgs(root) };
				const [scan, rgAll, read, rg1] = kind === 'base' ? measure([scanJob, rgJob, readJob, { label: 'rg -j1', cmd: 'rg', args: rgArgs(root, 1) }], runs) : [...measure([scanJob, rgJob, readJob], runs), undefined];
				out[n] = { scan, rg: rgAll, readAll: read, rgSingleThread: rg1, notes: meta.counts.countedNotes, bytes: meta.totalBytes, threads: modes.note() };
				const limit = scanTarget(n);
				const ratio = scan.median / rgAll.median;
				const mb = `${(meta.totalBytes / 1e6).toFixed(0)} MB`;
				row({ id, label: `full scan vs rg${kindNote} (${mb})`, n, ms: scan.median, cpuMs: scan.cpuMs, baseline: 'rg', baseMs: rgAll.median, ratio, target: limit === undefined ? '' : `≤ ${limit}× rg`, met: limit === undefined ? undefined : ratio <= limit, note: `${(scan.median / read.median).toFixed(2)}× the plain Node read; ${spreadNote(scan, rgAll, 'rg')}; ${modes.note()}` });
				if (rg1 !== undefined) row({ id: 'rg-j1', label: 'rg -j1 (one thread), for reference', n, ms: rg1.median, baseline: 'rg', baseMs: rgAll.median, ratio: rg1.median / rgAll.median });
				row({ id: kind === 'base' ? 'read-all' : `read-all-${kind}`, label: `plain Node read of every note${kindNote}`, n, ms: read.median, cpuMs: read.cpuMs, baseline: 'rg', baseMs: rgAll.median, ratio: read.median / rgAll.median, note: spreadNote(read, rgAll, 'rg') });
			}
			if (kind === 'base') raw.scan = out;
			raw.scanKinds[kind] = out;
		}
		const real = process.env[REAL_VAULT_ENV];
		if (real !== undefined && real !== '') benchRealVault(path.resolve(real), readAll, rg);
		else notes.push(`No real vault was measured: set ${REAL_VAULT_ENV} to a vault folder downloaded by hand (the bench never fetches one) to add its rows.`);
	}

	if (want('rss')) {
		// Peak memory of a scan, per note.
		log('\npeak memory of a scan');
		raw.rss = {};
		const base = peakRss(['-e', '0']);
		for (const n of SIZES.filter((s) => s >= 10000)) {
			const { root, meta } = vault(n);
			const r = peakRss([CLI, 'report', '--json', '--source', 'scan', '--vault', root]);
			const perNote = ((r.kb - base.kb) * 1024) / meta.counts.countedNotes;
			raw.rss[n] = { peakKB: r.kb, nodeBaselineKB: base.kb, bytesPerNote: Math.round(perNote), via: r.via };
			row({ id: 'rss', label: `scan peak RSS ${(r.kb / 1024).toFixed(0)} MB (node -e 0: ${(base.kb / 1024).toFixed(0)} MB)`, n, ms: undefined, note: `${(perNote / 1024).toFixed(2)} KB/note above node -e 0` });
		}
		{
			const e = ends(raw.rss);
			if (e !== undefined) {
				const { lo, hi, a, b } = e;
				const notesA = vault(lo).meta.counts.countedNotes;
				const notesB = vault(hi).meta.counts.countedNotes;
				const marginal = ((b.peakKB - a.peakKB) * 1024) / (notesB - notesA);
				raw.rss.marginalBytesPerNote = Math.round(marginal);
				row({ id: 'rss-marginal', label: `scan peak RSS, marginal (${fmtN(lo)} → ${fmtN(hi)})`, n: undefined, ms: undefined, note: `${(marginal / 1024).toFixed(2)} KB/note` });
			}
		}
	}

	if (want('tier3')) {
		// 2. Tier 3: stat-only verification of a bridge-written cache (the last scan wrote it).
		log('\ntier 3: stat-only verification of a bridge-written cache');
		raw.tier3 = {};
		for (const n of SIZES.filter((s) => s >= 10000)) {
			const { root, meta } = vault(n);
			// The cache tier 3 proves is the one the last scan wrote: scan now when that section did not run.
			if (!want('scan')) scanOnce(root);
			const runs = n >= 100000 ? RUNS.mid : RUNS.hook;
			// The stat floor: find listing every note with its mtime and size, one process, no parsing.
			const find = { label: 'find stat walk', cmd: 'find', args: [root, '-name', '*.md', '-printf', '%T@ %s\n'] };
			// The hook as it runs (a second thread when the load leaves a core free), and forced to one thread and to two.
			// Each tells which mode its stat walk ran in: the rows say so, run by run, instead of guessing from the load.
			const [asRuns, oneModes, twoModes] = [threadModes('stat-walk'), threadModes('stat-walk'), threadModes('stat-walk')];
			const threads = (t: string): NodeJS.ProcessEnv => ({ ...childEnv(), SESSION_BRIEF_SCAN_THREADS: t, [TRACE_ENV]: '1' });
			const hookJob = { label: `session-start tier 3 ${n}`, cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, check: hookCheck('cached brief') };
			const loadBefore = os.loadavg()[0] ?? 0;
			const [rep, hook, e0, floor, one, two] = measure(
				[
					{ label: `report --source cache ${n}`, cmd: NODE, args: [CLI, 'report', '--json', '--source', 'cache', '--vault', root], check: truthCheck(meta, 'cache') },
					{ ...hookJob, env: asRuns.env(childEnv()), observe: asRuns.observe },
					{ ...nodeE0, input: hookInput },
					find,
					{ ...hookJob, label: `${hookJob.label}, one thread`, env: threads('1'), observe: oneModes.observe },
					{ ...hookJob, label: `${hookJob.label}, two threads`, env: threads('2'), observe: twoModes.observe },
				],
				runs,
			);
			const load = `load average ${loadBefore.toFixed(1)}–${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores (a second thread is taken when no other task runs at that moment, by /proc/loadavg on Linux; elsewhere at load ≤ cores − 1)`;
			raw.tier3[n] = { report: rep, sessionStart: hook, nodeE0: e0, find: floor, oneThread: one, twoThreads: two, threads: { sessionStart: asRuns.note(), oneThread: oneModes.note(), twoThreads: twoModes.note() } };
			const vsFind = hook.median / floor.median;
			row({ id: 'tier3-find', label: 'tier 3: session-start (Obsidian closed) vs the `find` stat walk', n, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'find -printf', baseMs: floor.median, ratio: vsFind, target: n >= 100_000 ? '≤ 1.5× at 100k' : '', met: n >= 100_000 ? vsFind <= 1.5 : undefined, note: `${spreadNote(hook, floor, 'find')}; ${asRuns.note()}; ${load}` });
			row({ id: 'tier3-find-1t', label: 'tier 3: session-start on one thread (`SESSION_BRIEF_SCAN_THREADS=1`) vs `find`', n, ms: one.median, cpuMs: one.cpuMs, baseline: 'find -printf', baseMs: floor.median, ratio: one.median / floor.median, note: `${spreadNote(one, floor, 'find')}; ${oneModes.note()}` });
			row({ id: 'tier3-find-2t', label: 'tier 3: session-start on two threads (`SESSION_BRIEF_SCAN_THREADS=2`) vs `find`', n, ms: two.median, cpuMs: two.cpuMs, baseline: 'find -printf', baseMs: floor.median, ratio: two.median / floor.median, note: `${spreadNote(two, floor, 'find')}; ${twoModes.note()}` });
			row({ id: 'tier3', label: 'tier 3: report --source cache (stat-only walk)', n, ms: rep.median, baseline: 'node -e 0', baseMs: e0.median, ratio: rep.median / e0.median });
			row({ id: 'tier3-hook', label: 'tier 3: session-start (Obsidian closed)', n, ms: hook.median, baseline: 'node -e 0', baseMs: e0.median, ratio: hook.median / e0.median });
		}
	}

	if (want('tier1')) {
		// 3. Tier 1: session-start with a fresh plugin-written cache and a live plugin.
		log('\ntier 1: session-start with a fresh cache while the plugin runs');
		raw.tier1 = {};
		for (const n of SIZES) {
			const { root } = vault(n);
			// A cache of an older format version would be ignored by the hook: written again by a scan.
			if (!currentCache(root)) scanOnce(root);
			makePluginCache(root);
			verifyTier1(root, `${fmtN(n)} vault`);
			const cacheFile = path.join(pluginDir(root), 'brief-cache.json');
			const [hook, e0, floor] = measure(
				[
					{ label: `session-start tier 1 ${n}`, cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, check: hookCheck('cached brief') },
					{ ...nodeE0, input: hookInput },
					{ label: `floor hook ${n}`, cmd: NODE, args: [hookFloorFile(), cacheFile], input: hookInput, check: hookCheck('cached brief') },
				],
				RUNS.hook,
			);
			const cacheBytes = fs.statSync(cacheFile).size;
			raw.tier1[n] = { sessionStart: hook, nodeE0: e0, floor, briefCacheBytes: cacheBytes };
			const ratio = hook.median / e0.median;
			const overFloor = `${(hook.median / floor.median).toFixed(2)}× the floor hook`;
			row({ id: 'tier1', label: `session-start, fresh cache, plugin alive (tier 1; brief-cache.json ${cacheBytes >= 1e6 ? `${(cacheBytes / 1e6).toFixed(1)} MB` : `${Math.round(cacheBytes / 1e3)} KB`})`, n, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio, target: '≤ 1.3×', met: ratio <= 1.3, note: `${overFloor}; ${spreadNote(hook, e0, 'node -e 0')}` });
			row({ id: 'tier1-floor', label: 'floor: the least Node hook answering from the cache (stdin stream with a timeout, read and parse the cache, print the envelope; bench/lib/hook-floor.ts)', n, ms: floor.median, cpuMs: floor.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio: floor.median / e0.median, note: spreadNote(floor, e0, 'node -e 0') });
		}
		{
			const e = ends(raw.tier1);
			if (e !== undefined) {
				const { lo, hi, a, b } = e;
				const r = b.sessionStart.median / a.sessionStart.median;
				row({ id: 'tier1-flat', label: `tier 1 flat in N: ${fmtN(hi)} vs ${fmtN(lo)}`, n: undefined, ms: b.sessionStart.median, baseline: `tier 1 @ ${fmtN(lo)}`, baseMs: a.sessionStart.median, ratio: r, target: '≈ 1× (≤ 1.1×)', met: r <= 1.1 });
			}
		}
		// 3a. Tier 1 with both what-changed items at work: 200 unreviewed agent changes and a previous session on record.
		log(`\ntier 1 with ${TIER1_JOURNAL} unreviewed agent changes and a previous session`);
		raw.tier1Journal = {};
		for (const n of SIZES) {
			const { root } = vault(n);
			const restore = withJournal(root, pluginDir(root), TIER1_JOURNAL);
			try {
				scanOnce(root);
				makePluginCache(root);
				// The first start records this session as the previous one for the next.
				run(NODE, [CLI, 'session-start', '--vault', root], { input: hookInput() });
				const [hook, e0] = measure(
					[
						{ label: `session-start tier 1 journal ${n}`, cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, check: hookCheck('cached brief') },
						{ ...nodeE0, input: hookInput },
					],
					RUNS.hook,
				);
				raw.tier1Journal[n] = { sessionStart: hook, nodeE0: e0, briefCacheBytes: fs.statSync(path.join(pluginDir(root), 'brief-cache.json')).size };
				const ratio = hook.median / e0.median;
				row({ id: 'tier1-journal', label: `session-start, tier 1 with ${TIER1_JOURNAL} unreviewed agent changes`, n, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio, target: '≤ 1.3×', met: ratio <= 1.3, note: spreadNote(hook, e0, 'node -e 0') });
			} finally {
				restore();
			}
		}
	}

	if (want('statusline')) {
		// 3a'. The status line (bench/statusline.ts): as Claude Code runs it, through the hook entry in
		// the vault's .claude/hooks/, with the cache kept, stale, and with unreviewed agent changes.
		log(`\nstatusline: the status line command through the installed hook entry (cache current, stale, ${TIER1_JOURNAL} agent changes)`);
		raw.statusline = {};
		const ratioNote = (m: Measured, e0: Measured): string => `${(m.median / e0.median).toFixed(2)}×${m.cpuMs !== undefined && e0.cpuMs !== undefined && e0.cpuMs > 0 ? ` (CPU ${(m.cpuMs / e0.cpuMs).toFixed(2)}×)` : ''}`;
		const what: Record<StatusState, string> = { current: 'cache current, plugin alive', stale: 'plugin gone (brief stale)', agents: `plugin alive, ${TIER1_JOURNAL} unreviewed agent changes` };
		for (const n of SIZES.filter((s) => s >= 10000)) {
			const r = benchStatusLine(vault(n).root, { runs: RUNS.hook, journal: TIER1_JOURNAL, measure: (jobs, runs) => measure(jobs, runs), scan: (root) => void scanOnce(root), fail, log });
			raw.statusline[n] = r;
			for (const [state, m] of Object.entries(r) as [StatusState, StatusLineRun][]) {
				const ratio = m.statusline.median / m.nodeE0.median;
				const tier1 = m.sessionStart === undefined ? '' : `; session-start tier 1 in the same rounds ${fmtMs(m.sessionStart.median)} = ${ratioNote(m.sessionStart, m.nodeE0)}`;
				row({ id: state === 'current' ? 'statusline' : `statusline-${state}`, label: `statusline (Claude Code's status line, hook entry in the vault), ${what[state]}: \`${m.line}\``, n, ms: m.statusline.median, cpuMs: m.statusline.cpuMs, baseline: 'node -e 0', baseMs: m.nodeE0.median, ratio, target: '≤ 1.3× (tier 1\'s)', met: ratio <= 1.3, note: `${spreadNote(m.statusline, m.nodeE0, 'node -e 0')}${tier1}` });
				if (m.sessionStart !== undefined) {
					const t1 = m.sessionStart.median / m.nodeE0.median;
					row({ id: 'statusline-tier1', label: 'session-start, tier 1, through the same hook entry in the status line\'s rounds (the ratio the line aims at)', n, ms: m.sessionStart.median, cpuMs: m.sessionStart.cpuMs, baseline: 'node -e 0', baseMs: m.nodeE0.median, ratio: t1, target: '≤ 1.3×', met: t1 <= 1.3, note: spreadNote(m.sessionStart, m.nodeE0, 'node -e 0') });
				}
			}
		}
		const e = ends(raw.statusline);
		const [a, b] = [e?.a.current, e?.b.current];
		if (e !== undefined && a !== undefined && b !== undefined) {
			// Each size over its own node -e 0: the sizes run minutes apart, and the load moves between them.
			const over = (m: StatusLineRun, pick: (x: Measured) => number | undefined): number => (pick(m.statusline) ?? NaN) / (pick(m.nodeE0) ?? NaN);
			const ratio = over(b, (x) => x.median) / over(a, (x) => x.median);
			const cpu = over(b, (x) => x.cpuMs) / over(a, (x) => x.cpuMs);
			row({ id: 'statusline-flat', label: `statusline flat in N: its ratio to node -e 0 at ${fmtN(e.hi)} over the one at ${fmtN(e.lo)}, cache current`, ms: b.statusline.median, baseline: `statusline @ ${fmtN(e.lo)}`, baseMs: a.statusline.median, ratio, target: '≈ 1× (≤ 1.1×)', met: ratio <= 1.1, note: Number.isFinite(cpu) ? `in CPU ${cpu.toFixed(2)}×` : '' });
		}
	}

	if (want('size')) {
		// 3b. Bounded at any size (docs/design-decisions/reviewing-changes.md, "Large changes"): tier 1 with five 1 MB notes an agent
		// rewrote past the line cap, their before-versions kept, and with a journal of 10,000 sessions;
		// against node -e 0 and the floor hook on the same cache. `changes` lists the same.
		log('\nsize: session-start (tier 1) with five 1 MB changes past the line cap, and with 10,000 sessions');
		raw.size = {};
		const cases = [
			{ id: 'large', what: 'five 1 MB notes rewritten past the line cap (before-versions kept)', root: largeChangesVault(path.join(BENCH_ROOT, 'size-large')), says: 'large change, more than' },
			{ id: 'sessions', what: 'a journal of 10,000 unreviewed sessions', root: manySessionsVault(path.join(BENCH_ROOT, 'size-sessions')), says: 'Changed by agents, not yet reviewed: ' },
		];
		for (const c of cases) {
			scanOnce(c.root);
			makePluginCache(c.root);
			const cached = hookCheck('cached brief');
			const check = (r: RunResult): string | null => cached(r) ?? (r.stdout.includes(c.says) ? null : `expected "${c.says}" in the brief`);
			const cacheFile = path.join(pluginDir(c.root), 'brief-cache.json');
			const [hook, e0, floor] = measure(
				[
					{ label: `session-start tier 1, ${c.id}`, cmd: NODE, args: [CLI, 'session-start', '--vault', c.root], input: hookInput, check },
					{ ...nodeE0, input: hookInput },
					{ label: `floor hook, ${c.id}`, cmd: NODE, args: [hookFloorFile(), cacheFile], input: hookInput, check: cached },
				],
				RUNS.hook,
			);
			const [changes] = measure([{ label: `changes, ${c.id}`, cmd: NODE, args: [CLI, 'changes', '--vault', c.root], check: (r) => (r.status === 0 ? null : `exit ${r.status}`) }], RUNS.slow);
			raw.size[c.id] = { sessionStart: hook, nodeE0: e0, floor, changes };
			const ratio = hook.median / e0.median;
			row({ id: `size-${c.id}`, label: `session-start, tier 1, ${c.what}`, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio, target: '≤ 2 s', met: hook.median <= 2000, note: `${(hook.median / floor.median).toFixed(2)}× the floor hook (${fmtMs(floor.median)}); ${spreadNote(hook, e0, 'node -e 0')}` });
			row({ id: `size-${c.id}-changes`, label: `changes (every unreviewed change with its diff), ${c.what}`, ms: changes.median, cpuMs: changes.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio: changes.median / e0.median });
		}
	}

	if (want('serve')) {
		// 3b. Tier 1 kept by `serve` (Obsidian closed): the hook reads the cache serve claims, no socket.
		log('\ntier 1 with serve running: session-start');
		{
			const n = SIZES.includes(10000) ? 10000 : SIZES[0]!;
			const { root } = vault(n);
			const serve = spawn(NODE, [CLI, 'serve', '--vault', root], { env: childEnv(), stdio: 'ignore' });
			try {
				const cacheFile = path.join(pluginDir(root), 'brief-cache.json');
				const claimed = (): boolean => {
					try {
						const c = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as { plugin?: { pid?: number; pending?: boolean } };
						return c.plugin?.pid === serve.pid && c.plugin?.pending === false;
					} catch {
						return false;
					}
				};
				const until = Date.now() + 120_000;
				while (!claimed() && Date.now() < until) spawnSync('sleep', ['0.2']);
				if (!claimed()) fail(`serve did not claim the cache of the ${fmtN(n)} vault within 120 s`);
				else {
					const [hook, e0] = measure([{ label: 'session-start, serve running', cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, check: hookCheck('(cached brief,') }, { ...nodeE0, input: hookInput }], RUNS.hook);
					raw.serveTier1 = { n, sessionStart: hook, nodeE0: e0 };
					const ratio = hook.median / e0.median;
					row({ id: 'serve-tier1', label: 'session-start with `serve` running (tier 1: serve keeps the cache)', n, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio, target: '≤ 1.3×', met: ratio <= 1.3, note: spreadNote(hook, e0, 'node -e 0') });
				}
			} finally {
				serve.kill('SIGTERM');
				spawnSync('sleep', ['1']);
			}
		}
	}

	if (want('post-tool-use')) {
		// 4. post-tool-use for a path outside the rule scope (a note inside the vault).
		log('\npost-tool-use, path out of scope');
		{
			const n = SIZES.includes(10000) ? 10000 : SIZES[0]!;
			const { root } = vault(n);
			const input = JSON.stringify({ session_id: 'bench', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(root, 'Notes', 'Some note.md'), old_string: 'a', new_string: 'b' }, tool_response: { success: true }, cwd: root });
			const { available, probe } = hasCommand('post-tool-use', root, input);
			if (!available) {
				row({ id: 'post-tool-use', label: 'post-tool-use, out-of-scope path: pending (bridge has no post-tool-use command yet)', n, pending: true, baseline: 'node -e 0', target: '≈ node -e 0' });
			} else {
				const silent = (r: RunResult): string | null => (r.status !== 0 ? `exit ${r.status}` : r.stdout.trim() !== '' ? `printed output for an out-of-scope path: ${r.stdout.slice(0, 200)}` : null);
				if (probe.status !== 0 || probe.stdout.trim() !== '') fail(`post-tool-use out of scope: not silent (exit ${probe.status}, stdout ${JSON.stringify(probe.stdout.slice(0, 120))})`);
				const [hook, e0] = measure([{ label: 'post-tool-use', cmd: NODE, args: [CLI, 'post-tool-use', '--vault', root], input, check: silent }, { ...nodeE0, input }], RUNS.hook);
				raw.postToolUse = { n, hook, nodeE0: e0 };
				row({ id: 'post-tool-use', label: 'post-tool-use, out-of-scope path', n, ms: hook.median, baseline: 'node -e 0', baseMs: e0.median, ratio: hook.median / e0.median, target: '≈ node -e 0' });
			}
		}
	}

	if (want('turn-end')) {
		// 4b. The session net: the end-of-turn hook walks every note and compares with the session's baseline.
		log('\nturn-end: the session net at the end of a turn');
		raw.turnEnd = {};
		raw.tier1Baseline = {};
		const session = 'bench-turn';
		const input = JSON.stringify({ session_id: session, hook_event_name: 'Stop', stop_hook_active: false });
		const answered = (r: RunResult): string | null => (r.status !== 0 ? `exit ${r.status}` : r.stdout !== '{}\n' ? `printed ${JSON.stringify(r.stdout.slice(0, 120))}` : null);
		for (const n of SIZES.filter((s) => s >= 10000)) {
			const { root } = vault(n);
			const baseline = (): void => {
				const r = run(NODE, [CLI, 'baseline', '--vault', root], { env: { ...childEnv(), SESSION_BRIEF_BASELINE_SESSION: session } });
				if (r.status !== 0) fail(`baseline ${n}: exit ${r.status}`);
			};
			baseline();
			const find = { label: 'find stat walk', cmd: 'find', args: [root, '-name', '*.md', '-printf', '%T@ %s\n'] };
			// The common case: nothing changed outside the edit hooks, so the walk finds nothing to record.
			// And a turn that changed one note through the shell: the walk, the journal read, one record, the new baseline.
			const note = path.join(root, 'bench-turn-end.md');
			const touched = { label: `turn-end ${n}, one note changed`, cmd: 'sh', args: ['-c', `printf x >> "$1" && exec "$2" "$3" turn-end --vault "$4"`, 'sh', note, NODE, CLI, root], input, check: answered };
			const runs = n >= 100000 ? RUNS.mid : RUNS.hook;
			const [hook, changed, floor, e0] = measure([{ label: `turn-end ${n}`, cmd: NODE, args: [CLI, 'turn-end', '--vault', root], input, check: answered }, touched, find, { ...nodeE0, input }], runs);
			fs.rmSync(note, { force: true });
			baseline();
			raw.turnEnd[n] = { turnEnd: hook, changed, find: floor, nodeE0: e0 };
			row({ id: 'turn-end', label: 'turn-end (session net), nothing changed, vs the `find` stat walk', n, ms: hook.median, cpuMs: hook.cpuMs, baseline: 'find -printf', baseMs: floor.median, ratio: hook.median / floor.median, note: spreadNote(hook, floor, 'find') });
			row({ id: 'turn-end-changed', label: 'turn-end, one note changed through the shell (incl. the `printf`), vs `find`', n, ms: changed.median, cpuMs: changed.cpuMs, baseline: 'find -printf', baseMs: floor.median, ratio: changed.median / floor.median, note: spreadNote(changed, floor, 'find') });
			row({ id: 'turn-end-e0', label: 'turn-end, nothing changed', n, ms: hook.median, baseline: 'node -e 0', baseMs: e0.median, ratio: hook.median / e0.median });
		}
		// A session start as shipped starts the baseline's process after its answer; that start is all tier 1 pays.
		// Measured where the background walk is short, so the walks do not load the runs timed after them.
		const small = SIZES.filter((s) => s <= 10000);
		for (const n of small.length > 0 ? [Math.min(...small)] : []) {
			const { root } = vault(n);
			if (!currentCache(root)) scanOnce(root);
			makePluginCache(root);
			verifyTier1(root, `${fmtN(n)} vault`);
			const shipped = { ...childEnv() };
			delete shipped.SESSION_BRIEF_BASELINE;
			const [withBaseline, off, e0] = measure(
				[
					{ label: `session-start tier 1 ${n}, baseline started`, cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, env: shipped, check: hookCheck('cached brief') },
					{ label: `session-start tier 1 ${n}, no baseline`, cmd: NODE, args: [CLI, 'session-start', '--vault', root], input: hookInput, check: hookCheck('cached brief') },
					{ ...nodeE0, input: hookInput },
				],
				RUNS.hook,
			);
			raw.tier1Baseline[n] = { sessionStart: withBaseline, off, nodeE0: e0 };
			row({ id: 'tier1-baseline', label: 'session-start tier 1 as shipped (starts the baseline process after the answer) vs without it', n, ms: withBaseline.median, cpuMs: withBaseline.cpuMs, baseline: 'SESSION_BRIEF_BASELINE=off', baseMs: off.median, ratio: withBaseline.median / off.median, note: `${(withBaseline.median / e0.median).toFixed(2)}× node -e 0; ${spreadNote(withBaseline, off, 'off')}` });
		}

		// The baseline process each session start leaves behind: from the index the brief came from
		// (the cache tier served it, or the scan wrote it), against the walk it took before and takes without one.
		raw.baselineIndex = {};
		for (const n of SIZES.filter((s) => s >= 10000)) {
			const { root } = vault(n);
			if (!currentCache(root)) scanOnce(root);
			const indexId = (JSON.parse(fs.readFileSync(path.join(pluginDir(root), 'brief-cache.json'), 'utf8')) as { indexId: string }).indexId;
			const env = { ...childEnv(), SESSION_BRIEF_BASELINE_SESSION: session };
			const runs = n >= 100000 ? RUNS.mid : RUNS.hook;
			const [fromIndex, walk] = measure(
				[
					{ label: `baseline ${n}, from the index`, cmd: NODE, args: [CLI, 'baseline', '--vault', root], env: { ...env, SESSION_BRIEF_BASELINE_INDEX: indexId } },
					{ label: `baseline ${n}, by a walk`, cmd: NODE, args: [CLI, 'baseline', '--vault', root], env },
				],
				runs,
			);
			raw.baselineIndex[n] = { fromIndex, walk };
			row({ id: 'baseline-index', label: "the baseline process after a session start: from the brief's index vs by a walk", n, ms: fromIndex.median, cpuMs: fromIndex.cpuMs, baseline: 'walk', baseMs: walk.median, ratio: fromIndex.median / walk.median, note: spreadNote(fromIndex, walk, 'walk') });
		}
	}

	if (want('pre-tool-use')) {
		// 4c. pre-tool-use around an agent's edit: the fence and the Write guard, and the before-version
		// of the note (src/node/review/before-versions.ts), kept before the first edit of a note in a session.
		log('\npre-tool-use, an Edit of a note');
		{
			const n = SIZES.includes(10000) ? 10000 : SIZES[0]!;
			const { root } = vault(n);
			const note = fs.readdirSync(path.join(root, 'Notes')).find((f) => f.endsWith('.md') && !f.startsWith('.'));
			if (note === undefined) throw new Error(`no note in ${root}/Notes`);
			const file = path.join(root, 'Notes', note);
			let runNo = 0;
			const edit = (session: string): string => JSON.stringify({ session_id: session, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'a', new_string: 'b' }, cwd: root });
			// Each run a new session: the hook reads the note and writes its before-version.
			const first = (): string => edit(`bench-first-${process.pid}-${runNo++}`);
			// The same session again: the before-version is there, one stat.
			const later = edit('bench-later');
			const shell = JSON.stringify({ session_id: 'bench-later', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status --short && npm test' }, cwd: root });
			// A command that names a dot folder and climbs with `..`: the fence reads the settings and resolves each word.
			const dotted = JSON.stringify({ session_id: 'bench-later', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cd Notes && cat ../.obsidian/app.json | head -5' }, cwd: root });
			const silent = (r: RunResult): string | null => (r.status !== 0 ? `exit ${r.status}` : r.stdout.trim() !== '' ? `printed output for an allowed edit: ${r.stdout.slice(0, 200)}` : null);
			run(NODE, [CLI, 'pre-tool-use', '--vault', root], { input: later });
			const before = path.join(pluginDir(root), 'before-versions');
			if (!fs.existsSync(before)) fail('pre-tool-use kept no before-version of the edited note');
			const [firstEdit, laterEdit, shellCmd, dottedCmd, e0] = measure(
				[
					{ label: 'pre-tool-use, first Edit in a session', cmd: NODE, args: [CLI, 'pre-tool-use', '--vault', root], input: first, check: silent },
					{ label: 'pre-tool-use, a later Edit', cmd: NODE, args: [CLI, 'pre-tool-use', '--vault', root], input: later, check: silent },
					{ label: 'pre-tool-use, a shell command that names no note', cmd: NODE, args: [CLI, 'pre-tool-use', '--vault', root], input: shell, check: silent },
					{ label: 'pre-tool-use, a shell command through a dot folder', cmd: NODE, args: [CLI, 'pre-tool-use', '--vault', root], input: dotted, check: silent },
					{ ...nodeE0, input: later },
				],
				RUNS.hook,
			);
			const kept = fs.readdirSync(before).length;
			fs.rmSync(before, { recursive: true, force: true });
			raw.preToolUse = { n, firstEdit, laterEdit, shellCmd, dottedCmd, nodeE0: e0 };
			const noisy = 'the machine is shared: wall-clock ratios move by tens of percent between runs; npm run bench:instructions counts instructions';
			row({ id: 'pre-tool-use-first', label: `pre-tool-use, an agent's first Edit of a note in a session (reads the note, writes its before-version; ${kept} kept by the runs)`, n, ms: firstEdit.median, cpuMs: firstEdit.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio: firstEdit.median / e0.median, note: `${spreadNote(firstEdit, e0, 'node -e 0')}; ${noisy}` });
			row({ id: 'pre-tool-use', label: 'pre-tool-use, a later Edit of the note (its before-version kept already: one stat)', n, ms: laterEdit.median, cpuMs: laterEdit.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio: laterEdit.median / e0.median, note: spreadNote(laterEdit, e0, 'node -e 0') });
			row({ id: 'pre-tool-use-shell', label: 'pre-tool-use, a shell command that names no note (no settings read)', n, ms: shellCmd.median, cpuMs: shellCmd.cpuMs, baseline: 'node -e 0', baseMs: e0.median, ratio: shellCmd.median / e0.median, note: spreadNote(shellCmd, e0, 'node -e 0') });
			row({ id: 'pre-tool-use-shell-dotted', label: 'pre-tool-use, a shell command through a dot folder (the fence reads the settings and resolves each word)', n, ms: dottedCmd.median, cpuMs: dottedCmd.cpuMs, baseline: 'the shell command that names no note', baseMs: shellCmd.median, ratio: dottedCmd.median / shellCmd.median, note: spreadNote(dottedCmd, shellCmd, 'no dot folder') });
		}
	}

	if (want('check')) {
		// 5. The rule check: the example vault's rules, and a generated rules folder of 500 files.
		log('\nrule check (check)');
		{
			const example = path.join(BENCH_ROOT, 'example-vault');
			fs.rmSync(example, { recursive: true, force: true });
			copyExampleVault(example);
			const rules500 = ensureVault(1000, { rules: 500, log });
			const { available } = hasCommand('check', example, '');
			const cases: [string, string, number | undefined][] = [
				['rule check, example vault', example, undefined],
				['rule check, 500 generated rule files (1k-note vault)', rules500.root, 1000],
			];
			for (const [label, root, n] of cases) {
				if (!available) {
					row({ id: 'check', label: `${label}: pending (bridge has no check command yet)`, n, pending: true });
					continue;
				}
				const ok = (r: RunResult): string | null => (r.status === 0 || r.status === 1 ? null : `exit ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
				const [chk, e0] = measure([{ label, cmd: NODE, args: [CLI, 'check', '--vault', root], check: ok }, nodeE0], RUNS.mid);
				raw.check = raw.check ?? {};
				raw.check[label] = { check: chk, nodeE0: e0 };
				row({ id: 'check', label, n, ms: chk.median, baseline: 'node -e 0', baseMs: e0.median, ratio: chk.median / e0.median });
			}
		}
	}

	if (want('check-paths')) {
		// 5b. `check` with every note named on the command line against the folder form over the same
		// notes: resolving N explicit paths must stay linear (within 2× the folder form).
		log('\ncheck: 6,000 explicit paths vs the folder form');
		{
			const { root } = ensureVault(6000, { log });
			// The folder form: the vault root, which names every note.
			const folder = root;
			const files: string[] = [];
			const walk = (dir: string): void => {
				for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
					if (e.name.startsWith('.')) continue;
					const p = path.join(dir, e.name);
					if (e.isDirectory()) walk(p);
					else if (e.name.endsWith('.md')) files.push(p);
				}
			};
			walk(folder);
			const ok = (r: RunResult): string | null => (r.status === 0 || r.status === 1 ? null : `exit ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
			const [explicit, folderForm] = measure(
				[
					{ label: 'check, explicit paths', cmd: NODE, args: [CLI, 'check', '--vault', root, ...files], check: ok },
					{ label: 'check, folder form', cmd: NODE, args: [CLI, 'check', '--vault', root, folder], check: ok },
				],
				RUNS.slow,
			);
			raw.checkPaths = { paths: files.length, explicit, folder: folderForm };
			const ratio = explicit.median / folderForm.median;
			row({ id: 'check-paths', label: `check, ${files.length} explicit paths`, n: 6000, ms: explicit.median, baseline: 'the folder form', baseMs: folderForm.median, ratio, target: '≤ 2×', met: ratio <= 2 });
			if (ratio > 2) fail(`check with ${files.length} explicit paths took ${ratio.toFixed(2)}× the folder form (target ≤ 2×)`);
		}
	}

	if (want('plugin')) {
		// 6. The plugin's incremental update of one note, in-process with the stand-in for `obsidian`
		// (bench/plugin-incremental.ts: one child per size, `node --expose-gc`), and the index's heap.
		log('\nplugin: incremental update of one note (in-process, stand-in)');
		raw.plugin = {};
		raw.pluginRounds = {};
		// A timing here is tiny: one child's cache and heap state can shift all its medians. So
		// each size runs in several children, the sizes interleaved (10k, 100k, 10k, …), each with its
		// own random notes, and a row takes the median of the children's medians.
		const sizes = SIZES.filter((s) => s >= 10000);
		const rounds: Record<number, PluginBenchResult[]> = {};
		for (let round = 0; round < PLUGIN_ROUNDS; round++) {
			for (const n of sizes) {
				const { root } = vault(n);
				try {
					const r = benchPluginIncremental(n, root, { ...(QUICK ? { updates: 200, warmup: 30, moves: 100, coldMoves: 30, moveWarmup: 10 } : { updates: 300, warmup: 50, moves: 200, coldMoves: 40, moveWarmup: 10 }), seed: round + 1 });
					(rounds[n] ??= []).push(r);
				} catch (error) {
					fail(`plugin incremental update @ ${fmtN(n)}, round ${round + 1}: ${error instanceof Error ? error.message : String(error)}`);
				}
			}
		}
		for (const n of sizes) {
			const rs = rounds[n];
			const r = rs?.[0];
			if (rs === undefined || r === undefined) continue;
			raw.plugin[n] = r;
			const med = (pick: (r: PluginBenchResult) => number): number => median(rs.map(pick));
			const perRound = { change: rs.map((x) => x.change.indexMs.median), rename: rs.map((x) => x.rename.indexMs.median), renameCold: rs.map((x) => x.renameCold.indexMs.median), deleteCreate: rs.map((x) => x.deleteCreate.indexMs.median) };
			raw.pluginRounds[n] = perRound;
			for (const x of rs) {
				const c = x.checks;
				if (!c.indexSizeUnchanged) fail(`plugin @ ${fmtN(n)}: the index has ${c.indexSizeAtEnd} notes after the updates, ${x.memory.notes} before`);
				if (c.renameReflected.split('/')[0] !== c.renameReflected.split('/')[1]) fail(`plugin @ ${fmtN(n)}: renames reflected ${c.renameReflected}`);
				if (c.deleteCreateSameFlags.split('/')[0] !== c.deleteCreateSameFlags.split('/')[1]) fail(`plugin @ ${fmtN(n)}: delete + create gave the same flags ${c.deleteCreateSameFlags}`);
				if (c.reviewCount.kept !== c.reviewCount.counted) fail(`plugin @ ${fmtN(n)}: the status bar's count kept by the index is ${c.reviewCount.kept}, its review sets hold ${c.reviewCount.counted} notes`);
			}
			const us = (xs: number[]): string => xs.map((x) => `${(x * 1000).toFixed(1)}`).join(', ');
			const spread = (xs: number[]): string => (xs.length > 1 ? `medians of ${xs.length} children: ${us(xs)} µs` : '');
			const flat = 'O(1): same at 10k and 100k';
			row({ id: 'plugin-change', label: 'plugin: one note changed → index updated (metadata `changed` → NoteIndex.set)', n, ms: med((x) => x.change.indexMs.median), target: flat, note: spread(perRound.change) });
			row({ id: 'plugin-change-brief', label: `plugin: one note changed → index updated + brief recomputed (BriefService.brief over ${r.setup.relevantNotes} notes in items)`, n, ms: med((x) => x.changeWithBrief.indexAndBriefMs.median) });
			row({ id: 'plugin-change-e2e', label: 'plugin: vault.modify → index updated, end to end in the stand-in (incl. its disk write and parse)', n, ms: med((x) => x.change.endToEndMs.median) });
			row({ id: 'plugin-rename', label: 'plugin: rename → index updated', n, ms: med((x) => x.rename.indexMs.median), target: flat, note: spread(perRound.rename) });
			row({ id: 'plugin-rename-cold', label: 'plugin: rename → index updated, CPU caches flushed before each rename (the work alone)', n, ms: med((x) => x.renameCold.indexMs.median), note: spread(perRound.renameCold) });
			row({ id: 'plugin-delete-create', label: 'plugin: delete + create → index updated (create reads the note)', n, ms: med((x) => x.deleteCreate.indexMs.median), target: flat, note: spread(perRound.deleteCreate) });
			row({ id: 'plugin-first-pass', label: 'plugin: first full pass over the metadata cache (once, after layout ready)', n, ms: r.setup.firstPassMs });
			const mb = (b: number): string => `${(b / 2 ** 20).toFixed(1)} MB`;
			row({ id: 'plugin-mem', label: `plugin index heap ${mb(r.memory.indexBytes)} retained after GC (peak growth during the first pass ${mb(r.memory.indexPeakBytes)})`, n, ms: undefined, note: `${(r.memory.bytesPerNote / 1024).toFixed(2)} KB/note (peak ${(r.memory.peakBytesPerNote / 1024).toFixed(2)})` });
			const ns = (pick: (x: PluginBenchResult['probe']) => number): string => `${med((x) => pick(x.probe)).toFixed(0)} ns`;
			row({ id: 'plugin-probe', label: `plugin: NoteIndex in a tight loop on random notes, this index vs one of ${r.probe.smallNotes} of its notes in the same process (hash tables alone)`, n, ms: undefined, note: `get ${ns((p) => p.getNs.index)} vs ${ns((p) => p.getNs.small)}; rename there and back ${ns((p) => p.renameNs.index)} vs ${ns((p) => p.renameNs.small)} per rename` });
		}
		{
			const e = ends(rounds);
			if (e !== undefined) {
				const { lo, hi, a: as, b: bs } = e;
				const a = as[0]!;
				const b = bs[0]!;
				const vs = `${fmtN(hi)} vs ${fmtN(lo)}`;
				const flatRow = (id: string, label: string, pick: (r: PluginBenchResult) => number, target: string | undefined): number => {
					const hiMs = median(bs.map(pick));
					const loMs = median(as.map(pick));
					const ratio = hiMs / loMs;
					row({ id, label: `${label}: ${vs}`, n: undefined, ms: hiMs, baseline: `@ ${fmtN(lo)}`, baseMs: loMs, ratio, target, met: target !== undefined ? ratio <= PLUGIN_FLAT : undefined });
					return ratio;
				};
				const target = `≈ 1× (≤ ${PLUGIN_FLAT}×)`;
				const change = flatRow('plugin-flat', 'plugin change → index, flat in N', (r) => r.change.indexMs.median, target);
				const rename = flatRow('plugin-flat-rename', 'plugin rename → index, flat in N', (r) => r.rename.indexMs.median, target);
				const renameCold = flatRow('plugin-flat-rename-cold', 'plugin rename → index with the caches flushed before each (the work alone), flat in N', (r) => r.renameCold.indexMs.median, target);
				const deleteCreate = flatRow('plugin-flat-delete-create', 'plugin delete + create → index, flat in N', (r) => r.deleteCreate.indexMs.median, target);
				const changeAndBrief = flatRow('plugin-flat-brief', 'plugin change → index + brief (brief is O(notes in items))', (r) => r.changeWithBrief.indexAndBriefMs.median, undefined);
				const memRatio = b.memory.bytesPerNote / a.memory.bytesPerNote;
				raw.pluginRatios = {
					change,
					rename,
					renameCold,
					deleteCreate,
					changeAndBrief,
					endToEnd: median(bs.map((r) => r.change.endToEndMs.median)) / median(as.map((r) => r.change.endToEndMs.median)),
					bytesPerNote: memRatio,
				};
			}
		}
	}

	if (want('load')) {
		// 7. The plugin's load (bench/plugin-load.ts): evaluating main.js, each run in a fresh process,
		// against evaluating an empty plugin in the same child; and how long onload holds the app
		// before its first await (in the stand-in, on example-vault/).
		log('\nload: evaluating main.js and onload (fresh process per run, stand-in)');
		try {
			const r = benchPluginLoad(QUICK ? { warmup: 2, rounds: 9 } : { warmup: 3, rounds: 21 });
			raw.load = r;
			const kb = (b: number): string => `${(b / 1024).toFixed(0)} KB`;
			// Judged on CPU time (user + system of the child during the evaluation): on a shared machine
			// wall time swings with the neighbours far more than the difference measured.
			const wall = `wall ${fmtMs(r.evalMs.built)} vs ${fmtMs(r.evalMs.empty)} = ${(r.evalMs.built / r.evalMs.empty).toFixed(2)}×`;
			row({ id: 'plugin-load-eval', label: `plugin: evaluating main.js (${kb(r.bytes.built)}), CPU`, ms: r.evalCpuMs.built, baseline: 'an empty plugin in the same stand-in', baseMs: r.evalCpuMs.empty, ratio: r.evalCpuMs.built / r.evalCpuMs.empty, note: wall });
			row({ id: 'plugin-onload-sync', label: 'plugin: onload until its first await (views, settings tab and index listeners registered; stand-in, example vault)', ms: r.onloadSyncMs, note: `whole onload until its promise settles: ${fmtMs(r.onloadMs)}` });
		} catch (error) {
			fail(`plugin load: ${error instanceof Error ? error.message : String(error)}`);
		}
	}

	if (want('main-thread')) {
		// 8. The plugin on Obsidian's main thread (bench/plugin-main-thread.ts: the whole of main.ts in
		// the stand-in, one child per measurement): onload, the first index pass, an agent burst.
		log('\nmain thread: onload, first index pass, agent burst (whole plugin, stand-in)');
		raw.mainThread = { index: {} };
		const lag = (t: IndexResult['firstPass']['lag']): string => `longest task ${fmtMs(t.maxMs)}, p99 ${fmtMs(t.p99Ms)} over ${fmtN(t.turns)} turns`;
		try {
			const r = benchOnload(QUICK ? 5 : 15);
			raw.mainThread.onload = r;
			row({ id: 'main-onload', label: 'main thread: `onload` until it returns (example vault)', ms: r.ours.syncMs, baseline: 'a minimal plugin (a view, a command, a setting tab, loadData)', baseMs: r.floor.syncMs, ratio: r.ours.syncMs / r.floor.syncMs, note: `first run ${fmtMs(r.ours.firstSyncMs)} vs ${fmtMs(r.floor.firstSyncMs)}; until its promise settles ${fmtMs(r.ours.wholeMs)} vs ${fmtMs(r.floor.wholeMs)}` });
		} catch (error) {
			fail(`main thread, onload: ${error instanceof Error ? error.message : String(error)}`);
		}
		// The burst runs at the smallest size only: what it measures is per edit and per cache write.
		const sizes = SIZES.filter((s) => s >= 10000);
		for (const n of sizes) {
			try {
				const r = benchIndex(n, vault(n).root, { edits: n === sizes[0] ? (QUICK ? 200 : 500) : 0 });
				raw.mainThread.index[n] = r;
				if (r.indexed < r.markdownFiles * 0.9) fail(`main thread @ ${fmtN(n)}: the plugin indexed ${r.indexed} of ${r.markdownFiles} notes`);
				row({ id: 'main-first-pass', label: 'main thread: first index pass, layout ready → index built (whole plugin)', n, ms: r.firstPass.ms, baseline: '`getFileCache` of every note into a Map', baseMs: r.floorMs, ratio: r.firstPass.ms / r.floorMs, note: lag(r.firstPass.lag) });
				const b = r.burst;
				if (b === null) continue;
				const floor = Math.max(b.floorBefore.maxMs, b.floorAfter.maxMs);
				row({ id: 'main-burst', label: `main thread: longest task during an agent burst of ${b.edits} edits (journal append + vault modify + metadata changed; ${b.cacheWrites} cache writes, journal ${(b.journalBytesAtStart / 1e6).toFixed(1)} MB)`, n, ms: b.plugin.maxMs, baseline: 'the same burst, plugin not loaded (longer of two)', baseMs: floor, ratio: b.plugin.maxMs / floor, note: `${lag(b.plugin)}; burst took ${fmtMs(b.plugin.wallMs)} vs ${fmtMs(b.floorBefore.wallMs)} unloaded` });
			} catch (error) {
				fail(`main thread @ ${fmtN(n)}: ${error instanceof Error ? error.message : String(error)}`);
			}
		}
	}

	const elapsed = (Date.now() - t0) / 1000;
	info.loadAvgAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
	const [loadStart = 0] = info.loadAvgAtStart;
	const [loadEnd = 0] = info.loadAvgAtEnd;
	if (Math.max(loadStart, loadEnd) > info.cores * 0.75) {
		notes.push(`The machine was busy (load average ${loadStart} at start, ${loadEnd} at end, ${info.cores} cores): absolute times are inflated; ratios to baselines run interleaved are the numbers to read.`);
	}
	if (extraCaCertsSet()) notes.push('This machine sets NODE_EXTRA_CA_CERTS; every measured Node process ran without it (bench/lib/repo.ts), as on a machine that does not set it. With it, each Node start parses the named certificates first, which makes every Node anchor several times slower and flatters every ratio to `node -e 0`.');
	log(`\nbench finished in ${elapsed.toFixed(1)} s`);
	const md = markdown(info, elapsed);
	process.stdout.write(`\n${md}\n`);
	if (WRITE) {
		fs.mkdirSync(OUT, { recursive: true });
		fs.writeFileSync(path.join(OUT, 'results.md'), md);
		fs.writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify({ machine: info, quick: QUICK, elapsedSeconds: elapsed, rgCommand: RG_DOC, rows, raw, notes, problems, today: BENCH_TODAY }, null, 1)}\n`);
		if (raw.scan !== undefined) fs.writeFileSync(path.join(OUT, 'scan-vs-rg.svg'), scanChartSvg(raw.scan));
		log(`wrote ${path.relative(REPO, OUT) || '.'}/results.md, results.json, scan-vs-rg.svg`);
	}
	if (problems.length > 0) {
		log(`\n${problems.length} CORRECTNESS PROBLEM(S) — the numbers above may be meaningless:\n  ${problems.join('\n  ')}`);
		process.exitCode = 3;
	}
}

/** How far a missed row is over its target, when the target is a ratio (`≤ 5× rg`): `, 5 % over`. */
function overBy(r: Row): string {
	const limit = /≤ ([\d.]+)×/.exec(r.target ?? '');
	if (limit === null || r.ratio === undefined) return '';
	return `, ${Math.max(1, Math.round((r.ratio / Number(limit[1]) - 1) * 100))} % over`;
}

function markdown(info: Machine, elapsed: number): string {
	const lines: string[] = [];
	lines.push(`# Session Brief bench${QUICK ? ' (quick)' : ''}`);
	lines.push('');
	lines.push(`Machine: ${info.cpu}, ${info.cores} cores, ${info.ramGB} GB RAM, ${info.os}, Node ${info.node}, ripgrep: ${info.ripgrep}. Run ${info.date.slice(0, 16).replace('T', ' ')} UTC (1-min load average ${info.loadAvgAtStart[0]} at start, ${info.loadAvgAtEnd?.[0]} at end), ${elapsed.toFixed(0)} s.`);
	lines.push('');
	lines.push('Median of several runs after warm-up runs; each a child process timed from spawn to exit; each ratio against a baseline run interleaved with it in this run. Vaults: `bench/generate-vault.ts` (seed 1, 0.5–6 KB per note). CPU is user + system time of the child per run (10 ms resolution), which a busy machine disturbs much less than wall time.');
	if (raw.plugin !== undefined && Object.keys(raw.plugin).length > 0) {
		const any = Object.values(raw.plugin)[0];
		lines.push('');
		lines.push(
			`The plugin rows are in-process (\`bench/plugin-incremental.ts\`: the plugin's IndexSync, NoteIndex and BriefService bundled with esbuild against the test stand-in for \`obsidian\`, with the status bar's count listening, one \`node --expose-gc\` child per vault): in each child the median of ${any?.change.indexMs.runs ?? '—'} changes (${any?.rename.indexMs.runs ?? '—'} renames, ${any?.renameCold.indexMs.runs ?? '—'} more with the CPU caches flushed before each, ${any?.deleteCreate.indexMs.runs ?? '—'} delete + create) on random notes after warm-up, timed from the event reaching the plugin to the index holding the change; "end to end" starts at the \`vault.modify\` call. Each size runs in ${PLUGIN_ROUNDS} ${PLUGIN_ROUNDS === 1 ? 'child' : 'children, the sizes interleaved; a row is the median of their medians'}. Index heap: \`heapUsed\` after two forced GCs, after the first pass minus before it, per indexed note (first child).`,
		);
	}
	lines.push('');
	lines.push('| measurement | notes | median | baseline (median) | ratio | target | met | spread, CPU |');
	lines.push('|---|---:|---:|---|---:|---|:-:|---|');
	const order = ['tier1', 'tier1-flat', 'tier1-journal', 'statusline', 'statusline-tier1', 'statusline-stale', 'statusline-agents', 'statusline-flat', 'size-large', 'size-large-changes', 'size-sessions', 'size-sessions-changes', 'serve-tier1', 'post-tool-use', 'tier3-find', 'tier3-find-1t', 'tier3-find-2t', 'tier3-hook', 'tier3', 'scan', 'read-all', 'rg-j1', 'scan-dense', 'read-all-dense', 'scan-frontmatter', 'read-all-frontmatter', 'scan-tiny', 'read-all-tiny', 'scan-real', 'read-all-real', 'rss', 'rss-marginal', 'check', 'check-paths', 'plugin-change', 'plugin-change-brief', 'plugin-change-e2e', 'plugin-rename', 'plugin-rename-cold', 'plugin-delete-create', 'plugin-flat', 'plugin-flat-rename', 'plugin-flat-rename-cold', 'plugin-flat-delete-create', 'plugin-flat-brief', 'plugin-first-pass', 'plugin-mem', 'plugin-probe', 'main-onload', 'main-first-pass', 'main-burst'];
	const sorted = [...rows].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id) || (a.n ?? 0) - (b.n ?? 0));
	for (const r of sorted) {
		const base = r.baseline === undefined ? '' : `${r.baseline}${r.baseMs === undefined ? '' : ` (${fmtMs(r.baseMs)})`}`;
		const ratio = r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`;
		const met = r.met === undefined ? '' : r.met ? 'yes' : `**no**${overBy(r)}`;
		const value = r.pending === true ? 'pending' : r.ms === undefined ? (r.note ?? '') : fmtMs(r.ms);
		const extra = r.ms === undefined ? '' : (r.note ?? '');
		lines.push(`| ${r.label} | ${r.n !== undefined ? fmtN(r.n) : ''} | ${value} | ${base} | ${ratio} | ${r.target ?? ''} | ${met} | ${extra} |`);
	}
	lines.push('');
	lines.push(`rg command (fair: the same files as the bridge, the four tag names, case-insensitive, every file read to its end; rg uses all ${info.cores} cores, the bridge one):`);
	lines.push('');
	lines.push(`    ${RG_DOC}`);
	if (rows.some((r) => r.met === false)) {
		lines.push('');
		lines.push('Where a row misses its target, docs/bench/README.md profiles what is left: "Tier 1 step by step, and a startup snapshot" for the session start, "Reading only what decides the flags" for the full scan.');
	}
	if (notes.length > 0 || problems.length > 0) {
		lines.push('');
		for (const n of notes) lines.push(`* ${n}`);
		for (const p of problems) lines.push(`* **Correctness problem:** ${p.replace(/\n\s*/g, '; ')}`);
	}
	return `${lines.join('\n')}\n`;
}

main();
