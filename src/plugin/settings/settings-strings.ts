/** Texts of the settings tab (settings-tab.ts): headings, each setting's name and description, the fields' messages. */
import { translations } from '../../core/i18n';

/** A setting's name and its description (both are what Obsidian's settings search finds). */
export interface RowText {
	name: string;
	desc: string;
}

export interface SettingsStrings {
	headings: { folders: string; dailyNote: string; tags: string; brief: string; ruleCheck: string };
	/** `command` is the name of the *Install agent hooks* command in the same language. */
	pluginFolder: { name: string; desc: (folder: string, expected: string) => string };
	inboxFolder: RowText;
	rulesFolder: RowText;
	sessionsFolder: RowText;
	writeGuard: RowText;
	excludedRootFolders: RowText;
	dailyNoteFolder: RowText;
	dailyNoteFormat: RowText;
	tagDesc: string;
	namesPerItem: RowText;
	language: RowText & { automatic: string };
	/** A toggle whose name says it all: no description. */
	statusBar: string;
	liveChannel: RowText;
	ruleScope: RowText;
	externalCommand: RowText;
	externalArgs: RowText;
	cleanLine: RowText;
	alarmPattern: RowText;
	folderMissing: (folder: string) => string;
	notInVault: (folders: string) => string;
	/** Where today's daily note goes with the format as typed. */
	today: (path: string) => string;
	invalidTag: string;
	wholeNumber: string;
	invalidPattern: string;
}

const en: SettingsStrings = {
	headings: { folders: 'Folders', dailyNote: 'Daily note', tags: 'Tags', brief: 'Brief', ruleCheck: 'Rule check' },
	pluginFolder: {
		name: 'Plugin folder',
		desc: (folder, expected) => `This plugin runs from ${folder}, not ${expected}. Its cached brief is written there, but the hook bridge looks in ${expected}: without the cache it reads the vault itself, which is slower. Install the plugin in ${expected} to give agents the cached brief.`,
	},
	inboxFolder: { name: 'Inbox folder', desc: 'Notes in this folder (and below) that are not daily notes count as unprocessed.' },
	rulesFolder: { name: 'Rules folder', desc: 'The rule set: notes here flagged pending review are listed, and edits here trigger the rule check.' },
	sessionsFolder: { name: 'Sessions folder', desc: "Where session log notes live; today's are listed so an agent picks a new name." },
	writeGuard: {
		name: 'Protect session files from overwriting',
		desc: "Claude Code only, once the agent hooks are installed: an agent's Write over a file that already exists in the sessions folder is refused, and the agent is told to pick a new name. Edits and new files pass.",
	},
	excludedRootFolders: { name: 'Excluded root folders', desc: 'Folders directly under the vault root that no item looks into, separated by commas.' },
	dailyNoteFolder: { name: 'Daily note folder', desc: "Leave empty to use the folder of Obsidian's daily notes plugin." },
	dailyNoteFormat: { name: 'Daily note format', desc: "A moment.js format; leave empty to use the one of Obsidian's daily notes plugin." },
	tagDesc: 'Without #, compared case-insensitively.',
	namesPerItem: { name: 'Names per item', desc: 'How many note names each item lists in the text brief; the rest is only counted.' },
	language: { name: 'Language', desc: "Language of the brief and this plugin's texts; automatic follows Obsidian.", automatic: 'Automatic' },
	statusBar: 'Show the count in the status bar',
	liveChannel: { name: 'Live channel for the hook bridge', desc: 'Lets the bridge ask Obsidian for the brief over a local connection (127.0.0.1 only, with a token).' },
	ruleScope: { name: 'Rule scope', desc: 'Files whose edit triggers the rule check, one pattern per line. Leave empty for the default.' },
	externalCommand: { name: 'External check command', desc: 'Optional: a checker to run after the built-in checks. Leave empty for none.' },
	externalArgs: { name: 'External check arguments', desc: 'Separated by commas, for example the path of the script.' },
	cleanLine: { name: 'Clean line', desc: "The checker's last line when it found nothing; a standalone N stands for a number. Empty: exit code 0 is enough." },
	alarmPattern: { name: 'Alarm pattern', desc: 'A line matching this counts as a finding. Empty: none.' },
	folderMissing: (folder) => `Folder "${folder}" does not exist in this vault.`,
	notInVault: (folders) => `Not in this vault: ${folders}`,
	today: (path) => `Today: ${path}`,
	invalidTag: 'Not a valid tag name.',
	wholeNumber: 'A whole number from 0 to 1000.',
	invalidPattern: 'Not a valid regular expression.',
};

