import { isoDate } from '../../src/core/brief/dates';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import SessionBriefPlugin from '../../main';
import { App, Notice, Setting } from '../../stand-in/obsidian';
import { FIXTURE } from './fixture';
import { internals, MANIFEST, readJson, settle, startPlugin, stopPlugin, tempVault, type Started } from './harness';
import * as fs from 'node:fs';
import * as path from 'node:path';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('status bar', () => {
	it('shows the count to review, follows changes, opens the sidebar, and can be hidden', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const el = started.stub.statusBarItems[0];
		if (el === undefined) throw new Error('no status bar item');
		// 4 needs-review + 1 review open + 2 pending-review (distinct notes).
		expect(el.textContent).toBe('7 to review');
		const file = started.app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await started.app.vault.modify(file, '#needs-review\n');
		await settle(started.app);
		expect(el.textContent).toBe('8 to review');
		el.click();
		await settle(started.app);
		expect(started.app.workspace.getLeavesOfType('session-brief-review').length).toBe(1);
		await started.plugin.updateSettings({ ...started.plugin.settings, showStatusBar: false });
		expect(el.hasClass('session-brief-hidden')).toBe(true);
	});
});

describe('status bar tooltip', () => {
	it('names the last agent session that received the brief, from the record session-start keeps', async () => {
		const base = tempVault(FIXTURE);
		const entry = { at: '2026-11-29T10:02:00', agent: 'claude-code', source: 'resume', sessionId: '3f2a9c1e-77aa', cwd: base, outside: false, delivered: true };
		const skipped = { ...entry, at: '2026-11-29T10:03:00', agent: 'cursor', delivered: false };
		fs.writeFileSync(path.join(base, '.obsidian', 'plugins', 'session-brief', 'session-starts.json'), JSON.stringify({ schema: 1, entries: [entry, skipped] }));
		started = await startPlugin(base);
		await settle(started.app);
		const el = started.stub.statusBarItems[0];
		expect(el?.getAttribute('aria-label')).toBe('Open the needs review sidebar\nLast agent session that received the brief: 2026-11-29 10:02 resume (Claude Code, session 3f2a9c1e…)');
	});

	it('says so when no session has received the brief', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await settle(started.app);
		expect(started.stub.statusBarItems[0]?.getAttribute('aria-label')).toBe('Open the needs review sidebar\nNo agent session has received the brief yet.');
	});
});

