/** The Write guard's toggle in the settings tab: off by default, saved to data.json, which the hook reads. */
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE } from '../fixture';
import { readJson, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('settings tab: Protect session files from overwriting', () => {
	it('is off by default, sits under the sessions folder, and a click saves writeGuard: true', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		expect(started.plugin.settings.writeGuard).toBe(false);
		const tab = started.stub.settingTabs[0];
		tab?.display();
		const root = tab?.containerEl as HTMLElement;
		const names = Array.from(root.querySelectorAll('.setting-item:not(.setting-item-heading) .setting-item-name')).map((e) => e.textContent);
		expect(names.indexOf('Protect session files from overwriting')).toBe(names.indexOf('Sessions folder') + 1);
		const row = Array.from(root.querySelectorAll('.setting-item')).find((s) => s.querySelector('.setting-item-name')?.textContent === 'Protect session files from overwriting');
		const toggle = row?.querySelector<HTMLElement>('.checkbox-container');
		if (toggle === null || toggle === undefined) throw new Error('no toggle');
		expect(toggle.hasClass('is-enabled')).toBe(false);
		toggle.click();
		await settle(started.app);
		expect((readJson(path.join(started.pluginDir, 'data.json')) as { writeGuard: boolean }).writeGuard).toBe(true);
		expect(started.plugin.settings.writeGuard).toBe(true);
	});
});
