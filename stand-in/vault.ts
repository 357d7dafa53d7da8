/**
 * Vault, adapter and metadata cache of the stand-in, backed by a real folder so what the plugin
 * writes can be read by the bridge. Events follow Obsidian's order: the vault event fires at once,
 * the metadata cache parses afterwards (here: a microtask later) and fires `changed`, then `resolved`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { Events } from './events';
import { parseNote, type StubCachedMetadata } from './markdown';

export function normalizePath(p: string): string {
	const out = p
		.replace(/[\\/]+/g, '/')
		.replace(/^\/+|\/+$/g, '')
		.replace(/\u00a0|\u202f/g, ' ');
	return out === '' ? '/' : out.normalize('NFC');
}

export abstract class TAbstractFile {
	vault!: Vault;
	path = '';
	name = '';
	parent: TFolder | null = null;
}

export class TFile extends TAbstractFile {
	stat = { ctime: 0, mtime: 0, size: 0 };
	basename = '';
	extension = '';
}

export class TFolder extends TAbstractFile {
	children: TAbstractFile[] = [];
	isRoot(): boolean {
		return this.path === '/';
	}
}

function setPath(file: TAbstractFile, p: string): void {
	file.path = p;
	file.name = p.slice(p.lastIndexOf('/') + 1);
	if (file instanceof TFile) {
		const dot = file.name.lastIndexOf('.');
		file.basename = dot > 0 ? file.name.slice(0, dot) : file.name;
		file.extension = dot > 0 ? file.name.slice(dot + 1) : '';
	}
}

/** Desktop adapter over a real folder. `calls` records every write-side call for atomicity tests. */
export class FileSystemAdapter {
	calls: string[] = [];
	constructor(private readonly base: string) {}
	getBasePath(): string {
		return this.base;
	}
	getName(): string {
		return path.basename(this.base);
	}
	getFullPath(p: string): string {
		return path.join(this.base, p);
	}
	async exists(p: string): Promise<boolean> {
		return fs.existsSync(this.getFullPath(p));
	}
	async read(p: string): Promise<string> {
		return fs.readFileSync(this.getFullPath(p), 'utf8');
	}
	async write(p: string, data: string): Promise<void> {
		this.calls.push(`write ${p}`);
		fs.mkdirSync(path.dirname(this.getFullPath(p)), { recursive: true });
		fs.writeFileSync(this.getFullPath(p), data);
	}
	async mkdir(p: string): Promise<void> {
		fs.mkdirSync(this.getFullPath(p), { recursive: true });
	}
	async stat(p: string): Promise<{ type: 'file' | 'folder'; ctime: number; mtime: number; size: number } | null> {
		if (!fs.existsSync(this.getFullPath(p))) return null;
		const st = fs.statSync(this.getFullPath(p));
		return { type: st.isDirectory() ? 'folder' : 'file', ctime: Math.trunc(st.ctimeMs), mtime: Math.trunc(st.mtimeMs), size: st.size };
	}
	/** Like Obsidian's: the direct children of a folder as vault-relative paths; throws for a missing one. */
	async list(p: string): Promise<{ files: string[]; folders: string[] }> {
		const dir = normalizePath(p);
		const out = { files: [] as string[], folders: [] as string[] };
		for (const entry of fs.readdirSync(this.getFullPath(dir === '/' ? '' : dir), { withFileTypes: true })) {
			const child = dir === '/' ? entry.name : `${dir}/${entry.name}`;
			if (entry.isDirectory()) out.folders.push(child);
			else out.files.push(child);
		}
		return out;
	}
	async remove(p: string): Promise<void> {
		this.calls.push(`remove ${p}`);
		fs.rmSync(this.getFullPath(p));
	}
	/** Like Obsidian's: refuses to replace an existing file. */
	async rename(from: string, to: string): Promise<void> {
		this.calls.push(`rename ${from} ${to}`);
		if (fs.existsSync(this.getFullPath(to))) throw new Error('Destination file already exists!');
		fs.renameSync(this.getFullPath(from), this.getFullPath(to));
	}
}

