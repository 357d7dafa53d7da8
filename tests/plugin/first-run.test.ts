// A first run that fits any vault (src/core/first-run.ts, src/plugin/settings/setup-modal.ts): a new install
// starts from neutral values and is offered a setup proposed from the vault, once per device; an
// existing data.json is never changed by it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { languageState, Modal, Notice, type PluginSettingTab } from '../../stand-in/obsidian';
import { SETUP_OFFERED_KEY } from '../../src/plugin/settings/setup-modal';
import { FIXTURE } from './fixture';
import { readJson, settle, startPlugin, stopPlugin, tempVault, type Started } from './harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function setupModal(): Modal {
	const modal = Modal.open.find((m) => m.titleEl.textContent === 'Set up Session Brief' || m.titleEl.textContent === 'Session Brief einrichten');
	if (modal === undefined) throw new Error(`no setup open (open: ${Modal.open.map((m) => m.titleEl.textContent).join(', ')})`);
	return modal;
}

function button(modal: Modal, text: string): HTMLButtonElement {
	const b = Array.from(modal.contentEl.querySelectorAll('button')).find((e) => e.textContent === text);
	if (b === undefined) throw new Error(`no button ${text}`);
	return b;
}

const AGENT_VAULT = { 'CLAUDE.md': '# Rules\n', 'AGENTS.md': '# Agents\n', '.cursor/rules/style.mdc': 'x\n', 'KI/Regeln/tags.md': '# Tags\n', 'KI/Sitzungen/.keep': '', 'Notes/a.md': 'A\n' };

describe('first run', () => {
	it('a new install starts neutral and is offered the setup, proposed from the vault; *Use these* saves it', async () => {
		started = await startPlugin(tempVault(AGENT_VAULT), { data: null });
		await settle(started.app);
		const modal = setupModal();
		expect(modal.contentEl.querySelector('.session-brief-setup-found')?.textContent).toBe('Found: KI/Regeln/, KI/Sitzungen/, CLAUDE.md, AGENTS.md, .cursor/rules/');
		const inputs = Array.from(modal.contentEl.querySelectorAll('input')).map((i) => i.value);
		expect(inputs).toEqual(['KI/Regeln', 'KI/Sitzungen']);
		expect(modal.contentEl.querySelector('textarea')?.value).toBe('CLAUDE.md\nAGENTS.md\n.cursor/rules/**\nKI/Regeln/**');
		// Neutral until then: nothing of one person's vault.
		expect(started.plugin.settings.excludedRootFolders).toEqual([]);
		expect(started.plugin.settings.rulesFolder).toBe('Rules');
		button(modal, 'Use these').click();
		await settle(started.app);
		const saved = readJson(path.join(started.pluginDir, 'data.json')) as { rulesFolder: string; sessionsFolder: string; ruleScope: string[]; excludedRootFolders: string[] };
		expect(saved).toMatchObject({ rulesFolder: 'KI/Regeln', sessionsFolder: 'KI/Sitzungen', ruleScope: ['CLAUDE.md', 'AGENTS.md', '.cursor/rules/**', 'KI/Regeln/**'], excludedRootFolders: [] });
		expect(Modal.open).toEqual([]);
	});

	it('is offered once per device, in German with a German interface, and *Not now* changes nothing', async () => {
		languageState.value = 'de';
		started = await startPlugin(tempVault({ 'Notes/a.md': 'A\n' }), { data: null });
		await settle(started.app);
		const modal = setupModal();
		expect(modal.contentEl.querySelector('.session-brief-setup-found')?.textContent).toBe('Keine Regeldateien von Agenten und keine Regelordner gefunden; das sind neutrale Startwerte.');
		const before = fs.readFileSync(path.join(started.pluginDir, 'data.json'), 'utf8');
		button(modal, 'Nicht jetzt').click();
		await settle(started.app);
		expect(fs.readFileSync(path.join(started.pluginDir, 'data.json'), 'utf8')).toBe(before);
		expect(Notice.shown).toContain('Die Einrichtung findet sich jederzeit in den Einstellungen von Session Brief.');
		expect(started.app.loadLocalStorage(SETUP_OFFERED_KEY)).not.toBeNull();
	});

	it('an existing data.json keeps every value, is not offered the setup, and can open it from the settings tab', async () => {
		const stored = { rulesFolder: 'AI/Regelwerk', excludedRootFolders: ['Import', '_index'] };
		started = await startPlugin(tempVault({ ...FIXTURE, ...AGENT_VAULT }), { data: stored });
		await settle(started.app);
		expect(Modal.open).toEqual([]);
		expect(started.plugin.settings).toMatchObject(stored);
		expect(readJson(path.join(started.pluginDir, 'data.json'))).toMatchObject(stored);
		const tab = started.stub.settingTabs[0] as PluginSettingTab;
		tab.display();
		const row = Array.from(tab.containerEl.querySelectorAll('.setting-item')).find((e) => e.querySelector('.setting-item-name')?.textContent === 'Setup');
		row?.querySelector('button')?.click();
		await settle(started.app);
		// Two folders named like rules: the one holding more notes.
		expect(Array.from(setupModal().contentEl.querySelectorAll('input')).map((i) => i.value)).toEqual(['AI/Regelwerk', 'KI/Sitzungen']);
	});
});
