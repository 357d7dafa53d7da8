/** The trace that tells which mode (one thread or two) a scan or stat walk ran in, for the bench. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARALLEL_MIN_NOTES, threadChoice } from '../../../src/node/scan/thread-choice';
import { TRACE_ENV, parseTraces, traceLine, traceThreads, type ThreadTrace } from '../../../src/node/scan/thread-trace';

afterEach(() => vi.restoreAllMocks());

describe('the thread trace', () => {
	const trace: ThreadTrace = { walk: 'scan', threads: 2, why: 'free core (load 0.40)', notes: 100_000, workerNotes: 41_216 };

	it('writes one line only when turned on', () => {
		const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
		traceThreads(trace, {});
		traceThreads(trace, { [TRACE_ENV]: '0' });
		expect(write).not.toHaveBeenCalled();
		traceThreads(trace, { [TRACE_ENV]: '1' });
		expect(write).toHaveBeenCalledTimes(1);
		expect(write.mock.calls[0]?.[0]).toBe(traceLine(trace));
	});

	it('never throws when stderr cannot be written', () => {
		vi.spyOn(process.stderr, 'write').mockImplementation(() => {
			throw new Error('EPIPE');
		});
		expect(() => traceThreads(trace, { [TRACE_ENV]: '1' })).not.toThrow();
	});

	it('is read back from a stderr that holds other lines and a line cut short', () => {
		const other: ThreadTrace = { walk: 'stat-walk', threads: 1, why: 'under 20000 notes', notes: 96 };
		const stderr = `warning: something\n${traceLine(trace)}${traceLine(other)}session-brief trace: {"walk":"sc`;
		expect(parseTraces(stderr)).toEqual([trace, other]);
		expect(parseTraces('')).toEqual([]);
	});

	it('says why a walk takes one thread or two', () => {
		expect(threadChoice(PARALLEL_MIN_NOTES - 1, { SESSION_BRIEF_SCAN_THREADS: '2' })).toEqual({ two: false, why: `under ${PARALLEL_MIN_NOTES} notes` });
		expect(threadChoice(100_000, { SESSION_BRIEF_SCAN_THREADS: '1' })).toEqual({ two: false, why: 'SESSION_BRIEF_SCAN_THREADS=1' });
		const forced = threadChoice(100_000, { SESSION_BRIEF_SCAN_THREADS: '2' });
		// Two cores or more here; a one-core machine never takes a second thread.
		expect(forced.why).toBe(forced.two ? 'SESSION_BRIEF_SCAN_THREADS=2' : 'one core');
		const byLoad = threadChoice(100_000, {});
		// On Linux by the tasks running now, elsewhere by the load average.
		const how = process.platform === 'linux' ? String.raw`\d+ other tasks? running on \d+ cores` : String.raw`load \d+\.\d\d`;
		expect(byLoad.why).toMatch(new RegExp(byLoad.two ? `^free core \\(${how}\\)$` : `^(no free core \\(${how}\\)|one core)$`));
	});
});
