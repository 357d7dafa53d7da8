/**
 * The brief as the plugin knows it: the index plus settings, Obsidian's Daily notes settings, the
 * UI language and the date. Views and the status bar listen to its `changed` event instead of the
 * plugin holding references to them.
 */
import { Events, getLanguage, moment, normalizePath, type App } from 'obsidian';
import { computeBrief, type Brief } from '../../core/brief/brief';
import { settingsKey } from '../../core/brief/cache-key';
import { isoDate } from '../../core/brief/dates';
import { resolveLanguage, type Lang } from '../../core/i18n';
import { effectiveDailyNote, resolveDailyNoteSettings, type DailyNoteSettings, type Settings } from '../../core/settings';
import type { NoteIndex } from './note-index';

export const CHANGED = 'changed';

/** `<configDir>/daily-notes.json` as parsed JSON; undefined when it is missing or hand-broken. */
export async function readDailyNotesJson(app: App): Promise<unknown> {
	const file = normalizePath(`${app.vault.configDir}/daily-notes.json`);
	try {
		if (!(await app.vault.adapter.exists(file))) return undefined;
		return JSON.parse((await app.vault.adapter.read(file)).replace(/^\uFEFF/, '')) as unknown;
	} catch {
		// A missing or hand-broken file means Obsidian's defaults, exactly as the bridge falls back.
		return undefined;
	}
}

/** Obsidian's Daily notes settings as the bridge reads them (`<configDir>/daily-notes.json`). */
export async function readDailyNoteSettings(app: App): Promise<DailyNoteSettings> {
	return resolveDailyNoteSettings(await readDailyNotesJson(app));
}

export class BriefService extends Events {
	private obsidianDaily: DailyNoteSettings = resolveDailyNoteSettings(undefined);
	private memo: { revision: number; date: string; key: string; brief: Brief } | null = null;

	constructor(
		private readonly app: App,
		private readonly index: NoteIndex,
		private readonly getSettings: () => Settings,
	) {
		super();
	}

	get settings(): Settings {
		return this.getSettings();
	}

	get dailyNote(): DailyNoteSettings {
		return effectiveDailyNote(this.settings, this.obsidianDaily);
	}

	/** Obsidian's own Daily notes settings as last read, before the plugin's settings apply. */
	get obsidianDailyNote(): DailyNoteSettings {
		return this.obsidianDaily;
	}

	/** Re-reads daily-notes.json; the user may have changed it in Obsidian's settings since. */
	async refreshDailyNoteSettings(): Promise<boolean> {
		const next = await readDailyNoteSettings(this.app);
		const changed = next.folder !== this.obsidianDaily.folder || next.format !== this.obsidianDaily.format;
		this.obsidianDaily = next;
		return changed;
	}

	/** The bridge's `settingsKey` over the same inputs it reads from disk, so a fresh cache is never stale to it. */
	key(): string {
		return settingsKey(this.settings, this.dailyNote);
	}

	lang(): Lang {
		return resolveLanguage(this.settings.language, getLanguage());
	}

	locale(): string {
		return moment.locale();
	}

	/** The brief from the notes that can appear in an item; recomputed only after a change. */
	brief(now = new Date()): Brief {
		const date = isoDate(now);
		const key = this.key();
		const m = this.memo;
		if (m !== null && m.revision === this.index.revision && m.date === date && m.key === key) return m.brief;
		const brief = computeBrief({
			now,
			settings: this.settings,
			dailyNote: this.dailyNote,
			notes: this.index.relevant(),
			exists: (path) => this.app.vault.getFileByPath(path) !== null,
			locale: this.locale(),
		});
		this.memo = { revision: this.index.revision, date, key, brief };
		return brief;
	}

	/** Something the brief depends on changed: listeners re-read it. */
	changed(): void {
		this.memo = null;
		this.trigger(CHANGED);
	}
}
