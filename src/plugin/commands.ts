/**
 * The plugin's commands. Ids are stable once released and carry no plugin id (Obsidian prefixes
 * it); no default hotkeys.
 */
import type { Plugin } from 'obsidian';
import type { HookCommands } from './hook-commands';

export interface CommandHandlers {
	openReviewView: () => Promise<void>;
	refreshBrief: () => Promise<void>;
	copyBrief: () => Promise<void>;
	runRuleCheck: () => Promise<void>;
	hooks: HookCommands;
}

export function registerCommands(plugin: Plugin, handlers: CommandHandlers): void {
	plugin.addCommand({ id: 'open-review-sidebar', name: 'Open needs review sidebar', callback: () => void handlers.openReviewView() });
	plugin.addCommand({ id: 'refresh-brief', name: 'Refresh the brief now', callback: () => void handlers.refreshBrief() });
	plugin.addCommand({ id: 'copy-brief', name: 'Copy the brief to the clipboard', callback: () => void handlers.copyBrief() });
	// Findings in the *Rule check* view, the summary line in a notice.
	plugin.addCommand({ id: 'run-rule-check', name: 'Run rule check', callback: () => void handlers.runRuleCheck() });
	// The bridge's install, doctor and uninstall, with the bridge embedded in main.js.
	plugin.addCommand({ id: 'install-agent-hooks', name: 'Install agent hooks', callback: () => handlers.hooks.install() });
	plugin.addCommand({ id: 'check-agent-hooks', name: 'Check agent hooks', callback: () => handlers.hooks.check() });
	plugin.addCommand({ id: 'remove-agent-hooks', name: 'Remove agent hooks', callback: () => handlers.hooks.remove() });
}
