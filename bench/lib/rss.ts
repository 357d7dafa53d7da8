// Peak resident memory of one child run.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { childEnv } from './repo';

/** A module preloaded with `--import` where GNU time is missing: writes maxRSS (KB) to $SB_RSS_FILE at exit. */
const PROBE = `data:text/javascript,${encodeURIComponent("import { writeFileSync } from 'node:fs'; process.on('exit', () => { if (process.env.SB_RSS_FILE) writeFileSync(process.env.SB_RSS_FILE, String(process.resourceUsage().maxRSS)); });")}`;

/** Peak RSS of `node ARGS`: GNU time when present, else the preloaded probe. */
export function peakRss(args: readonly string[], input = ''): { kb: number; via: string } {
	const env = childEnv();
	if (fs.existsSync('/usr/bin/time')) {
		const r = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { input, env, maxBuffer: 1 << 30, encoding: 'utf8' });
		const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
		if (m) return { kb: Number(m[1]), via: '/usr/bin/time -v' };
	}
	const file = path.join(os.tmpdir(), `sb-rss-${process.pid}.txt`);
	spawnSync(process.execPath, ['--import', PROBE, ...args], { input, env: { ...env, SB_RSS_FILE: file }, maxBuffer: 1 << 30 });
	const kb = Number(fs.readFileSync(file, 'utf8'));
	fs.rmSync(file, { force: true });
	return { kb, via: 'process.resourceUsage().maxRSS (preloaded probe)' };
}
