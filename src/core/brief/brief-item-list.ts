/**
 * The brief's items, one descriptor each: the registry that brief-items.ts derives every list of
 * items from (the brief, the text and JSON, the sidebar, the review queue, the MCP tools). Which
 * notes an item holds is declared (`flag`, `without`, `folder`, `age`; brief-items.ts applies them).
 * Adding an item is one descriptor here (docs/contributing.md, "A brief item").
 */
import type { ChangeItemDescriptor, ListItemDescriptor } from './brief-items';
import { basename } from '../notes/paths';

/** The list items in the order the text brief and `report --json` show them. */
export const LIST_ITEMS = [
	{
		id: 'inbox',
		about: 'notes in the inbox folder, daily notes aside',
		folder: 'inboxFolder',
		without: 'daily',
		label: { en: () => 'Inbox', de: () => 'Inbox' },
		sidebar: {
			order: 3,
			title: { en: 'Inbox', de: 'Inbox' },
			tag: { en: (s) => `${s.inboxFolder}/`, de: (s) => `${s.inboxFolder}/` },
			empty: {
				en: (s) => `The inbox "${s.inboxFolder}" holds no open note (daily notes do not count).`,
				de: (s) => `Die Inbox "${s.inboxFolder}" enthält keine offene Notiz (Tagesnotizen zählen nicht).`,
			},
		},
	},
	{
		id: 'needsReview',
		about: 'notes tagged needs-review',
		flag: 'needsReview',
		label: { en: (s) => s.tags.needsReview, de: (s) => s.tags.needsReview },
		sidebar: {
			order: 0,
			title: { en: 'Needs review', de: 'Zu prüfen' },
			tag: { en: (s) => `#${s.tags.needsReview}`, de: (s) => `#${s.tags.needsReview}` },
			empty: {
				en: (s) => `No note carries #${s.tags.needsReview}. Tag a note with it to list it here.`,
				de: (s) => `Keine Notiz trägt #${s.tags.needsReview}. Markierte Notizen erscheinen hier.`,
			},
			highlight: (s) => s.tags.needsReview,
			mark: { removes: (s) => s.tags.needsReview },
		},
	},
	{
		id: 'reviewOpen',
		about: 'notes tagged review but not review-done; mark_reviewed closes these',
		flag: 'review',
		without: 'reviewDone',
		label: { en: (s) => `${s.tags.review} without ${s.tags.reviewDone}`, de: (s) => `${s.tags.review} ohne ${s.tags.reviewDone}` },
		sidebar: {
			order: 1,
			title: { en: 'Review open', de: 'Review offen' },
			tag: { en: (s) => `#${s.tags.review} without #${s.tags.reviewDone}`, de: (s) => `#${s.tags.review} ohne #${s.tags.reviewDone}` },
			empty: {
				en: (s) => `No note carries #${s.tags.review} without #${s.tags.reviewDone}.`,
				de: (s) => `Keine Notiz trägt #${s.tags.review} ohne #${s.tags.reviewDone}.`,
			},
			highlight: (s) => s.tags.review,
			mark: { adds: (s) => s.tags.reviewDone },
		},
	},
	{
		id: 'pendingReview',
		about: 'rule files pending review',
		flag: 'pendingReview',
		folder: 'rulesFolder',
		label: { en: (s) => `${s.tags.pendingReview} in rules`, de: (s) => `${s.tags.pendingReview} im Regelwerk` },
		sidebar: {
			order: 2,
			title: { en: 'Rules pending review', de: 'Regeln zur Prüfung' },
			tag: { en: (s) => `#${s.tags.pendingReview}`, de: (s) => `#${s.tags.pendingReview}` },
			empty: {
				en: (s) => `No rule file in "${s.rulesFolder}" carries #${s.tags.pendingReview} or status ${s.tags.pendingReview}.`,
				de: (s) => `Keine Regeldatei in "${s.rulesFolder}" trägt #${s.tags.pendingReview} oder den Status ${s.tags.pendingReview}.`,
			},
			highlight: (s) => s.tags.pendingReview,
			mark: { removes: (s) => s.tags.pendingReview },
		},
	},
	{
		id: 'sessionsToday',
		about: "today's files in the sessions folder",
		// The index keeps every session file: the date changes, the set does not.
		folder: 'sessionsFolder',
		onDay: (path, date) => basename(path).includes(date),
		label: { en: () => "Today's session files", de: () => 'Heutige Sitzungsdateien' },
		hint: { en: 'pick a new name, do not overwrite these', de: 'neuen Namen wählen, diese nicht überschreiben' },
	},
] as const satisfies readonly ListItemDescriptor[];


/** A local date and time, `YYYY-MM-DD HH:MM`, for a line the agent reads. */
function localStamp(iso: string): string {
	const d = new Date(iso);
	const two = (n: number): string => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export const CHANGE_ITEMS = [
	{
		id: 'agentChanges',
		label: { en: () => 'Changed by agents, not yet reviewed', de: () => 'Von Agenten geändert, noch nicht geprüft' },
		changedOutside: {
			en: (at, hidden) => `review marks were changed outside Obsidian${at === null ? '' : ` at ${localStamp(at)}`}; ${hidden} agent change${hidden === 1 ? ' was' : 's were'} hidden and ${hidden === 1 ? 'is' : 'are'} shown again`,
			de: (at, hidden) => `Prüfmarken wurden außerhalb von Obsidian geändert${at === null ? '' : ` (${localStamp(at)})`}; ${hidden} Agenten-Änderung${hidden === 1 ? ' war' : 'en waren'} ausgeblendet und ${hidden === 1 ? 'wird' : 'werden'} wieder gezeigt`,
		},
		journalLost: {
			en: (lost) => `the journal in the vault was deleted or changed outside Session Brief; ${lost} agent change${lost === 1 ? ' it lost is' : 's it lost are'} shown again from the copy outside the vault`,
			de: (lost) => `das Journal im Vault wurde gelöscht oder außerhalb von Session Brief geändert; ${lost} verlorene Agenten-Änderung${lost === 1 ? ' wird' : 'en werden'} aus der Kopie außerhalb des Vaults wieder gezeigt`,
		},
	},
	{
		id: 'sinceLastSession',
		label: {
			en: (since) => (since === null ? 'New since the last session' : `New since the last session (${localStamp(since)})`),
			de: (since) => (since === null ? 'Neu seit der letzten Sitzung' : `Neu seit der letzten Sitzung (${localStamp(since)})`),
		},
		firstNote: { en: 'this is the first recorded session', de: 'dies ist die erste aufgezeichnete Sitzung' },
	},
] as const satisfies readonly ChangeItemDescriptor[];

