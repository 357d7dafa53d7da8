/**
 * Plugin settings. The plugin stores them in its `data.json`; the bridge reads the same
 * file, so both front ends go through `resolveSettings` and agree on every default.
 * `DEFAULT_SETTINGS` is the one table of defaults: a key missing from `data.json`, the bridge and
 * the Claude Code plugin without any `data.json`, and the plugin's first run all start from it.
 */
import { FLAG_SPECS, type TagKey } from './notes/flag-table';
import { isLang, type PerLang } from './i18n';

export type Language = 'auto' | 'en' | 'de';

export type { TagKey };

/** The tag settings, in the order the settings tab shows them (the flags set by a tag, flag-table.ts): every list of tag names is made from it. */
export const TAG_KEYS: readonly TagKey[] = FLAG_SPECS.filter((s) => s.tag !== undefined).map((s) => s.flag as TagKey);

/** The settings tab's label of a tag setting, in each language. */
export function tagLabel(key: TagKey): PerLang<string> {
	const spec = FLAG_SPECS.find((s) => s.flag === key);
	return spec?.tag?.label ?? { en: key, de: key };
}

export type TagNames = Record<TagKey, string>;

/** The tag names, in `TAG_KEYS` order. */
export function tagNameList(tags: TagNames): string[] {
	return TAG_KEYS.map((k) => tags[k]);
}

export interface ExternalCheck {
	command: string;
	args: string[];
	cleanLine: string;
	alarmPattern: string;
}

export interface Settings {
	inboxFolder: string;
	rulesFolder: string;
	sessionsFolder: string;
	/** Empty = take Obsidian's Daily notes settings. */
	dailyNoteFolder: string;
	dailyNoteFormat: string;
	tags: TagNames;
	excludedRootFolders: string[];
	/** Empty = the default scope derived from `rulesFolder`. */
	ruleScope: string[];
	maxNamesPerItem: number;
	language: Language;
	liveChannel: boolean;
	showStatusBar: boolean;
	externalCheck: ExternalCheck | null;
	/** Refuse an agent's Write over an existing file in the sessions folder (src/core/fence/write-guard.ts). */
	writeGuard: boolean;
}

/** Neutral values that fit any vault; docs/settings.md's table shows them (tests/core/default-settings.test.ts). */
export const DEFAULT_SETTINGS: Settings = {
	inboxFolder: 'Inbox',
	rulesFolder: 'Rules',
	sessionsFolder: 'AI/sessions',
	dailyNoteFolder: '',
	dailyNoteFormat: '',
	tags: Object.fromEntries(TAG_KEYS.map((k) => [k, FLAG_SPECS.find((s) => s.flag === k)?.tag?.default ?? ''])) as TagNames,
	excludedRootFolders: [],
	ruleScope: [],
	maxNamesPerItem: 5,
	language: 'auto',
	liveChannel: true,
	showStatusBar: true,
	externalCheck: null,
	writeGuard: false,
};

/** Obsidian's Daily notes core plugin settings (`<configDir>/daily-notes.json`). */
export interface DailyNoteSettings {
	folder: string;
	format: string;
}

/**
 * What an `externalCheck` without `args`, `cleanLine` or `alarmPattern` means. Empty: no checker's
 * wording is assumed, so its exit code alone says whether it passed and no line counts as an alarm.
 */
export const DEFAULT_EXTERNAL_CHECK: Omit<ExternalCheck, 'command'> = { args: [], cleanLine: '', alarmPattern: '' };

export const DEFAULT_DAILY_NOTE_FORMAT = 'YYYY-MM-DD';

/** A folder setting as a vault-relative path without leading/trailing slashes. */
export function cleanFolder(value: string): string {
	return value
		.replace(/\\/g, '/')
		.split('/')
		.filter((part) => part !== '' && part !== '.')
		.join('/');
}

function str(value: unknown, fallback: string): string {
	return typeof value === 'string' ? value : fallback;
}

