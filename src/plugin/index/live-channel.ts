/**
 * The live channel in the plugin: the shared loopback server
 * (src/node/live/server.ts) answering from the in-memory index, so a hook gets a brief current to the
 * last saved edit without a file being read. Started once the index is built when the setting is
 * on (desktop only), stopped on unload and when the setting goes off.
 */
import { FileSystemAdapter, normalizePath, Platform, type App } from 'obsidian';
import { DISCOVERY_FILE, type LiveBrief, type LiveCheck } from '../../core/live-protocol';
import { liveCheckOf } from '../../core/rules/finish';
import { startLiveServer, type LiveHandlers, type LiveServer } from '../../node/live/server';
import type { BriefService } from './brief-service';
import type { IndexSync } from './index-sync';
import type { RuleCheckRunner } from '../check/rule-check-runner';

/** Where a discovery file lies: the vault it must stay in, and its absolute path. */
export interface DiscoveryPlace {
	root: string;
	file: string;
}

/** `live.json` in the plugin folder (vault-relative) with the vault's folder; null where there is no folder on disk. */
export function discoveryFile(app: App, pluginFolder: string): DiscoveryPlace | null {
	const adapter = app.vault.adapter;
	if (!Platform.isDesktopApp || !(adapter instanceof FileSystemAdapter)) return null;
	return { root: adapter.getBasePath(), file: adapter.getFullPath(normalizePath(`${pluginFolder}/${DISCOVERY_FILE}`)) };
}

/**
 * What the channel answers. `brief` and `review` are the same data (the review items are part of
 * the brief), computed over the index's flagged notes only; the key is the cache writer's, so the
 * bridge accepts the answer exactly when it would accept the cache.
 */
export function liveHandlers(service: BriefService, sync: IndexSync, rules: RuleCheckRunner): LiveHandlers {
	const brief = async (): Promise<LiveBrief> => {
		// While the index is (re)built the brief would be short of notes; the bridge falls through.
		if (!sync.ready) throw new Error('the index is being built');
		// Notes touched since their last parse are read now: an answer never carries an older version's flags.
		await sync.freshen();
		if (!sync.fresh) throw new Error('notes are being re-read');
		const now = new Date();
		const b = service.brief(now);
		return { key: service.key(), date: b.date, generatedAt: now.getTime(), brief: b, lang: service.lang(), locale: service.locale() };
	};
	return {
		brief,
		review: brief,
		check: async (): Promise<LiveCheck> => {
			return liveCheckOf(await rules.check({ external: false }));
		},
	};
}

export class LiveChannel {
	private server: LiveServer | null = null;
	private starting: Promise<void> | null = null;
	private wanted = false;
	/** Why the last start failed (shown once in a notice by the caller); null when it did not. */
	lastError: string | null = null;

	constructor(
		private readonly file: DiscoveryPlace | null,
		private readonly handlers: LiveHandlers,
	) {}

	get running(): boolean {
		return this.server !== null;
	}

	get port(): number | null {
		return this.server?.port ?? null;
	}

	/** Closed for good (the plugin unloads): no later `apply` starts a server. */
	private closed = false;

	/** Brings the server in line with the setting; safe to call again before an earlier call finished. */
	apply(enabled: boolean): Promise<void> {
		this.wanted = enabled && this.file !== null && !this.closed;
		if (!this.wanted) return this.stop();
		if (this.server === null) this.starting ??= this.start();
		return this.starting ?? Promise.resolve();
	}

	private async start(): Promise<void> {
		const file = this.file;
		if (file === null) return;
		try {
			const server = await startLiveServer(this.handlers, { vaultRoot: file.root, discoveryFile: file.file });
			this.lastError = null;
			// Switched off (or unloaded) while the port was being opened.
			if (this.wanted) this.server = server;
			else await server.close();
		} catch (error) {
			this.lastError = error instanceof Error ? error.message : String(error);
			console.error('Session brief: the live channel could not start', error);
		} finally {
			this.starting = null;
		}
	}

	/**
	 * Closes the server: the discovery file is removed at once (synchronously, before the returned
	 * promise), so even an unload that nobody awaits leaves no file naming a closed port.
	 */
	/** Stops the server and refuses to start it again (unload). */
	close(): Promise<void> {
		this.closed = true;
		return this.stop();
	}

	stop(): Promise<void> {
		this.wanted = false;
		const server = this.server;
		this.server = null;
		if (server !== null) return server.close();
		return this.starting ?? Promise.resolve();
	}
}
