/**
 * No import cycle (eslint.boundaries.mjs, `importCycles`): a planted cycle fails, a cycle of
 * `import type` only passes, and the real eslint.config.mjs applies the rule to every part of the
 * repository.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import obsidianmd from 'eslint-plugin-obsidianmd';
import { importCycles } from '../../eslint.boundaries.mjs';

const REPO = path.resolve(__dirname, '../..');
// Inside the repository (ESLint lints nothing outside its base path), removed afterwards.
const DIR = fs.mkdtempSync(path.join(REPO, 'tests', 'lint', 'cycle-'));
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

// The plugin registration comes from the Obsidian recommended config, as in eslint.config.mjs.
const importPlugin = (obsidianmd.configs.recommended as { plugins?: Record<string, unknown> }[]).find((c) => c.plugins?.import !== undefined)?.plugins?.import;
const eslint = new ESLint({
	cwd: REPO,
	overrideConfigFile: true,
	baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { import: importPlugin as never } }, ...importCycles],
});

async function ruleIds(files: Record<string, string>): Promise<string[]> {
	for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(DIR, name), text);
	const results = await eslint.lintFiles(Object.keys(files).map((f) => path.join(DIR, f)));
	return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? 'parse'));
}

describe('import cycles', () => {
	it('a cycle of value imports fails in each file of it', async () => {
		expect(await ruleIds({ 'a.ts': "import { b } from './b';\nexport const a = (): number => b() + 1;\n", 'b.ts': "import { a } from './a';\nexport const b = (): number => a.length;\n" })).toEqual(['import/no-cycle', 'import/no-cycle']);
	});

	it('a cycle through a third file fails too', async () => {
		expect(await ruleIds({ 'c.ts': "import { d } from './d';\nexport const c = d;\n", 'd.ts': "import { e } from './e';\nexport const d = e;\n", 'e.ts': "import { c } from './c';\nexport const e = (): unknown => c;\n" })).toContain('import/no-cycle');
	});

	it('a cycle of type-only imports passes: the build erases them', async () => {
		expect(await ruleIds({ 'f.ts': "import type { G } from './g';\nexport interface F { g?: G }\n", 'g.ts': "import type { F } from './f';\nexport interface G { f?: F }\n" })).toEqual([]);
	});

	it('the real eslint.config.mjs checks every part of the repository', async () => {
		const real = new ESLint({ cwd: REPO });
		for (const file of ['main.ts', 'src/core/brief.ts', 'src/node/scan.ts', 'src/plugin/review-view.ts', 'bridge/main.ts', 'bench/run.ts', 'tests/helpers/random.ts']) {
			const config = (await real.calculateConfigForFile(path.join(REPO, file))) as { rules: Record<string, unknown[]> };
			expect(config.rules['import/no-cycle']?.[0], file).toBe(2);
		}
	});
});
