// `npm start`: the brief of example-vault/ as a person reads it, then as the SessionStart hook
// prints it for Claude Code. Uses the real clock, so "today" is today. It runs on a temporary copy
// of the example vault, removed afterwards: a session start records itself in the vault's plugin
// folder, and the repository's example-vault/ must stay as the repository holds it.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyExampleVault } from './example-vault.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bridge = path.join(root, 'bridge', 'dist', 'session-brief.cjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'session-brief-demo-'));
// The same folder name, so the brief names the vault "example-vault".
const vault = copyExampleVault(path.join(work, 'example-vault'));

function run(args, input) {
	const r = spawnSync(process.execPath, [bridge, ...args, '--vault', vault], { input, encoding: 'utf8' });
	if (r.status !== 0) {
		process.stderr.write(r.stderr);
		return null;
	}
	return r.stdout;
}

let failed = false;
try {
	console.log('(on a temporary copy of example-vault/, removed afterwards)\n');
	console.log('== The session brief of example-vault/ (report) ==\n');
	const report = run(['report']);
	if (report === null) failed = true;
	else {
		console.log(report);
		console.log('== The same as the SessionStart hook prints it (session-start) ==\n');
		const start = run(['session-start'], '{"hook_event_name":"SessionStart","source":"startup"}');
		if (start === null) failed = true;
		else console.log(start);
	}
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
