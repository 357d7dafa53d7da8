/** The status-bar count of notes waiting for review; a click opens the sidebar. */
import { normalizePath, type Plugin } from 'obsidian';
import { describeStart, lastDelivered, OLD_STARTS_FILE, parseSessionStarts, parseStartsLog, STARTS_LOG } from '../../core/trail/session-starts';
import { CHANGED, type BriefService } from '../index/brief-service';
import type { IndexSync } from '../index/index-sync';
import { uiStrings } from '../ui-strings';

export class ReviewStatusBar {
	private readonly el: HTMLElement;
	/** The tooltip's line about the last agent session (docs/design.md, "Proof that sessions got the brief"). */
	private lastSession: string | null = null;

	constructor(
		private readonly plugin: Plugin,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		onClick: () => void,
	) {
		this.el = plugin.addStatusBarItem();
		this.el.addClass('session-brief-status', 'mod-clickable');
		plugin.registerDomEvent(this.el, 'click', onClick);
		plugin.registerEvent(service.on(CHANGED, () => this.update()));
		// Read when the pointer arrives, so the tooltip is current without polling the file.
		plugin.registerDomEvent(this.el, 'mouseenter', () => void this.readLastSession());
		this.update();
		void this.readLastSession();
	}

	private async readLastSession(): Promise<void> {
		const dir = this.plugin.manifest.dir ?? `${this.plugin.app.vault.configDir}/plugins/${this.plugin.manifest.id}`;
		const read = async (name: string): Promise<string> => {
			try {
				return await this.plugin.app.vault.adapter.read(normalizePath(`${dir}/${name}`));
			} catch {
				// No session has been recorded yet.
				return '';
			}
		};
		// The record (src/core/trail/session-starts.ts) after what an earlier version left in its old file, read
		// first: a compaction folds it into the record before it removes it.
		const old = parseSessionStarts(await read(OLD_STARTS_FILE));
		const last = lastDelivered([...old, ...parseStartsLog(await read(STARTS_LOG)).entries]);
		this.lastSession = last === undefined ? null : describeStart(last);
		this.update();
	}

	update(): void {
		const s = uiStrings(this.service.lang());
		const visible = this.service.settings.showStatusBar && this.sync.ready;
		this.el.toggleClass('session-brief-hidden', !visible);
		this.el.setText(s.statusBar(this.sync.index.toReviewCount()));
		this.el.setAttr('aria-label', `${s.statusBarTitle}\n${s.lastSession(this.lastSession)}`);
	}
}
