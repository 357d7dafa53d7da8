/**
 * Writes the cached brief the bridge serves (docs/cache-format.md) into the plugin folder. Full
 * writes (index, then brief) happen at most once per `delayMs` under a burst of edits; the first
 * change after a full write immediately rewrites just the brief file with `plugin.pending: true`,
 * so the bridge never serves a brief that lags behind a change it could not know about.
 */
import { FileSystemAdapter, normalizePath, type App } from 'obsidian';
import { BRIEF_FILE, INDEX_FILE, asBriefCache, makeBriefCache, makeIndex, stampOfRows, type BriefCache } from '../../core/brief/cache-format';
import type { AgentChangesSummary } from '../../core/trail/agent-summary';
import { conversationStarts, newsAnswers, parseSessionStarts, SESSION_STARTS_FILE, type SessionStarts } from '../../core/trail/what-changed';
import { parseStartsLog, STARTS_LOG } from '../../core/trail/session-starts';
import { keepSessionStartsBounded, readConversationStarts } from '../../node/journal/session-starts-log';
import { isoDate } from '../../core/brief/dates';
import { isCountedNote } from '../../core/notes/paths';
import { JournalReader, summarizeFilesAsync } from '../../node/journal/agent-summary';
import { processIdentity } from '../../node/live/process-identity';
import { writeAtomic } from './atomic-write';
import type { BriefService } from './brief-service';
import type { IndexSync } from './index-sync';

export const WRITE_DELAY_MS = 1000;

let started: string | null | undefined;

/** This process as tier 1 checks it: pid and start time (left out when unknown, so tier 1 stays off). */
function ownProcess(pending: boolean): BriefCache['plugin'] {
	started ??= processIdentity('self');
	return started === null ? { pid: process.pid, pending } : { pid: process.pid, pending, started };
}

