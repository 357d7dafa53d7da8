/**
 * The one table of a note's flags: what each is and what sets it. `NoteFlags` and `flagsOf`
 * (flags.ts), the tag settings, their defaults and the settings tab's rows (settings.ts), the scan's
 * prefilter, the cache's note row and its check (cache-format.ts, schemas/brief-index.ts) are all
 * made from it, so a new tag is one row here (docs/contributing.md, "A brief item").
 */
import type { PerLang } from '../i18n';

/** A folder setting: where a flag set by a frontmatter value counts. */
export type FolderSetting = 'inboxFolder' | 'rulesFolder' | 'sessionsFolder';

export interface FlagSpec {
	/** The field in `NoteFlags`; for a flag set by a tag, also its key in the `tags` setting. */
	flag: string;
	/** `hits`: where each occurrence sits (the review report shows them); `bool`: only whether it is there. */
	kind: 'hits' | 'bool';
	/** Set by a tag the user names (inline `#name` or a frontmatter `tags` value): its default and the settings tab's label. */
	tag?: { default: string; label: PerLang<string> };
	/**
	 * Also set by a frontmatter `status` equal to the tag's name; `under` is the folder where an item
	 * counts it, whose notes the scan's prefilter never skips.
	 */
	status?: { under: FolderSetting };
	/** Set by a frontmatter `type` holding `value` (a fixed word, not a setting); `under` as for `status`. */
	type?: { value: string; under: FolderSetting };
}

/** The order of the tag rows is the settings tab's and `tagNameList`'s. */
export const FLAG_TABLE = [
	{ flag: 'needsReview', kind: 'hits', tag: { default: 'needs-review', label: { en: 'Needs review tag', de: 'Tag für „Zu prüfen“' } } },
	{ flag: 'review', kind: 'hits', tag: { default: 'review', label: { en: 'Review tag', de: 'Tag für Review' } } },
	{ flag: 'reviewDone', kind: 'bool', tag: { default: 'review-done', label: { en: 'Review done tag', de: 'Tag für erledigtes Review' } } },
	{
		flag: 'pendingReview',
		kind: 'hits',
		tag: { default: 'pending-review', label: { en: 'Pending review tag', de: 'Tag für Regeln zur Prüfung' } },
		status: { under: 'rulesFolder' },
	},
	// An inbox note of type daily is processed (the inbox item leaves it out).
	{ flag: 'daily', kind: 'bool', type: { value: 'daily', under: 'inboxFolder' } },
] as const satisfies readonly FlagSpec[];

/** A row of the literal table, for the types made from it. */
export type FlagRow = (typeof FLAG_TABLE)[number];
type Row = FlagRow;

/** Every flag's name. */
export type FlagName = Row['flag'];
/** The flags set by a tag: the keys of the `tags` setting. */
export type TagKey = Extract<Row, { tag: object }>['flag'];
/** The flags that list their hits. */
export type HitFlag = Extract<Row, { kind: 'hits' }>['flag'];

/** The table typed for iteration (the literal above keeps the names as union types): what the code reads at run time. */
export const FLAG_SPECS: readonly FlagSpec[] = FLAG_TABLE;
