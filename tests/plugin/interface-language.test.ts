/**
 * The whole interface follows the language (docs/design.md, "Languages"): the settings tab, the
 * agent-hook dialogs, the command names and the ribbon tooltip speak German when the language
 * setting says so (or when it is automatic and Obsidian speaks German), and a change of the setting
 * while the plugin runs renames the commands and redraws the tab. Every text that the German
 * settings tab or dialog shows differs from the English one, except the few that are the same word
 * in both: a text left out of the tables would show up here in English.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { AGENT_IDS, hostOf } from '../../src/core/hosts/agent-contracts';
import { COMMAND_TEXT } from '../../src/plugin/command-strings';
import { SETTINGS_TEXT } from '../../src/plugin/settings/settings-strings';
import { languageState, Modal, Setting, type PluginSettingTab } from '../../stand-in/obsidian';
import { FIXTURE } from './fixture';
import { settle, startPlugin, stopPlugin, tempVault, type Started } from './harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

/** Words that are the same in English and German (a heading, the languages' own names, the agents' names). */
const SAME_IN_BOTH = new Set(['', 'Tags', 'Brief', 'English', 'Deutsch', 'Agent', ...AGENT_IDS.map((id) => hostOf(id).name)]);

/** Every text a user reads in `root`: names, descriptions, messages, options, buttons, in order. */
function texts(root: HTMLElement): string[] {
	return Array.from(root.querySelectorAll('.setting-item-name, .setting-item-description, .session-brief-validation, option, button')).map((e) =>
		// A description holds its field's message: compare the description's own text apart from it.
		e.classList.contains('setting-item-description') ? Array.from(e.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join('') : (e.textContent ?? ''),
	);
}

/** The texts that read the same in both renderings, which should be none but the shared words. */
function untranslated(en: string[], de: string[]): string[] {
	expect(de.length).toBe(en.length);
	return en.filter((text, i) => text === de[i] && !SAME_IN_BOTH.has(text));
}

function tabOf(s: Started): PluginSettingTab & { getSettingDefinitions(): Array<{ heading?: string; items: Array<{ name: string; desc: string }> }> } {
	const tab = s.stub.settingTabs[0];
	if (tab === undefined) throw new Error('no settings tab');
	return tab as never;
}

function drawn(s: Started): HTMLElement {
	const tab = tabOf(s);
	tab.display();
	return tab.containerEl;
}

/** Runs an agent-hook command and waits for its dialog, which opens once the bridge's agent commands are loaded. */
async function dialogOf(s: Started, id: string): Promise<Modal> {
	const before = Modal.open.length;
	command(s, id).callback?.();
	await vi.waitFor(() => expect(Modal.open.length).toBe(before + 1), { timeout: HANG_MS });
	const modal = Modal.open[Modal.open.length - 1];
	if (modal === undefined) throw new Error('no dialog');
	return modal;
}

function command(s: Started, id: string): { name: string; callback?: () => unknown } {
	const c = s.stub.commands.find((x) => x.id === id);
	if (c === undefined) throw new Error(`no command ${id}`);
	return c;
}

describe('settings tab in German', () => {
	it('shows every heading, name, description and message in German when the language setting is German', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const en = texts(drawn(started));
		await started.plugin.updateSettings({ ...started.plugin.settings, language: 'de' });
		const root = drawn(started);
		const de = texts(root);
		expect(untranslated(en, de)).toEqual([]);
		const de$ = SETTINGS_TEXT.de;
		expect(Array.from(root.querySelectorAll('.setting-item-heading .setting-item-name')).map((e) => e.textContent)).toEqual([de$.headings.folders, de$.headings.dailyNote, de$.headings.tags, de$.headings.brief, de$.headings.ruleCheck]);
		expect(de).toContain('Sitzungsordner');
		expect(de).toContain('Den Ordner „AI/sessions“ gibt es in diesem Vault nicht.');
		expect(Array.from(root.querySelectorAll('option')).map((o) => o.textContent)).toEqual(expect.arrayContaining(['Automatisch', 'English', 'Deutsch']));
	});

	it('gives Obsidian 1.13 the German rows as setting definitions too', async () => {
		started = await startPlugin(tempVault(FIXTURE), { data: { language: 'de' } });
		const groups = tabOf(started).getSettingDefinitions();
		expect(groups.map((g) => g.heading)).toEqual(['Ordner', 'Tagesnotiz', 'Tags', 'Brief', 'Regelwerk-Check']);
		const names = groups.flatMap((g) => g.items.map((i) => i.name));
		expect(names).toContain('Sitzungsdateien vor dem Überschreiben schützen');
		expect(names).not.toContain('Protect session files from overwriting');
	});

	it('follows Obsidian\'s language when the setting is automatic', async () => {
		languageState.value = 'de';
		started = await startPlugin(tempVault(FIXTURE));
		expect(started.plugin.settings.language).toBe('auto');
		const de = texts(drawn(started));
		expect(de).toContain('Inbox-Ordner');
		expect(de).toContain('Sprache des Briefs und der Texte dieses Plugins; „Automatisch“ folgt Obsidian.');
	});

	it('says in German where the hook bridge looks for the cached brief', async () => {
		started = await startPlugin(tempVault(FIXTURE), { dir: '.obsidian/plugins/session-brief-dev', data: { language: 'de' } });
		const row = drawn(started).querySelector('.session-brief-plugin-folder');
		expect(row?.textContent).toContain('Plugin-Ordner');
		expect(row?.textContent).toContain('die Hook-Bridge sucht aber in .obsidian/plugins/session-brief');
	});

	it('redraws itself in German when the language is switched in it', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = drawn(started);
		const language = Array.from(root.querySelectorAll('.setting-item')).find((e) => e.querySelector('.setting-item-name')?.textContent === 'Language');
		const select = language?.querySelector('select');
		if (select === null || select === undefined) throw new Error('no language dropdown');
		select.value = 'de';
		select.dispatchEvent(new Event('change'));
		await settle(started.app);
		expect(started.plugin.settings.language).toBe('de');
		expect(texts(root)).toContain('Sprache');
		expect(texts(root)).not.toContain('Language');
	});

	it('on Obsidian 1.13 asks Obsidian to re-read its definitions instead of drawing rows itself', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		// What Obsidian 1.13 adds to a settings tab: the definitions it holds, and update() to re-read them.
		const tab = tabOf(started) as unknown as { settingItems: unknown[]; update: () => void; containerEl: HTMLElement; getSettingDefinitions(): Array<{ items: Array<{ name: string; render: (s: Setting) => void }> }> };
		const updates: string[][] = [];
		tab.update = () => {
			tab.settingItems = tab.getSettingDefinitions();
			updates.push(tab.getSettingDefinitions().flatMap((g) => g.items.map((i) => i.name)));
		};
		tab.update();
		const rendered = createDiv();
		for (const item of tab.getSettingDefinitions().flatMap((g) => g.items)) item.render(new Setting(rendered));
		const select = Array.from(rendered.querySelectorAll('.setting-item')).find((e) => e.querySelector('.setting-item-name')?.textContent === 'Language')?.querySelector('select');
		if (select === null || select === undefined) throw new Error('no language dropdown');
		select.value = 'de';
		select.dispatchEvent(new Event('change'));
		await settle(started.app);
		expect(updates.length).toBe(2);
		expect(updates[1]).toContain('Sprache');
		// The tab drew nothing itself: Obsidian renders the definitions.
		expect(tab.containerEl.childElementCount).toBe(0);
	});
});