describe('commands', () => {
	it('registers its commands without hotkeys or plugin id', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		expect(started.stub.commands.map((c) => c.id)).toEqual([
			'open-review-sidebar',
			'refresh-brief',
			'copy-brief',
			'run-rule-check',
			'install-agent-hooks',
			'check-agent-hooks',
			'remove-agent-hooks',
		]);
		expect(started.stub.commands.map((c) => c.name)).toContain('Run rule check');
		for (const c of started.stub.commands) {
			expect(c.hotkeys).toBeUndefined();
			expect(c.id).not.toContain('session-brief');
		}
	});

	it('copies the brief text to the clipboard', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const writeText = vi.fn(async (_t: string) => undefined);
		Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
		await started.plugin.copyBrief();
		const text = writeText.mock.calls[0]?.[0] ?? '';
		expect(text).toMatch(/^Session brief for vault "sb-plugin-\w+" \(.*, just made\)/);
		expect(text).toContain('needs-review: 4 (Inbox/Deep/Article.md, Notes/Broken.md, Notes/Flagged.md, Notes/Inline.md)');
		expect(Notice.shown).toContain('Session brief copied to the clipboard.');
	});

	it("copies a brief with the daily note where Obsidian's Daily notes settings put it, from the first moment", async () => {
		started = await startPlugin(tempVault({ ...FIXTURE, '.obsidian/daily-notes.json': JSON.stringify({ folder: 'Journal/Daily', format: 'YYYY-MM-DD' }) }));
		const writeText = vi.fn(async (_t: string) => undefined);
		Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
		await started.plugin.copyBrief();
		expect(writeText.mock.calls[0]?.[0] ?? '').toContain(`Daily note: Journal/Daily/${isoDate(new Date())}.md`);
		expect(started.plugin.obsidianDailyNoteSettings()).toEqual({ folder: 'Journal/Daily', format: 'YYYY-MM-DD' });
	});

	it('shows a failing command as a notice naming it, whether it throws at once or later', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('Document is not focused.')) }, configurable: true });
		const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		const run = (id: string): void => void started?.stub.commands.find((c) => c.id === id)?.callback?.();
		run('copy-brief');
		const rules = (started.plugin as unknown as { rules: { run: () => Promise<unknown> } }).rules;
		rules.run = () => {
			throw new Error('rule folder unreadable\nstack');
		};
		run('run-rule-check');
		await vi.waitFor(() => expect(Notice.shown).toEqual(expect.arrayContaining(['Copy the brief to the clipboard failed: Document is not focused.', 'Run rule check failed: rule folder unreadable'])), { timeout: HANG_MS });
		// Each failure once in the console; other plugins' writes winding down may log too (their vault is gone).
		expect(error.mock.calls.filter((c) => /^Session brief: (runRuleCheck|copyBrief)\b/.test(String(c[0])))).toHaveLength(2);
		error.mockRestore();
	});

	it('listens for `create` only from layout ready, and says it is reading the vault when the brief is copied before', async () => {
		const base = tempVault(FIXTURE);
		const app = App.create(base);
		const plugin = new SessionBriefPlugin(app as never, MANIFEST);
		plugin.onload();
		started = { app, plugin, stub: plugin as unknown as Started['stub'], base, pluginDir: path.join(base, '.obsidian', 'plugins', MANIFEST.id) };
		const writeText = vi.fn(async (_t: string) => undefined);
		Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
		const copied = plugin.copyBrief();
		expect(Notice.shown).toEqual(['Reading the vault…']);
		// Obsidian sends `create` for every file while the vault loads: nothing listens before layout ready.
		expect(app.vault.listenerCount('create')).toBe(0);
		expect(app.metadataCache.listenerCount('resolved')).toBe(1);
		app.workspace.setLayoutReady();
		await plugin.started;
		expect(app.vault.listenerCount('create')).toBe(2);
		await app.metadataCache.startupReparse();
		await copied;
		expect(writeText).toHaveBeenCalledTimes(1);
		expect(Notice.shown).toContain('Session brief copied to the clipboard.');
	});

	it('registers its views and settings tab before the first await of onload, and uses the stored settings once read', async () => {
		const base = tempVault(FIXTURE);
		const pluginDir = path.join(base, '.obsidian', 'plugins', MANIFEST.id);
		fs.writeFileSync(path.join(pluginDir, 'data.json'), JSON.stringify({ inboxFolder: 'Notes' }));
		const app = App.create(base);
		app.metadataCache.primeAll();
		const plugin = new SessionBriefPlugin(app as never, MANIFEST);
		const registered: string[] = [];
		const stub = plugin as unknown as Started['stub'] & { registerView(type: string, creator: unknown): void };
		const registerView = stub.registerView.bind(stub);
		stub.registerView = (type, creator) => {
			registered.push(type);
			registerView(type, creator);
		};
		plugin.onload();
		// `onload` awaits nothing: a leaf Obsidian restores now finds its view type.
		expect(registered).toEqual(['session-brief-review', 'session-brief-rule-check']);
		expect(stub.settingTabs.length).toBe(1);
		started = { app, plugin, stub, base, pluginDir };
		app.workspace.setLayoutReady();
		await plugin.started;
		app.metadataCache.trigger('resolved');
		await internals(plugin).sync.whenReady();
		expect(internals(plugin).service.brief().items.inbox?.paths).toContain('Notes/Flagged.md');
	});

	it('refreshes the cache on demand', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		await started.plugin.refreshBrief();
		expect(internals(started.plugin).writer.fullWrites).toBe(1);
		expect(Notice.shown).toContain('Session brief refreshed.');
	});
});

