/**
 * The README's development quick start, run as a new user runs it: its commands in its order, in a
 * fresh clone, and afterwards `git status --porcelain` is empty (nothing the commands wrote is left
 * where git sees it; the example vault gets nothing at all, not even ignored files).
 *
 * The clone: a throwaway git directory indexes this working tree (its .gitignore files decide what
 * goes in, exactly as a commit would; uncommitted edits included, so the test checks the code under
 * test), and `git clone` of that gives a folder holding only what a clone of the repository holds.
 * That works as well in CI's copy of the checkout, which has no `.git`.
 *
 * Two honest shortcuts keep this inside `npm test`:
 * * `npm ci` is a hardlinked copy of this checkout's node_modules (half a second instead of a
 *   minute and a registry), made by `npm ci` from the same package-lock.json; what is under test
 *   is what the repository's own commands write, not npm. The caches vitest and vite keep inside
 *   node_modules are left out of the copy, so the two runs share no file they write. `.ci/run` runs
 *   the real `npm ci` before `npm start` and `npm test`, in that order, on a copy with nothing beside it.
 * * `npm test` is the README's command with the suites that take a copy of example-vault/ (the ones
 *   a demo's leftovers once broke) and this repository's release checks; the full suite is the run
 *   this test is part of.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExampleVault, exampleVaultFiles } from '../../scripts/example-vault.mjs';
import { REPO } from '../helpers/bridge';

const HAVE_GIT = spawnSync('git', ['--version']).status === 0;
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The suites the nested `npm test` runs (see the top of this file). */
const NESTED_SUITES = ['tests/bridge/hooks/session-proof.test.ts', 'tests/plugin/build/built-main.test.ts', 'tests/plugin/build/mobile-load.test.ts', 'tests/plugin/build/built-hook-check.test.ts'];

const made: string[] = [];
afterAll(() => {
	for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
});

function temp(prefix: string): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	made.push(dir);
	return dir;
}

/** The commands of the README's "Development quick start", in order. */
function quickStartCommands(): string[] {
	const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
	const section = /^## Development quick start\n([\s\S]*?)^## /m.exec(readme);
	if (!section?.[1]) throw new Error('README.md has no "Development quick start" section');
	const blocks = [...section[1].matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
	return blocks.flatMap((b) => b.split(/\n|&&/)).map((c) => c.trim()).filter((c) => c !== '');
}

/** The environment of a user's shell: none of the outer npm's or vitest's variables. */
function userEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$)/i.test(k)) env[k] = v;
	return env;
}

function git(cwd: string, args: string[], gitDir?: string): string {
	const pre = gitDir === undefined ? [] : ['--git-dir', gitDir, '--work-tree', REPO];
	return execFileSync('git', ['-c', 'user.name=quick-start', '-c', 'user.email=quick-start@localhost', '-c', 'core.autocrlf=false', ...pre, ...args], { cwd, encoding: 'utf8' });
}

/** A fresh clone of this working tree as a commit would hold it (see the top of this file). */
function freshClone(): string {
	const base = temp('sb-quick-start-');
	const gitDir = path.join(base, 'index.git');
	git(base, ['init', '-q', '--bare', gitDir]);
	git(REPO, ['add', '-A'], gitDir);
	git(REPO, ['commit', '-q', '-m', 'the working tree'], gitDir);
	const clone = path.join(base, 'session-brief');
	git(base, ['clone', '-q', gitDir, clone]);
	return clone;
}

function run(clone: string, command: string, args: string[]): string {
	const r = spawnSync(command, args, { cwd: clone, env: userEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (r.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit ${String(r.status)}):\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
	return r.stdout;
}

describe('example vault copies', () => {
	it('take only what the repository holds, whatever a run left in the folder', () => {
		const dirty = temp('sb-example-dirty-');
		copyExampleVault(dirty);
		const plugin = path.join(dirty, '.obsidian', 'plugins', 'session-brief');
		// What `npm start` once left behind, and what the plugin or install write.
		fs.writeFileSync(path.join(plugin, 'conversations.json'), '{}');
		fs.writeFileSync(path.join(plugin, 'session-starts.json'), '[]');
		fs.writeFileSync(path.join(plugin, 'session-starts.jsonl'), '');
		fs.mkdirSync(path.join(plugin, 'session-marks'));
		fs.writeFileSync(path.join(plugin, 'session-marks', '9684945a03711e90'), '');
		fs.writeFileSync(path.join(plugin, 'brief-cache.json'), '{}');
		fs.mkdirSync(path.join(dirty, '.claude', 'hooks'), { recursive: true });
		fs.writeFileSync(path.join(dirty, '.claude', 'hooks', 'session-brief.cjs'), '');
		fs.writeFileSync(path.join(dirty, '.mcp.json'), '{}');
		const copy = copyExampleVault(temp('sb-example-copy-'), dirty);
		const listed = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
		expect(listed(copy)).toEqual(exampleVaultFiles());
		expect(exampleVaultFiles()).toContain('.obsidian/plugins/session-brief/data.json');
	});
});

describe.skipIf(!HAVE_GIT)('the README quick start, on a fresh clone', () => {
	it('the README names npm ci, npm start, npm test, in that order', () => {
		expect(quickStartCommands()).toEqual(['npm ci', 'npm start', 'npm test']);
	});

	it('runs in its order, passes, and leaves git status empty', () => {
		const clone = freshClone();
		// The example vault as the clone holds it is exactly what every copy of it takes.
		expect(exampleVaultFiles(path.join(clone, 'example-vault'))).toEqual(git(clone, ['ls-files', '-z', 'example-vault']).split('\0').filter((f) => f !== '').map((f) => f.slice('example-vault/'.length)).sort());

		// npm ci (see the top of this file).
		execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(clone, 'node_modules')]);
		for (const cache of ['.vite', '.vitest', '.cache']) fs.rmSync(path.join(clone, 'node_modules', cache), { recursive: true, force: true, maxRetries: 30 });

		const started = run(clone, NPM, ['start']);
		expect(started).toContain('Session brief for vault "example-vault"');
		expect(started).toContain('"hookEventName":"SessionStart"');
		expect(git(clone, ['status', '--porcelain', '--ignored', '--', 'example-vault'])).toBe('');

		const tested = run(clone, NPM, ['test', '--', ...NESTED_SUITES]);
		expect(tested).toMatch(/Test Files\s+.*\d+ passed/);
		expect(tested).not.toMatch(/Test Files\s+.*failed/);

		expect(git(clone, ['status', '--porcelain'])).toBe('');
		expect(git(clone, ['status', '--porcelain', '--ignored', '--', 'example-vault'])).toBe('');
	}, 600_000);
});
