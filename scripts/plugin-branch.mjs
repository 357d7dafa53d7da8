// The built Claude Code and Codex plugin, assembled from claude-plugin/ and the build (run after
// `npm run build`). The release workflow commits it onto the `plugin` branch, which the marketplace
// entry names: the built hook files live there, not in main's history.
//
//   node scripts/plugin-branch.mjs [--out DIR]        the plugin in DIR (default release/plugin)
//   node scripts/plugin-branch.mjs --commit [--repo DIR]
//                                 the plugin as the next commit of the branch in DIR's git (default
//                                 this repository); no commit when the tree is the branch's already
//   node scripts/plugin-branch.mjs --marketplace DIR
//                                 a local marketplace in DIR serving the plugin from beside it, for
//                                 `claude plugin marketplace add DIR` or `codex plugin marketplace add DIR`
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemblePlugin, PLUGIN_BRANCH } from './claude-plugin.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const flag = (name) => (argv.includes(name) ? (argv[argv.indexOf(name) + 1] ?? '') : undefined);
const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));

function fail(message) {
	console.error(`plugin-branch: ${message}`);
	process.exit(1);
}

// A plugin whose manifests name another version than the build's would update no one.
const { version } = read('package.json');
for (const file of ['claude-plugin/.claude-plugin/plugin.json', 'claude-plugin/.codex-plugin/plugin.json']) {
	if (read(file).version !== version) fail(`${file} has ${read(file).version}, package.json ${version} (npm version writes both)`);
}

function assemble(out) {
	try {
		return assemblePlugin(out);
	} catch (e) {
		return fail(e instanceof Error ? e.message : String(e));
	}
}

/** The next commit of the branch with the tree of `dir`, through a private index; null when unchanged. */
function commitTree(dir, repo) {
	const git = (args, env = {}) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ...env } }).trim();
	const gitDir = git(['rev-parse', '--absolute-git-dir']);
	const index = join(mkdtempSync(join(tmpdir(), 'sb-plugin-index-')), 'index');
	try {
		// --force: the user's global excludes must not drop a file of the plugin.
		git(['--git-dir', gitDir, '--work-tree', dir, 'add', '--all', '--force', '.'], { GIT_INDEX_FILE: index });
		const tree = git(['--git-dir', gitDir, 'write-tree'], { GIT_INDEX_FILE: index });
		let parent = null;
		try {
			parent = git(['rev-parse', '--verify', '--quiet', `refs/heads/${PLUGIN_BRANCH}^{commit}`]);
		} catch {
			parent = null;
		}
		if (parent !== null && git(['rev-parse', `${parent}^{tree}`]) === tree) return null;
		const message = `Session Brief plugin ${version}\n\nBuilt by scripts/plugin-branch.mjs from ${sourceCommit()}.`;
		const commit = git(['commit-tree', tree, ...(parent === null ? [] : ['-p', parent]), '-m', message]);
		git(['update-ref', `refs/heads/${PLUGIN_BRANCH}`, commit, ...(parent === null ? [] : [parent])]);
		return commit;
	} finally {
		rmSync(dirname(index), { recursive: true, force: true });
	}
}

function sourceCommit() {
	try {
		return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
	} catch {
		return 'a tree outside git';
	}
}

if (argv.includes('--commit')) {
	const repo = resolve(flag('--repo') ?? root);
	const dir = mkdtempSync(join(tmpdir(), 'sb-plugin-'));
	try {
		assemble(dir);
		const commit = commitTree(dir, repo);
		console.log(commit === null ? `${PLUGIN_BRANCH}: already the plugin ${version}, no commit` : `${PLUGIN_BRANCH}: ${commit} (plugin ${version})`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
} else if (flag('--marketplace') !== undefined) {
	const dir = resolve(flag('--marketplace') || fail('--marketplace needs a folder'));
	if (existsSync(dir) && readdirSync(dir).length > 0) fail(`${dir} is not empty; give a new or empty folder`);
	assemble(join(dir, 'claude-plugin'));
	// The repository's entry, served from the folder beside it instead of the branch.
	const market = read('.claude-plugin/marketplace.json');
	for (const plugin of market.plugins) plugin.source = './claude-plugin';
	mkdirSync(join(dir, '.claude-plugin'), { recursive: true });
	writeFileSync(join(dir, '.claude-plugin', 'marketplace.json'), `${JSON.stringify(market, null, 2)}\n`);
	console.log(`a marketplace with the plugin ${version} in ${dir}`);
} else {
	const out = resolve(flag('--out') ?? join(root, 'release', 'plugin'));
	// release/plugin is ours to empty; another folder only when it is new or empty.
	if (out === join(root, 'release', 'plugin')) rmSync(out, { recursive: true, force: true });
	const files = assemble(out);
	console.log(`the plugin ${version} in ${out}: ${files.join(', ')}`);
}
