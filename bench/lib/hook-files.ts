// The files install puts in `.claude/hooks/`, placed from a build for the bench to run as agents
// do: the bridge, the hook entry that runs it and the small files with V8's code cache, and the
// MCP server file (which no hook loads).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO } from './repo';

/** The files besides the bridge, each copied when the build has it (one from before a file has none: the entry then runs the bridge for its commands). */
const BESIDE = ['session-brief.mcp.cjs', 'session-brief.start.cjs', 'session-brief.edit.cjs'];

/** Places the hook files of the build in `dist` into `dir`; returns the hook entry's path. */
export function placeHookFiles(dir: string, dist = path.join(REPO, 'bridge', 'dist')): string {
	fs.mkdirSync(dir, { recursive: true });
	fs.copyFileSync(path.join(dist, 'session-brief.cjs'), path.join(dir, 'session-brief.bridge.cjs'));
	for (const name of BESIDE) {
		if (fs.existsSync(path.join(dist, name))) fs.copyFileSync(path.join(dist, name), path.join(dir, name));
	}
	const entry = path.join(dir, 'session-brief.cjs');
	fs.copyFileSync(path.join(REPO, 'src/node/hosts/hook-files/hook-entry.cjs'), entry);
	return entry;
}
