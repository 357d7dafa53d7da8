/**
 * What only the desktop app runs: the cached brief and the live channel the hook bridge reads, and
 * the commands that rewrite the cache and show, check and remove agent hooks. This module and
 * everything it imports (Node's modules, ws, the bridge's doctor) are loaded only by
 * `loadDesktopParts` behind `Platform.isDesktopApp`, so none of it is loaded on
 * mobile, and a phone never writes the files the hook reads (docs/design.md, "Mobile and synced vaults").
 */
import { FileSystemAdapter, Notice, type App, type Plugin, type PluginManifest } from 'obsidian';
import { vaultLinks } from '../node/scan/linked-notes';
import type { Settings } from '../core/settings';
import type { AgentChanges } from './review/agent-changes';
import { DesktopAgentChangesIo } from './review/agent-changes-io';
import { AgentHooks, bridgeVersion } from './hosts/agent-hooks';
import type { HooksRemoved } from './hosts/hooks-removed';
import { AgentReview } from './review/agent-review';
import { beforeVersionsIo } from './review/before-versions-io';
import type { BriefService } from './index/brief-service';
import { CacheWriter } from './index/cache-writer';
import { EditorWrites } from './review/editor-writes';
import { hookCommands, type HookCommands } from './hosts/hook-commands';
import type { IndexSync } from './index/index-sync';
import { discoveryFile, LiveChannel, liveHandlers } from './index/live-channel';
import { pluginFolder } from './index/plugin-folder';
import type { RuleCheckRunner } from './check/rule-check-runner';
import { uiStrings } from './ui-strings';

/** How often the plugin checks whether the local date moved on (the brief is per day). */
const DATE_CHECK_MS = 60_000;

/** What the desktop parts need from the plugin. */
export interface DesktopHost {
	app: App;
	manifest: PluginManifest;
	plugin: Plugin;
	service: BriefService;
	sync: IndexSync;
	rules: RuleCheckRunner;
	settings: () => Settings;
	/** Fed here: the journal it watches is written by this machine's hooks. */
	agentChanges: AgentChanges;
	/** Fed here: the record it compares lies in this machine's per-user folder. */
	hooksRemoved: HooksRemoved;
}

export class DesktopParts {
	readonly writer: CacheWriter;
	readonly live: LiveChannel;
	readonly hooks: AgentHooks;
	/** What the human typed in the editor, which the session net leaves out (src/plugin/review/editor-writes.ts). */
	readonly editorWrites: EditorWrites;

	constructor(private readonly host: DesktopHost) {
		const { app, manifest, service, sync, rules } = host;
		// Before the index is built (at layout ready): a note that is a link out of the vault is no note
		// of it. Its folders are listed from now on, off the main thread, so the first pass asks no system call per note.
		if (app.vault.adapter instanceof FileSystemAdapter) sync.index.setOutside(vaultLinks(app.vault.adapter.getBasePath()).outside);
		const folder = pluginFolder(app, manifest);
		this.writer = new CacheWriter(app, folder, service, sync);
		this.live = new LiveChannel(discoveryFile(app, folder), liveHandlers(service, sync, rules));
		this.hooks = new AgentHooks(app, bridgeVersion(manifest.version));
		host.plugin.registerInterval(window.setInterval(() => this.writer.checkDate(), DATE_CHECK_MS));
		this.folder = folder;
		this.editorWrites = new EditorWrites(app, folder);
		this.editorWrites.attach(host.plugin);
	}

	private readonly folder: string;

	private hookFlows: HookCommands | null = null;

	/** The agent-hook commands' flows (registered at load by desktopCommands, src/plugin/commands.ts). */
	hookCommands(): HookCommands {
		return (this.hookFlows ??= hookCommands(this.host.app, this.hooks, () => this.host.service.lang()));
	}

	/**
	 * At layout ready, before the index starts: the agents' journal is watched, a cache left by an
	 * earlier run is marked pending, and the channel opens once the index is ready (it answers from
	 * the index).
	 */
	layoutReady(): void {
		// Its vault `create` handler waits for the layout: Obsidian sends `create` for every file while the vault loads.
		this.host.agentChanges.attach(new DesktopAgentChangesIo(this.host.app, this.folder), this.host.plugin);
		// The before-versions of reviewed changes go once the journal is read, when no Undo can want them.
		this.host.agentChanges.beforeVersions = beforeVersionsIo(this.host.app, this.folder);
		this.host.agentChanges.humanWrites = this.editorWrites;
		void this.host.agentChanges.refresh().then(() => {
			if (!this.stopped) new AgentReview(this.host.app, this.host.agentChanges).pruneReviewed();
		});
		this.host.hooksRemoved.attach(() => this.hooks.hooksRemoved(), this.host.plugin);
		void this.writer.markExistingPending();
		void this.host.sync.whenReady().then(() => this.applyLiveChannel());
	}

	/** Called on every index change. */
	changed(): void {
		this.writer.changed();
	}

	/** The live channel follows its setting. */
	async settingsApplied(previous: Settings): Promise<void> {
		if (previous.liveChannel !== this.host.settings().liveChannel) await this.applyLiveChannel();
	}

	/** Starts or stops the live channel to match the setting; says once when it cannot start. */
	private async applyLiveChannel(): Promise<void> {
		if (this.stopped) return;
		const enabled = this.host.settings().liveChannel;
		if (!this.host.sync.ready && enabled) return;
		await this.live.apply(enabled);
		if (this.live.lastError !== null) new Notice(uiStrings(this.host.service.lang()).liveFailed(this.live.lastError));
	}

	/** Unloaded: nothing started by an earlier step may start anything now. */
	private stopped = false;

	stop(): Promise<void> {
		this.stopped = true;
		void this.live.close();
		void this.editorWrites.flush();
		return this.writer.stop();
	}
}
