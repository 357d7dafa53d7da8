/**
 * Which process a pid names, beyond the number: when it started. A pid alone proves nothing after
 * a crash (the number is reused) or across pid namespaces (a Flatpak or Snap sandbox numbers its
 * processes itself), so tier 1 serves the plugin's cache only when the pid still names the very
 * process that wrote it. Unknown (another OS, no permission, no such process) is null, and null
 * never matches: on any doubt the bridge verifies the cache by its stat walk instead.
 */
import type * as ChildProcess from 'node:child_process';
import * as fs from 'node:fs';
import { builtinOnDemand } from '../builtin-on-demand';

/** Linux: boot id + pid namespace + start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
function linuxIdentity(pid: number | 'self'): string | null {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command name (field 2) may hold spaces and parentheses: count fields after the last `)`.
		const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const startTicks = rest[19];
		if (startTicks === undefined || !/^\d+$/.test(startTicks)) return null;
		const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
		const ns = fs.readlinkSync(`/proc/${pid}/ns/pid`);
		return `linux:${boot}:${ns}:${startTicks}`;
	} catch {
		return null;
	}
}

/** macOS and BSD: the start time `ps` reports (to the second). */
function psIdentity(pid: number): string | null {
	try {
		const out = builtinOnDemand<typeof ChildProcess>('node:child_process').execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: '/bin:/usr/bin', LC_ALL: 'C' } }).trim();
		return out === '' ? null : `ps:${out}`;
	} catch {
		return null;
	}
}

/** The identity of process `pid` (or of this process), or null when it cannot be known here. */
export function processIdentity(pid: number | 'self', platform: NodeJS.Platform = process.platform): string | null {
	if (pid !== 'self' && (!Number.isInteger(pid) || pid <= 0)) return null;
	if (platform === 'linux') return linuxIdentity(pid);
	if (platform === 'darwin' || platform === 'freebsd' || platform === 'openbsd') return psIdentity(pid === 'self' ? process.pid : pid);
	return null;
}

/** Whether `pid` still names the process that recorded `started`; false whenever either is unknown. */
export function sameProcess(pid: number, started: string | undefined): boolean {
	if (started === undefined || started === '') return false;
	const now = processIdentity(pid);
	return now !== null && now === started;
}