/** An adapter that is not a FileSystemAdapter (as on mobile): same folder, no `getBasePath`. */
export class PlainAdapter {
	private readonly inner: FileSystemAdapter;
	calls: string[];
	constructor(base: string) {
		this.inner = new FileSystemAdapter(base);
		this.calls = this.inner.calls;
	}
	exists(p: string): Promise<boolean> {
		return this.inner.exists(p);
	}
	read(p: string): Promise<string> {
		return this.inner.read(p);
	}
	write(p: string, d: string): Promise<void> {
		return this.inner.write(p, d);
	}
	mkdir(p: string): Promise<void> {
		return this.inner.mkdir(p);
	}
	list(p: string): Promise<{ files: string[]; folders: string[] }> {
		return this.inner.list(p);
	}
	remove(p: string): Promise<void> {
		return this.inner.remove(p);
	}
	rename(a: string, b: string): Promise<void> {
		return this.inner.rename(a, b);
	}
}

export class MetadataCache extends Events {
	private readonly caches = new Map<string, StubCachedMetadata>();
	/**
	 * Paths whose entry was restored from an earlier session and predates the file. Obsidian keeps
	 * such a record internally (not in obsidian.d.ts); the stand-in keeps it private, so no code can
	 * lean on it: `getFileCache` serves the old entry until the start-up re-parse reaches the note.
	 */
	readonly #stale = new Set<string>();
	/** Parses still queued: `settle()` waits for them. */
	private queue: Promise<void> = Promise.resolve();
	constructor(private readonly vault: Vault) {
		super();
	}
	getFileCache(file: TFile): StubCachedMetadata | null {
		return this.caches.get(file.path) ?? null;
	}
	getCache(p: string): StubCachedMetadata | null {
		return this.caches.get(p) ?? null;
	}
	/** Test-only: every link lookup, to prove the rule check asks Obsidian's resolution. */
	linkLookups: Array<[string, string]> = [];
	/**
	 * Obsidian's link resolution as observed: a path (extension optional) from the vault root or
	 * relative to the source's folder, else a file whose path ends with it, the one in the source's
	 * folder first, then the shortest path. Case-insensitive.
	 */
	getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
		this.linkLookups.push([linkpath, sourcePath]);
		const wanted = linkpath.replace(/\\/g, '/').toLowerCase();
		if (wanted === '') return null;
		const files = this.vault.getFiles();
		const folder = sourcePath.includes('/') ? sourcePath.slice(0, sourcePath.lastIndexOf('/')).toLowerCase() : '';
		const named = (f: TFile, name: string): boolean => f.path.toLowerCase() === name || (f.extension === 'md' && f.path.toLowerCase() === `${name}.md`);
		const relative = normalizePath(`${folder}/${wanted}`).toLowerCase();
		const direct = files.find((f) => named(f, normalizePath(wanted).toLowerCase())) ?? files.find((f) => named(f, relative));
		if (direct !== undefined) return direct;
		if (wanted.startsWith('.')) return null;
		const byName = files.filter((f) => {
			const lower = f.path.toLowerCase();
			return [lower, f.extension === 'md' ? lower.slice(0, -3) : lower].some((n) => n.endsWith(`/${wanted}`));
		});
		byName.sort((a, b) => Number(b.parent?.path.toLowerCase() === folder) - Number(a.parent?.path.toLowerCase() === folder) || a.path.length - b.path.length);
		return byName[0] ?? null;
	}
	/** Links Obsidian could not resolve, per source note and link path; tests fill it in as needed. */
	unresolvedLinks: Record<string, Record<string, number>> = {};
	private store(file: TFile, data: string): StubCachedMetadata {
		const cache = parseNote(data);
		this.caches.set(file.path, cache);
		this.#stale.delete(file.path);
		return cache;
	}
	/** Parses now, silently: the state Obsidian restores from its own cache at startup. */
	primeAll(): void {
		for (const f of this.vault.getMarkdownFiles()) this.store(f, this.vault.readSync(f));
	}
	/**
	 * Test-only: the entry restored at startup describes `oldText`, the note as it was when Obsidian
	 * was last closed (it was edited outside Obsidian since).
	 */
	restoreStale(p: string, oldText: string): void {
		const file = this.vault.getFileByPath(p);
		if (file === null) throw new Error(`no file ${p}`);
		this.caches.set(p, parseNote(oldText));
		this.#stale.add(p);
	}
	/**
	 * Test-only: Obsidian's start-up parsing: every note with no entry or a stale one is parsed, one
	 * per task (`changed` each), then `resolved` ("Called when all files has been resolved",
	 * obsidian.d.ts 1.13.1 line 4471). Tests call it before or after the layout is ready: Obsidian
	 * gives no order (docs/obsidian-runtime.md). `resolved: false` leaves `resolved` out, as reported
	 * for the initial load; `only` parses just those paths. Resolves when the last event was sent.
	 */
	async startupReparse(options: { resolved?: boolean; only?: readonly string[] } = {}): Promise<void> {
		for (const file of this.vault.getMarkdownFiles()) {
			if (options.only !== undefined && !options.only.includes(file.path)) continue;
			if (this.caches.has(file.path) && !this.#stale.has(file.path)) continue;
			await new Promise<void>((resolve) => setTimeout(resolve, 0));
			if (this.vault.getFileByPath(file.path) !== file) continue;
			const data = this.vault.readSync(file);
			this.trigger('changed', file, data, this.store(file, data));
		}
		await new Promise<void>((resolve) => setTimeout(resolve, 0));
		if (options.resolved !== false) this.trigger('resolved');
	}
	forget(p: string): StubCachedMetadata | null {
		const c = this.caches.get(p) ?? null;
		this.caches.delete(p);
		this.#stale.delete(p);
		return c;
	}
	move(from: string, to: string): void {
		const c = this.caches.get(from);
		const stale = this.#stale.delete(from);
		this.caches.delete(from);
		if (c !== undefined) this.caches.set(to, c);
		if (stale) this.#stale.add(to);
	}
	/** Test-only: while held, re-parses wait (Obsidian's parser lagging behind a large pull). */
	private held: Promise<void> | null = null;
	private release_: (() => void) | null = null;
	hold(): void {
		if (this.held !== null) return;
		this.held = new Promise<void>((resolve) => (this.release_ = resolve));
		const held = this.held;
		this.queue = this.queue.then(() => held);
	}
	/** Test-only: the held re-parses run, in the order they were asked for. */
	release(): void {
		this.release_?.();
		this.held = null;
		this.release_ = null;
	}
	/** Re-parses a file after the current task, as Obsidian's worker does, then `changed` and `resolved`. */
	schedule(file: TFile): void {
		this.queue = this.queue.then(() => {
			if (this.vault.getFileByPath(file.path) !== file) return;
			const data = this.vault.readSync(file);
			const cache = this.store(file, data);
			this.trigger('changed', file, data, cache);
			this.trigger('resolved');
		});
	}
	settle(): Promise<void> {
		return this.queue;
	}
}

