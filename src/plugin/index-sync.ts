/**
 * Keeps the NoteIndex in step with the vault. One full pass once the layout is ready (files whose
 * cache is not ready yet wait for the first `resolved`), then one O(1) update per event: metadata
 * `changed` (content), vault `modify` (mtime and size), `rename`, `delete`, `create`. Never a rescan,
 * except when settings change what counts.
 *
 * The index is `ready` (the cache is written, the live channel answers) only once Obsidian's start-up
 * parsing has ended: the first `resolved` after the start, or a bounded wait. Until then a cache
 * entry can describe a note as it was before Obsidian was closed; an entry whose recorded mtime or
 * size differ from the file is never used (docs/obsidian-runtime.md).
 */
import { TFile, TFolder, type App, type CachedMetadata, type Plugin, type TAbstractFile } from 'obsidian';
import { lowerTagNames } from '../core/flags';
import type { Settings } from '../core/settings';
import { cacheFreshness } from './cache-freshness';
import { NoteIndex } from './note-index';
import { readIndexedNote } from './note-reader';

/** Files indexed between two yields to the event loop during the first pass. */
const BATCH = 500;
/**
 * How long the start waits for the first `resolved` before it counts as ended anyway: `resolved` may
 * have fired before the plugin loaded (enabled later, or reloaded), and then comes only after an edit.
 */
export const STARTUP_FALLBACK_MS = 10_000;

export class IndexSync {
	readonly index: NoteIndex;
	private built = false;
	/** Obsidian's start-up parsing has ended (first `resolved` or the fallback), and the notes left for then are read. */
	private settled = false;
	private tags;
	/**
	 * The reads in flight, by path, each with its own ticket: a later event for the path replaces or
	 * removes the ticket, and the read's result is then dropped. Only reads under way are held, so a
	 * rename or delete looks up a map of a few entries, not one of every note in the vault.
	 */
	private readonly reading = new Map<string, number>();
	private lastTicket = 0;
	/** Notes the metadata cache had not indexed at the first pass; read once start-up parsing ends. */
	private waiting = new Set<string>();
	/** Notes indexed from a cache entry whose freshness could not be told; read again once parsing ends. */
	private readonly unverified = new Set<string>();
	private sawResolved = false;
	private building: Promise<void> | null = null;
	private settling: Promise<void> | null = null;
	private startupTimer: number | null = null;
	/** How long to wait for the first `resolved`; tests shorten it. */
	startupFallbackMs = STARTUP_FALLBACK_MS;
	private readonly settledSignal: Promise<void>;
	private signalSettled!: () => void;

	constructor(
		private readonly app: App,
		private settings: Settings,
		private readonly onChange: () => void,
	) {
		this.index = new NoteIndex(settings);
		this.tags = lowerTagNames(settings.tags);
		this.settledSignal = new Promise<void>((resolve) => (this.signalSettled = resolve));
	}

	/** True once the full pass is done and start-up parsing has ended: until then the cache stays pending. */
	get ready(): boolean {
		return this.built && this.settled;
	}

	/** Call from `onLayoutReady`: vault `create` fires for every file during startup before that. */
	start(plugin: Plugin): void {
		const { vault, metadataCache } = this.app;
		plugin.registerEvent(metadataCache.on('changed', (file, data, cache) => this.update(file, cache, data)));
		plugin.registerEvent(metadataCache.on('resolved', () => this.onResolved()));
		plugin.registerEvent(vault.on('create', (file) => this.onCreate(file)));
		plugin.registerEvent(vault.on('modify', (file) => this.onModify(file)));
		plugin.registerEvent(vault.on('delete', (file) => this.onDelete(file)));
		plugin.registerEvent(vault.on('rename', (file, oldPath) => this.onRename(file, oldPath)));
		plugin.register(() => this.stop());
		this.startupTimer = window.setTimeout(() => {
			this.startupTimer = null;
			this.onResolved();
		}, this.startupFallbackMs);
		void this.rebuild();
	}

