/** Loads and saves the plugin's settings (`data.json`) through the core's single resolver. */
import type { Plugin } from 'obsidian';
import { resolveSettings, type Settings } from '../../core/settings';

export async function loadSettings(plugin: Plugin): Promise<Settings> {
	return resolveSettings(await plugin.loadData());
}

/**
 * The settings at start, and whether this is a first run: no `data.json` yet. A stored file keeps
 * every value it holds (the desktop plugin writes every key); a new install starts from the defaults.
 */
export async function loadStartSettings(plugin: Plugin): Promise<{ settings: Settings; firstRun: boolean; stored: unknown }> {
	const data: unknown = await plugin.loadData();
	const firstRun = data === null || data === undefined;
	return { settings: resolveSettings(data), firstRun, stored: data };
}

/** Whether `data.json` as read already holds exactly these settings (then it is not written again). */
export function storedAsIs(stored: unknown, settings: Settings): boolean {
	return JSON.stringify(stored) === JSON.stringify(settings);
}

export async function saveSettings(plugin: Plugin, settings: Settings): Promise<void> {
	await plugin.saveData(settings);
}
