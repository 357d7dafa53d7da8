import { Notice, Platform, Plugin } from 'obsidian';
import { formatBrief } from './src/core/brief/format';
import { AGENT_CHANGES_CHANGED, AgentChanges } from './src/plugin/review/agent-changes';
import { addAgentDiffItem } from './src/plugin/review/agent-diff-menu';
import { resolveSettings, type DailyNoteSettings, type Settings } from './src/core/settings';
import { BriefService } from './src/plugin/index/brief-service';
import { desktopCommands, registerCommands, registerHoverSource, type RegisteredNames } from './src/plugin/commands';
import type { Lang } from './src/core/i18n';
import { loadDesktopParts } from './src/plugin/desktop-loader';
import type { DesktopParts } from './src/plugin/desktop-parts';
import { IndexSync } from './src/plugin/index/index-sync';
import { ReviewActions } from './src/plugin/sidebar/review-actions';
import { ReviewView, VIEW_TYPE_REVIEW } from './src/plugin/sidebar/review-view';
import { HooksRemoved } from './src/plugin/hosts/hooks-removed';
import { RuleCheckRunner } from './src/plugin/check/rule-check-runner';
import { RuleCheckView, VIEW_TYPE_RULE_CHECK } from './src/plugin/check/rule-check-view';
import { SessionBriefSettingTab } from './src/plugin/settings/settings-tab';
import { loadSettings, loadStartSettings, saveSettings, storedAsIs } from './src/plugin/settings/settings-store';
import { offerSetupOnce, openSetup, type SetupChoice } from './src/plugin/settings/setup-modal';
import { SETUP_TEXT } from './src/plugin/settings/setup-strings';
import { ReviewStatusBar } from './src/plugin/sidebar/status-bar';
import { uiStrings } from './src/plugin/ui-strings';

export default class SessionBriefPlugin extends Plugin {
	settings!: Settings;
	private sync!: IndexSync;
	private service!: BriefService;
	private rules!: RuleCheckRunner;
	/** What agents changed, not yet reviewed; fed only on desktop, where the hooks write the journal. */
	private agentChanges!: AgentChanges;
	/** Hooks install registered that something else removed (src/plugin/hosts/hooks-removed.ts); fed only on desktop. */
	private readonly hooksRemoved = new HooksRemoved();
	/** The cached brief and live channel for the hook, and agent hooks; null on mobile (src/plugin/desktop-parts.ts). */
	private desktop: DesktopParts | null = null;
	/** No `data.json` at load: a new install, offered the setup at layout ready. */
	private firstRun = false;
	/** Commands and ribbon icon, renamed when the language changes. */
	private names: RegisteredNames | null = null;

	/** The rest of the start, run at layout ready; resolves when it is done (or gave up at an unload). */
	started: Promise<void> = Promise.resolve();
	/** Set at unload: every continuation of the start-up checks it, so nothing starts afterwards. */
	private unloaded = false;
	private resolveDesktop!: (parts: DesktopParts | null) => void;
	/** The desktop parts once loaded (null on mobile or after an unload); commands wait for it. */
	private readonly desktopLoaded = new Promise<DesktopParts | null>((resolve) => (this.resolveDesktop = resolve));

	onload(): void {
		// Only what views, commands and events need is made here; the settings, the status bar, the
		// desktop parts and the index wait for the layout, so Obsidian's start is not held up by this plugin. Until the
		// settings are read the defaults stand in; nothing is indexed before then.
		this.settings = resolveSettings({});
		this.sync = new IndexSync(this.app, this.settings, () => this.onIndexChanged());
		// From load, not layout ready: Obsidian's first `resolved` can come before the layout is ready.
		this.sync.listen(this);
		this.service = new BriefService(this.app, this.sync.index, () => this.settings);
		const actions = new ReviewActions(this.app, this.service, this.sync.index);
		const lang = () => this.service.lang();
		this.rules = new RuleCheckRunner(this.app, () => this.settings, lang);
		this.agentChanges = new AgentChanges(this.app, () => this.settings);
		this.registerView(VIEW_TYPE_REVIEW, (leaf) => new ReviewView(leaf, this.service, this.sync, actions, this.agentChanges, this.hooksRemoved));
		this.registerView(VIEW_TYPE_RULE_CHECK, (leaf) => new RuleCheckView(leaf, this.rules, lang, () => this.runRuleCheck()));
		this.addSettingTab(new SessionBriefSettingTab(this.app, this, lang));

		// The hook answers `agentChanges` from the cache's summary of the journal and marks: kept current with them.
		this.registerEvent(this.agentChanges.on(AGENT_CHANGES_CHANGED, () => void this.desktop?.writer.agentChangesChanged()));
		this.registerEvent(this.app.workspace.on('file-menu', (menu, file) => addAgentDiffItem(this.app, this.agentChanges, lang, menu, file)));

		this.names = registerCommands(
			this,
			{
				openReviewView: () => this.openReviewView(),
				copyBrief: () => this.copyBrief(),
				runRuleCheck: () => this.runRuleCheck(),
				desktop: Platform.isDesktopApp ? desktopCommands(this.desktopLoaded, () => this.refreshBrief()) : null,
			},
			lang,
		);

		// Vault `create` events for every existing file are sent while the vault loads: indexing after
		// the layout is ready does not take them for new notes.
		this.app.workspace.onLayoutReady(() => {
			this.started = this.start(lang);
		});
	}