export class Vault extends Events {
	adapter: FileSystemAdapter | PlainAdapter;
	configDir: string;
	readonly metadataCache: MetadataCache;
	private readonly files = new Map<string, TAbstractFile>();
	private readonly root = new TFolder();
	cachedReads = 0;

	constructor(
		private readonly base: string,
		options: { configDir?: string; plainAdapter?: boolean } = {},
	) {
		super();
		this.configDir = options.configDir ?? '.obsidian';
		this.adapter = options.plainAdapter === true ? new PlainAdapter(base) : new FileSystemAdapter(base);
		this.metadataCache = new MetadataCache(this);
		this.root.vault = this;
		this.root.path = '/';
		this.load('');
	}

	private load(rel: string): void {
		for (const entry of fs.readdirSync(path.join(this.base, rel), { withFileTypes: true })) {
			// Obsidian does not index dot folders (its config folder among them) or dot files.
			if (entry.name.startsWith('.')) continue;
			const p = rel === '' ? entry.name : `${rel}/${entry.name}`;
			if (entry.isDirectory()) {
				this.addFolder(p);
				this.load(p);
			} else if (entry.isFile()) this.addFile(p);
			// Obsidian lists a file behind a symbolic link as any other (folders behind links are not followed here).
			else if (entry.isSymbolicLink() && fs.statSync(path.join(this.base, p), { throwIfNoEntry: false })?.isFile() === true) this.addFile(p);
		}
	}

	private parentOf(p: string): TFolder {
		const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
		if (dir === '') return this.root;
		return this.getFolderByPath(dir) ?? this.addFolder(dir);
	}

