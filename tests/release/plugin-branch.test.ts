/**
 * The Claude Code and Codex plugin as users get it: main tracks no built hook file, the release
 * workflow commits the plugin (scripts/plugin-branch.mjs) onto the branch the marketplace entry
 * names, and that tree is complete: its hook lists run files the build writes, and its launcher
 * answers from the tree alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLAUDE_PLUGIN_COPIES, CLAUDE_PLUGIN_DIR, filesUnder, hookFilesNamed, PLUGIN_BRANCH } from '../../scripts/claude-plugin.mjs';
import { FIXED_NOW, REPO } from '../helpers/bridge';
import { HANG_MS } from '../helpers/patience';
import { exampleVault, removeTempDirs, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SCRIPT = path.join(REPO, 'scripts', 'plugin-branch.mjs');
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as Record<string, unknown>;
const HAVE_GIT = spawnSync('git', ['--version']).status === 0;
// commit-tree needs an identity; the runner of the release workflow sets the bot's.
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

function script(args: string[], env: NodeJS.ProcessEnv = process.env): string {
	const r = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: REPO, env, encoding: 'utf8', timeout: HANG_MS });
	expect(r.status, `${r.stderr}${r.stdout}`).toBe(0);
	return r.stdout;
}

const git = (repo: string, args: string[]): string => execFileSync('git', args, { cwd: repo, env: GIT_ENV, encoding: 'utf8' }).trim();

interface Step {
	name?: string;
	run?: string;
}

describe('the plugin branch', () => {
	it('is what the marketplace entry names, for Claude Code and Codex alike', () => {
		const market = readJson('.claude-plugin/marketplace.json') as { plugins: { name: string; source: unknown }[] };
		const repository = (readJson('package.json').repository as { url: string }).url.replace(/^git\+/, '');
		expect(market.plugins.map((p) => p.name)).toEqual(['session-brief']);
		// A git `url` source with a ref: Claude Code and Codex both install it from
		// .claude-plugin/marketplace.json (Codex skips a `github` source).
		expect(market.plugins[0]?.source).toEqual({ source: 'url', url: repository, ref: PLUGIN_BRANCH });
	});

	it('is pushed by the release workflow, after the tests, from the script', () => {
		const workflow = parse(fs.readFileSync(path.join(REPO, '.github', 'workflows', 'release.yml'), 'utf8')) as { permissions: Record<string, string>; jobs: Record<string, { steps: Step[] }> };
		const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
		const at = steps.findIndex((s) => s.run?.includes('release:plugin') === true);
		const run = steps[at]?.run ?? '';
		expect(run).toContain(`git fetch --depth=1 origin ${PLUGIN_BRANCH}:${PLUGIN_BRANCH}`);
		expect(run).toContain('npm run release:plugin -- --commit');
		expect(run).toContain(`git push origin ${PLUGIN_BRANCH}\n`);
		for (const test of ['npm test', 'npm run test:long']) expect(steps.findIndex((s) => s.run?.trim() === test), test).toBeLessThan(at);
		expect(workflow.permissions.contents).toBe('write');
		expect((readJson('package.json').scripts as Record<string, string>)['release:plugin']).toBe('node scripts/plugin-branch.mjs');
	});

	it('holds the built hook files, which main leaves to the build', () => {
		const ignored = fs.readFileSync(path.join(REPO, '.gitignore'), 'utf8').split('\n');
		expect(ignored).toContain('claude-plugin/hooks/*.cjs');
		// CI's copy of the checkout has no .git; in a clone, git itself says what it tracks.
		if (HAVE_GIT && spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: REPO }).status === 0) {
			expect(git(REPO, ['ls-files', 'claude-plugin/hooks']).split('\n').filter((f) => f.endsWith('.cjs'))).toEqual([]);
		}
	});
});

describe('scripts/plugin-branch.mjs', () => {
	it("assembles every hand-written file, the build's hook files and the license, and nothing else", () => {
		const out = path.join(tempDir('sb-plugin-out-'), 'plugin');
		script(['--out', out]);
		const built = CLAUDE_PLUGIN_COPIES.map(([, name]) => `hooks/${name}`);
		const handWritten = filesUnder(CLAUDE_PLUGIN_DIR).filter((f) => !f.endsWith('.v8cache') && f !== '.gitignore' && !built.includes(f));
		expect(handWritten).toEqual(expect.arrayContaining(['.claude-plugin/plugin.json', '.codex-plugin/plugin.json', 'hooks/hooks.json', 'hooks/codex-hooks.json']));
		expect(filesUnder(out).sort()).toEqual([...handWritten, ...built, 'LICENSE'].sort());
		for (const [from, name] of CLAUDE_PLUGIN_COPIES) expect(fs.readFileSync(path.join(out, 'hooks', name)).equals(fs.readFileSync(path.join(REPO, from))), name).toBe(true);
	});

	it('ships a tree whose hook lists run files the build writes, and whose launcher answers', () => {
		const out = path.join(tempDir('sb-plugin-out-'), 'plugin');
		script(['--out', out]);
		// Read here, not through the script's own reader: every `${…PLUGIN_ROOT}/…` word of both lists.
		const text = ['hooks/hooks.json', 'hooks/codex-hooks.json'].map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('\n');
		const run = [...new Set([...text.matchAll(/\$\{(?:CLAUDE_)?PLUGIN_ROOT\}\/([^\s"'\\]+)/g)].map((m) => m[1] ?? ''))];
		expect(run).toEqual(['hooks/session-brief.plugin.cjs']);
		const built = CLAUDE_PLUGIN_COPIES.map(([, name]) => `hooks/${name}`);
		for (const file of hookFilesNamed(out)) expect(fs.existsSync(path.join(out, file)), file).toBe(true);
		expect(hookFilesNamed(out)).toEqual(expect.arrayContaining([...run, 'hooks/hooks.json', 'hooks/codex-hooks.json']));
		for (const file of run) expect(built, file).toContain(file);
		// The launcher and the hook entry beside it, from this tree alone: the brief in a vault.
		const vault = exampleVault();
		fs.rmSync(path.join(vault, '.claude', 'hooks'), { recursive: true, force: true, maxRetries: 30 });
		const home = tempDir('sb-plugin-home-');
		const env = { PATH: process.env.PATH, HOME: home, CLAUDE_PROJECT_DIR: vault, SESSION_BRIEF_NOW: FIXED_NOW, SESSION_BRIEF_STATE_DIR: tempDir('sb-plugin-state-') };
		const r = spawnSync(process.execPath, [path.join(out, 'hooks', 'session-brief.plugin.cjs'), 'session-start'], { cwd: vault, env, input: JSON.stringify({ session_id: 'p', hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8', timeout: HANG_MS });
		expect(r.status, r.stderr).toBe(0);
		expect((JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext).toMatch(/^Session brief for vault "/);
	});

	it.skipIf(!HAVE_GIT)("commits the tree as the branch's next commit, and none when it is already there", () => {
		const repo = tempDir('sb-plugin-repo-');
		git(repo, ['init', '-q']);
		// An earlier release's commit: the new one must follow it, so the push is a fast-forward.
		const empty = git(repo, ['hash-object', '-t', 'tree', '-w', '/dev/null']);
		const earlier = git(repo, ['commit-tree', empty, '-m', 'an earlier plugin']);
		git(repo, ['update-ref', `refs/heads/${PLUGIN_BRANCH}`, earlier]);
		script(['--commit', '--repo', repo], GIT_ENV);
		const tip = git(repo, ['rev-parse', PLUGIN_BRANCH]);
		expect(git(repo, ['rev-parse', `${tip}^`])).toBe(earlier);
		const out = path.join(tempDir('sb-plugin-out-'), 'plugin');
		script(['--out', out]);
		expect(git(repo, ['ls-tree', '-r', '--name-only', PLUGIN_BRANCH]).split('\n').sort()).toEqual(filesUnder(out).sort());
		expect(git(repo, ['log', '-1', '--format=%s', PLUGIN_BRANCH])).toBe(`Session Brief plugin ${String(readJson('package.json').version)}`);
		expect(script(['--commit', '--repo', repo], GIT_ENV)).toContain('no commit');
		expect(git(repo, ['rev-parse', PLUGIN_BRANCH])).toBe(tip);
	});

	it.skipIf(!HAVE_GIT)("the workflow's step, run as written, starts the branch and then follows it", () => {
		const workflow = parse(fs.readFileSync(path.join(REPO, '.github', 'workflows', 'release.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
		const step = Object.values(workflow.jobs).flatMap((j) => j.steps).find((s) => s.run?.includes('release:plugin') === true);
		// A checkout as the runner has it after the tests: the sources the script reads and the build.
		const origin = path.join(tempDir('sb-plugin-origin-'), 'origin.git');
		git(path.dirname(origin), ['init', '-q', '--bare', origin]);
		const checkout = tempDir('sb-plugin-checkout-');
		for (const item of ['package.json', 'LICENSE', '.claude-plugin', 'claude-plugin', 'scripts/plugin-branch.mjs', 'scripts/claude-plugin.mjs', ...CLAUDE_PLUGIN_COPIES.map(([from]) => from)]) {
			fs.cpSync(path.join(REPO, item), path.join(checkout, item), { recursive: true, filter: (f) => !f.includes(`${path.sep}hooks${path.sep}`) || !f.endsWith('.cjs') });
		}
		git(checkout, ['init', '-q']);
		git(checkout, ['remote', 'add', 'origin', pathToFileURL(origin).href]);
		const runStep = (): void => {
			const r = spawnSync('bash', ['-e', '-c', step?.run ?? 'false'], { cwd: checkout, env: GIT_ENV, encoding: 'utf8', timeout: HANG_MS });
			expect(r.status, `${r.stderr}${r.stdout}`).toBe(0);
		};
		runStep();
		const first = git(origin, ['rev-parse', PLUGIN_BRANCH]);
		expect(git(origin, ['ls-tree', '-r', '--name-only', PLUGIN_BRANCH]).split('\n')).toEqual(expect.arrayContaining(['hooks/hooks.json', 'hooks/session-brief.plugin.cjs', 'LICENSE']));
		// The next release, from a fresh checkout that has only the remote's branch: a fast-forward.
		git(checkout, ['branch', '-D', PLUGIN_BRANCH]);
		fs.appendFileSync(path.join(checkout, 'claude-plugin', 'hooks', 'hooks.json'), '\n');
		runStep();
		expect(git(origin, ['rev-parse', `${PLUGIN_BRANCH}^`])).toBe(first);
	});

	it('writes a local marketplace: the entry of the repository, served from beside it', () => {
		const dir = tempDir('sb-plugin-market-');
		script(['--marketplace', dir]);
		const entry = (readJson('.claude-plugin/marketplace.json').plugins as Record<string, unknown>[])[0];
		const local = JSON.parse(fs.readFileSync(path.join(dir, '.claude-plugin', 'marketplace.json'), 'utf8')) as { plugins: Record<string, unknown>[] };
		expect(local.plugins).toEqual([{ ...entry, source: './claude-plugin' }]);
		expect(filesUnder(path.join(dir, 'claude-plugin'))).toEqual(expect.arrayContaining(['.claude-plugin/plugin.json', '.codex-plugin/plugin.json', 'hooks/session-brief.plugin.cjs']));
	});
});
