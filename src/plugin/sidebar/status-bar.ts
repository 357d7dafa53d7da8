/**
 * The status bar item: the vault's state in the very words the agent's status line shows
 * (src/core/status/status-line.ts): what waits for review, the agent changes not yet reviewed,
 * the last rule check. A click opens the sidebar.
 */
import { normalizePath, type Plugin } from 'obsidian';
import { describeStart, lastDelivered, OLD_STARTS_FILE, parseSessionStarts, parseStartsLog, STARTS_LOG } from '../../core/trail/session-starts';
import { statusBarText, type RulesState } from '../../core/status/status-line';
import { rulesOfFiles } from '../../core/rules/last-check-record';
import { LAST_CHECK_FILE, LAST_CHECK_SUMMARY_FILE } from '../../core/state-names';
import { AGENT_CHANGES_CHANGED, POLL_MS, type AgentChanges } from '../review/agent-changes';
import { CHANGED, type BriefService } from '../index/brief-service';
import type { IndexSync } from '../index/index-sync';
import { uiStrings } from '../ui-strings';

export class ReviewStatusBar {
	private readonly el: HTMLElement;
	/** The tooltip's line about the last agent session (docs/design.md, "Proof that sessions got the brief"). */
	private lastSession: string | null = null;
	/** The agent changes count, made again only when the journal, the language or a setting moved. */
	private agentCount = 0;
	private countedFor = '';
	/** The last rule check as recorded, and the file's stamp when it was read. */
	private rules: RulesState | null = null;
	private rulesStamp = '';

	constructor(
		private readonly plugin: Plugin,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		private readonly agentChanges: AgentChanges,
		onClick: () => void,
	) {
		this.el = plugin.addStatusBarItem();
		this.el.addClass('session-brief-status', 'mod-clickable');
		plugin.registerDomEvent(this.el, 'click', onClick);
		plugin.registerEvent(service.on(CHANGED, () => this.update()));
		plugin.registerEvent(agentChanges.on(AGENT_CHANGES_CHANGED, () => this.update(true)));
		// Read when the pointer arrives, so the tooltip is current without polling the file.
		plugin.registerDomEvent(this.el, 'mouseenter', () => void this.readLastSession());
		// The vault sends no events for the plugin's folder: the check record is polled by its stamp.
		plugin.registerInterval(window.setInterval(() => void this.readRules(), POLL_MS));
		this.update(true);
		void this.readLastSession();
		void this.readRules();
	}

	private dir(): string {
		return this.plugin.manifest.dir ?? `${this.plugin.app.vault.configDir}/plugins/${this.plugin.manifest.id}`;
	}

	private async readLastSession(): Promise<void> {
		const read = async (name: string): Promise<string> => {
			try {
				return await this.plugin.app.vault.adapter.read(normalizePath(`${this.dir()}/${name}`));
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

	/**
	 * The last rule check's counts the bridge keeps (`last-check-summary.json`, or the whole record
	 * where an earlier version left no summary), read when a stamp moved; anything odd is no record.
	 */
	private async readRules(): Promise<void> {
		const adapter = this.plugin.app.vault.adapter;
		const summary = normalizePath(`${this.dir()}/${LAST_CHECK_SUMMARY_FILE}`);
		const record = normalizePath(`${this.dir()}/${LAST_CHECK_FILE}`);
		const stampOf = async (file: string): Promise<string> => {
			const st = await adapter.stat(file);
			return st === null || st.type !== 'file' ? '' : `${st.size}:${st.mtime}`;
		};
		let rules: RulesState | null = null;
		let stamp = '';
		try {
			const [s, r] = [await stampOf(summary), await stampOf(record)];
			stamp = `${s}|${r}`;
			if (stamp === this.rulesStamp) return;
			const recordData = s === '' && r !== '' ? (JSON.parse(await adapter.read(record)) as unknown) : undefined;
			rules = rulesOfFiles(s === '' ? undefined : (JSON.parse(await adapter.read(summary)) as unknown), () => recordData);
		} catch {
			// Unreadable or not JSON: no record.
		}
		this.rulesStamp = stamp;
		this.rules = rules;
		this.update();
	}

	private inputs(): string {
		const settings = this.service.settings;
		return JSON.stringify([this.service.lang(), settings.showStatusBar, settings.excludedRootFolders]);
	}

	update(journalMoved = false): void {
		if (journalMoved || this.inputs() !== this.countedFor) {
			this.countedFor = this.inputs();
			this.agentCount = this.agentChanges.count();
		}
		const lang = this.service.lang();
		const s = uiStrings(lang);
		const visible = this.service.settings.showStatusBar && this.sync.ready;
		this.el.toggleClass('session-brief-hidden', !visible);
		this.el.setText(statusBarText({ toReview: this.sync.index.toReviewCount(), agentChanges: this.agentCount, rules: this.rules, stale: false }, lang));
		this.el.setAttr('aria-label', `${s.statusBarTitle}\n${s.lastSession(this.lastSession)}`);
	}
}
