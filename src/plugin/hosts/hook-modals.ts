/**
 * The agent-hook commands' dialog: a choice of agent and scope and, for install and removal, the
 * bridge command that does it for this vault with a copy button (the plugin runs neither); its
 * main button checks the hooks with doctor.
 */
import { Modal, Notice, Setting, type App } from 'obsidian';
import { AGENT_IDS, DEFAULT_AGENT, hostOf, type AgentId } from '../../core/hosts/agent-contracts';
import type { Scope } from '../../node/hosts/host-spec';
import type { HookChoice } from './agent-hooks';
import type { UiStrings } from '../ui-strings';

/** Empty = every installation recorded in the vault (removal only). */
export type LooseChoice = { agent?: AgentId; scope?: Scope; statusLine?: boolean };

export interface ChoiceOptions {
	title: string;
	button: string;
	/** Removal may leave agent and scope open: then every recorded installation goes. */
	allowAll: boolean;
	/** Doctor checks an agent, not a scope. */
	withScope: boolean;
	scopesOf: (agent: AgentId) => readonly Scope[];
	/** Install: whether the agent has a status line to offer alongside the hooks; absent = never offered. */
	statusLineOf?: (agent: AgentId) => boolean;
	/** The command a user runs for the choice, shown with a copy button; none for the check alone. */
	command?: (choice: LooseChoice) => string;
	/** One line under the command (the agent plugins that install the hooks their own way). */
	note?: string;
	onSubmit: (choice: LooseChoice) => void;
}

export class HookChoiceModal extends Modal {
	private choice: LooseChoice;

	constructor(
		app: App,
		private readonly s: UiStrings['agentHooks'],
		private readonly options: ChoiceOptions,
	) {
		super(app);
		this.choice = options.allowAll ? {} : ({ agent: DEFAULT_AGENT, scope: 'project' } satisfies HookChoice);
	}

	onOpen(): void {
		this.setTitle(this.options.title);
		this.render();
	}

	private render(): void {
		const el = this.contentEl;
		el.empty();
		const all = this.options.allowAll ? '*' : undefined;
		new Setting(el).setName(this.s.agent).addDropdown((d) => {
			if (all !== undefined) d.addOption(all, this.s.all);
			for (const id of AGENT_IDS) d.addOption(id, hostOf(id).name);
			d.setValue(this.choice.agent ?? all ?? DEFAULT_AGENT).onChange((v) => {
				const agent = v === all ? undefined : (v as AgentId);
				const scopes = agent === undefined ? [] : this.options.scopesOf(agent);
				const scope = this.choice.scope !== undefined && scopes.includes(this.choice.scope) ? this.choice.scope : this.options.allowAll ? undefined : scopes[0];
				this.choice = { agent, scope, statusLine: this.choice.statusLine };
				this.render();
			});
		});
		const agent = this.choice.agent;
		if (this.options.withScope && agent !== undefined) {
			new Setting(el).setName(this.s.scope).addDropdown((d) => {
				if (all !== undefined) d.addOption(all, this.s.all);
				for (const scope of this.options.scopesOf(agent)) d.addOption(scope, this.s.scopes[scope]);
				d.setValue(this.choice.scope ?? all ?? 'project').onChange((v) => {
					this.choice = { ...this.choice, scope: v === all ? undefined : (v as Scope) };
					this.render();
				});
			});
		}
		if (agent !== undefined && this.options.statusLineOf?.(agent) === true) {
			new Setting(el).setName(this.s.statusLine(hostOf(agent).name)).addToggle((t) =>
				t.setValue(this.choice.statusLine === true).onChange((on) => {
					this.choice = { ...this.choice, statusLine: on };
					this.render();
				}),
			);
		}
		const command = this.options.command?.(this.choice);
		if (command !== undefined) this.renderCommand(el, command);
		new Setting(el).addButton((b) =>
			b
				.setButtonText(this.options.button)
				.setCta()
				.onClick(() => {
					this.close();
					this.options.onSubmit(this.choice);
				}),
		);
	}

	private renderCommand(el: HTMLElement, command: string): void {
		el.createDiv({ cls: 'session-brief-command-intro', text: this.s.runInTerminal });
		el.createEl('pre', { cls: 'session-brief-output session-brief-command', text: command });
		new Setting(el).addButton((b) =>
			b.setButtonText(this.s.copy).onClick(() => {
				void navigator.clipboard.writeText(command).then(
					() => new Notice(this.s.copied),
					(error: unknown) => new Notice(this.s.failed(error instanceof Error ? error.message : String(error))),
				);
			}),
		);
		if (this.options.note !== undefined) el.createDiv({ cls: 'session-brief-command-note', text: this.options.note });
	}

	onClose(): void {
		this.contentEl.empty();
	}
}
