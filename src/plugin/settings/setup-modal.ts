/**
 * The first-run setup: the rules folder, sessions folder and rule scope proposed from the vault
 * (src/core/first-run.ts), editable, saved only on *Use these*. Offered once per device when the
 * plugin starts without a `data.json`, and from the settings tab at any time.
 */
import { Modal, Notice, Setting, type App } from 'obsidian';
import { proposeSetup, type SetupProposal } from '../../core/first-run';
import { cleanFolder } from '../../core/settings';
import type { SetupStrings } from './setup-strings';
import { vaultFacts } from '../index/vault-facts';

export interface SetupChoice {
	rulesFolder: string;
	sessionsFolder: string;
	ruleScope: string[];
}

export class SetupModal extends Modal {
	constructor(
		app: App,
		private readonly text: SetupStrings,
		private readonly proposal: SetupProposal,
		private readonly onUse: (choice: SetupChoice) => Promise<void>,
	) {
		super(app);
	}

	onOpen(): void {
		const t = this.text;
		const p = this.proposal;
		const choice: SetupChoice = { rulesFolder: p.rulesFolder, sessionsFolder: p.sessionsFolder, ruleScope: [...p.ruleScope] };
		this.setTitle(t.title);
		const el = this.contentEl;
		el.addClass('session-brief-setup');
		el.createEl('p', { text: t.intro });
		el.createEl('p', { cls: 'session-brief-setup-found', text: p.found.length > 0 ? t.found(p.found.join(', ')) : t.nothingFound });
		new Setting(el).setName(t.rulesFolder).addText((c) => c.setValue(choice.rulesFolder).onChange((v) => (choice.rulesFolder = cleanFolder(v))));
		new Setting(el).setName(t.sessionsFolder).addText((c) => c.setValue(choice.sessionsFolder).onChange((v) => (choice.sessionsFolder = cleanFolder(v))));
		new Setting(el)
			.setName(t.ruleScope)
			.setDesc(t.ruleScopeDesc)
			.addTextArea((c) => {
				c.setValue(choice.ruleScope.join('\n')).onChange((v) => (choice.ruleScope = v.split(/\r?\n/).map((s) => s.trim()).filter((s) => s !== '')));
				c.inputEl.rows = Math.max(3, choice.ruleScope.length);
			});
		new Setting(el)
			.addButton((b) =>
				b.setButtonText(t.notNow).onClick(() => {
					this.close();
					new Notice(t.later);
				}),
			)
			.addButton((b) =>
				b
					.setButtonText(t.use)
					.setCta()
					.onClick(() => {
						this.close();
						void this.onUse(choice);
					}),
			);
	}

	onClose(): void {
		this.contentEl.empty();
	}
}

/** Local storage key (per vault and device): the first-run setup was offered here. */
export const SETUP_OFFERED_KEY = 'session-brief-setup-offered';

/** Proposes from the vault as it is now and opens the setup; `apply` saves the choice. */
export async function openSetup(app: App, text: SetupStrings, apply: (choice: SetupChoice) => Promise<void>): Promise<void> {
	new SetupModal(app, text, proposeSetup(await vaultFacts(app)), apply).open();
}

/** At the first layout ready of a first run: the setup, once per device. */
export async function offerSetupOnce(app: App, text: SetupStrings, apply: (choice: SetupChoice) => Promise<void>): Promise<void> {
	if (app.loadLocalStorage(SETUP_OFFERED_KEY) !== null) return;
	app.saveLocalStorage(SETUP_OFFERED_KEY, Date.now());
	await openSetup(app, text, apply);
}
