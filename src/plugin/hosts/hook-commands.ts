/**
 * The flow of the three agent-hook commands: desktop check, then the dialog. *Install agent hooks*
 * and *Remove agent hooks* show the bridge command for the chosen agent and scope with a copy
 * button, and check the result with doctor once the user ran it; *Check agent hooks* runs doctor
 * at once. The doctor's report opens in its own dialog (doctor-modal.ts).
 */
import { Notice, type App } from 'obsidian';
import type { Lang } from '../../core/i18n';
import { DEFAULT_AGENT, hostOf, type AgentId } from '../../core/hosts/agent-contracts';
import type { AgentHooks } from './agent-hooks';
import { DoctorModal, type DoctorActions } from './doctor-modal';
import { DOCTOR_TEXT } from './doctor-strings';
import { HookChoiceModal, type ChoiceOptions } from './hook-modals';
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
	// Anything thrown (a bug, an unreadable file) must still reach the user instead of vanishing in the console.
	const guarded = (fn: () => void | Promise<void>): void => {
		Promise.resolve()
			.then(fn)
			.catch((error: unknown) => {
				console.error('Session brief: agent hooks', error);
				new Notice(strings().failed(errorText(error)));
			});
	};
	const choose = (options: (path: string, s: UiStrings['agentHooks']) => Omit<ChoiceOptions, 'scopesOf'>): void => {
		const path = vault();
		if (path === null) return;
		new HookChoiceModal(app, strings(), { ...options(path, strings()), scopesOf: (agent) => hooks.scopesOf(agent) }).open();
	};
	const actions = (vaultPath: string): DoctorActions => ({ install, absolute: (p) => `${vaultPath}/${p}` });
	/** Doctor for one agent, then its dialog; `removal` words the verdict for a check after *Remove*. */
	const check = (agent: AgentId, path: string, removal = false): void =>
		guarded(async () => {
			// Doctor runs the hook once, which takes a moment.
			const notice = new Notice(strings().checking);
			const outcome = await hooks.check(agent, path);
			notice.hide();
			new DoctorModal(app, DOCTOR_TEXT[lang()], hostOf(agent).name, outcome.report, outcome.text, actions(path), removal).open();
		});
	function install(): void {
		choose((path, s) => ({
			title: s.installTitle,
			button: s.checkAfter,
			allowAll: false,
			withScope: true,
			command: ({ agent = DEFAULT_AGENT, scope = 'project', statusLine }) => hooks.installCommand({ agent, scope, statusLine }, path),
			statusLineOf: (agent) => hooks.hasStatusLine(agent),
			note: s.agentPlugins,
			onSubmit: ({ agent = DEFAULT_AGENT }) => check(agent, path),
		}));
	}
	return {
		install,
		check: () =>
			choose((path, s) => ({
				title: s.checkTitle,
				button: s.check,
				allowAll: false,
				withScope: false,
				onSubmit: ({ agent = DEFAULT_AGENT }) => check(agent, path),
			})),
		remove: () =>
			choose((path, s) => ({
				title: s.removeTitle,
				button: s.checkAfter,
				allowAll: true,
				withScope: true,
				command: (choice) => hooks.removeCommand(choice, path),
				onSubmit: ({ agent = DEFAULT_AGENT }) => check(agent, path, true),
			})),
	};
}
