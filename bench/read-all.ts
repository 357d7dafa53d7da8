// Baseline for the bench: a plain Node read of every note the bridge would read, and nothing
// else (no decoding, no tag search). Walks like the bridge: skips dot files and folders,
// node_modules and the excluded root folders; reads every `.md` file with one readFileSync.
//
//   npx tsx bench/read-all.ts VAULT [--decode]
//
// The bench times it as a child process, compiled to plain JavaScript first (bench/lib/compile.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { excludedRootFolders } from './lib/bench-settings';

const root = path.resolve(process.argv[2] ?? '.');
const decode = process.argv.includes('--decode');
const excluded = new Set(excludedRootFolders(root));
const decoder = new TextDecoder();
let notes = 0;
let bytes = 0;
let chars = 0;
const pending: string[] = [''];
while (pending.length > 0) {
	const rel = pending.pop()!;
	const abs = rel === '' ? root : path.join(root, rel);
	for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
		const name = entry.name;
		if (name.startsWith('.')) continue;
		if (entry.isDirectory()) {
			if (name === 'node_modules' || (rel === '' && excluded.has(name))) continue;
			pending.push(rel === '' ? name : `${rel}/${name}`);
		} else if (name.endsWith('.md')) {
			const buf = fs.readFileSync(path.join(abs, name));
			bytes += buf.length;
			if (decode) chars += decoder.decode(buf).length;
			notes++;
		}
	}
}
process.stdout.write(`${notes} notes, ${bytes} bytes${decode ? `, ${chars} chars` : ''}\n`);
