/**
 * The two test commands (package.json, vitest.config.ts, tests/suites.ts): `npm test` runs the fast
 * suites, `npm run test:full` runs it and then the long ones. A file listed as long must exist (a
 * renamed one would fall back into the fast run unseen), and a file with a long variant must be
 * listed (else no command ever runs its every case).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/bridge';
import { LONG_ONLY, LONG_VARIANTS } from '../suites';

const scripts = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

function testFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile() && e.name.endsWith('.test.ts') && !e.parentPath.includes('node_modules'))
		.map((e) => path.relative(REPO, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
		.sort();
}

describe('the fast and the long test run', () => {
	it('npm test runs the fast projects only; test:full runs it, then the long projects in full and the real agent CLIs', () => {
		expect(scripts.test).toBe('npm run build && vitest run --project node --project plugin');
		expect(scripts['test:full']).toBe('npm test && vitest run --mode full --project long --project long-plugin --project browser && node scripts/test-clients.mjs');
		expect(scripts['test:long']).toBe('npm run build && vitest run --mode full --project long --project long-plugin --project browser');
	});

	it('every file listed as long exists, once', () => {
		const listed = [...LONG_ONLY, ...LONG_VARIANTS];
		expect(listed.filter((f) => !fs.existsSync(path.join(REPO, f)))).toEqual([]);
		expect(new Set(listed).size).toBe(listed.length);
	});

	it('every file with a long variant is listed, and every listed variant has one', () => {
		// `LONG` from tests/helpers/random.ts, or the variable itself: only the long project sets it.
		const readsLong = testFiles('tests').filter((f) => /import \{[^}]*\bLONG\b[^}]*\} from '[./]*helpers\/random'|process\.env\.SESSION_BRIEF_LONG/.test(fs.readFileSync(path.join(REPO, f), 'utf8')));
		expect(readsLong.length).toBeGreaterThan(0);
		expect(readsLong.filter((f) => !LONG_VARIANTS.includes(f) && !LONG_ONLY.includes(f))).toEqual([]);
		expect(LONG_VARIANTS.filter((f) => !readsLong.includes(f))).toEqual([]);
	});
});
