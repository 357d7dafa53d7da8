// The bridge's cache as the plugin would write it, for the tier 1 rows: this bench process plays
// a live Obsidian.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export function pluginDir(root: string): string {
	return path.join(root, '.obsidian', 'plugins', 'session-brief');
}

/**
 * This process's identity as src/node/live/process-identity.ts reads it on Linux (boot id, pid
 * namespace, start time): tier 1 serves only a cache whose keeper has the recorded start time.
 */
export function ownIdentity(): string | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
		const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
		const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
		return `linux:${boot}:${fs.readlinkSync(`/proc/${process.pid}/ns/pid`)}:${startTicks}`;
	} catch {
		return undefined;
	}
}

/**
 * Rewrites the bridge's cache as the plugin would write it: tier 1, with this process as "Obsidian";
 * with `keeper: 'gone'`, as a plugin left it when Obsidian closed (a process that has ended).
 */
export function makePluginCache(root: string, keeper: 'alive' | 'gone' = 'alive'): void {
	const file = path.join(pluginDir(root), 'brief-cache.json');
	const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
	cache.writer = 'plugin';
	cache.plugin = keeper === 'alive' ? { pid: process.pid, pending: false, started: ownIdentity() } : goneKeeper();
	const tmp = `${file}.bench.tmp`;
	fs.writeFileSync(tmp, JSON.stringify(cache));
	fs.renameSync(tmp, file);
}

/** A keeper that has ended: the pid of a child already waited for, with a start time no process has. */
function goneKeeper(): { pid: number; pending: boolean; started: string } {
	const pid = spawnSync(process.execPath, ['-e', '0']).pid ?? 0x3fffff;
	return { pid, pending: false, started: `${ownIdentity() ?? 'linux:gone'}-ended` };
}
