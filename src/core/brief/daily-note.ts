/** Today's daily note path from a moment.js format, as Obsidian's Daily notes plugin builds it. */
// The plugin build aliases this import to Obsidian's own moment (esbuild.config.mjs); the bridge
// bundles the package so both name daily notes identically.
import moment from 'moment';
import type { DailyNoteSettings } from '../settings';

/**
 * `locale` is a moment locale that the caller has loaded (the plugin gets Obsidian's; the bridge
 * loads the one of its language). A format containing `/` puts the note in sub-folders.
 */
export function dailyNotePath(settings: DailyNoteSettings, now: Date, locale?: string): string {
	const m = moment(now);
	if (locale !== undefined) m.locale(locale);
	const name = m.format(settings.format);
	const path = settings.folder === '' ? name : `${settings.folder}/${name}`;
	return `${path.replace(/\/{2,}/g, '/').replace(/^\//, '')}.md`;
}
