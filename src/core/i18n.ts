/**
 * Every user-facing text in English and German, in one style: `translations<Interface>({ en, de })`
 * read as `table[lang]`, so a missing text is a type error (docs/design.md, "Languages"). Below:
 * the brief's fixed strings; an item's own labels live with its descriptor.
 */
import type { Language } from './settings';

export type Lang = Exclude<Language, 'auto'>;

export const LANGS: readonly Lang[] = ['en', 'de'];

/** Each language by its own name, as language menus show them, whatever the interface language. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { en: 'English', de: 'Deutsch' };

export function isLang(value: unknown): value is Lang {
	return value === 'en' || value === 'de';
}

/** One value per language: a text, a function that makes one, or a module's whole table of texts. */
export type PerLang<T> = Record<Lang, T>;

const TABLES = new WeakSet<object>();

/** A module's texts, one object per language; remembered so the completeness test can tell a table from other exports. */
export function translations<T extends object>(table: PerLang<T>): PerLang<T> {
	TABLES.add(table);
	return table;
}

export function isTranslations(value: unknown): value is PerLang<object> {
	return typeof value === 'object' && value !== null && TABLES.has(value);
}

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
	more: (n) => `+${n} weitere`,
	none: 'keine',
	cut: (limit) => `[bei ${limit} Zeichen gekürzt; alles zeigt der Unterbefehl "report" der Bridge]`,
	cacheRejected: (why) => `Zwischenspeicher verworfen, er ist beschädigt: ${why}`,
};

export const BRIEF_TEXT = translations<Strings>({ en, de });

export function strings(lang: Lang): Strings {
	return BRIEF_TEXT[lang];
}

/** `auto` resolves to German for a `de…` locale (Obsidian's UI language or the system's), else English. */
export function resolveLanguage(setting: Language, locale: string | undefined): Lang {
	if (setting !== 'auto') return setting;
	const prefix = (locale ?? '').toLowerCase().slice(0, 2);
	return isLang(prefix) ? prefix : 'en';
}
