/**
 * Which mode a full scan or a stat walk ran in, on stderr when `SESSION_BRIEF_SCAN_TRACE=1`, so the
 * bench labels its rows with the mode that ran rather than a guess. Off by default: a hook's stderr
 * stays empty. One line per walk:
 *
 *     session-brief trace: {"walk":"scan","threads":2,"why":"free core","notes":100000,"workerNotes":41216}
 */

/** The environment switch; only `1` turns the trace on. */
export const TRACE_ENV = 'SESSION_BRIEF_SCAN_TRACE';
export const TRACE_PREFIX = 'session-brief trace: ';

export interface ThreadTrace {
	/** `scan`: the full scan's reading; `stat-walk`: tier 3's stamp walk. */
	walk: 'scan' | 'stat-walk';
	/** Threads that ran: 2 only when a worker started and took part. */
	threads: 1 | 2;
	/** Why this many (the rule of thread-choice.ts, or what happened to the worker). */
	why: string;
	/** Notes in the walk (a stat walk: the count it expected from the cache). */
	notes: number;
	/** Notes the worker took, when one was started. */
	workerNotes?: number;
}

export function traceLine(trace: ThreadTrace): string {
	return `${TRACE_PREFIX}${JSON.stringify(trace)}\n`;
}

/** Writes the line when the trace is on; never throws (a trace must not fail a hook). */
export function traceThreads(trace: ThreadTrace, env: NodeJS.ProcessEnv = process.env): void {
	if (env[TRACE_ENV] !== '1') return;
	try {
		process.stderr.write(traceLine(trace));
	} catch {
		// stderr closed: nothing to tell.
	}
}

/** Every trace line in a process's stderr, in order (for the bench and tests). */
export function parseTraces(stderr: string): ThreadTrace[] {
	const out: ThreadTrace[] = [];
	for (const line of stderr.split('\n')) {
		if (!line.startsWith(TRACE_PREFIX)) continue;
		try {
			out.push(JSON.parse(line.slice(TRACE_PREFIX.length)) as ThreadTrace);
		} catch {
			// A line cut short: not a trace.
		}
	}
	return out;
}