const de: SettingsStrings = {
	headings: { folders: 'Ordner', dailyNote: 'Tagesnotiz', tags: 'Tags', brief: 'Brief', ruleCheck: 'Regelwerk-Check' },
	pluginFolder: {
		name: 'Plugin-Ordner',
		desc: (folder, expected) => `Dieses Plugin läuft aus ${folder}, nicht aus ${expected}. Sein zwischengespeicherter Brief landet dort, die Hook-Bridge sucht aber in ${expected}: ohne den Zwischenspeicher liest sie den Vault selbst, was langsamer ist. Das Plugin in ${expected} installieren, damit Agenten den zwischengespeicherten Brief bekommen.`,
	},
	inboxFolder: { name: 'Inbox-Ordner', desc: 'Notizen in diesem Ordner (und darunter), die keine Tagesnotizen sind, gelten als unbearbeitet.' },
	rulesFolder: { name: 'Regelordner', desc: 'Das Regelwerk: Notizen hier, die zur Prüfung markiert sind, werden aufgelistet, und Änderungen hier lösen den Regelwerk-Check aus.' },
	sessionsFolder: { name: 'Sitzungsordner', desc: 'Wo die Sitzungsprotokolle liegen; die von heute werden aufgelistet, damit ein Agent einen neuen Namen wählt.' },
	writeGuard: {
		name: 'Sitzungsdateien vor dem Überschreiben schützen',
		desc: 'Nur Claude Code, sobald die Agent-Hooks installiert sind: Ein Write eines Agenten auf eine Datei, die es im Sitzungsordner schon gibt, wird abgelehnt, und der Agent wird gebeten, einen neuen Namen zu wählen. Bearbeitungen und neue Dateien gehen durch.',
	},
	excludedRootFolders: { name: 'Ausgeschlossene Ordner', desc: 'Ordner direkt im Hauptordner des Vaults, in die kein Eintrag des Briefs schaut, durch Kommas getrennt.' },
	dailyNoteFolder: { name: 'Ordner für Tagesnotizen', desc: 'Leer lassen, um den Ordner des Obsidian-Plugins „Tägliche Notizen“ zu verwenden.' },
	dailyNoteFormat: { name: 'Format der Tagesnotiz', desc: 'Ein moment.js-Format; leer lassen, um das des Obsidian-Plugins „Tägliche Notizen“ zu verwenden.' },
	tagDesc: 'Ohne #; Groß- und Kleinschreibung zählen nicht.',
	namesPerItem: { name: 'Namen pro Eintrag', desc: 'Wie viele Notiznamen jeder Eintrag im Text-Brief nennt; der Rest wird nur gezählt.' },
	language: { name: 'Sprache', desc: 'Sprache des Briefs und der Texte dieses Plugins; „Automatisch“ folgt Obsidian.', automatic: 'Automatisch' },
	statusBar: 'Anzahl in der Statusleiste zeigen',
	liveChannel: { name: 'Live-Kanal für die Hook-Bridge', desc: 'Lässt die Bridge den Brief über eine lokale Verbindung bei Obsidian abfragen (nur 127.0.0.1, mit Token).' },
	ruleScope: { name: 'Geltungsbereich der Regeln', desc: 'Dateien, deren Änderung den Regelwerk-Check auslöst, ein Muster pro Zeile. Leer lassen für den Standard.' },
	externalCommand: { name: 'Befehl des externen Checks', desc: 'Optional: ein Prüfprogramm, das nach den eingebauten Checks läuft. Leer lassen für keines.' },
	externalArgs: { name: 'Argumente des externen Checks', desc: 'Durch Kommas getrennt, zum Beispiel der Pfad des Skripts.' },
	cleanLine: { name: 'Zeile ohne Befund', desc: 'Die letzte Zeile des Prüfprogramms, wenn es nichts gefunden hat; ein eigenständiges N steht für eine Zahl. Leer: Der Exit-Code 0 genügt.' },
	alarmPattern: { name: 'Alarmmuster', desc: 'Eine Zeile, auf die dieses Muster passt, zählt als Befund. Leer: keines.' },
	folderMissing: (folder) => `Den Ordner „${folder}“ gibt es in diesem Vault nicht.`,
	notInVault: (folders) => `Nicht in diesem Vault: ${folders}`,
	today: (path) => `Heute: ${path}`,
	invalidTag: 'Kein gültiger Tag-Name.',
	wholeNumber: 'Eine ganze Zahl von 0 bis 1000.',
	invalidPattern: 'Kein gültiger regulärer Ausdruck.',
};

export const SETTINGS_TEXT = translations<SettingsStrings>({ en, de });
