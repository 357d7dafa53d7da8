/** The bench labels its scan and tier-3 rows with the modes that ran, from the bridge's trace. */
import { describe, expect, it } from 'vitest';
import { summarizeModes, threadModes } from '../../bench/lib/thread-modes';
import { TRACE_ENV, traceLine } from '../../src/node/scan/thread-trace';

const result = (stderr: string) => ({ ms: 1, cpuMs: 1, status: 0, stdout: '', stderr });

describe('thread modes of bench runs', () => {
	it('groups the runs by mode and reason, without the load that differs run by run', () => {
		const two = (workerNotes: number) => ({ walk: 'scan' as const, threads: 2 as const, why: 'free core (load 0.50)', notes: 1000, workerNotes });
		const one = { walk: 'scan' as const, threads: 1 as const, why: 'no free core (load 1.52)', notes: 1000 };
		expect(summarizeModes([two(380), one, { ...one, why: 'no free core (load 1.80)' }, two(440), undefined])).toBe(
			'threads: 2 threads (free core) in 2 of 5 runs; the worker took 38–44 % of the notes; 1 thread (no free core) in 2 of 5 runs; no trace in 1 of 5 runs',
		);
		// The same with the count of running tasks that Linux gives.
		const now = (threads: 1 | 2, why: string) => ({ walk: 'scan' as const, threads, why, notes: 1000, workerNotes: threads === 2 ? 500 : undefined });
		expect(summarizeModes([now(2, 'free core (0 other tasks running on 2 cores)'), now(1, 'no free core (1 other task running on 2 cores)'), now(1, 'no free core (3 other tasks running on 2 cores)')])).toBe(
			'threads: 1 thread (no free core) in 2 of 3 runs; 2 threads (free core) in 1 of 3 runs; the worker took 50–50 % of the notes',
		);
		expect(summarizeModes([])).toBe('threads: no run');
	});

	it('reads the trace of its own walk from each run and turns the trace on', () => {
		const modes = threadModes('stat-walk');
		expect(modes.env({ A: 'b' })).toEqual({ A: 'b', [TRACE_ENV]: '1' });
		modes.observe(result(traceLine({ walk: 'scan', threads: 2, why: 'x', notes: 5, workerNotes: 2 }) + traceLine({ walk: 'stat-walk', threads: 1, why: 'under 20000 notes', notes: 5 })));
		modes.observe(result(''));
		expect(modes.counts()).toEqual({ 0: 1, 1: 1, 2: 0 });
		expect(modes.note()).toBe('threads: 1 thread (under 20000 notes) in 1 of 2 runs; no trace in 1 of 2 runs');
	});
});
