/**
 * Keeps the NoteIndex in step with the vault: one full pass, then one O(1) update per event, never a
 * rescan. A touched note stays stale until its flags match its version on disk, and the index is
 * ready only once start-up parsing can no longer change it (docs/obsidian-runtime.md, "Start-up: no
 * fixed order, and restored entries may predate their notes"; docs/cache-format.md, "The plugin as writer").
 */
import { TFile, TFolder, type App, type CachedMetadata, type Plugin, type TAbstractFile } from 'obsidian';
import { lowerTagNames } from '../../core/notes/flags';
import { utf8Length } from '../../core/text-bytes';
import type { Settings } from '../../core/settings';
import { NoteIndex } from './note-index';
import { readIndexedNote } from './note-reader';

/** Files indexed between two yields to the event loop during the first pass. */
const BATCH = 500;
/**
 * How long after layout ready the start waits for notes without a cache entry to get one, or for a
 * `resolved`, before it reads the rest from their text.
 */
export const STARTUP_FALLBACK_MS = 10_000;
/** Local storage key (per vault and device): when the index was last known current, in ms since the epoch. */
export const CURRENT_AT_KEY = 'session-brief-index-current-at';
/** Edits this close before the stamp may not have reached Obsidian's cache when it was taken. */
const CURRENT_AT_MARGIN_MS = 5_000;
/** The stamp is renewed at most this often while the index changes. */
const CURRENT_AT_EVERY_MS = 60_000;
/**
 * How long a note touched by a vault event waits for Obsidian's re-parse before the plugin reads its
 * text itself: a `touch` or a save that leaves the text alone gets no `changed`, and after a large
 * pull Obsidian's parser may lag far behind.
 */
export const REREAD_AFTER_MS = 2_000;

