/**
 * The lint rule of eslint.state-files.mjs: outside src/node/state-file.ts (and its listed
 * exceptions) no module writes, renames or removes files with `fs` directly; the real
 * eslint.config.mjs applies it.
 */
import * as path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import stateFiles from '../../eslint.state-files.mjs';

const REPO = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: REPO, overrideConfigFile: true, baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...stateFiles] });

async function messages(file: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
	return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('state files lint', () => {
	it.each([
		['src/node/x.ts', "import * as fs from 'node:fs'; fs.writeFileSync('a', 'b');"],
		['src/node/hosts/x.ts', "import * as fs from 'node:fs'; fs.renameSync('a', 'b');"],
		['bridge/commands/x.ts', "import * as fs from 'node:fs'; fs.rmSync('a');"],
		['src/plugin/x.ts', "import * as fs from 'fs'; void fs.promises.writeFile('a', 'b');"],
		['main.ts', "import * as fs from 'fs'; fs.appendFileSync('a', 'b');"],
	])('refuses a direct write in %s', async (file, code) => {
		expect((await messages(file, code)).join('\n')).toMatch(/no-restricted-properties: .*state-file\.ts/);
	});

	it('allows reads, and writes in the module itself', async () => {
		expect(await messages('src/node/x.ts', "import * as fs from 'node:fs'; fs.readFileSync('a');")).toEqual([]);
		expect(await messages('src/node/state-file.ts', "import * as fs from 'node:fs'; fs.writeFileSync('a', 'b');")).toEqual([]);
	});

	it('is part of the real config', async () => {
		const real = new ESLint({ cwd: REPO });
		const config = (await real.calculateConfigForFile(path.join(REPO, 'src/node/scan/scan.ts'))) as { rules?: Record<string, unknown> };
		expect(JSON.stringify(config.rules?.['no-restricted-properties'])).toContain('writeFileSync');
	});
});
