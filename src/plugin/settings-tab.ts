/**
 * The settings tab: every setting, grouped under headings. Text fields are committed when
 * the field loses focus or Enter is pressed (a folder change rebuilds the index, which should not
 * happen per keystroke); what a field holds is validated as it is typed.
 */
import { PluginSettingTab, Setting, type App, type Plugin, type TextComponent } from 'obsidian';
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

	private folderSetting(el: HTMLElement, name: string, desc: string, key: 'inboxFolder' | 'rulesFolder' | 'sessionsFolder'): void {
		const setting = new Setting(el).setName(name).setDesc(desc);
		this.textField(setting, this.settings[key], key === 'inboxFolder' ? 'Inbox' : '', (v) => this.folderProblem(v), (v) => this.save({ [key]: cleanFolder(v) }));
	}

	private tagSetting(el: HTMLElement, name: string, key: keyof TagNames): void {
		const setting = new Setting(el).setName(name).setDesc('Without #, compared case-insensitively.');
		this.textField(
			setting,
			this.settings.tags[key],
			'',
			(v) => (frontmatterTagValue(v.trim()) === null ? error('Not a valid tag name.') : null),
			(v) => this.save({ tags: { ...this.settings.tags, [key]: v.trim().replace(/^#/, '') } }),
		);
	}

	display(): void {
		const el = this.containerEl;
		el.empty();
		const s = this.settings;
		this.displayPluginFolder(el);

		new Setting(el).setName('Folders').setHeading();
		this.folderSetting(el, 'Inbox folder', 'Notes in this folder (and below) that are not daily notes count as unprocessed.', 'inboxFolder');
		this.folderSetting(el, 'Rules folder', 'The rule set: notes here flagged pending review are listed, and edits here trigger the rule check.', 'rulesFolder');
		this.folderSetting(el, 'Sessions folder', 'Where session log notes live; today\'s are listed so an agent picks a new name.', 'sessionsFolder');
		const excluded = new Setting(el).setName('Excluded root folders').setDesc('Folders directly under the vault root that no item looks into, separated by commas.');
		this.textField(
			excluded,
			s.excludedRootFolders.join(', '),
			'Import, _index',
			(v) => {
				const missing = lines(v).map(cleanFolder).filter((f) => this.app.vault.getFolderByPath(f) === null);
				return missing.length === 0 ? null : { text: `Not in this vault: ${missing.join(', ')}`, level: 'warning' };
			},
			(v) => this.save({ excludedRootFolders: lines(v).map(cleanFolder) }),
		);

		new Setting(el).setName('Daily note').setHeading();
		const obsidian = this.host.obsidianDailyNoteSettings();
		const dailyFolder = new Setting(el).setName('Daily note folder').setDesc('Leave empty to use the folder of Obsidian\'s daily notes plugin.');
		this.textField(dailyFolder, s.dailyNoteFolder, obsidian.folder, (v) => this.folderProblem(v), (v) => this.save({ dailyNoteFolder: cleanFolder(v) }));
		const dailyFormat = new Setting(el).setName('Daily note format').setDesc('A moment.js format; leave empty to use the one of Obsidian\'s daily notes plugin.');
		this.textField(
			dailyFormat,
			s.dailyNoteFormat,
			obsidian.format,
			(v) => ({ text: `Today: ${dailyNotePath({ folder: cleanFolder(s.dailyNoteFolder) || obsidian.folder, format: v.trim() || obsidian.format }, new Date())}`, level: 'info' }),
			(v) => this.save({ dailyNoteFormat: v.trim() }),
		);

		new Setting(el).setName('Tags').setHeading();
		this.tagSetting(el, 'Needs review tag', 'needsReview');
		this.tagSetting(el, 'Review tag', 'review');
		this.tagSetting(el, 'Review done tag', 'reviewDone');
		this.tagSetting(el, 'Pending review tag', 'pendingReview');

		new Setting(el).setName('Brief').setHeading();
		const names = new Setting(el).setName('Names per item').setDesc('How many note names each item lists in the text brief; the rest is only counted.');
		this.textField(
			names,
			String(s.maxNamesPerItem),
			'5',
			(v) => (/^\d+$/.test(v.trim()) && Number(v) <= 1000 ? null : error('A whole number from 0 to 1000.')),
			(v) => this.save({ maxNamesPerItem: Number(v.trim()) }),
		);
		new Setting(el)
			.setName('Language')
			.setDesc('Language of the brief and this plugin\'s texts; automatic follows Obsidian.')
			.addDropdown((d) =>
				d
					.addOptions({ auto: 'Automatic', en: 'English', de: 'Deutsch' })
					.setValue(s.language)
					.onChange((v) => void this.save({ language: v as Language })),
			);
		new Setting(el)
			.setName('Show the count in the status bar')
			.addToggle((t) => t.setValue(s.showStatusBar).onChange((v) => void this.save({ showStatusBar: v })));
		new Setting(el)
			.setName('Live channel for the hook bridge')
			.setDesc('Lets the bridge ask Obsidian for the brief over a local connection (127.0.0.1 only, with a token).')
			.addToggle((t) => t.setValue(s.liveChannel).onChange((v) => void this.save({ liveChannel: v })));

		this.displayRuleCheck(el);
	}

	/** Shown only when Obsidian loaded the plugin from a folder not named after its id. */
	private displayPluginFolder(el: HTMLElement): void {
		const folder = unusualPluginFolder(this.app, this.host.manifest);
		if (folder === null) return;
		const expected = defaultPluginFolder(this.app, this.host.manifest.id);
		new Setting(el)
			.setName('Plugin folder')
			.setDesc(`This plugin runs from ${folder}, not ${expected}. Its cached brief is written there; run the command "Install agent hooks" once so the hook bridge looks there too.`)
			.setClass('session-brief-plugin-folder');
	}

	private displayRuleCheck(el: HTMLElement): void {
		const s = this.settings;
		new Setting(el).setName('Rule check').setHeading();
		new Setting(el)
			.setName('Rule scope')
			.setDesc('Files whose edit triggers the rule check, one pattern per line. Leave empty for the default.')
			.addTextArea((t) => {
				t.setPlaceholder(effectiveRuleScope({ ...s, ruleScope: [] }).join('\n')).setValue(s.ruleScope.join('\n'));
				t.inputEl.rows = 4;
				t.inputEl.addEventListener('change', () => void this.save({ ruleScope: t.getValue().split(/\r?\n/).map((v) => v.trim()).filter((v) => v !== '') }));
			});
		const ext = s.externalCheck;
		const external = (patch: Partial<NonNullable<Settings['externalCheck']>>): Promise<void> => {
			const base = this.settings.externalCheck ?? { command: '', args: [], cleanLine: 'None of the N checks that ran found anything.', alarmPattern: 'ACHTUNG' };
			const next = { ...base, ...patch };
			return this.save({ externalCheck: next.command.trim() === '' ? null : next });
		};
		const command = new Setting(el).setName('External check command').setDesc('Optional: a checker to run after the built-in checks. Leave empty for none.');
		this.textField(command, ext?.command ?? '', 'python3', () => null, (v) => external({ command: v.trim() }));
		const args = new Setting(el).setName('External check arguments').setDesc('Separated by commas, for example the path of the script.');
		this.textField(args, (ext?.args ?? []).join(', '), '', () => null, (v) => external({ args: lines(v) }));
		const clean = new Setting(el).setName('Clean line').setDesc('The checker\'s last line when it found nothing.');
		this.textField(clean, ext?.cleanLine ?? '', 'None of the N checks that ran found anything.', () => null, (v) => external({ cleanLine: v }));
		const alarm = new Setting(el).setName('Alarm pattern').setDesc('A line matching this counts as a finding.');
		this.textField(
			alarm,
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
		);
	}
}
