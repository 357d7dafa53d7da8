// Which mode (one thread or two) each timed run of the bridge actually ran in, from the trace it
// writes to stderr with SESSION_BRIEF_SCAN_TRACE=1 (src/node/scan/thread-trace.ts), so a bench row says
// what ran instead of guessing it from the load average.
import { TRACE_ENV, parseTraces, type ThreadTrace } from '../../src/node/scan/thread-trace';
import type { RunResult } from './measure';

export interface ThreadModes {
	/** The environment that turns the trace on, over `base`. */
	env: (base: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
	/** Give it every timed run (measure's `observe`). */
	observe: (r: RunResult) => void;
	/** The runs by mode, for the row's note. */
	note: () => string;
	/** Runs per thread count (a run with no trace of this walk counts as 0). */
	counts: () => Record<0 | 1 | 2, number>;
}

/** Groups runs by their trace: `threads: 1 thread (under 20000 notes) in 9 of 9 runs`. */
export function summarizeModes(runs: readonly (ThreadTrace | undefined)[]): string {
	if (runs.length === 0) return 'threads: no run';
	const groups = new Map<string, { runs: number; shares: number[] }>();
	for (const t of runs) {
		// The load or the count of running tasks in a reason differs run by run: group on the reason without it.
		const key = t === undefined ? 'no trace' : `${t.threads} thread${t.threads === 2 ? 's' : ''} (${t.why.replace(/ \((load [\d.]+|\d+ other tasks? running on \d+ cores)\)$/, '')})`;
		const g = groups.get(key) ?? { runs: 0, shares: [] };
		g.runs++;
		if (t !== undefined && t.threads === 2 && t.workerNotes !== undefined && t.notes > 0) g.shares.push((100 * t.workerNotes) / t.notes);
		groups.set(key, g);
	}
	const parts = [...groups].sort((a, b) => b[1].runs - a[1].runs).map(([key, g]) => {
		const share = g.shares.length > 0 ? `; the worker took ${Math.min(...g.shares).toFixed(0)}–${Math.max(...g.shares).toFixed(0)} % of the notes` : '';
		return `${key} in ${g.runs} of ${runs.length} runs${share}`;
	});
	return `threads: ${parts.join('; ')}`;
}

export function threadModes(walk: ThreadTrace['walk']): ThreadModes {
	const runs: (ThreadTrace | undefined)[] = [];
	return {
		env: (base) => ({ ...base, [TRACE_ENV]: '1' }),
		observe: (r) => {
			runs.push(parseTraces(r.stderr).find((t) => t.walk === walk));
		},
		note: () => summarizeModes(runs),
		counts: () => {
			const c: Record<0 | 1 | 2, number> = { 0: 0, 1: 0, 2: 0 };
			for (const t of runs) c[t?.threads ?? 0]++;
			return c;
		},
	};
}