describe('agent-hook dialogs in German', () => {
	it('the install dialog: title, field names, scopes, the command\'s intro and the buttons', async () => {
		started = await startPlugin(tempVault({ 'Note.md': '# Note\n' }), { data: { language: 'de' } });
		const modal = await dialogOf(started, 'install-agent-hooks');
		expect(modal.titleEl.textContent).toBe('Agent-Hooks installieren');
		const de = texts(modal.contentEl);
		expect(de).toEqual(expect.arrayContaining(['Agent', 'Geltungsbereich', 'Dieser Vault (project)', 'Befehl kopieren', 'Prüfen']));
		expect(modal.contentEl.textContent).toContain('Diesen Befehl in einem Terminal ausführen');
	});

	it('the removal dialog says "Alle" for every recorded installation, and no text stays English', async () => {
		started = await startPlugin(tempVault({ 'Note.md': '# Note\n' }));
		const en = await dialogOf(started, 'remove-agent-hooks');
		await started.plugin.updateSettings({ ...started.plugin.settings, language: 'de' });
		const de = await dialogOf(started, 'remove-agent-hooks');
		expect(de.titleEl.textContent).toBe('Agent-Hooks entfernen');
		expect(texts(de.contentEl)).toContain('Alle');
		expect(texts(en.contentEl)).toContain('All');
		expect(untranslated(texts(en.contentEl), texts(de.contentEl))).toEqual([]);
	});
});

describe('command names and ribbon', () => {
	const IDS = ['open-review-sidebar', 'refresh-brief', 'copy-brief', 'run-rule-check', 'install-agent-hooks', 'check-agent-hooks', 'remove-agent-hooks'];

	it('are German from the start when the language is German', async () => {
		started = await startPlugin(tempVault(FIXTURE), { data: { language: 'de' } });
		expect(started.stub.commands.map((c) => c.name)).toEqual(Object.values(COMMAND_TEXT.de).slice(0, IDS.length));
		expect(started.stub.ribbonIcons[0]?.getAttribute('aria-label')).toBe(COMMAND_TEXT.de.ribbon);
		expect(started.stub.hoverSources.get('session-brief-review')).toEqual({ display: COMMAND_TEXT.de.hoverSource, defaultMod: true });
	});

	it('are renamed under the same ids when the language changes while the plugin runs, and run as before', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const names = () => Object.fromEntries(started?.stub.commands.map((c) => [c.id, c.name]) ?? []);
		expect(names()['run-rule-check']).toBe('Run rule check');
		await started.plugin.updateSettings({ ...started.plugin.settings, language: 'de' });
		expect(started.stub.commands.map((c) => c.id).sort()).toEqual([...IDS].sort());
		expect(names()['run-rule-check']).toBe('Regelwerk-Check ausführen');
		expect(names()['open-review-sidebar']).toBe('Seitenleiste „Zu prüfen“ öffnen');
		expect(started.stub.ribbonIcons[0]?.getAttribute('aria-label')).toBe('„Zu prüfen“ öffnen');
		command(started, 'open-review-sidebar').callback?.();
		await settle(started.app);
		expect(started.app.workspace.getLeavesOfType('session-brief-review').length).toBe(1);
		// Back to automatic with Obsidian in English: English again, still each id once.
		await started.plugin.updateSettings({ ...started.plugin.settings, language: 'auto' });
		expect(names()['run-rule-check']).toBe('Run rule check');
		expect(started.stub.commands.length).toBe(IDS.length);
		expect(started.stub.ribbonIcons[0]?.getAttribute('aria-label')).toBe('Open needs review');
	});
});
