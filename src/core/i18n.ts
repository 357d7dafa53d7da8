/** Every user-facing string of the brief, in English and German (the `language` setting). */
import type { Language } from './settings';

export type Lang = Exclude<Language, 'auto'>;

export interface Strings {
	/** `vault` comes quoted (`quoteAlways`). */
	title: (vault: string) => string;
	source: { cache: string; live: string; scan: string };
	age: (seconds: number) => string;
	fresh: string;
	date: string;
	weekdays: readonly string[];
	dailyNote: string;
	exists: string;
	missing: string;
	inbox: string;
	needsReview: (tag: string) => string;
	reviewOpen: (review: string, done: string) => string;
	pendingReview: (tag: string) => string;
	sessionsToday: string;
	sessionsHint: string;
	more: (n: number) => string;
	none: string;
	cut: (limit: number) => string;
	cacheRejected: (why: string) => string;
}

const en: Strings = {
	title: (vault) => `Session brief for vault ${vault}`,
	source: { cache: 'cached brief', live: 'live channel', scan: 'own scan of the vault' },
	age: (s) => (s < 60 ? `${s} s old` : s < 3600 ? `${Math.floor(s / 60)} min old` : `${Math.floor(s / 3600)} h old`),
	fresh: 'just made',
	date: 'Date (machine clock)',
	weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
	dailyNote: 'Daily note',
	exists: 'exists',
	missing: 'missing',
	inbox: 'Inbox',
	needsReview: (tag) => tag,
	reviewOpen: (review, done) => `${review} without ${done}`,
	pendingReview: (tag) => `${tag} in rules`,
	sessionsToday: "Today's session files",
	sessionsHint: 'pick a new name, do not overwrite these',
	more: (n) => `+${n} more`,
	none: 'none',
	cut: (limit) => `[cut at ${limit} characters; run the bridge's "report" subcommand for everything]`,
	cacheRejected: (why) => `cache ignored, it is damaged: ${why}`,
};

const de: Strings = {
	title: (vault) => `Sitzungsbrief für den Vault ${vault}`,
	source: { cache: 'zwischengespeicherter Stand', live: 'Live-Kanal', scan: 'eigene Durchsuchung des Vaults' },
	age: (s) => (s < 60 ? `${s} s alt` : s < 3600 ? `${Math.floor(s / 60)} min alt` : `${Math.floor(s / 3600)} h alt`),
	fresh: 'gerade erstellt',
	date: 'Datum (Maschinenuhr)',
	weekdays: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
	dailyNote: 'Tagesnotiz',
	exists: 'vorhanden',
	missing: 'fehlt',
	inbox: 'Inbox',
	needsReview: (tag) => tag,
	reviewOpen: (review, done) => `${review} ohne ${done}`,
	pendingReview: (tag) => `${tag} im Regelwerk`,
	sessionsToday: 'Heutige Sitzungsdateien',
	sessionsHint: 'neuen Namen wählen, diese nicht überschreiben',
	more: (n) => `+${n} weitere`,
	none: 'keine',
	cut: (limit) => `[bei ${limit} Zeichen gekürzt; alles zeigt der Unterbefehl "report" der Bridge]`,
	cacheRejected: (why) => `Zwischenspeicher verworfen, er ist beschädigt: ${why}`,
};

export function strings(lang: Lang): Strings {
	return lang === 'de' ? de : en;
}

/** `auto` resolves to German for a `de…` locale (Obsidian's UI language or the system's), else English. */
export function resolveLanguage(setting: Language, locale: string | undefined): Lang {
	if (setting !== 'auto') return setting;
	return (locale ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
}
