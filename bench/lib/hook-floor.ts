// The least a Node hook that answers a session start from the plugin's cache has to do, as a
// second anchor for tier 1: read stdin as a stream with a give-up timer (a host may never close
// it, so a blocking read is not safe), read the cache file, parse it, print one JSON envelope.
// This is the floor under any hook written in Node, before a line of the bridge runs
// (docs/bench/README.md has what the stdin stream alone costs).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const SOURCE = `'use strict';
const fs = require('node:fs');
const chunks = [];
let done = false;
function answer() {
	if (done) return;
	done = true;
	clearTimeout(timer);
	process.stdin.destroy();
	const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
	const cache = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
	const text = 'Session brief (cached brief) ' + cache.date + ' ' + JSON.stringify(cache.brief.items).slice(0, 2000);
	fs.writeSync(1, JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text, session: input.session_id } }) + '\\n');
}
const timer = setTimeout(answer, 2000);
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', answer);
process.stdin.on('error', answer);
`;

/** The floor hook as a file (written once per bench run); run it as `node FILE <brief-cache.json>`. */
export function hookFloorFile(): string {
	const file = path.join(os.tmpdir(), `session-brief-bench-floor-${process.pid}.cjs`);
	if (!fs.existsSync(file)) {
		fs.writeFileSync(file, SOURCE);
		process.on('exit', () => fs.rmSync(file, { force: true }));
	}
	return file;
}
