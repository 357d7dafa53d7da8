// Where the bridge's full scan spends its time: a V8 CPU profile summed per source file (and per
// kind of fs work), and the start-up cost with and without a code cache.
//
//   npx tsx bench/profile.ts [N…] [--kind base|dense|frontmatter|tiny] [--cli PATH] [--runs R] [--profiles P]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { ensureVault, isVaultKind } from './generate-vault';
import { flag, positionalNumbers } from './lib/args';
import { REPO, childEnv } from './lib/repo';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const CLI = path.resolve(flag(argv, 'cli') ?? path.join(REPO, 'bridge', 'dist', 'session-brief.cjs'));
const SIZES = positionalNumbers(argv);
const env = childEnv();

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}

interface CpuProfile {
	nodes: { id: number; callFrame: CallFrame }[];
	samples: number[];
	timeDeltas: number[];
}

/** Bundle line → module path, from esbuild's `// path/to/module` section comments. */
function moduleMap(bundle: string): (line: number) => string {
	const lines = fs.readFileSync(bundle, 'utf8').split('\n');
	const marks: [number, string][] = [];
	for (let i = 0; i < lines.length; i++) {
		const m = /^\/\/ (\S+\.(?:[cm]?js|ts))$/.exec(lines[i]!);
		const mod = m?.[1];
		if (mod !== undefined) marks.push([i, mod.includes('node_modules/') ? mod.slice(mod.indexOf('node_modules/')) : mod]);
	}
	return (line) => {
		let lo = 0;
		let hi = marks.length - 1;
		let found = 'bundle (glue)';
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			const mark = marks[mid]!;
			if (mark[0] <= line) {
				found = mark[1];
				lo = mid + 1;
			} else hi = mid - 1;
		}
		return found;
	};
}

function category(frame: CallFrame, moduleOf: (line: number) => string, bundleUrl: string): string {
	const { url, functionName: fn } = frame;
	if (fn === '(garbage collector)') return 'GC';
	if (fn === '(program)' || fn === '(root)') return 'V8/native (program)';
	if (fn === '(idle)') return 'idle';
	if (url === bundleUrl) {
		const mod = moduleOf(frame.lineNumber);
		if (mod.startsWith('node_modules/yaml')) return 'yaml package (frontmatter fallback + module init)';
		if (mod.startsWith('node_modules/moment')) return 'moment package (module init, daily note)';
		if (mod.includes('markdown-mask')) return 'core: code/comment masking';
		if (mod.includes('core/tags')) return 'core: inline tag regex';
		if (mod.includes('core/frontmatter')) return 'core: frontmatter line reader';
		if (mod.includes('note-facts')) return 'core: note facts (split lines, lower-case, needles)';
		if (mod.includes('core/flags')) return 'core: flags';
		if (mod.includes('core/prefilter')) return 'core: byte prefilter';
		if (mod.includes('core/brief') || mod.includes('core/paths')) return 'core: items (filter, sort paths)';
		if (mod.includes('cache')) return 'cache write (rows, JSON.stringify, write)';
		if (mod.includes('node/scan')) return `bridge scan: ${fn} (JS side, incl. path.join)`;
		return `bundle: ${mod}`;
	}
	if (url === '' && fn.startsWith('RegExp: ')) {
		if (fn.includes('\\r?\\n')) return 'core: note facts (split lines, lower-case, needles)';
		if (fn.includes(')#(')) return 'core: inline tag regex';
		return 'regex (other)';
	}
	if (url === '') {
		if (fn === 'open' || fn === 'read' || fn === 'close' || fn === 'fstat') return 'fs: open/read/close';
		if (fn === 'stat' || fn === 'lstat') return 'fs: stat';
		if (fn === 'readdir') return 'fs: readdir';
		if (fn === 'writeFileUtf8' || fn === 'writeString' || fn === 'writeBuffer' || fn === 'rename') return 'cache write (rows, JSON.stringify, write)';
		if (fn === 'compileFunction' || fn === 'compileForInternalLoader') return 'module load/compile';
	}
	if (url.startsWith('node:') || url === '') {
		if (/readdir/i.test(fn) || fn === 'getDirents' || fn === 'Dirent') return 'fs: readdir';
		if (/stat/i.test(fn)) return 'fs: stat';
		if (/readFile|tryReadSync|tryStatSync|tryCreateBuffer|openSync|closeSync|readSync/.test(fn)) return 'fs: open/read/close';
		if (/decode/i.test(fn)) return 'TextDecoder.decode';
		if (/writeFile|rename|mkdir|writeSync/.test(fn)) return 'fs: write cache';
		if (/join|normalize|resolve/.test(fn)) return 'path.join/normalize';
		if (/compile|require|Module|load|wrapSafe|_extensions/i.test(fn)) return 'module load/compile';
		return `node internals: ${fn || '(anonymous)'}`;
	}
	return `other: ${url} ${fn}`;
}