function folder(value: unknown, fallback: string): string {
	return typeof value === 'string' ? cleanFolder(value) : fallback;
}

function tagName(value: unknown, fallback: string): string {
	if (typeof value !== 'string') return fallback;
	const name = value.trim().replace(/^#+/, '');
	return name === '' ? fallback : name;
}

function stringList(value: unknown, fallback: string[]): string[] {
	if (!Array.isArray(value)) return fallback;
	return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/**
 * Reads settings from whatever `data.json` holds. Unknown keys are ignored and every key of the
 * wrong type falls back to its default, so a hand-edited file can never break the hook.
 */
export function resolveSettings(raw: unknown): Settings {
	const d = DEFAULT_SETTINGS;
	const r = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
	const t = (r.tags !== null && typeof r.tags === 'object' ? r.tags : {}) as Record<string, unknown>;
	const max = r.maxNamesPerItem;
	const lang = r.language;
	return {
		inboxFolder: folder(r.inboxFolder, d.inboxFolder),
		rulesFolder: folder(r.rulesFolder, d.rulesFolder),
		sessionsFolder: folder(r.sessionsFolder, d.sessionsFolder),
		dailyNoteFolder: folder(r.dailyNoteFolder, d.dailyNoteFolder),
		dailyNoteFormat: str(r.dailyNoteFormat, d.dailyNoteFormat).trim(),
		tags: Object.fromEntries(TAG_KEYS.map((k) => [k, tagName(t[k], d.tags[k])])) as TagNames,
		excludedRootFolders: stringList(r.excludedRootFolders, d.excludedRootFolders).map(cleanFolder),
		ruleScope: stringList(r.ruleScope, d.ruleScope),
		maxNamesPerItem:
			typeof max === 'number' && Number.isInteger(max) && max >= 0 && max <= 1000 ? max : d.maxNamesPerItem,
		language: isLang(lang) || lang === 'auto' ? lang : d.language,
		liveChannel: typeof r.liveChannel === 'boolean' ? r.liveChannel : d.liveChannel,
		showStatusBar: typeof r.showStatusBar === 'boolean' ? r.showStatusBar : d.showStatusBar,
		externalCheck: resolveExternalCheck(r.externalCheck),
		writeGuard: r.writeGuard === true,
	};
}

function resolveExternalCheck(raw: unknown): ExternalCheck | null {
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
	const r = raw as Record<string, unknown>;
	if (typeof r.command !== 'string' || r.command.trim() === '') return null;
	return {
		command: r.command,
		args: stringList(r.args, DEFAULT_EXTERNAL_CHECK.args),
		cleanLine: str(r.cleanLine, DEFAULT_EXTERNAL_CHECK.cleanLine),
		alarmPattern: str(r.alarmPattern, DEFAULT_EXTERNAL_CHECK.alarmPattern),
	};
}

/** Settings from `daily-notes.json`; keys are absent when the user left them at their default. */
export function resolveDailyNoteSettings(raw: unknown): DailyNoteSettings {
	const r = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
	const format = typeof r.format === 'string' && r.format.trim() !== '' ? r.format.trim() : DEFAULT_DAILY_NOTE_FORMAT;
	return { folder: folder(r.folder, ''), format };
}

/** Each of the plugin's own daily-note keys, when set, wins over Obsidian's Daily notes settings. */
export function effectiveDailyNote(settings: Settings, obsidian: DailyNoteSettings): DailyNoteSettings {
	return {
		folder: settings.dailyNoteFolder !== '' ? settings.dailyNoteFolder : obsidian.folder,
		format: settings.dailyNoteFormat !== '' ? settings.dailyNoteFormat : obsidian.format,
	};
}

/** The rule scope with `<rulesFolder>` filled in. */
export function effectiveRuleScope(settings: Settings): string[] {
	if (settings.ruleScope.length > 0) return settings.ruleScope;
	return ['CLAUDE.md', `${settings.rulesFolder}/**`, '.claude/agents/**', '.claude/skills/**'];
}