	private addFolder(p: string): TFolder {
		const folder = new TFolder();
		folder.vault = this;
		setPath(folder, p);
		folder.parent = this.parentOf(p);
		folder.parent.children.push(folder);
		this.files.set(p, folder);
		return folder;
	}

	private addFile(p: string): TFile {
		const file = new TFile();
		file.vault = this;
		setPath(file, p);
		file.parent = this.parentOf(p);
		file.parent.children.push(file);
		this.refreshStat(file);
		this.files.set(p, file);
		return file;
	}

	private refreshStat(file: TFile): void {
		const st = fs.statSync(path.join(this.base, file.path));
		file.stat = { ctime: Math.trunc(st.ctimeMs), mtime: Math.trunc(st.mtimeMs), size: st.size };
	}

	getName(): string {
		return path.basename(this.base);
	}
	getRoot(): TFolder {
		return this.root;
	}
	getAbstractFileByPath(p: string): TAbstractFile | null {
		return this.files.get(normalizePath(p)) ?? null;
	}
	getFileByPath(p: string): TFile | null {
		const f = this.getAbstractFileByPath(p);
		return f instanceof TFile ? f : null;
	}
	getFolderByPath(p: string): TFolder | null {
		const f = this.getAbstractFileByPath(p);
		return f instanceof TFolder ? f : null;
	}
	getFiles(): TFile[] {
		return [...this.files.values()].filter((f): f is TFile => f instanceof TFile);
	}
	getMarkdownFiles(): TFile[] {
		return this.getFiles().filter((f) => f.extension === 'md');
	}
	getAllLoadedFiles(): TAbstractFile[] {
		return [this.root, ...this.files.values()];
	}
	readSync(file: TFile): string {
		return fs.readFileSync(path.join(this.base, file.path), 'utf8');
	}
	async read(file: TFile): Promise<string> {
		return this.readSync(file);
	}
	async cachedRead(file: TFile): Promise<string> {
		this.cachedReads++;
		return this.readSync(file);
	}

	private writeDisk(p: string, data: string): void {
		const full = path.join(this.base, p);
		fs.mkdirSync(path.dirname(full), { recursive: true });
		fs.writeFileSync(full, data);
	}

	async createFolder(p: string): Promise<TFolder> {
		const np = normalizePath(p);
		if (this.files.has(np)) throw new Error('Folder already exists.');
		fs.mkdirSync(path.join(this.base, np), { recursive: true });
		const folder = this.addFolder(np);
		this.trigger('create', folder);
		return folder;
	}

	/**
	 * Test-only: what Obsidian's file watcher reports after another process changed the vault's
	 * folder: files gone are deleted, new files created (a rename outside Obsidian arrives as both).
	 */
	syncFromDisk(rel = ''): void {
		if (rel === '') {
			for (const [p, f] of [...this.files]) {
				if (!(f instanceof TFile) || fs.existsSync(path.join(this.base, p))) continue;
				this.files.delete(p);
				if (f.parent !== null) f.parent.children = f.parent.children.filter((c) => c !== f);
				this.trigger('delete', f);
				const prev = this.metadataCache.forget(p);
				this.metadataCache.trigger('deleted', f, prev);
			}
		}
		for (const entry of fs.readdirSync(path.join(this.base, rel), { withFileTypes: true })) {
			if (entry.name.startsWith('.')) continue;
			const p = rel === '' ? entry.name : `${rel}/${entry.name}`;
			if (entry.isDirectory()) {
				if (!this.files.has(p)) this.addFolder(p);
				this.syncFromDisk(p);
			} else if (entry.isFile() && !this.files.has(p)) {
				const file = this.addFile(p);
				this.trigger('create', file);
				if (file.extension === 'md') this.metadataCache.schedule(file);
			}
		}
	}

	async create(p: string, data: string): Promise<TFile> {
		const np = normalizePath(p);
		if (this.files.has(np)) throw new Error('File already exists.');
		this.writeDisk(np, data);
		const file = this.addFile(np);
		this.trigger('create', file);
		if (file.extension === 'md') this.metadataCache.schedule(file);
		return file;
	}

	async readBinary(file: TFile): Promise<ArrayBuffer> {
		const buf = fs.readFileSync(path.join(this.base, file.path));
		return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
	}