	/** Settings changed: what counts may differ, so the index is built again (the one full pass). */
	applySettings(settings: Settings): Promise<void> {
		this.settings = settings;
		this.tags = lowerTagNames(settings.tags);
		this.index.reset(settings);
		return this.rebuild();
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

	private async buildAll(): Promise<void> {
		this.built = false;
		this.waiting = new Set<string>();
		const files = this.app.vault.getMarkdownFiles();
		const pending: Array<Promise<void>> = [];
		for (let i = 0; i < files.length; i++) {
			const file = files[i];
			if (file === undefined || !this.index.counts(file.path)) continue;
			const meta = this.app.metadataCache.getFileCache(file);
			if (meta === null && !this.sawResolved) {
				this.waiting.add(file.path);
				continue;
			}
			if (!this.sawResolved && meta !== null && cacheFreshness(this.app, file) === 'unknown') this.unverified.add(file.path);
			pending.push(this.update(file, meta));
			if (i % BATCH === BATCH - 1) {
				await Promise.all(pending.splice(0));
				await new Promise<void>((resolve) => window.setTimeout(resolve, 0));
			}
		}
		await Promise.all(pending);
		this.built = true;
		this.onChange();
	}

	stop(): void {
		if (this.startupTimer !== null) window.clearTimeout(this.startupTimer);
		this.startupTimer = null;
	}

	/**
	 * The first `resolved` after the start (or the fallback) ends start-up parsing: the notes that had
	 * no cache entry, or one that could not be checked, are read now, then the index becomes ready.
	 * `resolved` fires again after every later change; only the first one counts.
	 */
	private onResolved(): void {
		if (this.sawResolved) return;
		this.sawResolved = true;
		this.stop();
		const files = [...this.waiting, ...this.unverified];
		this.waiting.clear();
		this.unverified.clear();
		const reads: Array<Promise<void>> = [];
		for (const path of files) {
			const file = this.app.vault.getFileByPath(path);
			if (file !== null) reads.push(this.update(file, this.app.metadataCache.getFileCache(file)));
		}
		this.settling = Promise.all(reads).then(() => {
			this.settled = true;
			this.signalSettled();
			if (this.built) this.onChange();
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

	/** Reads one note from the cache (and, rarely, its text) and stores it: O(1) in vault size. */
	async update(file: TFile, meta: CachedMetadata | null, data?: string): Promise<void> {
		if (file.extension !== 'md' || !this.index.counts(file.path)) return;
		this.waiting.delete(file.path);
		const path = file.path;
		const ticket = this.ticket(path);
		// `changed` hands over the entry it just computed; any other entry may predate the file's last change.
		const current = data === undefined && meta !== null && cacheFreshness(this.app, file) === 'stale' ? null : meta;
		const note = await readIndexedNote(this.app, file, this.tags, current, data);
		if (this.reading.get(path) !== ticket) return;
		this.reading.delete(path);
		if (file.path !== path || this.app.vault.getFileByPath(path) !== file) return;
		this.index.set(note);
		// During a full pass one notification at the end is enough (a view would re-render per note).
		if (this.ready) this.onChange();
	}

	private onCreate(file: TAbstractFile): void {
		if (!(file instanceof TFile)) return;
		// The metadata cache follows with `changed`; indexing now keeps an empty new note visible at once.
		void this.update(file, this.app.metadataCache.getFileCache(file));
		this.onChange();
	}

	private onModify(file: TAbstractFile): void {
		if (file instanceof TFile && this.index.touch(file.path, Math.trunc(file.stat.mtime), file.stat.size)) this.onChange();
	}

	private onDelete(file: TAbstractFile): void {
		if (file instanceof TFolder) this.index.deleteFolder(file.path);
		else {
			this.outdate(file.path);
			this.index.delete(file.path);
		}
		this.onChange();
	}

	private onRename(file: TAbstractFile, oldPath: string): void {
		// Obsidian sends a rename for every file inside a renamed folder, so files suffice.
		if (!(file instanceof TFile)) return;
		this.outdate(oldPath);
		// `rename` answers false when the old path was not indexed: then the note is read.
		const moved = this.index.counts(file.path) && this.index.rename(oldPath, file.path);
		if (!moved) {
			this.index.delete(oldPath);
			void this.update(file, this.app.metadataCache.getFileCache(file));
		}
		this.onChange();
	}
}
