/**
 * No source folder holds more than MAX_FILES files at its root (docs/contributing.md, "Where things
 * are"): past that a folder stops saying what its files serve, and a new file belongs in a feature
 * folder. Counted over the files git tracks, so a build's output never counts.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../..');
const MAX_FILES = 20;
const SOURCE = /\.(ts|mts|mjs|cjs)$/;
const ROOTS = ['src/', 'bridge/', 'tests/', 'bench/', 'stand-in/', 'scripts/'];

/** Source files per folder, among the given repository paths. */
function sourceFilesPerFolder(files: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const file of files) {
		if (!SOURCE.test(file) || !ROOTS.some((r) => file.startsWith(r)) || file.startsWith('tests/fixtures/')) continue;
		const folder = path.posix.dirname(file);
		counts.set(folder, (counts.get(folder) ?? 0) + 1);
	}
	return counts;
}

function oversized(counts: Map<string, number>): string[] {
	return [...counts].filter(([, n]) => n > MAX_FILES).map(([folder, n]) => `${folder}: ${n} files`);
}

describe('folder size', () => {
	it(`no source folder of the repository holds more than ${MAX_FILES} files at its root`, () => {
		const tracked = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' }).split('\n').filter(Boolean);
		const counts = sourceFilesPerFolder(tracked);
		expect(counts.get('src/core')).toBeGreaterThan(0);
		expect(oversized(counts)).toEqual([]);
	});

	it('counts source files by their own folder only, and names a folder over the limit', () => {
		const files = [
			...Array.from({ length: MAX_FILES + 1 }, (_, i) => `src/core/f${i}.ts`),
			...Array.from({ length: MAX_FILES }, (_, i) => `src/core/notes/n${i}.ts`),
			'src/core/notes/README.md',
			'tests/fixtures/many/a.ts',
			'docs/page.ts',
		];
		const counts = sourceFilesPerFolder(files);
		expect(oversized(counts)).toEqual([`src/core: ${MAX_FILES + 1} files`]);
		expect(counts.get('src/core/notes')).toBe(MAX_FILES);
		expect(counts.has('tests/fixtures/many')).toBe(false);
		expect(counts.has('docs')).toBe(false);
	});
});
