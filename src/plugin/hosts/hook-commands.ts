/**
 * The flow of the three agent-hook commands: desktop check, the choice dialog, the bridge's
 * action, then a notice and the bridge's full report in a dialog (paths and warnings a user needs).
 */
import { Notice, type App } from 'obsidian';
import type { Lang } from '../../core/i18n';
import { DEFAULT_AGENT, HOSTS } from '../../core/agent-contracts';
import type { AgentHooks, HookOutcome } from './agent-hooks';
import { DoctorModal, type DoctorActions } from './doctor-modal';
import { DOCTOR_TEXT } from './doctor-strings';
import { HookChoiceModal, OutputModal, type ChoiceOptions } from './hook-modals';
import { uiStrings, type UiStrings } from '../ui-strings';

export interface HookCommands {
	install: () => void;
	check: () => void;
	remove: () => void;
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export function hookCommands(app: App, hooks: AgentHooks, lang: () => Lang): HookCommands {
	const strings = () => uiStrings(lang()).agentHooks;
	/** The vault folder, or a notice saying why there is none. */
	const vault = (): string | null => {
		const path = hooks.vaultPath();
		if (path === null) new Notice(strings().desktopOnly);
		return path;
	};
	const show = (title: string, outcome: HookOutcome, success: string): void => {
		new Notice(outcome.ok ? success : strings().failed(outcome.problem));
		new OutputModal(app, title, outcome.text).open();
	};
	// The bridge's functions report expected failures as results; anything thrown (a bug, or an
	// embedded bridge that does not load) must still reach the user instead of vanishing in the console.
	const guarded = (fn: () => void | Promise<void>): void => {
		Promise.resolve()
			.then(fn)
			.catch((error: unknown) => {
				console.error('Session brief: agent hooks', error);
				new Notice(strings().failed(errorText(error)));
			});
	};
	/** The choice dialog, once the bridge's agent commands are loaded (they give each agent's scopes). */
	const choose = (options: (path: string, s: UiStrings['agentHooks']) => Omit<ChoiceOptions, 'scopesOf'>): void => {
		const path = vault();
		if (path === null) return;
		const s = strings();
		guarded(async () => {
			const lib = await hooks.library(path);
			new HookChoiceModal(app, s, { ...options(path, s), scopesOf: (agent) => lib.scopesOf(agent) }).open();
		});
	};
	const install = (): void =>
		choose((path, s) => ({
			title: s.installTitle,
			button: s.install,
			allowAll: false,
			withScope: true,
			onSubmit: ({ agent = DEFAULT_AGENT, scope = 'project' }) =>
				guarded(async () => show(s.installTitle, await hooks.install({ agent, scope }, path), s.installed(HOSTS[agent].name))),
		}));
	const actions = (vaultPath: string): DoctorActions => ({
		install,
		absolute: (p) => `${vaultPath}/${p}`,
		openFile: openWithSystem,
	});
	return {
		install,
		check: () =>
			choose((path, s) => ({
				title: s.checkTitle,
				button: s.check,
				allowAll: false,
				withScope: false,
				onSubmit: ({ agent = DEFAULT_AGENT }) =>
					guarded(async () => {
						// Doctor runs the hook once, which takes a moment.
						const notice = new Notice(s.checking);
						const outcome = await hooks.check(agent, path);
						notice.hide();
						new DoctorModal(app, DOCTOR_TEXT[lang()], HOSTS[agent].name, outcome.report, outcome.text, actions(path)).open();
					}),
			})),
		remove: () =>
			choose((path, s) => ({
				title: s.removeTitle,
				button: s.remove,
				allowAll: true,
				withScope: true,
				onSubmit: (choice) => guarded(async () => show(s.removeTitle, await hooks.remove(choice, path), s.removed)),
			})),
	};
}

/** Opens a file with the system's default app (Electron's shell, desktop only); rejects with why not. */
async function openWithSystem(file: string): Promise<void> {
	const electron = (window as unknown as { require?: (id: string) => unknown }).require?.('electron') as { shell?: { openPath(p: string): Promise<string> } } | undefined;
	if (electron?.shell === undefined) throw new Error('no system shell here');
	const problem = await electron.shell.openPath(file);
	if (problem !== '') throw new Error(problem);
}
