import { Plugin } from 'obsidian';
import type { Settings } from './src/core/settings';
import { loadSettings, saveSettings } from './src/plugin/settings-store';

export default class SessionBriefPlugin extends Plugin {
	settings!: Settings;

	async onload(): Promise<void> {
		this.settings = await loadSettings(this);
		// Writing the resolved settings back gives the bridge a complete data.json to read.
		await saveSettings(this, this.settings);
	}
}
