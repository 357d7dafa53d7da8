/** Texts of the first-run setup (setup-modal.ts), in English and German. */
import { translations } from '../../core/i18n';

export interface SetupStrings {
	title: string;
	intro: string;
	/** What the proposals were taken from (paths, comma-separated). */
	found: (paths: string) => string;
	nothingFound: string;
	rulesFolder: string;
	sessionsFolder: string;
	ruleScope: string;
	ruleScopeDesc: string;
	use: string;
	notNow: string;
	later: string;
	/** The settings tab's row that opens the setup again. */
	rowName: string;
	rowDesc: string;
	rowButton: string;
}

const en: SetupStrings = {
	title: 'Set up Session Brief',
	intro: 'Proposed from what this vault holds. Change anything here or later in the settings.',
	found: (paths) => `Found: ${paths}`,
	nothingFound: 'No agent rule files or rule folders found; these are neutral starting values.',
	rulesFolder: 'Rules folder',
	sessionsFolder: 'Sessions folder',
	ruleScope: 'Rule scope',
	ruleScopeDesc: 'Files whose edits trigger the rule check, one pattern per line.',
	use: 'Use these',
	notNow: 'Not now',
	later: 'The setup is in the settings of Session Brief whenever you want it.',
	rowName: 'Setup',
	rowDesc: 'Propose the rules folder, sessions folder and rule scope from what this vault holds.',
	rowButton: 'Open setup',
};

const de: SetupStrings = {
	title: 'Session Brief einrichten',
	intro: 'Vorgeschlagen nach dem, was dieser Vault enthält. Alles lässt sich hier oder später in den Einstellungen ändern.',
	found: (paths) => `Gefunden: ${paths}`,
	nothingFound: 'Keine Regeldateien von Agenten und keine Regelordner gefunden; das sind neutrale Startwerte.',
	rulesFolder: 'Regelordner',
	sessionsFolder: 'Sitzungsordner',
	ruleScope: 'Geltungsbereich der Regeln',
	ruleScopeDesc: 'Dateien, deren Änderung den Regelwerk-Check auslöst, ein Muster pro Zeile.',
	use: 'Übernehmen',
	notNow: 'Nicht jetzt',
	later: 'Die Einrichtung findet sich jederzeit in den Einstellungen von Session Brief.',
	rowName: 'Einrichtung',
	rowDesc: 'Regelordner, Sitzungsordner und Geltungsbereich der Regeln nach dem Inhalt dieses Vaults vorschlagen.',
	rowButton: 'Einrichtung öffnen',
};

export const SETUP_TEXT = translations<SetupStrings>({ en, de });
