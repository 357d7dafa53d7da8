// CPU time (user + system) of child processes, from /proc/self/stat's cutime and cstime: the
// time of every child this process has waited for. Sampled before and after one spawnSync, the
// difference is that child's CPU time (and its own children's), at clock-tick resolution
// (10 ms on Linux). A busy shared machine disturbs CPU time much less than wall time.
import * as fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux this runs on

/** Milliseconds of CPU of all waited-for children so far, or undefined off Linux. */
export function childrenCpuMs(): number | undefined {
	try {
		const stat = fs.readFileSync('/proc/self/stat', 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// After "pid (comm) " the state is field 0; cutime and cstime are fields 13 and 14.
		return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
	} catch {
		return undefined;
	}
}