describe('settings tab', () => {
	function field(root: HTMLElement, name: string): { input: HTMLInputElement; message: string } {
		const setting = Array.from(root.querySelectorAll('.setting-item')).find((s) => s.querySelector('.setting-item-name')?.textContent === name);
		const input = setting?.querySelector('input');
		if (setting === undefined || input === null || input === undefined) throw new Error(`no field ${name}`);
		return { input, message: setting.querySelector('.session-brief-validation')?.textContent ?? '' };
	}

	it('has a heading per group and a field for every setting', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const tab = started.stub.settingTabs[0];
		tab?.display();
		const root = tab?.containerEl as HTMLElement;
		expect(Array.from(root.querySelectorAll('.setting-item-heading .setting-item-name')).map((e) => e.textContent)).toEqual(['Folders', 'Daily note', 'Tags', 'Brief', 'Rule check']);
		const all = Array.from(root.querySelectorAll('.setting-item:not(.setting-item-heading) .setting-item-name')).map((e) => e.textContent);
		// 16 settings keys in 20 fields (the four tag names and the external check's four parts), and the setup's button.
		expect(all.length).toBe(21);
		expect(all[0]).toBe('Setup');
	});

	it('gives Obsidian 1.13 the same rows as setting definitions (for its settings search), and they save as display() does', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const tab = started.stub.settingTabs[0] as unknown as { display(): void; containerEl: HTMLElement; getSettingDefinitions(): Array<{ type: string; heading?: string; items: Array<{ name: string; desc: string; render: (s: Setting, g: unknown) => void }> }> };
		tab.display();
		const shown = (root: HTMLElement) =>
			Array.from(root.querySelectorAll('.setting-item:not(.setting-item-heading)')).map((e) => [e.querySelector('.setting-item-name')?.textContent, e.querySelector('.setting-item-description')?.textContent, e.querySelectorAll('input, textarea, select, .checkbox-container').length]);
		const fromDisplay = shown(tab.containerEl);
		const groups = tab.getSettingDefinitions();
		expect(groups.map((g) => [g.type, g.heading])).toEqual([
			['group', 'Folders'],
			['group', 'Daily note'],
			['group', 'Tags'],
			['group', 'Brief'],
			['group', 'Rule check'],
		]);
		// Render them the way Obsidian does: each definition into a fresh row.
		const rendered = createDiv();
		for (const g of groups) for (const item of g.items) item.render(new Setting(rendered), g);
		expect(shown(rendered)).toEqual(fromDisplay);
		expect(groups.flatMap((g) => g.items.map((i) => i.name))).toEqual(fromDisplay.map((r) => r[0]));
		expect(groups.flatMap((g) => g.items).every((i) => i.name !== '' && typeof i.desc === 'string')).toBe(true);
		// A change made through a definition-rendered row is saved.
		const setting = Array.from(rendered.querySelectorAll('.setting-item')).find((e) => e.querySelector('.setting-item-name')?.textContent === 'Names per item');
		const input = setting?.querySelector('input');
		if (input === null || input === undefined) throw new Error('no field');
		input.value = '7';
		input.dispatchEvent(new Event('change'));
		await settle(started.app);
		expect((readJson(path.join(started.pluginDir, 'data.json')) as { maxNamesPerItem: number }).maxNamesPerItem).toBe(7);
	});

	it('setting definitions kept by Obsidian show the current values when drawn again (the tab reopened after a change)', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const tab = started.stub.settingTabs[0] as unknown as { getSettingDefinitions(): Array<{ items: Array<{ name: string; render: (s: Setting, g: unknown) => void }> }> };
		const groups = tab.getSettingDefinitions();
		const stub = started.stub as unknown as { writeDataExternally(data: unknown): Promise<void> };
		await started.plugin.updateSettings({ ...started.plugin.settings, maxNamesPerItem: 9 });
		await stub.writeDataExternally({ ...started.plugin.settings, inboxFolder: 'Triage', showStatusBar: false });
		await settle(started.app);
		const rendered = createDiv();
		for (const g of groups) for (const item of g.items) item.render(new Setting(rendered), g);
		const row = (name: string) => Array.from(rendered.querySelectorAll('.setting-item')).find((e) => e.querySelector('.setting-item-name')?.textContent === name);
		expect(row('Names per item')?.querySelector('input')?.value).toBe('9');
		expect(row('Inbox folder')?.querySelector('input')?.value).toBe('Triage');
		expect(row('Show the count in the status bar')?.querySelector('.checkbox-container')?.classList.contains('is-enabled')).toBe(false);
	});

	it('shows a folder that does not exist, and saves a valid change to data.json', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const tab = started.stub.settingTabs[0];
		tab?.display();
		const root = tab?.containerEl as HTMLElement;
		expect(field(root, 'Inbox folder').message).toBe('');
		expect(field(root, 'Sessions folder').message).toBe('Folder "AI/sessions" does not exist in this vault.');
		const inbox = field(root, 'Inbox folder').input;
		inbox.value = 'Notes/';
		inbox.dispatchEvent(new Event('input'));
		inbox.dispatchEvent(new Event('change'));
		await internals(started.plugin).sync.whenBuilt();
		await settle(started.app);
		expect((readJson(path.join(started.pluginDir, 'data.json')) as { inboxFolder: string }).inboxFolder).toBe('Notes');
		expect(internals(started.plugin).service.brief().items.inbox?.paths).toContain('Notes/Plain.md');
	});

	it('refuses an invalid tag name or number and keeps the old value', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const tab = started.stub.settingTabs[0];
		tab?.display();
		const root = tab?.containerEl as HTMLElement;
		const tag = field(root, 'Needs review tag').input;
		tag.value = 'two words';
		tag.dispatchEvent(new Event('input'));
		tag.dispatchEvent(new Event('change'));
		expect(field(root, 'Needs review tag').message).toBe('Not a valid tag name.');
		const max = field(root, 'Names per item').input;
		max.value = '-3';
		max.dispatchEvent(new Event('change'));
		await settle(started.app);
		const data = readJson(path.join(started.pluginDir, 'data.json')) as { tags: { needsReview: string }; maxNamesPerItem: number };
		expect(data.tags.needsReview).toBe('needs-review');
		expect(data.maxNamesPerItem).toBe(5);
	});
});

describe('lifecycle', () => {
	it('removes every listener on unload and leaves the cache marked pending', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		await internals(started.plugin).writer.flush();
		expect(app.metadataCache.listenerCount('changed')).toBe(1);
		started.plugin.unload();
		await internals(started.plugin).writer.idle();
		for (const name of ['changed', 'resolved']) expect(app.metadataCache.listenerCount(name)).toBe(0);
		for (const name of ['create', 'modify', 'delete', 'rename']) expect(app.vault.listenerCount(name)).toBe(0);
		const cache = readJson(path.join(started.pluginDir, 'brief-cache.json')) as { plugin: { pending: boolean } };
		expect(cache.plugin.pending).toBe(true);
	});

	it('writes the cache into a renamed config folder', async () => {
		started = await startPlugin(tempVault(FIXTURE, '.config-obs'), { configDir: '.config-obs' });
		await internals(started.plugin).writer.flush();
		expect(readJson(path.join(started.base, '.config-obs', 'plugins', 'session-brief', 'brief-cache.json'))).toMatchObject({ writer: 'plugin' });
	});
});
