/**
 * Where this plugin lives in the vault. Obsidian tells the plugin its folder (`manifest.dir`); it is
 * `<configDir>/plugins/<id>` only when the folder is named after the id, which a hand install or a
 * renamed folder does not guarantee. `data.json` is always in `manifest.dir`, so the cache files and
 * the live channel's discovery file go there too, and the bridge learns the folder from `install`.
 */
import { normalizePath, type App, type PluginManifest } from 'obsidian';

/** The folder the bridge looks in unless `install` recorded another one. */
export function defaultPluginFolder(app: App, id: string): string {
	return normalizePath(`${app.vault.configDir}/plugins/${id}`);
}

/** The plugin's folder, vault-relative: `manifest.dir`, or the default when Obsidian did not set it. */
export function pluginFolder(app: App, manifest: PluginManifest): string {
	const dir = manifest.dir;
	return typeof dir === 'string' && dir !== '' ? normalizePath(dir) : defaultPluginFolder(app, manifest.id);
}

/** The folder when it is not the default one (the settings tab says so); null when it is. */
export function unusualPluginFolder(app: App, manifest: PluginManifest): string | null {
	const folder = pluginFolder(app, manifest);
	return folder === defaultPluginFolder(app, manifest.id) ? null : folder;
}
