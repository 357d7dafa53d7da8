/**
 * `serve` keeps the cached brief the way the plugin does (docs/cache-format.md, "The plugin as
 * writer"), so a hook takes tier 1 and never opens a socket; it only adds who keeps the files
 * current, and only while a file watcher reports every change.
 */
import * as path from 'node:path';
import type { AgentChangesSummary } from '../../core/trail/agent-summary';
import { BRIEF_FILE, checkedBriefCache, type BriefCache } from '../../core/brief/cache-format';
import { isoDate } from '../../core/brief/dates';
import { writeStateFile } from '../state-file';
import { readBriefCacheChecked } from './cache-read';
import { processIdentity } from '../live/process-identity';
import type { SourcedBrief } from './plugin-tier';

/** As the plugin: at most one rebuild a second under a burst of edits. */
export const SERVE_WRITE_DELAY_MS = 1000;

export class ServeCache {
	private gen = 0;
	private timer: NodeJS.Timeout | null = null;
	private queue: Promise<void> = Promise.resolve();
	/** The file on disk says this process keeps it current (`pending: false`). */
	private claimed = false;
	private stopped = false;
	private date: string | null = null;
	private readonly started = processIdentity('self');
	/**
	 * Makes the agent changes summary stored when this process claims the file, so a hook answers
	 * `agentChanges` from it even when the rebuild was a verification that rewrote nothing.
	 */
	summarize: ((now: Date) => AgentChangesSummary | undefined) | null = null;
	/** Last write error (diagnostics); writes never stop the server. */
	lastError: string | null = null;

	constructor(
		private readonly root: string,
		private readonly pluginDir: string,
		private readonly key: string,
		private readonly current: () => Promise<SourcedBrief>,
		private readonly now: () => Date,
		private readonly delayMs = SERVE_WRITE_DELAY_MS,
	) {}

	private enqueue(job: () => void | Promise<void>): Promise<void> {
		this.queue = this.queue.then(job).then(
			() => {
				this.lastError = null;
			},
			(error: unknown) => {
				this.lastError = error instanceof Error ? error.message : String(error);
			},
		);
		return this.queue;
	}

	/** A note changed (or the watcher may have missed one): not current any more, rebuilt soon. */
	changed(): void {
		if (this.stopped) return;
		this.gen++;
		if (this.claimed) {
			this.claimed = false;
			void this.enqueue(() => {
				this.mark(true);
			});
		}
		this.timer ??= setTimeout(() => {
			this.timer = null;
			void this.flush();
		}, this.delayMs);
	}

	/** The local date moved on since the last write: the brief must be made again for today. */
	checkDate(): void {
		if (this.date !== null && this.date !== isoDate(this.now())) this.changed();
	}

	/** Makes the brief current (tier 3 or a scan, which rewrites the files) and claims the file. */
	flush(): Promise<void> {
		if (this.timer !== null) {
			clearTimeout(this.timer);
			this.timer = null;
		}
		return this.enqueue(async () => {
			if (this.stopped) return;
			const gen = this.gen;
			const sourced = await this.current();
			if (this.stopped) return;
			// A change during the rebuild is not in it: say pending; its own timer rebuilds again.
			const pending = gen !== this.gen;
			const wrote = this.mark(pending, sourced.brief.date);
			this.claimed = wrote && !pending;
			if (wrote) this.date = sourced.brief.date;
		});
	}

	/** On the way out nothing keeps the file current: the last word is `pending: true`. */
	stop(): Promise<void> {
		this.stopped = true;
		if (this.timer !== null) clearTimeout(this.timer);
		this.timer = null;
		return this.enqueue(() => {
			this.mark(true);
			this.claimed = false;
		});
	}

	/**
	 * Rewrites the brief file with this process as its keeper. Only a file of today's brief under
	 * these settings is claimed, and a pending mark only ever touches a file this process claimed.
	 */
	private mark(pending: boolean, date?: string): boolean {
		const got = readBriefCacheChecked(this.root, this.pluginDir);
		if (got.state !== 'ok') return false;
		const cache = got.value;
		if (cache.key !== this.key || (date !== undefined && cache.date !== date)) return false;
		if (pending && cache.plugin?.pid !== process.pid) return false;
		const plugin: NonNullable<BriefCache['plugin']> = this.started === null ? { pid: process.pid, pending } : { pid: process.pid, pending, started: this.started };
		const summary = pending ? undefined : this.summarize?.(this.now());
		const next: BriefCache = summary === undefined ? { ...cache, plugin } : { ...cache, plugin, agentChanges: summary };
		const checked = checkedBriefCache(next);
		if (!checked.ok) throw new Error(`refusing to write ${BRIEF_FILE}: ${checked.why}`);
		writeStateFile(this.root, path.join(this.pluginDir, BRIEF_FILE), JSON.stringify(next));
		return true;
	}
}
