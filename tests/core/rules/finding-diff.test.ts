/** The pure comparison behind "what this edit introduced". */
import { describe, expect, it } from 'vitest';
import { diffFindings, recordedFinding } from '../../../src/core/rules/finding-diff';
import type { Finding } from '../../../src/core/rules/types';

const f = (path: string, message: string, line = 1): Finding => ({ check: 'broken-link', severity: 'error', path, line, message });

describe('diffFindings', () => {
	it('no record: every finding is fresh and nothing is called unchanged', () => {
		const d = diffFindings(null, [f('a.md', 'x')]);
		expect(d).toMatchObject({ old: [], unchanged: false, hadRecord: false });
		expect(d.fresh).toHaveLength(1);
	});

	it('counts as a multiset and ignores the line', () => {
		const prev = { findings: [recordedFinding(f('a.md', 'x', 3))], complete: true };
		const d = diffFindings(prev, [f('a.md', 'x', 9), f('a.md', 'x', 10)]);
		expect(d.old.map((o) => o.line)).toEqual([9]);
		expect(d.fresh.map((o) => o.line)).toEqual([10]);
		expect(d.unchanged).toBe(false);
	});

	it('a finding gone makes the set changed even with nothing fresh', () => {
		const prev = { findings: [recordedFinding(f('a.md', 'x')), recordedFinding(f('b.md', 'y'))], complete: true };
		expect(diffFindings(prev, [f('a.md', 'x')])).toMatchObject({ fresh: [], unchanged: false });
		expect(diffFindings(prev, [f('b.md', 'y'), f('a.md', 'x')]).unchanged).toBe(true);
	});

	it('an incomplete record calls nothing fresh it may have left out', () => {
		const d = diffFindings({ findings: [], complete: false }, [f('a.md', 'x')]);
		expect(d.fresh).toEqual([]);
		expect(d.old).toHaveLength(1);
	});

	it('a message longer than the record keeps is compared by its kept part', () => {
		const long = 'm'.repeat(1000);
		expect(diffFindings({ findings: [recordedFinding(f('a.md', long))], complete: true }, [f('a.md', long)]).unchanged).toBe(true);
	});
});
