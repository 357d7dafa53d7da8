/** Texts of the plugin's own interface (sidebar, status bar, notices), in English and German. */
import type { Lang } from '../core/i18n';
import type { TagNames } from '../core/settings';

export interface UiStrings {
	viewTitle: string;
	filterPlaceholder: string;
	sortByName: string;
	sortByModified: string;
	sections: {
		needsReview: (t: TagNames) => string;
		reviewOpen: (t: TagNames) => string;
		pendingReview: (t: TagNames) => string;
		inbox: string;
	};
	empty: {
		needsReview: (t: TagNames) => string;
		reviewOpen: (t: TagNames) => string;
		pendingReview: (t: TagNames, rulesFolder: string) => string;
		inbox: (inboxFolder: string) => string;
	};
	noMatch: string;
	indexing: string;
	frontmatter: string;
	line: (n: number) => string;
	markReviewed: string;
	openInNewTab: string;
	revealInExplorer: string;
	statusBar: (n: number) => string;
	statusBarTitle: string;
	marked: (name: string) => string;
	nothingToChange: (name: string) => string;
	frontmatterFailed: (name: string, reason: string) => string;
	stillFlagged: (name: string) => string;
	noExplorer: string;
	copied: string;
	refreshed: string;
	writeFailed: (reason: string) => string;
}

const en: UiStrings = {
	viewTitle: 'Needs review',
	filterPlaceholder: 'Filter by path…',
	sortByName: 'Sort by name',
	sortByModified: 'Sort by modified time',
	sections: {
		needsReview: (t) => `#${t.needsReview}`,
		reviewOpen: (t) => `#${t.review} without #${t.reviewDone}`,
		pendingReview: (t) => `#${t.pendingReview} in rules`,
		inbox: 'Inbox',
	},
	empty: {
		needsReview: (t) => `No note carries #${t.needsReview}. Tag a note with it to list it here.`,
		reviewOpen: (t) => `No note carries #${t.review} without #${t.reviewDone}.`,
		pendingReview: (t, folder) => `No rule file in "${folder}" carries #${t.pendingReview} or status ${t.pendingReview}.`,
		inbox: (folder) => `The inbox "${folder}" holds no open note (daily notes do not count).`,
	},
	noMatch: 'No note matches the filter.',
	indexing: 'Reading the vault…',
	frontmatter: 'frontmatter',
	line: (n) => `line ${n}`,
	markReviewed: 'Mark as reviewed',
	openInNewTab: 'Open in new tab',
	revealInExplorer: 'Reveal in file explorer',
	statusBar: (n) => `${n} to review`,
	statusBarTitle: 'Open the needs review sidebar',
	marked: (name) => `Marked "${name}" as reviewed.`,
	nothingToChange: (name) => `Nothing to change in "${name}".`,
	frontmatterFailed: (name, reason) => `Could not edit the properties of "${name}": ${reason}`,
	stillFlagged: (name) => `"${name}" is still flagged: its status property was left as it is.`,
	noExplorer: 'The file explorer is not available.',
	copied: 'Session brief copied to the clipboard.',
	refreshed: 'Session brief refreshed.',
	writeFailed: (reason) => `Could not write the cached brief: ${reason}`,
};

const de: UiStrings = {
	viewTitle: 'Zu prüfen',
	filterPlaceholder: 'Nach Pfad filtern…',
	sortByName: 'Nach Name sortieren',
	sortByModified: 'Nach Änderungszeit sortieren',
	sections: {
		needsReview: (t) => `#${t.needsReview}`,
		reviewOpen: (t) => `#${t.review} ohne #${t.reviewDone}`,
		pendingReview: (t) => `#${t.pendingReview} im Regelwerk`,
		inbox: 'Inbox',
	},
	empty: {
		needsReview: (t) => `Keine Notiz trägt #${t.needsReview}. Markierte Notizen erscheinen hier.`,
		reviewOpen: (t) => `Keine Notiz trägt #${t.review} ohne #${t.reviewDone}.`,
		pendingReview: (t, folder) => `Keine Regeldatei in "${folder}" trägt #${t.pendingReview} oder den Status ${t.pendingReview}.`,
		inbox: (folder) => `Die Inbox "${folder}" enthält keine offene Notiz (Tagesnotizen zählen nicht).`,
	},
	noMatch: 'Keine Notiz passt zum Filter.',
	indexing: 'Vault wird gelesen…',
	frontmatter: 'Eigenschaften',
	line: (n) => `Zeile ${n}`,
	markReviewed: 'Als geprüft markieren',
	openInNewTab: 'In neuem Tab öffnen',
	revealInExplorer: 'Im Dateiexplorer zeigen',
	statusBar: (n) => `${n} zu prüfen`,
	statusBarTitle: 'Seitenleiste „Zu prüfen“ öffnen',
	marked: (name) => `"${name}" als geprüft markiert.`,
	nothingToChange: (name) => `In "${name}" gab es nichts zu ändern.`,
	frontmatterFailed: (name, reason) => `Die Eigenschaften von "${name}" ließen sich nicht ändern: ${reason}`,
	stillFlagged: (name) => `"${name}" bleibt markiert: die Eigenschaft status wurde nicht verändert.`,
	noExplorer: 'Der Dateiexplorer ist nicht verfügbar.',
	copied: 'Sitzungsbrief in die Zwischenablage kopiert.',
	refreshed: 'Sitzungsbrief aktualisiert.',
	writeFailed: (reason) => `Der zwischengespeicherte Brief ließ sich nicht schreiben: ${reason}`,
};

export function uiStrings(lang: Lang): UiStrings {
	return lang === 'de' ? de : en;
}