/**
 * The bundle to profile: the CLI itself when it is unminified (module comments present), else an
 * unminified build of bridge/main.ts with the same settings (the shipped bridge is minified, which
 * leaves nothing to attribute time to).
 */
function profilingBundle(): string {
	const text = fs.readFileSync(CLI, 'utf8');
	if ((text.match(/^\/\/ \S+\.(?:[cm]?js|ts)$/gm) ?? []).length > 10) return CLI;
	const out = path.join(os.tmpdir(), 'session-brief-profile.cjs');
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
	buildSync({
		absWorkingDir: REPO,
		entryPoints: ['bridge/main.ts'],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node18',
		define: { BRIDGE_VERSION: JSON.stringify(pkg.version) },
		minify: false,
		logLevel: 'error',
		outfile: out,
	});
	console.log(`(profiling an unminified build of bridge/main.ts: ${out})`);
	return out;
}

let PROF_CLI = CLI;

function profileScan(n: number): void {
	const CLI = PROF_CLI;
	const kind = flag(argv, 'kind') ?? (argv.includes('--dense') ? 'dense' : 'base');
	if (!isVaultKind(kind)) throw new Error(`--kind ${kind}: not a kind of vault the generator makes`);
	const { root, meta } = ensureVault(n, { kind, log: (m) => process.stderr.write(`${m}\n`) });
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-prof-'));
	// One unprofiled run first: the page cache holds the vault, the cache file exists.
	spawnSync(process.execPath, [CLI, 'report', '--json', '--source', 'scan', '--vault', root], { env, stdio: 'ignore' });
	const profiles = Math.max(1, Number(flag(argv, 'profiles') ?? 1));
	const moduleOf = moduleMap(CLI);
	const byCat = new Map<string, number>();
	const byFn = new Map<string, number>();
	let total = 0;
	let wall = 0;
	// Each run's self time is added in and everything is divided by the runs: a per-run average.
	const add = (m: Map<string, number>, key: string, us: number): void => {
		m.set(key, (m.get(key) ?? 0) + us / profiles);
	};
	for (let run = 0; run < profiles; run++) {
		const t0 = Date.now();
		spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '250', CLI, 'report', '--json', '--source', 'scan', '--vault', root], { env, stdio: 'ignore' });
		wall += (Date.now() - t0) / profiles;
		const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
		if (file === undefined) throw new Error(`node --cpu-prof wrote no profile for the ${n}-note vault`);
		const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
		fs.rmSync(path.join(dir, file));
		const bundleUrl = prof.nodes.map((x) => x.callFrame.url).find((u) => u.endsWith(path.basename(CLI))) ?? `file://${CLI}`;
		const selfUs = new Map(prof.nodes.map((x) => [x.id, 0]));
		prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
		for (const node of prof.nodes) {
			const us = selfUs.get(node.id) ?? 0;
			if (us === 0) continue;
			total += us / profiles;
			add(byCat, category(node.callFrame, moduleOf, bundleUrl), us);
			add(byFn, `${node.callFrame.functionName || '(anonymous)'} [${node.callFrame.url === bundleUrl ? moduleOf(node.callFrame.lineNumber) : node.callFrame.url || 'native'}]`, us);
		}
	}
	fs.rmSync(dir, { recursive: true, force: true });
	const top = (m: Map<string, number>, k: number): [string, number][] => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
	const bucket = (cat: string): string => {
		if (cat.startsWith('fs: readdir')) return 'readdir';
		if (cat.startsWith('fs: stat')) return 'stat';
		if (cat.startsWith('fs: open/read')) return 'read (open/read/close)';
		if (cat.startsWith('TextDecoder')) return 'decode (UTF-8)';
		if (cat.startsWith('yaml') || cat.includes('frontmatter')) return 'frontmatter (line reader + yaml fallback)';
		if (cat.startsWith('core: note facts') || cat.includes('masking') || cat.includes('tag regex') || cat.startsWith('core: flags')) return 'tag extraction (split, lower-case, mask, regex)';
		if (cat.startsWith('module') || cat.startsWith('moment')) return 'start-up module load/compile';
		if (cat.startsWith('GC')) return 'GC';
		if (cat.startsWith('core: items') || cat.startsWith('cache')) return 'items + cache write';
		if (cat.startsWith('core: byte prefilter')) return 'byte prefilter';
		if (cat.startsWith('bridge scan') || cat.startsWith('path')) return 'walk/read JS glue (path.join, objects)';
		return 'other';
	};
	const byBucket = new Map<string, number>();
	for (const [cat, us] of byCat) byBucket.set(bucket(cat), (byBucket.get(bucket(cat)) ?? 0) + us);
	const per = profiles === 1 ? '' : `, per run over ${profiles} profiled runs`;
	console.log(`\n## Scan profile, ${n.toLocaleString('en')} notes, ${kind} vault (${(meta.totalBytes / 1e6).toFixed(1)} MB), wall ${wall.toFixed(0)} ms with the profiler on, ${(total / 1000).toFixed(0)} ms sampled${per}\n`);
	console.log('| phase (self time) | ms | share |\n|---|---:|---:|');
	for (const [b, us] of top(byBucket, 20)) console.log(`| ${b} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
	console.log('\nFiner:\n');
	console.log('| where (self time) | ms | share |\n|---|---:|---:|');
	for (const [cat, us] of top(byCat, 20)) console.log(`| ${cat} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
	console.log('\nTop functions by self time:\n');
	for (const [fn, us] of top(byFn, 15)) console.log(`* ${(us / 1000).toFixed(0)} ms  ${fn}`);
}

