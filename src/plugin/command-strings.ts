/**
 * Names the plugin gives Obsidian to list: its commands (the command palette, the hotkey settings),
 * the ribbon icon's tooltip and the hover-preview source, in English and German. How a language
 * change reaches them is in commands.ts.
 */
import { translations } from '../core/i18n';

export interface CommandStrings {
	openReviewView: string;
	refreshBrief: string;
	copyBrief: string;
	runRuleCheck: string;
	installHooks: string;
	checkHooks: string;
	removeHooks: string;
	/** The ribbon icon's tooltip. */
	ribbon: string;
	/** The sidebar as a hover-preview source in Obsidian's Page preview settings. */
	hoverSource: string;
	/** A command that threw: its name and the first line of the error. */
	failed: (command: string, reason: string) => string;
}

const en: CommandStrings = {
	openReviewView: 'Open needs review sidebar',
	refreshBrief: 'Refresh the brief now',
	copyBrief: 'Copy the brief to the clipboard',
	runRuleCheck: 'Run rule check',
	installHooks: 'Install agent hooks',
	checkHooks: 'Check agent hooks',
	removeHooks: 'Remove agent hooks',
	ribbon: 'Open needs review',
	hoverSource: 'Session brief: needs review',
	failed: (command, reason) => `${command} failed: ${reason}`,
};

const de: CommandStrings = {
	openReviewView: 'Seitenleiste „Zu prüfen“ öffnen',
	refreshBrief: 'Brief jetzt aktualisieren',
	copyBrief: 'Brief in die Zwischenablage kopieren',
	runRuleCheck: 'Regelwerk-Check ausführen',
	installHooks: 'Agent-Hooks installieren',
	checkHooks: 'Agent-Hooks prüfen',
	removeHooks: 'Agent-Hooks entfernen',
	ribbon: '„Zu prüfen“ öffnen',
	hoverSource: 'Session Brief: Zu prüfen',
	failed: (command, reason) => `${command} ist fehlgeschlagen: ${reason}`,
};

export const COMMAND_TEXT = translations<CommandStrings>({ en, de });
