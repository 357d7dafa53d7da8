/**
 * The plugin's commands, ribbon icon and hover-preview source, named in the interface language.
 * Ids are stable and carry no plugin id; a language change removes and re-adds the commands under
 * the same ids, since Obsidian keeps a command's name from when it was added (docs/design.md, "Languages").
 */
import { Notice, type Plugin } from 'obsidian';
import type { Lang } from '../core/i18n';
import { COMMAND_TEXT, type CommandStrings } from './command-strings';
import type { HookCommands } from './hosts/hook-commands';
import { REVIEW_ICON, VIEW_TYPE_REVIEW } from './sidebar/review-view';

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

type CommandName = Exclude<keyof CommandStrings, 'failed'>;

/** What the desktop commands run once the desktop parts are loaded (at layout ready). */
export interface DesktopCommandSource {
	hookCommands: () => HookCommands;
}

/**
 * The desktop commands, registered at load while the parts they drive load at layout ready: each
 * waits for them, and does nothing once the plugin was unloaded before they came.
 */
export function desktopCommands(parts: Promise<DesktopCommandSource | null>, refreshBrief: () => Promise<void>): DesktopCommands {
	// The flows report their own failures in notices; waiting for the parts cannot fail.
	const hook = (pick: (h: HookCommands) => () => void) => (): void => {
		void parts.then((loaded) => {
			if (loaded !== null) pick(loaded.hookCommands())();
		});
	};
	return {
		refreshBrief,
		hooks: { install: hook((h) => h.install), check: hook((h) => h.check), remove: hook((h) => h.remove) },
	};
}

interface Entry {
	id: string;
	name: CommandName;
	run: () => unknown;
}

function entries(handlers: CommandHandlers): Entry[] {
	const { desktop } = handlers;
	return [
		{ id: 'open-review-sidebar', name: 'openReviewView', run: () => handlers.openReviewView() },
		...(desktop === null ? [] : [{ id: 'refresh-brief', name: 'refreshBrief', run: () => desktop.refreshBrief() } satisfies Entry]),
		{ id: 'copy-brief', name: 'copyBrief', run: () => handlers.copyBrief() },
		// Findings in the *Rule check* view, the summary line in a notice.
		{ id: 'run-rule-check', name: 'runRuleCheck', run: () => handlers.runRuleCheck() },
		// The bridge's install, doctor and uninstall, with the bridge embedded in main.js.
		...(desktop === null
			? []
			: ([
					{ id: 'install-agent-hooks', name: 'installHooks', run: () => desktop.hooks.install() },
					{ id: 'check-agent-hooks', name: 'checkHooks', run: () => desktop.hooks.check() },
					{ id: 'remove-agent-hooks', name: 'removeHooks', run: () => desktop.hooks.remove() },
				] satisfies Entry[])),
	];
}

export interface RegisteredNames {
	/** Renames the commands and the ribbon tooltip when the interface language changed since. */
	followLanguage: () => void;
}

/**
 * Runs a command; whatever it throws, at once or later, becomes a notice naming the command, so a
 * failure never ends silently in the developer console.
 */
function guarded(run: () => unknown, name: CommandName, lang: () => Lang): void {
	const fail = (error: unknown): void => {
		console.error(`Session brief: ${name}`, error);
		const text = COMMAND_TEXT[lang()];
		const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
		new Notice(text.failed(text[name], reason));
	};
	Promise.resolve()
		.then(run)
		.catch(fail);
}

/**
 * The sidebar as a hover-preview source, named once in the language of the stored settings (called
 * when they are read): Obsidian offers no way to rename it later.
 */
export function registerHoverSource(plugin: Plugin, lang: Lang): void {
	plugin.registerHoverLinkSource(VIEW_TYPE_REVIEW, { display: COMMAND_TEXT[lang].hoverSource, defaultMod: true });
}

export function registerCommands(plugin: Plugin, handlers: CommandHandlers, lang: () => Lang): RegisteredNames {
	let named = lang();
	const list = entries(handlers);
	const add = (text: CommandStrings): void => {
		// A new object each time: Obsidian rewrites the id and name of the one it is given.
		for (const e of list) plugin.addCommand({ id: e.id, name: text[e.name], callback: () => guarded(e.run, e.name, lang) });
	};
	const ribbon = plugin.addRibbonIcon(REVIEW_ICON, COMMAND_TEXT[named].ribbon, () => guarded(handlers.openReviewView, 'openReviewView', lang));
	add(COMMAND_TEXT[named]);
	return {
		followLanguage: () => {
			const next = lang();
			if (next === named) return;
			named = next;
			for (const e of list) plugin.removeCommand(e.id);
			add(COMMAND_TEXT[next]);
			// Obsidian's tooltips read the label when shown.
			ribbon.setAttr('aria-label', COMMAND_TEXT[next].ribbon);
		},
	};
}
