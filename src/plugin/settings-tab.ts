/**
 * The settings tab: every setting, grouped under headings, as setting definitions (Obsidian 1.13's
 * settings search) with the same rows drawn by `display()` for earlier versions. Text fields are committed when
 * the field loses focus or Enter is pressed (a folder change rebuilds the index, which should not
 * happen per keystroke); what a field holds is validated as it is typed. On mobile the rows of the
 * desktop-only parts (live channel, external checker, plugin folder for the hook) are left out; their
 * values stay in the settings for the desktop.
 */
import { Platform, PluginSettingTab, Setting, type App, type Plugin, type SettingDefinitionItem, type TextComponent } from 'obsidian';
import { effectiveRuleScope, cleanFolder, type Language, type Settings, type TagNames } from '../core/settings';
import { frontmatterTagValue } from '../core/tags';
import { dailyNotePath } from '../core/daily-note';
import { defaultPluginFolder, unusualPluginFolder } from './plugin-folder';

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

function row(name: string, desc: string, build: (setting: Setting) => unknown): Row {
	return { name, desc, build };
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
	) {
		super(app, host);
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
		return { text: `Folder "${folder}" does not exist in this vault.`, level: 'warning' };
	}

	private folderRow(name: string, desc: string, key: 'inboxFolder' | 'rulesFolder' | 'sessionsFolder'): Row {
		return row(name, desc, (setting) => {
			this.textField(setting, this.settings[key], key === 'inboxFolder' ? 'Inbox' : '', (v) => this.folderProblem(v), (v) => this.save({ [key]: cleanFolder(v) }));
		});
	}

	private tagRow(name: string, key: keyof TagNames): Row {
		return row(name, 'Without #, compared case-insensitively.', (setting) => {
			this.textField(
			setting,
			this.settings.tags[key],
			'',
			(v) => (frontmatterTagValue(v.trim()) === null ? error('Not a valid tag name.') : null),
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
		const el = this.containerEl;
		el.empty();
		for (const g of this.groups()) {
			if (g.heading !== undefined) new Setting(el).setName(g.heading).setHeading();
			for (const r of g.rows) r.build(new Setting(el).setName(r.name).setDesc(r.desc));
		}
	}

	private groups(): Group[] {
		const s = this.settings;
		const obsidian = this.host.obsidianDailyNoteSettings();
		const groups: Group[] = [];
		const folder = Platform.isDesktopApp ? this.pluginFolderRow() : null;
		if (folder !== null) groups.push({ rows: [folder] });
		groups.push({
			heading: 'Folders',
			rows: [
				this.folderRow('Inbox folder', 'Notes in this folder (and below) that are not daily notes count as unprocessed.', 'inboxFolder'),
				this.folderRow('Rules folder', 'The rule set: notes here flagged pending review are listed, and edits here trigger the rule check.', 'rulesFolder'),
				this.folderRow('Sessions folder', 'Where session log notes live; today\'s are listed so an agent picks a new name.', 'sessionsFolder'),
				...(Platform.isDesktopApp ? [this.writeGuardRow()] : []),
				row('Excluded root folders', 'Folders directly under the vault root that no item looks into, separated by commas.', (setting) =>
					this.textField(
						setting,
						s.excludedRootFolders.join(', '),
						'Import, _index',
						(v) => {
							const missing = lines(v).map(cleanFolder).filter((f) => this.app.vault.getFolderByPath(f) === null);
							return missing.length === 0 ? null : { text: `Not in this vault: ${missing.join(', ')}`, level: 'warning' };
						},
						(v) => this.save({ excludedRootFolders: lines(v).map(cleanFolder) }),
					),
				),
			],
		});
		groups.push({
			heading: 'Daily note',
			rows: [
				row('Daily note folder', 'Leave empty to use the folder of Obsidian\'s daily notes plugin.', (setting) =>
					this.textField(setting, s.dailyNoteFolder, obsidian.folder, (v) => this.folderProblem(v), (v) => this.save({ dailyNoteFolder: cleanFolder(v) })),
				),
				row('Daily note format', 'A moment.js format; leave empty to use the one of Obsidian\'s daily notes plugin.', (setting) =>
					this.textField(
						setting,
						s.dailyNoteFormat,
						obsidian.format,
						(v) => ({ text: `Today: ${dailyNotePath({ folder: cleanFolder(s.dailyNoteFolder) || obsidian.folder, format: v.trim() || obsidian.format }, new Date())}`, level: 'info' }),
						(v) => this.save({ dailyNoteFormat: v.trim() }),
					),
				),
			],
		});
		groups.push({
			heading: 'Tags',
			rows: [this.tagRow('Needs review tag', 'needsReview'), this.tagRow('Review tag', 'review'), this.tagRow('Review done tag', 'reviewDone'), this.tagRow('Pending review tag', 'pendingReview')],
		});
		groups.push({
			heading: 'Brief',
			rows: [
				row('Names per item', 'How many note names each item lists in the text brief; the rest is only counted.', (setting) =>
					this.textField(
						setting,
						String(s.maxNamesPerItem),
						'5',
						(v) => (/^\d+$/.test(v.trim()) && Number(v) <= 1000 ? null : error('A whole number from 0 to 1000.')),
						(v) => this.save({ maxNamesPerItem: Number(v.trim()) }),
					),
				),
				row('Language', 'Language of the brief and this plugin\'s texts; automatic follows Obsidian.', (setting) =>
					setting.addDropdown((d) =>
						d
							.addOptions({ auto: 'Automatic', en: 'English', de: 'Deutsch' })
							.setValue(s.language)
							.onChange((v) => void this.save({ language: v as Language })),
					),
				),
				row('Show the count in the status bar', '', (setting) => setting.addToggle((t) => t.setValue(s.showStatusBar).onChange((v) => void this.save({ showStatusBar: v })))),
				...(Platform.isDesktopApp ? [this.liveChannelRow()] : []),
			],
		});
		groups.push({ heading: 'Rule check', rows: this.ruleCheckRows() });
		return groups;
	}

	private liveChannelRow(): Row {
		return row('Live channel for the hook bridge', 'Lets the bridge ask Obsidian for the brief over a local connection (127.0.0.1 only, with a token).', (setting) =>
			setting.addToggle((t) => t.setValue(this.settings.liveChannel).onChange((v) => void this.save({ liveChannel: v }))),
		);
	}

	/** The hook that reads this runs on the desktop, beside the agent. */
	private writeGuardRow(): Row {
		return row(
			'Protect session files from overwriting',
			'Claude Code only, once the agent hooks are installed: an agent\'s Write over a file that already exists in the sessions folder is refused, and the agent is told to pick a new name. Edits and new files pass.',
			(setting) => setting.addToggle((t) => t.setValue(this.settings.writeGuard).onChange((v) => void this.save({ writeGuard: v }))),
		);
	}

	/** Shown only when Obsidian loaded the plugin from a folder not named after its id. */
	private pluginFolderRow(): Row | null {
		const folder = unusualPluginFolder(this.app, this.host.manifest);
		if (folder === null) return null;
		const expected = defaultPluginFolder(this.app, this.host.manifest.id);
		return row('Plugin folder', `This plugin runs from ${folder}, not ${expected}. Its cached brief is written there; run the command "Install agent hooks" once so the hook bridge looks there too.`, (setting) => setting.setClass('session-brief-plugin-folder'));
	}

	private ruleCheckRows(): Row[] {
		const s = this.settings;
		const ext = s.externalCheck;
		const external = (patch: Partial<NonNullable<Settings['externalCheck']>>): Promise<void> => {
			const base = this.settings.externalCheck ?? { command: '', args: [], cleanLine: 'None of the N checks that ran found anything.', alarmPattern: 'ACHTUNG' };
			const next = { ...base, ...patch };
			return this.save({ externalCheck: next.command.trim() === '' ? null : next });
		};
		const scope = [
			row('Rule scope', 'Files whose edit triggers the rule check, one pattern per line. Leave empty for the default.', (setting) =>
				setting.addTextArea((t) => {
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
			row('External check command', 'Optional: a checker to run after the built-in checks. Leave empty for none.', (setting) =>
				this.textField(setting, ext?.command ?? '', 'python3', () => null, (v) => external({ command: v.trim() })),
			),
			row('External check arguments', 'Separated by commas, for example the path of the script.', (setting) =>
				this.textField(setting, (ext?.args ?? []).join(', '), '', () => null, (v) => external({ args: lines(v) })),
			),
			row('Clean line', 'The checker\'s last line when it found nothing.', (setting) =>
				this.textField(setting, ext?.cleanLine ?? '', 'None of the N checks that ran found anything.', () => null, (v) => external({ cleanLine: v })),
			),
			row('Alarm pattern', 'A line matching this counts as a finding.', (setting) =>
				this.textField(
					setting,
					ext?.alarmPattern ?? '',
					'ACHTUNG',
					(v) => {
						try {
							new RegExp(v);
							return null;
						} catch {
							return error('Not a valid regular expression.');
						}
					},
					(v) => external({ alarmPattern: v }),
				),
			),
		];
	}
}
