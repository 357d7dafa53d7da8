/**
 * The layer rules of eslint.boundaries.mjs (docs/design.md, "Layers"): each forbidden import is
 * planted in a file of the layer and must fail, static and dynamic; each legal one must pass. The
 * real eslint.config.mjs is checked to apply exactly these rules to every layer, so a later entry
 * cannot switch them off unnoticed.
 */
import * as path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../../eslint.boundaries.mjs';

const REPO = path.resolve(__dirname, '../..');

// Only the boundary rules, with the TypeScript parser but without type information: the real
// config's type-checked rules would need every planted file to exist in the project.
const eslint = new ESLint({
	cwd: REPO,
	overrideConfigFile: true,
	baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
});

async function messagesFor(file: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
	return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

type Case = [file: string, source: string];

const FORBIDDEN: Case[] = [
	['src/core/x.ts', 'obsidian'],
	['src/core/x.ts', 'fs'],
	['src/core/x.ts', 'node:path'],
	['src/core/x.ts', 'fs/promises'],
	['src/core/rules/x.ts', 'child_process'],
	['src/core/x.ts', '../node/scan'],
	['src/core/rules/x.ts', '../../node/hosts/install'],
	['src/core/x.ts', '../plugin/review-view'],
	['src/core/x.ts', '../../bridge/main'],
	['src/core/x.ts', 'src/node/scan/walk'],
	['src/node/x.ts', 'obsidian'],
	['src/node/hosts/x.ts', '../../plugin/agent-hooks'],
	['src/node/x.ts', '../../bridge/args'],
	['src/node/x.ts', '../../bridge'],
	['src/node/hosts/x.ts', '../../../bridge/dist/session-brief.ts'],
	['src/node/hosts/hook-files/x.ts', '../../../../bridge/dist/session-brief.start.cjs'],
	['bridge/commands/x.ts', 'obsidian'],
	['bridge/commands/x.ts', '../../src/plugin/index/cache-writer'],
	['bridge/x.ts', '../src/plugin/ui-strings'],
	['src/plugin/x.ts', '../../bridge/commands/install'],
	['src/plugin/x.ts', '../../bridge/args'],
	['src/plugin/x.ts', '../../bridge/dist/other/thing.cjs'],
	['main.ts', './bridge/main'],
	['src/plugin/x.ts', '../node/hosts/install/install'],
	['src/plugin/x.ts', '../node/hosts/install/uninstall'],
	['src/plugin/x.ts', '../../bridge/hook-file-texts'],
	['src/plugin/x.ts', '../../bridge/dist/session-brief.cjs'],
	['bench/x.ts', '../tests/helpers/random'],
	['bench/lib/x.ts', '../../tests/plugin/harness'],
	['bench/x.ts', '../tests/browser/sidebar-page'],
	['bench/browser/x.ts', '../../tests/browser/browser-session'],
];

const LEGAL: Case[] = [
	['src/core/x.ts', './brief'],
	['src/core/rules/x.ts', '../settings'],
	['src/core/x.ts', 'moment'],
	['src/core/x.ts', 'yaml'],
	['src/node/x.ts', 'node:fs'],
	['src/node/x.ts', 'ws'],
	['src/node/hosts/x.ts', '../../core/hosts/agent-contracts'],
	['src/node/x.ts', './live/process-alive'],
	['bridge/commands/x.ts', '../../src/node/hosts/install/install'],
	['bridge/commands/x.ts', '../../src/core/brief/format'],
	['bridge/x.ts', './args'],
	['bridge/x.ts', 'node:fs'],
	['src/plugin/x.ts', 'obsidian'],
	['src/plugin/x.ts', '../node/atomic-write'],
	['src/plugin/x.ts', '../core/brief'],
	['main.ts', './src/plugin/hosts/agent-hooks'],
	['src/plugin/x.ts', '../node/agent-library'],
	['src/plugin/x.ts', '../node/hosts/doctor/doctor'],
	['main.ts', './src/node/hosts/install/installed-hooks'],
	['src/plugin/x.ts', '../node/live/server'],
	['bench/x.ts', './lib/rng'],
	['bridge/x.ts', './dist/session-brief.start.cjs'],
	['src/plugin/hosts/x.ts', './built-hook-hashes'],
	['bench/x.ts', '../stand-in/obsidian'],
	['bench/browser/x.ts', '../../stand-in/dom'],
	['bench/x.ts', '../stand-in/sidebar-page'],
	['bench/x.ts', '../src/core/brief/brief'],
];

describe('layer boundaries', () => {
	it.each(FORBIDDEN)('%s may not import %s', async (file, source) => {
		const stat = await messagesFor(file, `import { a } from '${source}';\nexport { a };\n`);
		expect(stat).toHaveLength(1);
		expect(stat[0]).toMatch(/^no-restricted-imports: .*docs\/design\.md/);
		const reexport = await messagesFor(file, `export * from '${source}';\n`);
		expect(reexport).toHaveLength(1);
		const dynamic = await messagesFor(file, `export const a = import('${source}');\n`);
		expect(dynamic).toHaveLength(1);
		expect(dynamic[0]).toMatch(/^no-restricted-syntax: /);
	});

	it.each(LEGAL)('%s may import %s', async (file, source) => {
		expect(await messagesFor(file, `import { a } from '${source}';\nexport const b = a;\nexport const c = import('${source}');\n`)).toEqual([]);
	});

	it('the real eslint.config.mjs applies these rules to every layer, moment exception included', async () => {
		const real = new ESLint({ cwd: REPO });
		const samples: [string, number][] = [
			['src/core/brief/brief.ts', 0],
			['src/core/brief/daily-note.ts', 0],
			['src/node/scan/scan.ts', 1],
			['bridge/main.ts', 2],
			['src/plugin/hosts/agent-hooks.ts', 3],
			['main.ts', 3],
			['bench/run.ts', 4],
		];
		for (const [file, layer] of samples) {
			const config = (await real.calculateConfigForFile(path.join(REPO, file))) as { rules: Record<string, unknown> };
			const expected = boundaries[layer]?.rules;
			expect(config.rules['no-restricted-imports'], file).toEqual([2, ...(expected?.['no-restricted-imports'] as unknown[]).slice(1)]);
			expect(config.rules['no-restricted-syntax'], file).toEqual([2, ...(expected?.['no-restricted-syntax'] as unknown[]).slice(1)]);
		}
		// The core's one moment import (aliased to Obsidian's copy in the plugin build) stays allowed.
		const daily = (await real.calculateConfigForFile(path.join(REPO, 'src/core/brief/daily-note.ts'))) as { rules: Record<string, unknown> };
		expect((daily.rules['@typescript-eslint/no-restricted-imports'] as unknown[])[0]).toBe(0);
		const other = (await real.calculateConfigForFile(path.join(REPO, 'src/core/brief/dates.ts'))) as { rules: Record<string, unknown> };
		expect((other.rules['@typescript-eslint/no-restricted-imports'] as unknown[])[0]).not.toBe(0);
	});
});
