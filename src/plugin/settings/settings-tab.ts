/**
 * The settings tab, as setting definitions (Obsidian 1.13's settings search) and the same rows for
 * earlier versions. Text fields commit on blur or Enter, since a folder change rebuilds the index;
 * on mobile the desktop-only rows are left out, their values kept for the desktop.
 */
import { Platform, PluginSettingTab, Setting, type App, type Plugin, type SettingDefinitionItem, type TextComponent } from 'obsidian';
import { LANGUAGE_NAMES, type Lang } from '../../core/i18n';
import { effectiveRuleScope, cleanFolder, TAG_KEYS, tagLabel, type Language, type Settings, type TagNames } from '../../core/settings';
import { frontmatterTagValue } from '../../core/notes/tags';
import { dailyNotePath } from '../../core/brief/daily-note';
import { defaultPluginFolder, unusualPluginFolder } from '../index/plugin-folder';
import { SETTINGS_TEXT, type RowText, type SettingsStrings } from './settings-strings';
import { SETUP_TEXT, type SetupStrings } from './setup-strings';

/** A field's message: `error` blocks saving; a missing folder is only a `warning` (it may come later). */
export interface Note {
	text: string;
	level: 'info' | 'warning' | 'error';
}

const error = (text: string): Note => ({ text, level: 'error' });

export interface SettingsHost extends Plugin {
	settings: Settings;
	updateSettings(next: Settings): Promise<void>;
	obsidianDailyNoteSettings(): { folder: string; format: string };
	openSetup(): Promise<void>;
}

/** One setting row: its name and description (also what Obsidian's settings search finds) and its controls. */
interface Row {
	name: string;
	desc: string;
	build: (setting: Setting) => unknown;
}

interface Group {
	heading?: string;
	rows: Row[];
}

function row(text: RowText, build: (setting: Setting) => unknown): Row {
	return { ...text, build };
}