function randomId(): string {
	const bytes = new Uint8Array(8);
	crypto.getRandomValues(bytes);
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class CacheWriter {
	private timer: number | null = null;
	/** The brief file as last written by this session; null before the first full write. */
	private last: BriefCache | null = null;
	/** Writes run one after another, so a late pending mark can never land after a newer full write. */
	private queue: Promise<void> = Promise.resolve();
	private stopped = false;
	/** Last error, for the refresh command's notice; writes never throw into Obsidian. */
	lastError: string | null = null;
	/** Full writes so far (diagnostics; the tests check the debounce with it). */
	fullWrites = 0;

	constructor(
		private readonly app: App,
		private readonly dir: string,
		private readonly service: BriefService,
		private readonly sync: IndexSync,
		private readonly delayMs = WRITE_DELAY_MS,
	) {}

	private file(name: string): string {
		return normalizePath(`${this.dir}/${name}`);
	}

	private enqueue(job: () => Promise<void>): Promise<void> {
		this.queue = this.queue.then(job).then(
			() => {
				this.lastError = null;
			},
			(error: unknown) => {
				this.lastError = error instanceof Error ? error.message : String(error);
				console.error('Session brief: could not write the cached brief', error);
			},
		);
		return this.queue;
	}

	/** A cache left by an earlier run (same process after a plugin reload) must not be served as current. */
	markExistingPending(): Promise<void> {
		if (this.stopped) return this.queue;
		return this.enqueue(async () => {
			const adapter = this.app.vault.adapter;
			const target = this.file(BRIEF_FILE);
			if (!(await adapter.exists(target))) return;
			let cache: BriefCache | null = null;
			try {
				cache = asBriefCache(JSON.parse(await adapter.read(target)));
			} catch {
				return;
			}
			if (cache?.plugin === undefined || cache.plugin.pending) return;
			await writeAtomic(adapter, target, JSON.stringify({ ...cache, plugin: { ...cache.plugin, pending: true } }));
		});
	}

	/** Called on every index change. Cheap: at most one small write now and one timer. */
	changed(): void {
		if (this.stopped || !this.sync.ready) return;
		const last = this.last;
		if (last?.plugin !== undefined && !last.plugin.pending) {
			this.last = { ...last, plugin: { ...last.plugin, pending: true } };
			const marked = this.last;
			void this.enqueue(() => writeAtomic(this.app.vault.adapter, this.file(BRIEF_FILE), JSON.stringify(marked)));
		}
		this.timer ??= window.setTimeout(() => {
			this.timer = null;
			void this.flush();
		}, this.delayMs);
	}

	/**
	 * The agent changes journal or the review marks changed (the sidebar's watch saw it): the brief
	 * file gets a summary of them again, so the hook keeps answering from it instead of reading the
	 * whole journal. Only the brief file is rewritten, as it was otherwise.
	 */
	agentChangesChanged(): Promise<void> {
		return this.enqueue(async () => {
			const last = this.last;
			if (this.stopped || last === null) return;
			const summary = await this.agentChanges(new Date());
			if (summary === undefined || JSON.stringify(summary) === JSON.stringify(last.agentChanges)) return;
			this.last = { ...last, agentChanges: summary };
			await writeAtomic(this.app.vault.adapter, this.file(BRIEF_FILE), JSON.stringify(this.last));
		});
	}

	/** The local date moved on since the last write: the brief must be made again for today. */
	checkDate(now = new Date()): void {
		if (this.last !== null && this.last.date !== isoDate(now)) this.changed();
	}

	/** Writes index and brief now (nothing once stopped: the final write was the stop's). */
	flush(): Promise<void> {
		this.cancelTimer();
		if (this.stopped) return this.queue;
		return this.enqueue(() => this.writeFull(false));
	}

	private cancelTimer(): void {
		if (this.timer !== null) window.clearTimeout(this.timer);
		this.timer = null;
	}

	/**
	 * The brief says `pending` in the final write when the plugin stops, and whenever a note touched
	 * by an event is not re-read yet (`IndexSync.fresh`): its flags may be an older version's, so
	 * only the bridge's own checks may serve the cache.
	 */
	private async writeFull(final: boolean): Promise<void> {
		if (!this.sync.ready || (this.stopped && !final)) return;
		const pending = final || !this.sync.fresh;
		if (await this.service.refreshDailyNoteSettings()) this.service.changed();
		const index = this.sync.index;
		const id = randomId();
		const now = new Date();
		const brief = this.service.brief(now);
		const rows = index.rows();
		const cache = makeBriefCache(id, {
			writer: 'plugin',
			writtenAt: now.getTime(),
			date: brief.date,
			key: this.service.key(),
			noteCount: index.size,
			toReview: index.toReviewCount(),
			brief,
			namesPerItem: this.service.settings.maxNamesPerItem,
			lang: this.service.lang(),
			locale: this.service.locale(),
			plugin: ownProcess(pending),
			news: newsAnswers(brief, await this.sessionStarts(), this.service.settings.maxNamesPerItem),
			agentChanges: await this.agentChanges(now),
			stamp: stampOfRows(rows),
		});
		const adapter = this.app.vault.adapter;
		// Index first: a reader that sees the new brief always finds its index (cache-format.md).
		await writeAtomic(adapter, this.file(INDEX_FILE), JSON.stringify(makeIndex(id, rows)));
		await writeAtomic(adapter, this.file(BRIEF_FILE), JSON.stringify(cache));
		this.last = cache;
		this.fullWrites++;
	}

	/** The journal as read at the last write: the next one reads only what was appended since. */
	private readonly journal = new JournalReader();

	/**
	 * The unreviewed agent changes for the hook (src/core/trail/agent-summary.ts); only on desktop, where
	 * the journal is. Whether a note exists is Obsidian's answer, as for the sidebar, not a stat per note.
	 */
	private agentChanges(now: Date): Promise<AgentChangesSummary | undefined> {
		const adapter = this.app.vault.adapter;
		if (!(adapter instanceof FileSystemAdapter)) return Promise.resolve(undefined);
		const settings = this.service.settings;
		const excluded = settings.excludedRootFolders;
		const there = (p: string): boolean => isCountedNote(p, excluded) && this.app.vault.getFileByPath(p) !== null;
		return summarizeFilesAsync({ root: adapter.getBasePath(), pluginDir: adapter.getFullPath(this.dir), excludedRootFolders: excluded }, now, settings.maxNamesPerItem, this.journal, there);
	}

	/**
	 * The recorded conversation starts, so the hook can tell what is new since the last one without
	 * the index. On the desktop the plugin also keeps the record bounded, off the hook's path.
	 */
	private async sessionStarts(): Promise<SessionStarts> {
		const adapter = this.app.vault.adapter;
		if (adapter instanceof FileSystemAdapter) {
			const root = adapter.getBasePath();
			const pluginDir = adapter.getFullPath(this.dir);
			keepSessionStartsBounded(root, pluginDir);
			return readConversationStarts(root, pluginDir);
		}
		const read = async (name: string): Promise<string> => {
			try {
				return await this.app.vault.adapter.read(this.file(name));
			} catch {
				return '';
			}
		};
		let old: unknown;
		try {
			old = JSON.parse(await read(SESSION_STARTS_FILE)) as unknown;
		} catch {
			old = undefined;
		}
		return conversationStarts(parseSessionStarts(old), parseStartsLog(await read(STARTS_LOG)).conversations);
	}

	/** Resolves when every write queued so far has finished. */
	idle(): Promise<void> {
		return this.queue;
	}

	/**
	 * On unload nothing keeps the file current any more, so the last write says `pending: true`
	 * even though Obsidian's process lives on; the bridge then verifies the index (tier 3).
	 */
	stop(): Promise<void> {
		if (this.stopped) return this.queue;
		this.cancelTimer();
		const done = this.sync.ready ? this.enqueue(() => this.writeFull(true)) : this.markExistingPending();
		this.stopped = true;
		return done;
	}
}
