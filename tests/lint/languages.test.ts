/**
 * The translation-style rule of eslint.languages.mjs (docs/design.md, "Languages"): a language
 * compared with a literal fails anywhere in the source but src/core/i18n.ts; reading a table by
 * the language passes; and the real eslint.config.mjs applies the rule to every layer.
 */
import * as path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import languages from '../../eslint.languages.mjs';

const REPO = path.resolve(__dirname, '../..');

const eslint = new ESLint({
	cwd: REPO,
	overrideConfigFile: true,
	baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...languages],
});

async function messagesFor(file: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
	return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const PLANTED: [file: string, code: string][] = [
	['src/core/rules/x.ts', "export const f = (lang: string) => (lang === 'de' ? 'Fehler' : 'error');\n"],
	['src/node/x.ts', "export const f = (lang: string) => (lang !== 'en' ? 1 : 2);\n"],
	['src/plugin/x.ts', "export const f = (lang: string) => ('de' == lang ? 1 : 2);\n"],
	['bridge/commands/x.ts', "export function f(lang: string) { switch (lang) { case 'de': return 1; default: return 2; } }\n"],
	['main.ts', "export const f = (o: { lang: string }) => o.lang === 'de';\n"],
];

describe('one translation style', () => {
	it.each(PLANTED)('%s may not compare the language with a literal', async (file, code) => {
		const messages = await messagesFor(file, code);
		expect(messages).toHaveLength(1);
		expect(messages[0]).toMatch(/^languages\/no-language-comparison: .*translations<.*docs\/design\.md/);
	});

	it('reading a table by the language, and other literals, pass', async () => {
		const code = "const T = { en: { a: 'x' }, de: { a: 'y' } };\nexport const f = (lang: 'en' | 'de', mode: string) => (mode === 'auto' ? T[lang].a : T.en.a);\n";
		expect(await messagesFor('src/core/rules/x.ts', code)).toEqual([]);
	});

	it('src/core/i18n.ts, which defines the languages, may name them', async () => {
		expect(await messagesFor('src/core/i18n.ts', "export const isLang = (v: unknown) => v === 'en' || v === 'de';\n")).toEqual([]);
	});

	it('the real eslint.config.mjs applies the rule to every layer', async () => {
		const real = new ESLint({ cwd: REPO });
		for (const file of ['src/core/brief/brief.ts', 'src/core/rules/engine.ts', 'src/node/scan/scan.ts', 'bridge/main.ts', 'src/plugin/sidebar/review-view.ts', 'main.ts']) {
			const config = (await real.calculateConfigForFile(path.join(REPO, file))) as { rules: Record<string, unknown> };
			expect(config.rules['languages/no-language-comparison'], file).toEqual([2]);
		}
		const i18n = (await real.calculateConfigForFile(path.join(REPO, 'src/core/i18n.ts'))) as { rules: Record<string, unknown> };
		expect(i18n.rules['languages/no-language-comparison']).toBeUndefined();
	});
});
