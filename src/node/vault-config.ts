/**
 * Where the vault is and how it is configured, as the bridge sees it from outside Obsidian:
 * the root (two folders above the script, or `--vault`), the config folder (not always
 * `.obsidian`), the plugin's `data.json` and Obsidian's Daily notes settings.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { settingsKey } from '../core/brief/cache-key';
import { resolveLanguage, type Lang } from '../core/i18n';
import { inspectStateFile, readStateText } from './state-file';
import { hooksFolder, MANIFEST_NAME, SETTINGS_FILE } from './state-registry';
import { proposeSetup } from '../core/first-run';
import { topLevelFacts } from './top-level-facts';
import {
	effectiveDailyNote,
	resolveDailyNoteSettings,
	resolveSettings,
	type DailyNoteSettings,
	type Settings,
} from '../core/settings';

export const PLUGIN_ID = 'session-brief';

export interface VaultContext {
	root: string;
	/** Config folder name relative to the root (e.g. `.obsidian`), or null when none was found. */
	configDir: string | null;
	/** Absolute path of the plugin's folder, or null without a config folder. */
	pluginDir: string | null;
	settings: Settings;
	dailyNote: DailyNoteSettings;
	/** The language from settings and the system locale; a plugin-written cache may refine `auto`. */
	lang: Lang;
	key: string;
	/** Problems reading the configuration; reported, never fatal. */
	warnings: string[];
}

/**
 * The vault an installed copy of the bridge sits in: `<vault>/.claude/hooks/session-brief.cjs`, or
 * inside `<vault>/.claude/hooks/session-brief/`. Null for a copy anywhere else (a clone, a download),
 * which must be told `--vault`. The hook input's `cwd` is never used: a session may start in any
 * folder (docs/design.md, "Where the vault is").
 */
export function defaultVaultRoot(scriptPath: string): string | null {
	let dir = path.dirname(path.resolve(scriptPath));
	if (path.basename(dir) === 'session-brief') dir = path.dirname(dir);
	if (path.basename(dir) !== 'hooks' || path.basename(path.dirname(dir)) !== '.claude') return null;
	return path.dirname(path.dirname(dir));
}

/** Settings files are small; a larger one is not a settings file. */
const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

/**
 * A settings file of the vault, through the state-file module: a link, FIFO or folder planted in
 * its place is never followed or opened (src/node/state-file.ts), only reported.
 */
function readJson(root: string, file: string, warnings: string[]): unknown {
	const text = readStateText(root, file, MAX_SETTINGS_BYTES);
	if (text === null) {
		const entry = inspectStateFile(root, file);
		if (entry.kind === 'damaged') warnings.push(`cannot read ${file}: it ${entry.reason}; using defaults`);
		else if (entry.kind === 'file') warnings.push(`cannot read ${file}: larger than ${MAX_SETTINGS_BYTES} bytes; using defaults`);
		return undefined;
	}
	try {
		return JSON.parse(text) as unknown;
	} catch {
		warnings.push(`${file} is not valid JSON; using defaults`);
		return undefined;
	}
}

function isDir(p: string): boolean {
	try {
		return fs.statSync(p).isDirectory();
	} catch {
		return false;
	}
}

/** What `install` recorded in `.claude/hooks/session-brief.json` about where things are. */
interface Recorded {
	configDir?: unknown;
	pluginDir?: unknown;
}

function readRecorded(root: string, warnings: string[]): Recorded | undefined {
	return readJson(root, path.join(hooksFolder(root), MANIFEST_NAME), warnings) as Recorded | undefined;
}

/**
 * The config folder: `--config-dir`, else the one `install` recorded in
 * `.claude/hooks/session-brief.json`, else `.obsidian`, else the first dot folder at the root
 * that looks like one (holds `app.json` or `plugins/`).
 */
export function findConfigDir(root: string, explicit: string | undefined, warnings: string[], recorded = readRecorded(root, warnings)): string | null {
	if (explicit !== undefined) return explicit;
	// The record is a file anyone can edit: only one folder name directly under the root counts.
	if (recorded !== undefined && isFolderName(recorded.configDir) && isDir(path.join(root, recorded.configDir))) return recorded.configDir;
	if (isDir(path.join(root, '.obsidian'))) return '.obsidian';
	let names: string[] = [];
	try {
		names = fs.readdirSync(root).filter((n) => n.startsWith('.') && n !== '.git' && n !== '.claude').sort();
	} catch {
		return null;
	}
	for (const name of names) {
		const dir = path.join(root, name);
		if (fs.existsSync(path.join(dir, 'app.json')) || isDir(path.join(dir, 'plugins'))) return name;
	}
	return null;
}

/** One folder name, as Obsidian's config folder is: no separator, not `.` or `..`. */
export function isFolderName(v: unknown): v is string {
	return typeof v === 'string' && v !== '' && v !== '.' && v !== '..' && !/[\\/\0]/.test(v);
}

export function systemLocale(env: NodeJS.ProcessEnv): string | undefined {
	return env.LC_ALL || env.LC_MESSAGES || env.LANG || undefined;
}

/**
 * The plugin's folder: the one the plugin reported at install (Obsidian's `manifest.dir`, recorded
 * only when it is not the default) while it exists, else `<configDir>/plugins/session-brief`.
 */
export function findPluginDir(root: string, configDir: string | null, recorded: Recorded | undefined): string | null {
	const dir = recorded?.pluginDir;
	// Only a folder inside the vault: the record is a file anyone can edit.
	const inside = typeof dir === 'string' && dir !== '' && !path.isAbsolute(dir) && !dir.split(/[\\/]/).includes('..');
	if (inside && isDir(path.join(root, dir))) return path.join(root, dir);
	return configDir === null ? null : path.join(root, configDir, 'plugins', PLUGIN_ID);
}

/**
 * Without a `data.json` (no plugin, or the Claude Code plugin alone): what the plugin's first-run
 * setup would propose, from the vault's top level (src/node/top-level-facts.ts), over the defaults.
 */
export function setupDefaults(root: string): Partial<Settings> {
	const { rulesFolder, sessionsFolder, ruleScope } = proposeSetup(topLevelFacts(root));
	return { rulesFolder, sessionsFolder, ruleScope };
}

export function loadVaultContext(root: string, options: { configDir?: string; env: NodeJS.ProcessEnv; locale?: string }): VaultContext {
	const warnings: string[] = [];
	const recorded = readRecorded(root, warnings);
	const configDir = findConfigDir(root, options.configDir, warnings, recorded);
	const pluginDir = findPluginDir(root, configDir, recorded);
	const stored = pluginDir === null ? undefined : readJson(root, path.join(pluginDir, SETTINGS_FILE), warnings);
	const settings = resolveSettings(stored === undefined ? setupDefaults(root) : stored);
	const obsidianDaily = resolveDailyNoteSettings(configDir === null ? undefined : readJson(root, path.join(root, configDir, 'daily-notes.json'), warnings));
	const dailyNote = effectiveDailyNote(settings, obsidianDaily);
	const lang = resolveLanguage(settings.language, options.locale ?? systemLocale(options.env));
	return { root, configDir, pluginDir, settings, dailyNote, lang, key: settingsKey(settings, dailyNote), warnings };
}
