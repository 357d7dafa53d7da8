// Bench scripts are TypeScript, run with tsx. A script that is itself timed as a child process
// (the plain-read baseline) or loaded in a child with flags of its own (the plugin bench) is
// compiled once per run with esbuild into a temporary JavaScript file instead, so no loader's
// start-up lands in a measurement.
import { buildSync, type BuildOptions } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO } from './repo';

const made = new Map<string, string>();
let dir: string | undefined;

/** Compiles (and bundles) `entry`, relative to the repository, into a temporary .cjs file; returns its path. */
export function compiled(entry: string, options: Pick<BuildOptions, 'alias' | 'define' | 'loader' | 'mainFields'> = {}): string {
	const key = `${entry}\0${JSON.stringify(options)}`;
	const done = made.get(key);
	if (done !== undefined) return done;
	if (dir === undefined) {
		const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-js-'));
		process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
		dir = tmp;
	}
	const outfile = path.join(dir, `${made.size}-${path.basename(entry).replace(/\.ts$/, '')}.cjs`);
	buildSync({ absWorkingDir: REPO, entryPoints: [path.join(REPO, entry)], bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning', outfile, ...options });
	made.set(key, outfile);
	return outfile;
}