function timeChild(args: readonly string[], runs: number): number {
	const xs: number[] = [];
	for (let i = 0; i < runs + 2; i++) {
		const t0 = process.hrtime.bigint();
		spawnSync(process.execPath, args, { env, stdio: 'ignore' });
		if (i >= 2) xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
	}
	return median(xs);
}

function startup(): void {
	const runs = Number(flag(argv, 'runs') ?? 15);
	const e0 = timeChild(['-e', '0'], runs);
	const v = timeChild([CLI, 'version'], runs);
	// The same bundle with a V8 compile cache (Node >= 22 has module.enableCompileCache(); on 20
	// a vm.Script cachedData or NODE_COMPILE_CACHE is not available, so report it when present).
	const size = fs.statSync(CLI).size;
	console.log(`\n## Start-up (median of ${runs})\n`);
	console.log(`| run | ms |\n|---|---:|\n| node -e 0 | ${e0.toFixed(1)} |\n| node CLI version (loads the ${(size / 1024).toFixed(0)} KB bundle) | ${v.toFixed(1)} |\n| bundle load + compile + run, above node -e 0 | ${(v - e0).toFixed(1)} |`);
}

if (!argv.includes('--no-startup')) startup();
PROF_CLI = profilingBundle();
for (const n of SIZES.length > 0 ? SIZES : [10000, 100000]) profileScan(n);
