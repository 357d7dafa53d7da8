/**
 * No source folder holds more than MAX_FILES files at its root (docs/contributing.md, "Where things
 * are"): past that a folder stops saying what its files serve, and a new file belongs in a feature
 * folder. Build output (`dist/`) and installed packages do not count.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../..');
const MAX_FILES = 20;
const SOURCE = /\.(ts|mts|mjs|cjs)$/;
const ROOTS = ['src/', 'bridge/', 'tests/', 'bench/', 'stand-in/', 'scripts/'];
const SKIPPED = new Set(['node_modules', 'dist', 'fixtures']);

/** Every file under the repository's source roots, as repository paths (no git: CI copies the tree without it). */
function repositoryFiles(): string[] {
	const out: string[] = [];
	const walk = (rel: string): void => {
		for (const entry of fs.readdirSync(path.join(REPO, rel), { withFileTypes: true })) {
			const child = `${rel}/${entry.name}`;
			if (entry.isDirectory() && !SKIPPED.has(entry.name)) walk(child);
			else if (entry.isFile()) out.push(child);
		}
	};
	for (const root of ROOTS) walk(root.slice(0, -1));
	return out;
}

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
		const counts = sourceFilesPerFolder(repositoryFiles());
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
