import { Notice, Plugin } from 'obsidian';
import { formatBrief } from './src/core/format';
import { resolveSettings, type DailyNoteSettings, type Settings } from './src/core/settings';
import { BriefService, readDailyNoteSettings } from './src/plugin/brief-service';
import { CacheWriter } from './src/plugin/cache-writer';
import { registerCommands } from './src/plugin/commands';
import { IndexSync } from './src/plugin/index-sync';
import { ReviewActions } from './src/plugin/review-actions';
import { REVIEW_ICON, ReviewView, VIEW_TYPE_REVIEW } from './src/plugin/review-view';
import { SessionBriefSettingTab } from './src/plugin/settings-tab';
import { loadSettings, saveSettings } from './src/plugin/settings-store';
import { ReviewStatusBar } from './src/plugin/status-bar';
import { uiStrings } from './src/plugin/ui-strings';

/** How often the plugin checks whether the local date moved on (the brief is per day). */
const DATE_CHECK_MS = 60_000;

export default class SessionBriefPlugin extends Plugin {
	settings!: Settings;
	private sync!: IndexSync;
	private service!: BriefService;
	private writer!: CacheWriter;
	private obsidianDaily: DailyNoteSettings = { folder: '', format: 'YYYY-MM-DD' };

	async onload(): Promise<void> {
		this.settings = await loadSettings(this);
		// Writing the resolved settings back gives the bridge a complete data.json to read.
		await saveSettings(this, this.settings);
		this.obsidianDaily = await readDailyNoteSettings(this.app);

		this.sync = new IndexSync(this.app, this.settings, () => this.onIndexChanged());
		this.service = new BriefService(this.app, this.sync.index, () => this.settings);
		this.writer = new CacheWriter(this.app, CacheWriter.pluginDir(this.app, this.manifest.id), this.service, this.sync);
		const actions = new ReviewActions(this.app, this.service, this.sync.index);

		this.registerView(VIEW_TYPE_REVIEW, (leaf) => new ReviewView(leaf, this.service, this.sync, actions));
		this.registerHoverLinkSource(VIEW_TYPE_REVIEW, { display: 'Session brief: needs review', defaultMod: true });
		this.addRibbonIcon(REVIEW_ICON, 'Open needs review', () => void this.openReviewView());
		new ReviewStatusBar(this, this.service, this.sync, () => void this.openReviewView());
		registerCommands(this, {
			openReviewView: () => this.openReviewView(),
			refreshBrief: () => this.refreshBrief(),
			copyBrief: () => this.copyBrief(),
		});
		this.addSettingTab(new SessionBriefSettingTab(this.app, this));
		this.registerInterval(window.setInterval(() => this.writer.checkDate(), DATE_CHECK_MS));

		// Indexing waits for the layout so startup is not slowed, and so vault `create` events
		// for every existing file (sent while the vault loads) are not taken for new notes.
		this.app.workspace.onLayoutReady(() => {
			void this.writer.markExistingPending();
			this.sync.start(this);
		});
	}

	onunload(): void {
		void this.writer.stop();
	}

	private onIndexChanged(): void {
		this.service.changed();
		this.writer.changed();
	}

	obsidianDailyNoteSettings(): DailyNoteSettings {
		return this.obsidianDaily;
	}

	async updateSettings(next: Settings): Promise<void> {
		const previous = this.settings;
		this.settings = resolveSettings(next);
		await saveSettings(this, this.settings);
		const counting = (s: Settings): string =>
			JSON.stringify([s.inboxFolder, s.rulesFolder, s.sessionsFolder, s.excludedRootFolders, s.tags]);
		if (counting(previous) !== counting(this.settings)) await this.sync.applySettings(this.settings);
		else this.onIndexChanged();
	}

	async openReviewView(): Promise<void> {
		const { workspace } = this.app;
		let leaf = workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0] ?? null;
		if (leaf === null) {
			leaf = workspace.getRightLeaf(false);
			if (leaf === null) return;
			await leaf.setViewState({ type: VIEW_TYPE_REVIEW, active: true });
		}
		await workspace.revealLeaf(leaf);
	}

	async refreshBrief(): Promise<void> {
		this.obsidianDaily = await readDailyNoteSettings(this.app);
		await this.sync.whenBuilt();
		this.service.changed();
		await this.writer.flush();
		const s = uiStrings(this.service.lang());
		new Notice(this.writer.lastError === null ? s.refreshed : s.writeFailed(this.writer.lastError));
	}

	async copyBrief(): Promise<void> {
		await this.sync.whenBuilt();
		const now = Date.now();
		const text = formatBrief(this.service.brief(new Date(now)), this.settings, this.service.lang(), { source: 'live', generatedAt: now, vaultName: this.app.vault.getName() }, now);
		await navigator.clipboard.writeText(text);
		new Notice(uiStrings(this.service.lang()).copied);
	}
}
