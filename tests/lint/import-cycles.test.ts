/**
 * No import cycle in the repository, type-only imports aside (docs/contributing.md, "Import
 * rules"): a cycle makes the order modules start in depend on which one is imported first. The
 * graph is read with the TypeScript parser (import-graph.ts); planted cycles show the check fails.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, tsFiles } from './import-graph';

const REPO = path.resolve(__dirname, '../..');
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-cycles-'));
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true, maxRetries: 30 }));

function cyclesOf(files: Record<string, string>): string[][] {
	const sub = fs.mkdtempSync(path.join(DIR, 'case-'));
	for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(sub, name), text);
	return importCycles(tsFiles(sub)).map((c) => c.map((f) => path.basename(f)));
}

describe('import cycles', () => {
	it('finds a cycle of value imports, through a re-export, through a third file and through import()', () => {
		expect(cyclesOf({ 'a.ts': "import { b } from './b';\nexport const a = b;\n", 'b.ts': "import { a } from './a.ts';\nexport const b = (): unknown => a;\n" })).toEqual([['a.ts', 'b.ts']]);
		expect(cyclesOf({ 'c.ts': "export * from './d';\n", 'd.ts': "import { c } from './c';\nexport const d = c;\n" })).toEqual([['c.ts', 'd.ts']]);
		expect(cyclesOf({ 'e.ts': "import { f } from './f';\nexport const e = f;\n", 'f.ts': "import { g } from './g';\nexport const f = g;\n", 'g.ts': "export const g = (): Promise<unknown> => import('./e');\n" })).toEqual([['e.ts', 'f.ts', 'g.ts']]);
	});

	it('leaves out what the build erases: import type, export type, imports of types only, import() in a type', () => {
		expect(cyclesOf({ 'h.ts': "import type { I } from './i';\nexport interface H { i?: I }\n", 'i.ts': "import { type H } from './h';\nexport interface I { h?: H }\n" })).toEqual([]);
		expect(cyclesOf({ 'j.ts': "export type { K } from './k';\nexport const j = 1;\n", 'k.ts': "import { j } from './j';\nexport type K = typeof j;\nexport type J = typeof import('./j');\n" })).toEqual([]);
	});

	it('the repository has none', () => {
		const files = [path.join(REPO, 'main.ts'), ...['src', 'bridge', 'bench', 'tests', 'scripts'].flatMap((d) => tsFiles(path.join(REPO, d)))];
		expect(files.length).toBeGreaterThan(300);
		expect(importCycles(files).map((c) => c.map((f) => path.relative(REPO, f)))).toEqual([]);
	});
});