function lines(value: string): string[] {
	return value
		.split(/\r?\n|,/)
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

export class SessionBriefSettingTab extends PluginSettingTab {
	constructor(
		app: App,
		private readonly host: SettingsHost,
		/** The interface language (the `language` setting, or Obsidian's when automatic). */
		private readonly lang: () => Lang,
	) {
		super(app, host);
	}

	private get t(): SettingsStrings {
		return SETTINGS_TEXT[this.lang()];
	}

	private get setupText(): SetupStrings {
		return SETUP_TEXT[this.lang()];
	}

	private get settings(): Settings {
		return this.host.settings;
	}

	private save(patch: Partial<Settings>): Promise<void> {
		return this.host.updateSettings({ ...this.settings, ...patch });
	}

	/** Live message under a field; `null` clears it. */
	private message(setting: Setting): (note: Note | null) => void {
		const el = setting.descEl.createDiv({ cls: 'session-brief-validation' });
		return (note) => {
			el.setText(note?.text ?? '');
			el.toggleClass('mod-warning', note !== null && note.level !== 'info');
			el.dataset.level = note?.level ?? '';
		};
	}

	/** A text field that validates as typed and commits on change (blur or Enter), unless invalid. */
	private textField(setting: Setting, value: string, placeholder: string, validate: (v: string) => Note | null, commit: (v: string) => Promise<void>): TextComponent {
		const show = this.message(setting);
		let field!: TextComponent;
		setting.addText((text) => {
			field = text;
			text.setPlaceholder(placeholder).setValue(value);
			text.onChange((v) => show(validate(v)));
			text.inputEl.addEventListener('change', () => {
				const note = validate(text.getValue());
				show(note);
				if (note?.level !== 'error') void commit(text.getValue());
			});
		});
		show(validate(value));
		return field;
	}

	private folderProblem(value: string): Note | null {
		const folder = cleanFolder(value);
		if (folder === '' || this.app.vault.getFolderByPath(folder) !== null) return null;
		return { text: this.t.folderMissing(folder), level: 'warning' };
	}

	private folderRow(key: 'inboxFolder' | 'rulesFolder' | 'sessionsFolder'): Row {
		return row(this.t[key], (setting) => {
			// Placeholders here and below are values (the default folder, a checker's output), not texts to translate.
			this.textField(setting, this.settings[key], key === 'inboxFolder' ? 'Inbox' : '', (v) => this.folderProblem(v), (v) => this.save({ [key]: cleanFolder(v) }));
		});
	}

	private tagRow(key: keyof TagNames): Row {
		const t = this.t;
		return row({ name: tagLabel(key)[this.lang()], desc: t.tagDesc }, (setting) => {
			this.textField(
			setting,
			this.settings.tags[key],
			'',
			(v) => (frontmatterTagValue(v.trim()) === null ? error(t.invalidTag) : null),
			(v) => this.save({ tags: { ...this.settings.tags, [key]: v.trim().replace(/^#/, '') } }),
			);
		});
	}

	/**
	 * Every setting, in groups. Obsidian 1.13 and later renders the tab from these definitions
	 * (which also puts the settings into its settings search) and no longer calls `display()`;
	 * earlier versions never call this method and use `display()`, which draws the same rows.
	 */
	getSettingDefinitions(): SettingDefinitionItem[] {
		return this.groups().map((g) => ({
			type: 'group',
			heading: g.heading,
			items: g.rows.map((r) => ({
				name: r.name,
				desc: r.desc,
				render: (setting: Setting) => {
					setting.setName(r.name).setDesc(r.desc);
					r.build(setting);
				},
			})),
		}));
	}

	/** Obsidian before 1.13: the same rows, drawn by hand. */
	display(): void {
		this.draw();
	}

	private draw(): void {
		const el = this.containerEl;
		el.empty();
		for (const g of this.groups()) {
			if (g.heading !== undefined) new Setting(el).setName(g.heading).setHeading();
			for (const r of g.rows) r.build(new Setting(el).setName(r.name).setDesc(r.desc));
		}
	}

	/**
	 * Names and descriptions are fixed when the groups are built; every value is read when a row is
	 * drawn, because Obsidian 1.13 keeps the definitions and draws them again when the tab reopens.
	 */
	private groups(): Group[] {
		const t = this.t;
		const obsidian = (): { folder: string; format: string } => this.host.obsidianDailyNoteSettings();
		const groups: Group[] = [];
		const folder = Platform.isDesktopApp ? this.pluginFolderRow() : null;
		const setup = row({ name: this.setupText.rowName, desc: this.setupText.rowDesc }, (setting) =>
			setting.addButton((b) => b.setButtonText(this.setupText.rowButton).onClick(() => void this.host.openSetup())),
		);
		if (folder !== null) groups.push({ rows: [folder] });
		groups.push({
			heading: t.headings.folders,
			rows: [
				setup,
				this.folderRow('inboxFolder'),
				this.folderRow('rulesFolder'),
				this.folderRow('sessionsFolder'),
				...(Platform.isDesktopApp ? [this.writeGuardRow()] : []),
				row(t.excludedRootFolders, (setting) =>
					this.textField(
						setting,
						this.settings.excludedRootFolders.join(', '),
						'Templates, Archive',
						(v) => {
							const missing = lines(v).map(cleanFolder).filter((f) => this.app.vault.getFolderByPath(f) === null);
							return missing.length === 0 ? null : { text: t.notInVault(missing.join(', ')), level: 'warning' };
						},
						(v) => this.save({ excludedRootFolders: lines(v).map(cleanFolder) }),
					),
				),
			],
		});
		groups.push({
			heading: t.headings.dailyNote,
			rows: [
				row(t.dailyNoteFolder, (setting) =>
					this.textField(setting, this.settings.dailyNoteFolder, obsidian().folder, (v) => this.folderProblem(v), (v) => this.save({ dailyNoteFolder: cleanFolder(v) })),
				),
				row(t.dailyNoteFormat, (setting) =>
					this.textField(
						setting,
						this.settings.dailyNoteFormat,
						obsidian().format,
						(v) => ({ text: t.today(dailyNotePath({ folder: cleanFolder(this.settings.dailyNoteFolder) || obsidian().folder, format: v.trim() || obsidian().format }, new Date())), level: 'info' }),
						(v) => this.save({ dailyNoteFormat: v.trim() }),
					),
				),
			],
		});
		groups.push({
			heading: t.headings.tags,
			rows: TAG_KEYS.map((k) => this.tagRow(k)),
		});
		groups.push({
			heading: t.headings.brief,
			rows: [
				row(t.namesPerItem, (setting) =>
					this.textField(
						setting,
						String(this.settings.maxNamesPerItem),
						'5',
						(v) => (/^\d+$/.test(v.trim()) && Number(v) <= 1000 ? null : error(t.wholeNumber)),
						(v) => this.save({ maxNamesPerItem: Number(v.trim()) }),
					),
				),
				row(t.language, (setting) =>
					setting.addDropdown((d) =>
						d
							.addOptions({ auto: t.language.automatic, ...LANGUAGE_NAMES })
							.setValue(this.settings.language)
							.onChange((v) => void this.save({ language: v as Language }).then(() => this.redraw())),
					),
				),
				row({ name: t.statusBar, desc: '' }, (setting) => setting.addToggle((toggle) => toggle.setValue(this.settings.showStatusBar).onChange((v) => void this.save({ showStatusBar: v })))),
				...(Platform.isDesktopApp ? [this.liveChannelRow()] : []),
			],
		});
		groups.push({ heading: t.headings.ruleCheck, rows: this.ruleCheckRows() });
		return groups;
	}

	/**
	 * After a language change: Obsidian 1.13 and later (which keep the definitions in `settingItems`,
	 * filled by `update()` when the tab is added) re-read and redraw them with `update()`, also for
	 * their settings search; earlier versions have neither and get the rows drawn again.
	 */
	private redraw(): void {
		const tab = this as { update?: () => void; settingItems?: unknown };
		if (typeof tab.update === 'function' && Array.isArray(tab.settingItems)) tab.update();
		else this.draw();
	}

	private liveChannelRow(): Row {
		return row(this.t.liveChannel, (setting) =>
			setting.addToggle((t) => t.setValue(this.settings.liveChannel).onChange((v) => void this.save({ liveChannel: v }))),
		);
	}

	/** The hook that reads this runs on the desktop, beside the agent. */
	private writeGuardRow(): Row {
		return row(
			this.t.writeGuard,
			(setting) => setting.addToggle((t) => t.setValue(this.settings.writeGuard).onChange((v) => void this.save({ writeGuard: v }))),
		);
	}

	/** Shown only when Obsidian loaded the plugin from a folder not named after its id. */
	private pluginFolderRow(): Row | null {
		const folder = unusualPluginFolder(this.app, this.host.manifest);
		if (folder === null) return null;
		const expected = defaultPluginFolder(this.app, this.host.manifest.id);
		const lang = this.lang();
		const text = SETTINGS_TEXT[lang].pluginFolder;
		return row({ name: text.name, desc: text.desc(folder, expected) }, (setting) => setting.setClass('session-brief-plugin-folder'));
	}

	private ruleCheckRows(): Row[] {
		const t = this.t;
		const ext = (): Settings['externalCheck'] => this.settings.externalCheck;
		const external = (patch: Partial<NonNullable<Settings['externalCheck']>>): Promise<void> => {
			const base = this.settings.externalCheck ?? { command: '', args: [], cleanLine: '', alarmPattern: '' };
			const next = { ...base, ...patch };
			return this.save({ externalCheck: next.command.trim() === '' ? null : next });
		};
		const scope = [
			row(t.ruleScope, (setting) =>
				setting.addTextArea((t) => {
					const s = this.settings;
					t.setPlaceholder(effectiveRuleScope({ ...s, ruleScope: [] }).join('\n')).setValue(s.ruleScope.join('\n'));
					t.inputEl.rows = 4;
					t.inputEl.addEventListener('change', () => void this.save({ ruleScope: t.getValue().split(/\r?\n/).map((v) => v.trim()).filter((v) => v !== '') }));
				}),
			),
		];
		// The external checker is a process: desktop only.
		if (!Platform.isDesktopApp) return scope;
		return [
			...scope,
			row(t.externalCommand, (setting) =>
				this.textField(setting, ext()?.command ?? '', 'python3', () => null, (v) => external({ command: v.trim() })),
			),
			row(t.externalArgs, (setting) =>
				this.textField(setting, (ext()?.args ?? []).join(', '), '', () => null, (v) => external({ args: lines(v) })),
			),
			row(t.cleanLine, (setting) =>
				this.textField(setting, ext()?.cleanLine ?? '', 'All checks passed.', () => null, (v) => external({ cleanLine: v })),
			),
			row(t.alarmPattern, (setting) =>
				this.textField(
					setting,
					ext()?.alarmPattern ?? '',
					'FAIL|ERROR',
					(v) => {
						try {
							new RegExp(v);
							return null;
						} catch {
							return error(t.invalidPattern);
						}
					},
					(v) => external({ alarmPattern: v }),
				),
			),
		];
	}
}
