/** The status-bar count of notes waiting for review; a click opens the sidebar. */
import type { Plugin } from 'obsidian';
import { CHANGED, type BriefService } from './brief-service';
import type { IndexSync } from './index-sync';
import { uiStrings } from './ui-strings';

export class ReviewStatusBar {
	private readonly el: HTMLElement;

	constructor(
		plugin: Plugin,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		onClick: () => void,
	) {
		this.el = plugin.addStatusBarItem();
		this.el.addClass('session-brief-status', 'mod-clickable');
		plugin.registerDomEvent(this.el, 'click', onClick);
		plugin.registerEvent(service.on(CHANGED, () => this.update()));
		this.update();
	}

	update(): void {
		const s = uiStrings(this.service.lang());
		const visible = this.service.settings.showStatusBar && this.sync.ready;
		this.el.toggleClass('session-brief-hidden', !visible);
		this.el.setText(s.statusBar(this.sync.index.toReviewCount()));
		this.el.setAttr('aria-label', s.statusBarTitle);
	}
}
