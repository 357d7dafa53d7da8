/**
 * The plugin's commands. Ids are stable once released and carry no plugin id (Obsidian prefixes
 * it); no default hotkeys. The desktop's commands are registered only on desktop: on mobile they
 * are not offered at all.
 */
import type { Plugin } from 'obsidian';
import type { HookCommands } from './hook-commands';

/** Desktop only: rewrite the hook's cached brief now, and install, check and remove agent hooks. */
export interface DesktopCommands {
	refreshBrief: () => Promise<void>;
	hooks: HookCommands;
}

export interface CommandHandlers {
	openReviewView: () => Promise<void>;
	copyBrief: () => Promise<void>;
	runRuleCheck: () => Promise<void>;
	/** null on mobile. */
	desktop: DesktopCommands | null;
}

export function registerCommands(plugin: Plugin, handlers: CommandHandlers): void {
	const { desktop } = handlers;
	plugin.addCommand({ id: 'open-review-sidebar', name: 'Open needs review sidebar', callback: () => void handlers.openReviewView() });
	if (desktop !== null) plugin.addCommand({ id: 'refresh-brief', name: 'Refresh the brief now', callback: () => void desktop.refreshBrief() });
	plugin.addCommand({ id: 'copy-brief', name: 'Copy the brief to the clipboard', callback: () => void handlers.copyBrief() });
	// Findings in the *Rule check* view, the summary line in a notice.
	plugin.addCommand({ id: 'run-rule-check', name: 'Run rule check', callback: () => void handlers.runRuleCheck() });
	if (desktop === null) return;
	// The bridge's install, doctor and uninstall, with the bridge embedded in main.js.
	plugin.addCommand({ id: 'install-agent-hooks', name: 'Install agent hooks', callback: () => desktop.hooks.install() });
	plugin.addCommand({ id: 'check-agent-hooks', name: 'Check agent hooks', callback: () => desktop.hooks.check() });
	plugin.addCommand({ id: 'remove-agent-hooks', name: 'Remove agent hooks', callback: () => desktop.hooks.remove() });
}