	/** The rest of the start, at layout ready; each step after an await first checks the plugin is still loaded. */
	private async start(lang: () => Lang): Promise<void> {
		if (this.unloaded) return;
		const { settings, firstRun, stored } = await loadStartSettings(this);
		if (this.unloaded) return;
		this.settings = settings;
		this.firstRun = firstRun;
		await this.sync.applySettings(this.settings);
		if (this.unloaded) return;
		// The resolved settings give the bridge a complete data.json to read; written only when they
		// differ from it, so a start adds no change for a sync to carry. The bridge runs on desktops only.
		if (Platform.isDesktopApp && !storedAsIs(stored, this.settings)) await saveSettings(this, this.settings);
		if (this.unloaded) return;
		// The Daily notes settings live in the service alone, read before anything asks for the brief.
		await this.service.refreshDailyNoteSettings();
		if (this.unloaded) return;
		this.onIndexChanged();
		this.names?.followLanguage();
		registerHoverSource(this, lang());
		// The status bar is "not available on mobile" (obsidian.d.ts, addStatusBarItem); it shows nothing before the index is ready.
		if (Platform.isDesktopApp) {
			new ReviewStatusBar(this, this.service, this.sync, this.agentChanges, () => void this.openReviewView());
		}
		this.desktop = await loadDesktopParts({ app: this.app, manifest: this.manifest, plugin: this, service: this.service, sync: this.sync, rules: this.rules, settings: () => this.settings, agentChanges: this.agentChanges, hooksRemoved: this.hooksRemoved }, () => !this.unloaded);
		this.resolveDesktop(this.desktop);
		if (this.unloaded) return;
		this.desktop?.layoutReady();
		this.sync.start(this);
		if (this.firstRun) void offerSetupOnce(this.app, SETUP_TEXT[lang()], (choice) => this.applySetup(choice));
	}

	onunload(): void {
		this.unloaded = true;
		this.resolveDesktop(null);
		void this.desktop?.stop();
	}

	private onIndexChanged(): void {
		this.service.changed();
		this.desktop?.changed();
	}

	/** The setup, from the settings tab. */
	openSetup(): Promise<void> {
		return openSetup(this.app, SETUP_TEXT[this.service.lang()], (choice) => this.applySetup(choice));
	}

	private applySetup(choice: SetupChoice): Promise<void> {
		return this.updateSettings({ ...this.settings, ...choice });
	}

	obsidianDailyNoteSettings(): DailyNoteSettings {
		return this.service.obsidianDailyNote;
	}

	async updateSettings(next: Settings): Promise<void> {
		const previous = this.settings;
		this.settings = resolveSettings(next);
		await saveSettings(this, this.settings);
		await this.settingsApplied(previous);
	}

	/**
	 * Obsidian calls this when `data.json` changed on disk (sync, another device, a hand edit). Without
	 * it the next save from the settings tab would write the old settings back over the new ones. The
	 * file is not written back: that would be one more change for the sync to carry around. (An open
	 * settings tab keeps showing its values until reopened; each field saves only itself.)
	 */
	async onExternalSettingsChange(): Promise<void> {
		const previous = this.settings;
		this.settings = await loadSettings(this);
		await this.settingsApplied(previous);
		// Written now, not after the debounce: the cache's settings key changed with the settings, so
		// until it is rewritten the bridge rejects it and scans.
		if (this.sync.ready) await this.desktop?.writer.flush();
	}

	/** Re-index when what counts changed, else only re-derive the brief; the live channel follows its setting. */
	private async settingsApplied(previous: Settings): Promise<void> {
		const counting = (s: Settings): string =>
			JSON.stringify([s.inboxFolder, s.rulesFolder, s.sessionsFolder, s.excludedRootFolders, s.tags]);
		if (counting(previous) !== counting(this.settings)) await this.sync.applySettings(this.settings);
		else this.onIndexChanged();
		this.names?.followLanguage();
		await this.desktop?.settingsApplied(previous);
	}

	async openReviewView(): Promise<void> {
		await this.openSideView(VIEW_TYPE_REVIEW);
	}

	private async openSideView(type: string): Promise<void> {
		const { workspace } = this.app;
		let leaf = workspace.getLeavesOfType(type)[0] ?? null;
		if (leaf === null) {
			leaf = workspace.getRightLeaf(false);
			if (leaf === null) return;
			await leaf.setViewState({ type, active: true });
		}
		await workspace.revealLeaf(leaf);
	}

	async runRuleCheck(): Promise<void> {
		const report = await this.rules.run();
		await this.openSideView(VIEW_TYPE_RULE_CHECK);
		new Notice(report.summary);
	}

	/** Desktop only: rewrites the hook's cached brief now. */
	async refreshBrief(): Promise<void> {
		const writer = this.desktop?.writer;
		if (writer === undefined) return;
		await this.service.refreshDailyNoteSettings();
		await this.sync.whenReady();
		this.service.changed();
		await writer.flush();
		const s = uiStrings(this.service.lang());
		new Notice(writer.lastError === null ? s.refreshed : s.writeFailed(writer.lastError));
	}

	async copyBrief(): Promise<void> {
		// During start-up the copy waits for the index; say so instead of seeming to do nothing.
		if (!this.sync.ready) new Notice(uiStrings(this.service.lang()).indexing);
		await this.sync.whenReady();
		const now = Date.now();
		const text = formatBrief(this.service.brief(new Date(now)), this.settings, this.service.lang(), { source: 'live', generatedAt: now, vaultName: this.app.vault.getName() }, now);
		await navigator.clipboard.writeText(text);
		new Notice(uiStrings(this.service.lang()).copied);
	}
}
