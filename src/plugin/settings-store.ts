/** Loads and saves the plugin's settings (`data.json`) through the core's single resolver. */
import type { Plugin } from 'obsidian';
import { resolveSettings, type Settings } from '../core/settings';

export async function loadSettings(plugin: Plugin): Promise<Settings> {
	return resolveSettings(await plugin.loadData());
}

export async function saveSettings(plugin: Plugin, settings: Settings): Promise<void> {
	await plugin.saveData(settings);
}
