/** The status-bar count of notes agents changed that wait for review; a click opens the sidebar. */
import type { Plugin } from 'obsidian';
import { AGENT_CHANGES_CHANGED, type AgentChanges } from '../review/agent-changes';
import { CHANGED, type BriefService } from '../index/brief-service';
import { agentChangesStrings } from '../ui-strings';

export class AgentChangesStatusBar {
	private readonly el: HTMLElement;

	constructor(
		plugin: Plugin,
		private readonly store: AgentChanges,
		private readonly service: BriefService,
		onClick: () => void,
	) {
		this.el = plugin.addStatusBarItem();
		this.el.addClass('session-brief-status', 'session-brief-agents-status', 'mod-clickable');
		plugin.registerDomEvent(this.el, 'click', onClick);
		plugin.registerEvent(store.on(AGENT_CHANGES_CHANGED, () => this.update()));
		// The status-bar setting, the language and the excluded folders come with the service's change,
		// which also fires at every index change: the count is made again only when one of them moved.
		plugin.registerEvent(
			service.on(CHANGED, () => {
				if (this.inputs() !== this.shownFor) this.update();
			}),
		);
		this.update();
	}

	/** What the count and its words depend on besides the store, as last shown. */
	private shownFor = '';

	private inputs(): string {
		const settings = this.service.settings;
		return JSON.stringify([this.service.lang(), settings.showStatusBar, settings.excludedRootFolders]);
	}

	update(): void {
		this.shownFor = this.inputs();
		const s = agentChangesStrings(this.service.lang());
		const n = this.store.count();
		// Only while something waits: a vault no agent edits gets no second count.
		this.el.toggleClass('session-brief-hidden', !this.service.settings.showStatusBar || n === 0);
		this.el.setText(s.statusBar(n));
		this.el.setAttr('aria-label', s.statusBarTitle);
	}
}
