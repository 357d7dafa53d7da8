/**
 * Creates today's daily note as Obsidian's Daily notes plugin would: at the path the brief names
 * (its folder and format, the plugin's own settings winning), from the template set in the Daily
 * notes settings, filled in by the core (daily-template.ts). Missing folders are created first.
 * A template that cannot be found leaves the note empty with a notice, as the Daily notes plugin does.
 */
import { Notice, normalizePath, type App, type TFile } from 'obsidian';
import { dailyNoteTemplatePath, fillDailyTemplate } from '../../core/brief/daily-template';
import { basename } from '../../core/notes/paths';
import { readDailyNotesJson, type BriefService } from '../index/brief-service';
import { uiStrings } from '../ui-strings';

function errorText(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
}

/** The text of a new daily note: the filled template, or '' when none is set or it is missing. */
async function templateText(app: App, service: BriefService, title: string, now: Date): Promise<string> {
	const template = dailyNoteTemplatePath(await readDailyNotesJson(app));
	if (template === '') return '';
	// A vault path, usually without `.md`: resolved as a link from the vault root, as Obsidian does.
	const file = app.metadataCache.getFirstLinkpathDest(normalizePath(template), '');
	if (file === null) {
		new Notice(uiStrings(service.lang()).today.templateMissing(template));
		return '';
	}
	const text = await app.vault.cachedRead(file);
	return fillDailyTemplate(text, { now, format: service.dailyNote.format, title, locale: service.locale() });
}

/** Creates the folders above `path` that are missing. */
async function ensureFolder(app: App, path: string): Promise<void> {
	const parts = path.split('/').slice(0, -1);
	for (let i = 1; i <= parts.length; i++) {
		const folder = parts.slice(0, i).join('/');
		if (app.vault.getAbstractFileByPath(folder) === null) await app.vault.createFolder(folder);
	}
}

/**
 * Today's daily note, created when missing; null (with a notice) when that failed. The Daily notes
 * settings are read again first, so the note lands where Obsidian's own command would put it now.
 */
export async function dailyNoteFile(app: App, service: BriefService, now = new Date()): Promise<TFile | null> {
	if (await service.refreshDailyNoteSettings()) service.changed();
	const brief = service.brief(now);
	const item = brief.items.dailyNote;
	const ui = uiStrings(service.lang());
	const s = ui.today;
	if (item === null) {
		new Notice(s.createFailed(s.dailyNote, brief.errors.find((e) => e.item === 'dailyNote')?.message ?? ui.unknownError));
		return null;
	}
	const target = normalizePath(item.path);
	const existing = app.vault.getFileByPath(target);
	if (existing !== null) return existing;
	try {
		const text = await templateText(app, service, basename(target).replace(/\.md$/, ''), now);
		await ensureFolder(app, target);
		const file = await app.vault.create(target, text);
		// The daily note may sit where the index does not look; the brief must still see it exists.
		service.changed();
		return file;
	} catch (error) {
		new Notice(s.createFailed(target, errorText(error)));
		return null;
	}
}
