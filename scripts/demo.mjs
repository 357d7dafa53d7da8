// `npm start`: the brief of example-vault/ as a person reads it, then as the SessionStart hook
// prints it for Claude Code. Uses the real clock, so "today" is today.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bridge = path.join(root, 'bridge', 'dist', 'session-brief.cjs');
const vault = path.join(root, 'example-vault');

function run(args, input) {
	const r = spawnSync(process.execPath, [bridge, ...args, '--vault', vault], { input, encoding: 'utf8' });
	if (r.status !== 0) {
		process.stderr.write(r.stderr);
		process.exit(r.status ?? 1);
	}
	return r.stdout;
}

console.log('== The session brief of example-vault/ (report) ==\n');
console.log(run(['report']));
console.log('== The same as the SessionStart hook prints it (session-start) ==\n');
console.log(run(['session-start'], '{"hook_event_name":"SessionStart","source":"startup"}'));
