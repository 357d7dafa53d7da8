// Where a tier-1 session start spends its time, step by step, against `node -e 0` and the floor
// hook (docs/bench/README.md, "Tier 1 step by step, and a startup snapshot"):
//
//   npx tsx bench/tier1-steps.ts [--runs 25] [--dist DIR]
//
// A call site the marked copy cannot find stops the script: the marks follow the source, not a guess.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { flag } from './lib/args';
import { hookFloorFile } from './lib/hook-floor';
import { placeHookFiles } from './lib/hook-files';
import { makePluginCache } from './lib/plugin-cache';
import { REPO, childEnv, sessionStartInput } from './lib/repo';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const RUNS = Number(flag(argv, 'runs') ?? 25);
const DIST = path.resolve(flag(argv, 'dist') ?? path.join(REPO, 'bridge', 'dist'));
const env = childEnv();

/** [the start of a statement's call in the built file, its name]: each call, to the end of its line, is wrapped in a mark before and after it. */
const CALLS: readonly [string, string][] = [
	['await readStdin(2e3);', 'read stdin (stream, to its end)'],
	['contextFor(args, scriptPath, env);', 'vault context (root, settings, daily-note settings)'],
	['!claim(root, pluginDir, ', "record: the session's mark (one brief per session)"],
	['pruneMarks(root, pluginDir);', 'record: old marks pruned (at most once a minute)'],
	['appendSessionStart(root, pluginDir, { at: ', 'record: the firing appended to session-starts.jsonl'],
	['await getBrief(ctx, "auto", now, false);', "the brief from the plugin's cache (read, checked, keeper alive; the conversation starts read back)"],
	['writeOut(sessionStartOutput(stringFlag(args, "agent"), lines.join(', 'the envelope built and written'],
];

function markedCopy(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-tier1-steps-'));
	process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
	for (const name of fs.readdirSync(DIST)) if (name.endsWith('.cjs')) fs.copyFileSync(path.join(DIST, name), path.join(dir, name));
	const file = path.join(dir, 'session-brief.start.cjs');
	let text = fs.readFileSync(file, 'utf8');
	const entry = 'void sessionStartHook(process.argv.slice(2), process.argv[1] ?? __filename);';
	if (!text.includes(entry)) throw new Error(`no "${entry}" in ${file}`);
	const prelude = 'globalThis.__marks = [["start file evaluating", performance.now()]]; const __mark = (n) => globalThis.__marks.push([n, performance.now()]);\n';
	text = text.replace(entry, `__mark("start file evaluated");\nprocess.on("exit", () => { __mark("exit handlers"); process.stderr.write("MARKS " + JSON.stringify(globalThis.__marks) + "\\n"); });\n${entry}`);
	for (const [call, name] of CALLS) {
		const at = text.indexOf(call);
		if (at < 0 || text.indexOf(call, at + 1) >= 0) throw new Error(`the call "${call}" is not in ${file} exactly once: the steps need updating`);
		// Wrap the whole statement's call: from the call to the end of its line, minus the closing `;`.
		const end = text.indexOf('\n', at);
		const line = text.slice(at, end);
		const body = line.endsWith(';') ? line.slice(0, -1) : line;
		if (!body.endsWith(')')) throw new Error(`the call "${call}" does not end its line`);
		text = `${text.slice(0, at)}(__mark("${name} <"), __r = ${body}, __mark("${name} >"), __r)${line.endsWith(';') ? ';' : ''}${text.slice(end)}`;
	}
	text = text.replace('"use strict";', `"use strict";\nvar __r;\n${prelude}`);
	fs.writeFileSync(file, text);
	return dir;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-tier1-steps-vault-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
const vault = path.join(work, 'vault');
copyExampleVault(vault);
const entry = placeHookFiles(path.join(vault, '.claude', 'hooks'), markedCopy());
const run = (args: readonly string[], input = ''): { stdout: string; stderr: string; ms: number } => {
	const t = process.hrtime.bigint();
	const r = spawnSync(process.execPath, args, { env, input, encoding: 'utf8' });
	const ms = Number(process.hrtime.bigint() - t) / 1e6;
	if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	return { stdout: r.stdout, stderr: r.stderr, ms };
};
run([entry, 'report', '--json', '--source', 'scan', '--vault', vault]);
makePluginCache(vault);
// The first runs make the code caches of the hook files.
for (let i = 0; i < 3; i++) run([entry, 'session-start', '--vault', vault], sessionStartInput());

const cacheFile = path.join(vault, '.obsidian', 'plugins', 'session-brief', 'brief-cache.json');
const steps = new Map<string, number[]>();
const e0: number[] = [];
const floor: number[] = [];
const whole: number[] = [];
for (let i = 0; i < RUNS; i++) {
	e0.push(run(['-e', '0']).ms);
	floor.push(run([hookFloorFile(), cacheFile], sessionStartInput()).ms);
	const r = run([entry, 'session-start', '--vault', vault], sessionStartInput());
	if (!r.stdout.includes('cached brief')) throw new Error(`not answered from the plugin's cache (tier 1): ${r.stdout.slice(0, 300)}`);
	whole.push(r.ms);
	const m = /MARKS (.*)/.exec(r.stderr);
	if (m?.[1] === undefined) throw new Error(`no marks: ${r.stderr.slice(0, 300)}`);
	let prev = 0;
	for (const [name, at] of [...(JSON.parse(m[1]) as [string, number][]), ['process gone', r.ms] as [string, number]]) {
		const list = steps.get(name) ?? [];
		list.push(at - prev);
		steps.set(name, list);
		prev = at;
	}
}
const base = median(e0);
const row = (label: string, ms: number): string => `| ${label} | ${ms.toFixed(2)} ms | ${(ms / base).toFixed(3)}× |`;
console.log(`Tier 1 session start, step by step (median of ${RUNS} runs each; Node ${process.version}; load average ${os.loadavg()[0]?.toFixed(1)})\n`);
console.log('| run | median | vs node -e 0 |\n|---|---:|---:|');
console.log(row('node -e 0', base));
console.log(row('floor hook (bench/lib/hook-floor.ts)', median(floor)));
console.log(row('session-start, tier 1 (marked copy)', median(whole)));
console.log('\n| until the mark | median | vs node -e 0 |\n|---|---:|---:|');
for (const [name, xs] of steps) console.log(row(name === 'start file evaluating' ? 'start file evaluating (Node start, the hook entry, the file and its code cache read)' : name, median(xs)));
