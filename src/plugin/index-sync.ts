/**
 * Keeps the NoteIndex in step with the vault. One full pass once the layout is ready (files whose
 * cache is not ready yet wait for the first `resolved`), then one O(1) update per event: metadata
 * `changed` (content), vault `modify` (mtime and size), `rename`, `delete`, `create`. Never a rescan,
 * except when settings change what counts.
 */
import { TFile, TFolder, type App, type CachedMetadata, type Plugin, type TAbstractFile } from 'obsidian';
import { lowerTagNames } from '../core/flags';
import type { Settings } from '../core/settings';
import { NoteIndex } from './note-index';
import { readIndexedNote } from './note-reader';

/** Files indexed between two yields to the event loop during the first pass. */
const BATCH = 500;
/** If `resolved` fired before the layout was ready, files still without a cache are read after this. */
const WAITING_GRACE_MS = 5000;

export class IndexSync {
	readonly index: NoteIndex;
	/** True once the first full pass has finished: until then the cache is not written. */
	ready = false;
	private tags;
	/** Per-path counter: an async read whose path changed meanwhile is dropped. */
	private readonly versions = new Map<string, number>();
	/** Notes the metadata cache had not indexed at the first pass; retried on the first `resolved`. */
	private waiting = new Set<string>();
	private sawResolved = false;
	private building: Promise<void> | null = null;
	private graceTimer: number | null = null;

	constructor(
		private readonly app: App,
		private settings: Settings,
		private readonly onChange: () => void,
	) {
		this.index = new NoteIndex(settings);
		this.tags = lowerTagNames(settings.tags);
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
		void this.rebuild();
	}

	/** Settings changed: what counts may differ, so the index is built again (the one full pass). */
	applySettings(settings: Settings): Promise<void> {
		this.settings = settings;
		this.tags = lowerTagNames(settings.tags);
		this.index.reset(settings);
		return this.rebuild();
	}

	/** Resolves when the current full pass is done (tests, and the *refresh* command). */
	whenBuilt(): Promise<void> {
		return this.building ?? Promise.resolve();
	}

	rebuild(): Promise<void> {
		const run = this.buildAll();
		this.building = run;
		return run;
	}

	private async buildAll(): Promise<void> {
		this.ready = false;
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
			pending.push(this.update(file, meta));
			if (i % BATCH === BATCH - 1) {
				await Promise.all(pending.splice(0));
				await new Promise<void>((resolve) => window.setTimeout(resolve, 0));
			}
		}
		await Promise.all(pending);
		this.ready = true;
		if (this.waiting.size > 0 && this.graceTimer === null) {
			this.graceTimer = window.setTimeout(() => {
				this.graceTimer = null;
				this.onResolved();
			}, WAITING_GRACE_MS);
		}
		this.onChange();
	}

	stop(): void {
		if (this.graceTimer !== null) window.clearTimeout(this.graceTimer);
		this.graceTimer = null;
	}

	private onResolved(): void {
		if (this.sawResolved) return;
		// `resolved` fires again after every later change; only the first one ends startup indexing.
		this.sawResolved = true;
		const files = [...this.waiting];
		this.waiting.clear();
		for (const path of files) {
			const file = this.app.vault.getFileByPath(path);
			if (file !== null) void this.update(file, this.app.metadataCache.getFileCache(file));
		}
	}

	private bump(path: string): number {
		const v = (this.versions.get(path) ?? 0) + 1;
		this.versions.set(path, v);
		return v;
	}

	/** Reads one note from the cache (and, rarely, its text) and stores it: O(1) in vault size. */
	async update(file: TFile, meta: CachedMetadata | null, data?: string): Promise<void> {
		if (file.extension !== 'md' || !this.index.counts(file.path)) return;
		this.waiting.delete(file.path);
		const version = this.bump(file.path);
		const note = await readIndexedNote(this.app, file, this.tags, meta, data);
		if (this.versions.get(file.path) !== version || this.app.vault.getFileByPath(file.path) !== file) return;
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
			this.bump(file.path);
			this.index.delete(file.path);
		}
		this.onChange();
	}

	private onRename(file: TAbstractFile, oldPath: string): void {
		// Obsidian sends a rename for every file inside a renamed folder, so files suffice.
		if (!(file instanceof TFile)) return;
		this.bump(oldPath);
		const moved = this.index.has(oldPath) && this.index.counts(file.path) ? this.index.rename(oldPath, file.path) : false;
		if (!moved) {
			this.index.delete(oldPath);
			void this.update(file, this.app.metadataCache.getFileCache(file));
		}
		this.onChange();
	}
}
