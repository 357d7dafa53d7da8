/**
 * A new daily note's text from the template set in Obsidian's Daily notes settings, filled in as
 * that plugin does when it creates today's note: `{{date}}` and `{{title}}` become the note's
 * name, `{{time}}` the time of day, `{{date:FORMAT}}` / `{{time:FORMAT}}` (optionally shifted,
 * `{{date+1d:dddd}}`) any moment.js format, and `{{yesterday}}` / `{{tomorrow}}` those days' names.
 * The clock is the caller's: `now` is passed in.
 */
// The plugin build aliases this import to Obsidian's own moment (esbuild.config.mjs).
import moment from 'moment';

/** The `template` key of `daily-notes.json`: a vault path, usually without `.md`; '' = none. */
export function dailyNoteTemplatePath(raw: unknown): string {
	const r = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
	return typeof r.template === 'string' ? r.template.trim() : '';
}

export interface DailyTemplateInput {
	now: Date;
	/** The daily-note format in effect (moment.js). */
	format: string;
	/** The new note's name, without folder and `.md`. */
	title: string;
	/** A moment locale the caller has loaded. */
	locale?: string;
}

const SHIFT_UNITS = new Set(['y', 'Q', 'w', 'd', 'h', 'm', 's']);

export function fillDailyTemplate(template: string, input: DailyTemplateInput): string {
	const at = (): moment.Moment => {
		const m = moment(input.now);
		if (input.locale !== undefined) m.locale(input.locale);
		return m;
	};
	// One pass, so a value put in (a title holding `{{date}}`, say) is never read as syntax again.
	return template.replace(/{{\s*(?:(title|yesterday|tomorrow)|(date|time)\s*(?:([+-]\d+)([a-z]))?\s*(:[^}]*)?)\s*}}/gi, (all, word?: string, kind?: string, delta?: string, unit?: string, format?: string) => {
		const m = at();
		switch (word?.toLowerCase()) {
			case 'title':
				return input.title;
			case 'yesterday':
				return m.subtract(1, 'day').format(input.format);
			case 'tomorrow':
				return m.add(1, 'day').format(input.format);
		}
		if (kind === undefined) return all;
		if (delta !== undefined && unit !== undefined) {
			// Units as moment reads them (`m` is minutes), `q` as quarters.
			const u = unit.toLowerCase() === 'q' ? 'Q' : unit.toLowerCase();
			if (!SHIFT_UNITS.has(u)) return all;
			m.add(Number(delta), u as moment.unitOfTime.DurationConstructor);
		}
		const custom = format?.slice(1).trim() ?? '';
		if (custom !== '') return m.format(custom);
		return kind.toLowerCase() === 'time' ? m.format('HH:mm') : m.format(input.format);
	});
}
