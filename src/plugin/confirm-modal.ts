/** A yes/no question before an edit of many notes; the action runs only on the confirming button. */
import { Modal, Setting, type App } from 'obsidian';

export interface ConfirmOptions {
	title: string;
	message: string;
	confirm: string;
	cancel: string;
	onConfirm: () => void;
}

export class ConfirmModal extends Modal {
	constructor(
		app: App,
		private readonly options: ConfirmOptions,
	) {
		super(app);
	}

	onOpen(): void {
		const o = this.options;
		this.setTitle(o.title);
		this.contentEl.createEl('p', { cls: 'session-brief-confirm-message', text: o.message });
		new Setting(this.contentEl)
			.addButton((b) => b.setButtonText(o.cancel).onClick(() => this.close()))
			.addButton((b) =>
				b
					.setButtonText(o.confirm)
					.setCta()
					.onClick(() => {
						this.close();
						o.onConfirm();
					}),
			);
	}

	onClose(): void {
		this.contentEl.empty();
	}
}