function readCurrentAt(app: App): number | null {
	const value: unknown = app.loadLocalStorage(CURRENT_AT_KEY);
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * How this start went, for the console script (scripts/record-obsidian-runtime.js) to read back in
 * real Obsidian: which signal came first and what ended start-up.
 */
export interface StartupTrace {
	/** A `resolved` came before the layout was ready. */
	resolvedBeforeLayout: boolean;
	/** The plugin was loaded after the layout was ready (enabled or reloaded while Obsidian ran). */
	loadedAfterLayout: boolean;
	/** Counted notes with no cache entry, and with an entry that may predate the note, at the first pass. */
	waitingAtPass: number;
	unverifiedAtPass: number;
	/** What ended start-up: a `resolved` (or a late load), every note having an entry, or the bounded wait. */
	endedBy: 'resolved' | 'every-entry' | 'wait' | null;
	/** From layout ready to the index being ready, in ms. */
	layoutToReadyMs: number | null;
}

export class IndexSync {
	readonly index: NoteIndex;
	private built = false;
	/** Start-up parsing can no longer change the index: the notes left for then are read. */
	private settled = false;
	private tags;
	/**
	 * The reads in flight, by path, each with its own ticket: a later event for the path replaces or
	 * removes the ticket, and the read's result is then dropped. Only reads under way are held, so a
	 * rename or delete looks up a map of a few entries, not one of every note in the vault.
	 */
	private readonly reading = new Map<string, number>();
	private lastTicket = 0;
	/** Obsidian said its cache is current: a `resolved` since load, or the plugin started after layout ready. */
	private trusted = false;
	/** The vault events are registered and the first pass has begun. */
	private started = false;
	/** Notes re-parsed (`changed`) since load, before the first pass: their entries are current. */
	private readonly confirmed = new Set<string>();
	/** Counted notes with no cache entry at the first pass: indexed on their `changed`. */
	private waiting = new Set<string>();
	/** Notes indexed from an entry that may predate the file: read from their text when start-up ends, unless confirmed first. */
	private unverified = new Set<string>();
	/** When the index was last known current on this device, as of load; null when never. */
	private readonly currentAt: number | null;
	private lastStamp = 0;
	private building: Promise<void> | null = null;
	private settling: Promise<void> | null = null;
	private startupTimer: number | null = null;
	/** How long to wait for start-up parsing; tests shorten or lengthen it. */
	startupFallbackMs = STARTUP_FALLBACK_MS;
	private readonly settledSignal: Promise<void>;
	private signalSettled!: () => void;
	private layoutAt = 0;
	readonly startup: StartupTrace = { resolvedBeforeLayout: false, loadedAfterLayout: false, waitingAtPass: 0, unverifiedAtPass: 0, endedBy: null, layoutToReadyMs: null };
	/**
	 * Notes touched by a vault event whose flags are not yet those of their current version: path →
	 * a ticket of the touch (a read proves the version only when no later touch came meanwhile) and when.
	 */
	private readonly stale = new Map<string, { ticket: number; at: number }>();
	private rereadTimer: number | null = null;
	/** How long a stale note waits for `changed` before its text is read; tests shorten it. */
	rereadAfterMs = REREAD_AFTER_MS;
	/** The plugin unloaded: no read, timer or notification starts any more. */
	private stopped = false;

	constructor(
		private readonly app: App,
		private settings: Settings,
		private readonly onChange: () => void,
	) {
		this.index = new NoteIndex(settings);
		this.tags = lowerTagNames(settings.tags);
		this.settledSignal = new Promise<void>((resolve) => (this.signalSettled = resolve));
		this.currentAt = readCurrentAt(app);
	}

	/** True once the full pass is done and start-up parsing has ended: until then the cache stays pending. */
	get ready(): boolean {
		return this.built && this.settled;
	}

	/** Ready, and every note's flags are those of its current version (no stale note). */
	get fresh(): boolean {
		return this.ready && this.stale.size === 0;
	}

	/** Notes touched by an event whose flags are not yet re-read (diagnostics and tests). */
	get staleCount(): number {
		return this.stale.size;
	}

	/** Reads every stale note from its text now (the live channel, before it answers); resolves when fresh or stopped. */
	async freshen(): Promise<void> {
		if (this.stale.size > 0) await this.reread(Number.POSITIVE_INFINITY);
	}

	/** Call from `onload`: the metadata cache's first `resolved` may come before the layout is ready. */
	listen(plugin: Plugin): void {
		const { metadataCache, workspace } = this.app;
		// Enabled or reloaded while Obsidian runs: its start-up parsing is over.
		if (workspace.layoutReady) this.trusted = this.startup.loadedAfterLayout = true;
		plugin.registerEvent(metadataCache.on('changed', (file, data, cache) => this.onChanged(file, data, cache)));
		plugin.registerEvent(metadataCache.on('resolved', () => this.onResolved()));
		plugin.register(() => this.stop());
	}

	/** Call from `onLayoutReady`: vault `create` fires for every file during startup before that. */
	start(plugin: Plugin): void {
		const { vault } = this.app;
		plugin.registerEvent(vault.on('create', (file) => this.onCreate(file)));
		plugin.registerEvent(vault.on('modify', (file) => this.onModify(file)));
		plugin.registerEvent(vault.on('delete', (file) => this.onDelete(file)));
		plugin.registerEvent(vault.on('rename', (file, oldPath) => this.onRename(file, oldPath)));
		this.started = true;
		this.layoutAt = Date.now();
		if (!this.settled) {
			this.startupTimer = window.setTimeout(() => {
				this.startupTimer = null;
				this.settle(false, 'wait');
			}, this.startupFallbackMs);
		}
		void this.rebuild();
	}

	/** Settings changed: what counts may differ, so the index is built again (the one full pass), once started. */
	applySettings(settings: Settings): Promise<void> {
		this.settings = settings;
		this.tags = lowerTagNames(settings.tags);
		this.index.reset(settings);
		return this.started ? this.rebuild() : Promise.resolve();
	}

	/** Resolves when the current full pass is done (it may still wait for start-up parsing to end). */
	whenBuilt(): Promise<void> {
		return this.building ?? Promise.resolve();
	}

	/** Resolves when the index is `ready`: the full pass done and start-up parsing ended. */
	async whenReady(): Promise<void> {
		await this.settledSignal;
		await this.settling;
		await this.whenBuilt();
	}

	rebuild(): Promise<void> {
		const run = this.buildAll();
		this.building = run;
		return run;
	}

	/** An entry restored at start-up may predate the note: changed after the index was last known current. */
	private mayPredate(file: TFile): boolean {
		return this.currentAt === null || file.stat.mtime > this.currentAt - CURRENT_AT_MARGIN_MS;
	}

	private async buildAll(): Promise<void> {
		this.built = false;
		if (this.settling === null) {
			this.waiting = new Set<string>();
			this.unverified = new Set<string>();
		}
		const files = this.app.vault.getMarkdownFiles();
		const pending: Array<Promise<void>> = [];
		for (let i = 0; i < files.length; i++) {
			if (this.stopped) return;
			const file = files[i];
			if (file === undefined || !this.index.counts(file.path)) continue;
			let meta = this.app.metadataCache.getFileCache(file);
			if (!this.trusted && !this.settled) {
				if (this.settling === null) {
					if (meta === null) {
						this.waiting.add(file.path);
						continue;
					}
					if (!this.confirmed.has(file.path) && this.mayPredate(file)) this.unverified.add(file.path);
				} else if (this.mayPredate(file)) meta = null; // start-up ended by the wait while this pass ran: the text decides
			}
			pending.push(this.update(file, meta));
			if (i % BATCH === BATCH - 1) {
				await Promise.all(pending.splice(0));
				await new Promise<void>((resolve) => window.setTimeout(resolve, 0));
			}
		}
		await Promise.all(pending);
		this.built = true;
		if (this.startup.endedBy === null) {
			this.startup.waitingAtPass = this.waiting.size;
			this.startup.unverifiedAtPass = this.unverified.size;
		}
		this.onChange();
		this.maybeSettle();
	}

	stop(): void {
		if (this.stopped) return;
		this.clearTimer();
		if (this.rereadTimer !== null) window.clearTimeout(this.rereadTimer);
		this.rereadTimer = null;
		this.stamp(true);
		this.stopped = true;
	}

	private clearTimer(): void {
		if (this.startupTimer !== null) window.clearTimeout(this.startupTimer);
		this.startupTimer = null;
	}

	/**
	 * Records that the index is current now, so the next start knows which restored entries may
	 * predate their notes. Renewed at most once a minute while the index changes; a stamp that is
	 * older than it could be only means a few more notes are read at the next start.
	 */
	private stamp(force = false): void {
		if (!this.ready || this.stopped) return;
		const now = Date.now();
		if (!force && now - this.lastStamp < CURRENT_AT_EVERY_MS) return;
		this.lastStamp = now;
		this.app.saveLocalStorage(CURRENT_AT_KEY, now);
	}

	/** Start-up ends once Obsidian said its cache is current, or every counted note has a cache entry. */
	private maybeSettle(): void {
		if (this.settling !== null || !this.built || !this.started) return;
		if (this.trusted) this.settle(true, 'resolved');
		else if (this.waiting.size === 0) this.settle(false, 'every-entry');
	}

	/**
	 * Ends start-up: with the cache current (`trusted`) the waiting notes are read through it and the
	 * unverified entries stand; otherwise both are read from their text. `resolved` fires again after
	 * every later change; only the first end counts.
	 */
	private settle(trusted: boolean, endedBy: NonNullable<StartupTrace['endedBy']>): void {
		if (this.settling !== null) return;
		this.clearTimer();
		this.startup.endedBy = endedBy;
		const files = trusted ? [...this.waiting] : [...this.waiting, ...this.unverified];
		this.waiting.clear();
		this.unverified.clear();
		this.confirmed.clear();
		const reads: Array<Promise<void>> = [];
		for (const path of files) {
			const file = this.app.vault.getFileByPath(path);
			if (file !== null) reads.push(this.update(file, trusted ? this.app.metadataCache.getFileCache(file) : null));
		}
		this.settling = Promise.all(reads).then(() => {
			if (this.stopped) return;
			this.settled = true;
			this.startup.layoutToReadyMs = Date.now() - this.layoutAt;
			this.signalSettled();
			this.stamp(true);
			if (this.built) this.onChange();
		});
	}

	private onResolved(): void {
		if (this.stopped) return;
		if (!this.started && !this.trusted) this.startup.resolvedBeforeLayout = true;
		this.trusted = true;
		this.maybeSettle();
	}

	/** Obsidian parsed a note (at start-up or after an edit): its entry is current. */
	private onChanged(file: TFile, data: string, cache: CachedMetadata): void {
		if (this.stopped) return;
		if (!this.started) {
			if (!this.settled) this.confirmed.add(file.path);
			return;
		}
		this.unverified.delete(file.path);
		if (!this.waiting.has(file.path)) {
			void this.update(file, cache, data);
			return;
		}
		// The note is left waiting until it is indexed, so start-up does not end before it is.
		void this.update(file, cache, data).then(() => {
			this.waiting.delete(file.path);
			this.maybeSettle();
		});
	}

	/** A read of `path` starts: any read of it still under way is outdated. */
	private ticket(path: string): number {
		const t = ++this.lastTicket;
		this.reading.set(path, t);
		return t;
	}

	/** `path` changed without a read (deleted, renamed away): a read of it under way is outdated. */
	private outdate(path: string): void {
		this.reading.delete(path);
	}

	/**
	 * Reads one note from the cache (and, rarely, its text) and stores it: O(1) in vault size. A read
	 * from the text (`meta` null) or from `changed`'s text as long as the file is of the note's
	 * current version and ends its staleness; `changed`'s text of another length is an earlier
	 * version's parse and is left for the next one or the re-read.
	 */
	async update(file: TFile, meta: CachedMetadata | null, data?: string): Promise<void> {
		if (this.stopped || file.extension !== 'md' || !this.index.counts(file.path)) return;
		const path = file.path;
		const touched = this.stale.get(path);
		const proves = data !== undefined ? utf8Length(data) === file.stat.size : meta === null;
		if (touched !== undefined && !proves) return;
		const ticket = this.ticket(path);
		const note = await readIndexedNote(this.app, file, this.tags, meta, data, touched !== undefined && data === undefined);
		if (this.stopped || this.reading.get(path) !== ticket) return;
		this.reading.delete(path);
		if (file.path !== path || this.app.vault.getFileByPath(path) !== file) return;
		this.index.set(note);
		if (touched !== undefined && this.stale.get(path)?.ticket === touched.ticket) this.stale.delete(path);
		// During a full pass one notification at the end is enough (a view would re-render per note).
		if (this.ready) {
			this.onChange();
			this.stamp();
		}
	}

	private onCreate(file: TAbstractFile): void {
		if (!(file instanceof TFile)) return;
		this.markStale(file);
		// Read at once from its text (an entry Obsidian may hold for the path can be an older file's), so a new note shows at once.
		void this.update(file, null);
		this.onChange();
	}

	private onModify(file: TAbstractFile): void {
		if (!(file instanceof TFile) || !this.markStale(file)) return;
		this.onChange();
	}

	/** A vault event touched the note: stale until its current version is read. False when it does not count. */
	private markStale(file: TFile): boolean {
		if (this.stopped || file.extension !== 'md' || !this.index.counts(file.path)) return false;
		this.stale.set(file.path, { ticket: ++this.lastTicket, at: Date.now() });
		this.scheduleReread();
		return true;
	}

	private scheduleReread(): void {
		if (this.rereadTimer !== null || this.stale.size === 0 || this.stopped) return;
		let first = Number.POSITIVE_INFINITY;
		for (const { at } of this.stale.values()) first = Math.min(first, at);
		const wait = Math.max(0, first + this.rereadAfterMs - Date.now());
		this.rereadTimer = window.setTimeout(() => {
			this.rereadTimer = null;
			void this.reread(Date.now() - this.rereadAfterMs).then(() => this.scheduleReread());
		}, wait);
	}

	/** Reads from their text the stale notes touched at or before `upTo`, a batch at a time. */
	private async reread(upTo: number): Promise<void> {
		const due: TFile[] = [];
		for (const [path, { at }] of this.stale) {
			if (at > upTo) continue;
			const file = this.app.vault.getFileByPath(path);
			if (file === null || !this.index.counts(path)) this.stale.delete(path);
			else due.push(file);
		}
		for (let i = 0; i < due.length && !this.stopped; i += BATCH) {
			await Promise.all(due.slice(i, i + BATCH).map((file) => this.update(file, null)));
			if (i + BATCH < due.length) await new Promise<void>((resolve) => window.setTimeout(resolve, 0));
		}
		if (this.stale.size === 0 && this.ready) this.onChange();
	}

	private onDelete(file: TAbstractFile): void {
		if (file instanceof TFolder) {
			this.index.deleteFolder(file.path);
			// Only during start-up and after edits not yet re-read do these hold anything.
			for (const held of [this.waiting, this.unverified, this.stale]) for (const p of held.keys()) if (p.startsWith(`${file.path}/`)) held.delete(p);
		} else {
			this.outdate(file.path);
			this.index.delete(file.path);
			this.waiting.delete(file.path);
			this.unverified.delete(file.path);
			this.stale.delete(file.path);
		}
		this.onChange();
		this.maybeSettle();
	}

	private onRename(file: TAbstractFile, oldPath: string): void {
		// Obsidian sends a rename for every file inside a renamed folder, so files suffice.
		if (!(file instanceof TFile)) return;
		this.outdate(oldPath);
		// A note still waiting for its entry is read below; an unverified entry stays unverified.
		this.waiting.delete(oldPath);
		if (this.unverified.delete(oldPath)) this.unverified.add(file.path);
		const wasStale = this.stale.delete(oldPath);
		// `rename` answers false when the old path was not indexed: then the note is read.
		const moved = this.index.counts(file.path) && this.index.rename(oldPath, file.path);
		if (!moved) this.index.delete(oldPath);
		const entry = this.index.get(file.path);
		// A rename keeps the text; an entry of another mtime or size (or a stale one) is not this version's.
		if (!moved || wasStale || entry === undefined || entry.mtime !== Math.trunc(file.stat.mtime) || entry.size !== file.stat.size) {
			this.markStale(file);
			void this.update(file, null);
		}
		this.onChange();
		this.maybeSettle();
	}
}
