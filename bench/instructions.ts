// `npx tsx bench/instructions.ts [--runs N] [--dist DIR] [--vaults 1000,10000,100000 [--journal K]]`: a hook's
// start-up counted in CPU instructions with valgrind's callgrind, against `node -e 0`. Instruction
// counts repeat where wall-clock ratios drift, so this checks a change that adds code to the hook's
// start. With `--vaults` the count must stay flat as the vault grows. Needs `valgrind` on PATH.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureVault } from './generate-vault';
import { copyExampleVault } from '../scripts/example-vault.mjs';
import { flag } from './lib/args';
import { withJournal } from './lib/agent-journal';
import { makePluginCache } from './lib/plugin-cache';
import { REPO, childEnv, sessionStartInput, statusLineInput } from './lib/repo';
import { hookFloorFile } from './lib/hook-floor';
import { placeHookFiles } from './lib/hook-files';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const RUNS = Number(flag(argv, 'runs') ?? 3);
const NODE = process.execPath;
const env = childEnv();

if (spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status !== 0) {
	console.error('bench/instructions.ts needs valgrind (apt-get install valgrind).');
	process.exit(2);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-instructions-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
const vault = path.join(work, 'vault');
copyExampleVault(vault);
const dist = path.resolve(flag(argv, 'dist') ?? path.join(REPO, 'bridge', 'dist'));
// As install places them (a build from before the session start or edit file has none: the entry
// then runs the bridge for those commands).
const entry = placeHookFiles(path.join(vault, '.claude', 'hooks'), dist);

function run(args: readonly string[], input = ''): { stdout: string } {
	const r = spawnSync(NODE, args, { env, input, encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	return r;
}

// The cache the plugin would write: the bridge's scan cache, claimed by this (live) process.
run([entry, 'report', '--json', '--source', 'scan', '--vault', vault]);
// With this process's start identity: without it tier 1 does not trust the keeper and the hook
// walks the vault (tier 3), which on the small example vault costs nearly the same.
makePluginCache(vault);

// Each run a new session: session-start answers a repeated session id with a one-line note.
const hookInput = sessionStartInput;
const tier1 = run([entry, 'session-start', '--vault', vault], hookInput());
const context = (JSON.parse(tier1.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
if (!context.includes('cached brief')) {
	console.error(`tier 1 was not served from the plugin's cache: ${context.split('\n')[0]}`);
	process.exit(3);
}
// Twice more: the first run after a scan may still rewrite the hook entry's code cache.
run([entry, 'session-start', '--vault', vault], hookInput());
run([entry, '--version']);
if (!run([entry, 'statusline'], statusLineInput(vault)).stdout.includes('to review')) {
	console.error('the status line did not say what waits for review');
	process.exit(3);
}

/** Instructions of one run, all threads, from callgrind's summary line. */
function instructions(args: readonly string[], input: string | (() => string) = ''): number {
	const stdin = typeof input === 'function' ? input() : input;
	const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', NODE, ...args], { env, input: stdin, encoding: 'utf8', maxBuffer: 1 << 26 });
	const m = /Collected : (\d+)/.exec(r.stderr);
	if (r.status !== 0 || m === null) throw new Error(`valgrind node ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
	return Number(m[1]);
}

const outsideRules = path.join(vault, 'bench-instructions-note.md');
const toolInput = (tool: string): string => JSON.stringify({ session_id: 'bench-instructions', hook_event_name: tool === 'Write' ? 'PreToolUse' : 'PostToolUse', tool_name: tool, tool_input: { file_path: outsideRules } });
const preInput = (tool: string, input: Record<string, unknown>): string => JSON.stringify({ session_id: 'bench-instructions', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: vault });
const realNote = path.join(vault, 'Notes', 'Reading list.md');
const preInputFor = (session: string, tool: string, input: Record<string, unknown>): string => JSON.stringify({ session_id: session, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: vault });
let firstRuns = 0;
const preFirst = (): string => preInputFor(`bench-first-${firstRuns++}`, 'Edit', { file_path: realNote, old_string: 'a', new_string: 'b' });
run([entry, 'pre-tool-use', '--vault', vault], preInputFor('bench-instructions', 'Edit', { file_path: realNote, old_string: 'a', new_string: 'b' }));
// Once each before counting: the first run of the edit hooks' file makes its code cache.
run([entry, 'post-tool-use', '--vault', vault], toolInput('Edit'));
run([entry, 'pre-tool-use', '--vault', vault], toolInput('Write'));
const subjects: { label: string; args: string[]; input?: () => string }[] = [
	{ label: 'node -e 0', args: ['-e', '0'] },
	{ label: 'floor: the least Node hook answering from the cache (bench/lib/hook-floor.ts)', args: [hookFloorFile(), path.join(vault, '.obsidian', 'plugins', 'session-brief', 'brief-cache.json')], input: hookInput },
	{ label: 'session-start, tier 1 (example vault)', args: [entry, 'session-start', '--vault', vault], input: hookInput },
	// As Claude Code runs it: the hook entry in the vault finds the vault by its own place.
	{ label: 'statusline, the cache current (example vault)', args: [entry, 'statusline'], input: () => statusLineInput(vault) },
	{ label: '--version (load the bridge only)', args: [entry, '--version'] },
	{ label: 'post-tool-use, an edit outside the rule set', args: [entry, 'post-tool-use', '--vault', vault], input: () => toolInput('Edit') },
	{ label: 'pre-tool-use, a Write outside the sessions folder', args: [entry, 'pre-tool-use', '--vault', vault], input: () => toolInput('Write') },
	{ label: 'pre-tool-use, an Edit of a note', args: [entry, 'pre-tool-use', '--vault', vault], input: () => preInput('Edit', { file_path: outsideRules, old_string: 'a', new_string: 'b' }) },
	{ label: 'pre-tool-use, a shell command', args: [entry, 'pre-tool-use', '--vault', vault], input: () => preInput('Bash', { command: 'git status --short && npm test', description: 'x' }) },
	// A dot folder and `..`: the fence reads the settings and resolves each word of the command.
	{ label: 'pre-tool-use, a shell command through a dot folder', args: [entry, 'pre-tool-use', '--vault', vault], input: () => preInput('Bash', { command: 'cd Notes && cat ../.obsidian/app.json | head -5', description: 'x' }) },
	// A note of the vault, each run a new session: a build that keeps before-versions reads the note and writes one.
	{ label: "pre-tool-use, an agent's first Edit of an existing note in a session", args: [entry, 'pre-tool-use', '--vault', vault], input: () => preFirst() },
	{ label: 'pre-tool-use, a later Edit of that note in the same session', args: [entry, 'pre-tool-use', '--vault', vault], input: () => preInputFor('bench-instructions', 'Edit', { file_path: realNote, old_string: 'a', new_string: 'b' }) },
];
const counts: number[][] = subjects.map(() => []);
for (let i = 0; i < RUNS; i++) subjects.forEach((s, k) => counts[k]!.push(instructions(s.args, s.input)));
const base = median(counts[0]!);
const sizes = fs.readdirSync(path.dirname(entry)).filter((f) => f.endsWith('.cjs')).map((f) => `${f} ${(fs.statSync(path.join(path.dirname(entry), f)).size / 1024).toFixed(0)} KB`);
console.log(`Instructions (callgrind, median of ${RUNS}; Node ${process.version}); files: ${sizes.join(', ')}`);
console.log('| run | instructions | vs node -e 0 |\n|---|---:|---:|');
subjects.forEach((s, k) => {
	const m = median(counts[k]!);
	console.log(`| ${s.label} | ${(m / 1e6).toFixed(1)} M | ${(m / base).toFixed(3)}× |`);
});

// ------------------------------------------------------------------------------------------------
// Tier 1 as the vault grows

const VAULTS = (flag(argv, 'vaults') ?? '').split(',').filter((x) => x !== '').map(Number);
const JOURNAL = Number(flag(argv, 'journal') ?? 200);
if (VAULTS.length > 0) {
	const rows: string[] = [];
	for (const n of VAULTS) {
		const { root } = ensureVault(n, { log: (m) => console.error(m) });
		const dir = path.join(root, '.obsidian', 'plugins', 'session-brief');
		fs.mkdirSync(dir, { recursive: true });
		const restore = withJournal(root, dir, JOURNAL);
		process.on('exit', restore);
		try {
			run([entry, 'report', '--json', '--source', 'scan', '--vault', root]);
			const file = path.join(dir, 'brief-cache.json');
			makePluginCache(root);
			const args = [entry, 'session-start', '--vault', root];
			// The first run records this session as the previous one for the next.
			run(args, hookInput());
			const text = (JSON.parse(run(args, hookInput()).stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '';
			if (!text.includes('cached brief') || !/agents/i.test(text)) throw new Error(`tier 1 at ${n} notes did not serve the cache with the agent changes: ${text.split('\n').slice(0, 3).join(' / ')}`);
			const base = [];
			const subject = [];
			for (let i = 0; i < RUNS; i++) {
				base.push(instructions(['-e', '0']));
				subject.push(instructions(args, hookInput));
			}
			const size = fs.statSync(file).size;
			rows.push(`| ${n.toLocaleString('en-US')} | ${JOURNAL} | ${(size / 1024).toFixed(1)} KB | ${(median(subject) / 1e6).toFixed(1)} M | ${(median(subject) / median(base)).toFixed(3)}× |`);
		} finally {
			restore();
		}
	}
	console.log(`\nTier 1 session-start by vault size (callgrind, median of ${RUNS}, each against node -e 0 measured alongside)`);
	console.log('| notes | journal records | brief-cache.json | instructions | vs node -e 0 |\n|---:|---:|---:|---:|---:|');
	for (const r of rows) console.log(r);
}
