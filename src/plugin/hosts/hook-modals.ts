/**
 * The agent-hook commands' dialogs: a choice of agent and scope before install or removal, and the
 * bridge's own report (install lines, doctor's checks) as monospace text.
 */
import { Modal, Setting, type App } from 'obsidian';
import { AGENT_IDS, DEFAULT_AGENT, HOSTS, type AgentId } from '../../core/agent-contracts';
import type { Scope } from '../../node/agent-library';
import type { HookChoice } from './agent-hooks';
import type { UiStrings } from '../ui-strings';

/** Empty = every installation recorded in the vault (removal only). */
export type LooseChoice = { agent?: AgentId; scope?: Scope };

export interface ChoiceOptions {
	title: string;
	button: string;
	/** Removal may leave agent and scope open: then every recorded installation goes. */
	allowAll: boolean;
	/** Doctor checks an agent, not a scope. */
	withScope: boolean;
	scopesOf: (agent: AgentId) => readonly Scope[];
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
			for (const id of AGENT_IDS) d.addOption(id, HOSTS[id].name);
			d.setValue(this.choice.agent ?? all ?? DEFAULT_AGENT).onChange((v) => {
				const agent = v === all ? undefined : (v as AgentId);
				const scopes = agent === undefined ? [] : this.options.scopesOf(agent);
				const scope = this.choice.scope !== undefined && scopes.includes(this.choice.scope) ? this.choice.scope : this.options.allowAll ? undefined : scopes[0];
				this.choice = { agent, scope };
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
				});
			});
		}
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

	onClose(): void {
		this.contentEl.empty();
	}
}

/** Text as the bridge prints it in a terminal, so a user can copy it into an issue or a shell. */
export class OutputModal extends Modal {
	constructor(
		app: App,
		private readonly title: string,
		private readonly text: string,
	) {
		super(app);
	}

	onOpen(): void {
		this.setTitle(this.title);
		this.contentEl.empty();
		this.contentEl.createEl('pre', { cls: 'session-brief-output', text: this.text });
	}

	onClose(): void {
		this.contentEl.empty();
	}
}
