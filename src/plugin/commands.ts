/**
 * The plugin's commands. Ids are stable once released and carry no plugin id (Obsidian prefixes
 * it); no default hotkeys.
 */
import type { Plugin } from 'obsidian';

export interface CommandHandlers {
	openReviewView: () => Promise<void>;
	refreshBrief: () => Promise<void>;
	copyBrief: () => Promise<void>;
}

export function registerCommands(plugin: Plugin, handlers: CommandHandlers): void {
	plugin.addCommand({ id: 'open-review-sidebar', name: 'Open needs review sidebar', callback: () => void handlers.openReviewView() });
	plugin.addCommand({ id: 'refresh-brief', name: 'Refresh the brief now', callback: () => void handlers.refreshBrief() });
	plugin.addCommand({ id: 'copy-brief', name: 'Copy the brief to the clipboard', callback: () => void handlers.copyBrief() });
	// The rule check (SPEC §5.4) registers its command here, next to these: `run-rule-check`,
	// "Run rule check", showing its findings in a view and a notice with the summary.
}