	async createBinary(p: string, data: ArrayBuffer): Promise<TFile> {
		const np = normalizePath(p);
		if (this.files.has(np)) throw new Error('File already exists.');
		const full = path.join(this.base, np);
		fs.mkdirSync(path.dirname(full), { recursive: true });
		fs.writeFileSync(full, Buffer.from(data));
		const file = this.addFile(np);
		this.trigger('create', file);
		if (file.extension === 'md') this.metadataCache.schedule(file);
		return file;
	}

	async modifyBinary(file: TFile, data: ArrayBuffer): Promise<void> {
		fs.writeFileSync(path.join(this.base, file.path), Buffer.from(data));
		this.refreshStat(file);
		this.trigger('modify', file);
		if (file.extension === 'md') this.metadataCache.schedule(file);
	}

	/**
	 * Test-only: another program (a `git pull`, an agent, a sync) rewrote the note on disk (with
	 * `data`, or already, when left out), and Obsidian's file watcher reports it: `modify`, then a re-parse.
	 */
	changeOnDisk(p: string, data?: string): TFile {
		const file = this.getFileByPath(p);
		if (file === null) throw new Error(`no file ${p}`);
		if (data !== undefined) this.writeDisk(file.path, data);
		this.refreshStat(file);
		this.trigger('modify', file);
		if (file.extension === 'md') this.metadataCache.schedule(file);
		return file;
	}

	async modify(file: TFile, data: string): Promise<void> {
		this.writeDisk(file.path, data);
		this.refreshStat(file);
		this.trigger('modify', file);
		if (file.extension === 'md') this.metadataCache.schedule(file);
	}

	async process(file: TFile, fn: (data: string) => string): Promise<string> {
		const next = fn(this.readSync(file));
		await this.modify(file, next);
		return next;
	}

	async delete(file: TAbstractFile): Promise<void> {
		if (file instanceof TFolder) for (const child of [...file.children]) await this.delete(child);
		fs.rmSync(path.join(this.base, file.path), { recursive: true, force: true, maxRetries: 30 });
		this.files.delete(file.path);
		if (file.parent !== null) file.parent.children = file.parent.children.filter((c) => c !== file);
		this.trigger('delete', file);
		if (file instanceof TFile) {
			const prev = this.metadataCache.forget(file.path);
			this.metadataCache.trigger('deleted', file, prev);
		}
	}

	async rename(file: TAbstractFile, to: string): Promise<void> {
		const np = normalizePath(to);
		if (this.files.has(np)) throw new Error('Destination file already exists!');
		const full = path.join(this.base, np);
		fs.mkdirSync(path.dirname(full), { recursive: true });
		fs.renameSync(path.join(this.base, file.path), full);
		this.moveTree(file, np);
	}

	private moveTree(file: TAbstractFile, to: string): void {
		const old = file.path;
		this.files.delete(old);
		if (file.parent !== null) file.parent.children = file.parent.children.filter((c) => c !== file);
		setPath(file, to);
		file.parent = this.parentOf(to);
		file.parent.children.push(file);
		this.files.set(to, file);
		if (file instanceof TFile) this.metadataCache.move(old, to);
		// Obsidian sends a rename for the folder and for everything inside it.
		this.trigger('rename', file, old);
		if (file instanceof TFolder) for (const child of [...file.children]) this.moveTree(child, `${to}/${child.name}`);
	}

	/** What `FileManager.processFrontMatter` does: parse, let `fn` mutate, write back as YAML. */
	async processFrontMatter(file: TFile, fn: (fm: Record<string, unknown>) => void): Promise<void> {
		const text = this.readSync(file);
		const lines = text.split('\n');
		let close = -1;
		if (/^---\s*$/.test(lines[0] ?? '')) close = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
		const yaml = close > 0 ? lines.slice(1, close).join('\n') : '';
		const parsed: unknown = yaml.trim() === '' ? {} : parseYaml(yaml);
		const fm = (parsed ?? {}) as Record<string, unknown>;
		fn(fm);
		const body = close > 0 ? lines.slice(close + 1).join('\n') : text;
		await this.modify(file, `---\n${stringifyYaml(fm)}---\n${body}`);
	}
}
