/**
 * The untranslated-text rule of eslint.languages.mjs (docs/design.md, "Languages"): a literal with
 * letters handed straight to a call that shows it to the user fails in the plugin; texts read from a
 * table, separators without letters and non-text arguments pass; and the real eslint.config.mjs
 * applies the rule to the plugin, not to the bridge, whose command-line output is English on purpose.
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

async function untranslated(code: string, file = 'src/plugin/x.ts'): Promise<number> {
	const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
	const messages = result?.messages ?? [];
	for (const m of messages) if (m.ruleId !== 'languages/no-untranslated-text') throw new Error(`${m.ruleId ?? 'parse'}: ${m.message}`);
	for (const m of messages) expect(m.message).toMatch(/translations<.*docs\/design\.md/);
	return messages.length;
}

const PLANTED: [what: string, code: string][] = [
	['a notice', "new Notice('Saved.');"],
	['a notice with a value in a template', 'new Notice(`Could not save ${name}`);'],
	['one branch of a choice', "new Notice(ok ? s.done : 'Failed');"],
	["a fallback after ??", "new Notice(reason ?? 'unknown error');"],
	["a setting's name", "new Setting(el).setName('Inbox folder');"],
	["a setting's description", "setting.setDesc('Leave empty for none.');"],
	["a dialog's title", "this.setTitle('Install agent hooks');"],
	['a button', "b.setButtonText('Install');"],
	['a placeholder', "t.setPlaceholder('Filter by path');"],
	['a dropdown option', "d.addOption('*', 'All');"],
	['dropdown options', "d.addOptions({ auto: 'Automatic', en: names.en });"],
	["a command's name", "plugin.addCommand({ id: 'run', name: 'Run rule check', callback });"],
	['a ribbon tooltip', "plugin.addRibbonIcon('list-checks', 'Open needs review', open);"],
	['a hover-preview source', "plugin.registerHoverLinkSource('view', { display: 'Session brief', defaultMod: true });"],
	["an element's text", "el.createDiv({ cls: 'x', text: 'No note matches the filter.' });"],
	["an element's label", "el.createEl('div', { attr: { 'aria-label': 'Mark as reviewed', tabindex: -1 } });"],
	['a label set later', "el.setAttr('aria-label', 'Sort by name');"],
	['labels set later', "el.setAttrs({ role: 'button', title: 'Undo' });"],
	['a tooltip', "setTooltip(el, 'Modified');"],
	["an element's text set later", "el.setText('Reading the vault…');"],
	['German written in place', "new Notice('Gespeichert.');"],
];

describe('no untranslated text in the plugin', () => {
	it.each(PLANTED)('%s written as a literal fails', async (_what, code) => {
		expect(await untranslated(code)).toBe(1);
	});

	it('texts from a table, values, separators and non-text arguments pass', async () => {
		const code = [
			'new Notice(s.copied);',
			'new Notice(s.failed(`${reason}`));',
			"new Setting(el).setName(t.inboxFolder.name).setDesc('');",
			"d.addOption('*', '—');",
			"el.createDiv({ cls: 'session-brief-empty', text: item.empty[lang](settings) ?? '0' });",
			"row.setAttr('aria-label', folder === '' ? name : `${name}, ${folder}`);",
			"row.setAttrs({ role: 'treeitem', 'aria-level': 2, tabindex: -1 });",
			"el.createSpan({ cls: `mod-${severity}`, text: `${path}:${line}` });",
			"setIcon(el, 'refresh-cw');",
			"plugin.addCommand({ id: 'run-rule-check', name: text.runRuleCheck, callback });",
			"console.error('Session brief: agent hooks', error);",
			"throw new Error('the index is being built');",
		].join('\n');
		expect(await untranslated(code)).toBe(0);
	});

	it('the bridge and the core may write literals there (their words are not the plugin interface)', async () => {
		expect(await untranslated("new Notice('Saved.');", 'bridge/commands/x.ts')).toBe(0);
		expect(await untranslated("el.setText('Saved.');", 'src/core/x.ts')).toBe(0);
		expect(await untranslated("new Notice('Saved.');", 'main.ts')).toBe(1);
	});

	it('the real eslint.config.mjs applies the rule to main.ts and every plugin file', async () => {
		const real = new ESLint({ cwd: REPO });
		for (const file of ['main.ts', 'src/plugin/settings/settings-tab.ts', 'src/plugin/hosts/hook-modals.ts', 'src/plugin/commands.ts', 'src/plugin/sidebar/review-view.ts']) {
			const config = (await real.calculateConfigForFile(path.join(REPO, file))) as { rules: Record<string, unknown> };
			expect(config.rules['languages/no-untranslated-text'], file).toEqual([2]);
		}
		for (const file of ['bridge/main.ts', 'src/core/brief/brief.ts', 'src/node/scan/scan.ts']) {
			const config = (await real.calculateConfigForFile(path.join(REPO, file))) as { rules: Record<string, unknown> };
			expect(config.rules['languages/no-untranslated-text'], file).toBeUndefined();
		}
	});
});
