#!/usr/bin/env node
// The real-client suite: installs the agent CLIs pinned in tests/clients (their own manifest and
// lock file, so the project's own install stays light) with `npm ci`, then runs the suite against
// the built bridge. `--latest claude|gemini|codex|qwen` (repeatable) swaps in the newest release of
// that CLI from the registry instead of the pinned one (the drift watch). Other arguments go to
// vitest (e.g. `-t doctor`, `--reporter=json`). `--ci` always reinstalls, even over installed
// copies of the pinned versions (which a local run reuses).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'tests', 'clients');
const PACKAGES = { claude: '@anthropic-ai/claude-code', gemini: '@google/gemini-cli', codex: '@openai/codex', qwen: '@qwen-code/qwen-code' };

const latest = [];
const passThrough = [];
let fresh = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
	if (argv[i] === '--ci') fresh = true;
	else if (argv[i] === '--latest') {
		const id = argv[++i];
		if (!(id in PACKAGES)) {
			console.error(`--latest takes one of: ${Object.keys(PACKAGES).join(', ')} (got ${String(id)})`);
			process.exit(2);
		}
		latest.push(id);
	} else passThrough.push(argv[i]);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
function sh(command, args, cwd) {
	const r = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
	if (r.status !== 0) {
		console.error(`[client suite] "${command} ${args.join(' ')}" failed (exit ${String(r.status ?? r.signal)}) in ${cwd}`);
		process.exit(r.status ?? 1);
	}
}

function installed(pkg) {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
	} catch {
		return undefined;
	}
}

const started = Date.now();
const pinned = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies;
// A checkout that already holds exactly the pinned CLIs skips the reinstall (about 1 GB unpacked).
const current = Object.entries(pinned).every(([pkg, version]) => installed(pkg) === version);
if (fresh || !current || latest.length > 0) sh(npm, ['ci', '--no-audit', '--no-fund'], dir);
else console.log('[client suite] the pinned CLIs are installed already (tests/clients/node_modules)');
if (latest.length > 0) sh(npm, ['install', '--no-save', '--no-audit', '--no-fund', ...latest.map((id) => `${PACKAGES[id]}@latest`)], dir);

for (const [id, pkg] of Object.entries(PACKAGES)) {
	const version = installed(pkg) ?? '(not installed)';
	console.log(`[client suite] ${pkg} ${version}${latest.includes(id) ? ' (latest)' : pinned[pkg] === version ? ' (pinned)' : ` (pinned ${pinned[pkg]})`}`);
}

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', '--config', path.join(dir, 'vitest.config.ts'), ...passThrough], { cwd: root, stdio: 'inherit', env: process.env });
console.log(`[client suite] finished in ${Math.round((Date.now() - started) / 1000)} s (install included)`);
process.exit(r.status ?? 1);
