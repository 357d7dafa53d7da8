/**
 * A stand-in for the `obsidian` module (types-only on npm), covering the API this plugin uses.
 * vitest.config.ts aliases `obsidian` to this file for the plugin tests only. Test-only helpers
 * (`App.create`, `startup`, `Notice.shown`, `Menu.last`, …) are marked as such.
 */
import momentLib from 'moment';
import { patchDom, popoutDocument } from './dom';
import { Events, type EventRef } from './events';
import { FileSystemAdapter, MetadataCache, normalizePath, TAbstractFile, TFile, TFolder, Vault } from './vault';

export { Events, FileSystemAdapter, MetadataCache, normalizePath, TAbstractFile, TFile, TFolder, Vault };
export type { EventRef };
export { getAllTags, parseFrontMatterTags } from './markdown';
export const moment = momentLib;

if (typeof window !== 'undefined') patchDom(window);

/** Test-only: what `getLanguage()` returns (Obsidian's UI language). */
export const languageState = { value: 'en' };
export function getLanguage(): string {
	return languageState.value;
}

export const Platform = { isDesktop: true, isDesktopApp: true, isMobile: false, isMobileApp: false };

export function setIcon(el: HTMLElement, icon: string): void {
	el.dataset.icon = icon;
}

/** Obsidian shows the text as a tooltip and gives it to screen readers as the element's label (since 1.4.4). */
export function setTooltip(el: HTMLElement, tooltip: string): void {
	el.setAttribute('aria-label', tooltip);
}

export class Keymap {
	static isModEvent(evt?: MouseEvent | KeyboardEvent | null): 'tab' | 'split' | 'window' | boolean {
		if (evt === undefined || evt === null) return false;
		const mod = evt.ctrlKey || evt.metaKey;
		if (mod && evt.altKey && evt.shiftKey) return 'window';
		if (mod && evt.altKey) return 'split';
		return mod ? 'tab' : false;
	}
}

export class Component {
	private readonly cleanups: Array<() => void> = [];
	private readonly children: Component[] = [];
	loaded = false;
	load(): void {
		this.loaded = true;
		void this.onload();
	}
	onload(): void | Promise<void> {}
	unload(): void {
		for (const c of this.children.splice(0)) c.unload();
		for (const fn of this.cleanups.splice(0).reverse()) fn();
		this.onunload();
		this.loaded = false;
	}
	onunload(): void {}
	addChild<T extends Component>(c: T): T {
		this.children.push(c);
		c.load();
		return c;
	}
	register(fn: () => void): void {
		this.cleanups.push(fn);
	}
	registerEvent(ref: EventRef): void {
		this.register(() => ref.e.offref(ref));
	}
	registerDomEvent(el: EventTarget, type: string, fn: (evt: never) => unknown): void {
		const listener = fn as unknown as EventListener;
		el.addEventListener(type, listener);
		this.register(() => el.removeEventListener(type, listener));
	}
	registerInterval(id: number): number {
		this.register(() => window.clearInterval(id));
		return id;
	}
}

export class FileManager {
	constructor(private readonly vault: Vault) {}
	processFrontMatter(file: TFile, fn: (fm: Record<string, unknown>) => void): Promise<void> {
		return this.vault.processFrontMatter(file, fn);
	}
	/** Obsidian moves the file to the trash the user chose; the stand-in deletes it. */
	trashFile(file: TAbstractFile): Promise<void> {
		return this.vault.delete(file);
	}
}

type ViewCreator = (leaf: WorkspaceLeaf) => View;

export abstract class View extends Component {
	app: App;
	containerEl: HTMLElement;
	constructor(public leaf: WorkspaceLeaf) {
		super();
		this.app = leaf.app;
		// In the leaf's window: a popout leaf's view is made of that window's elements.
		this.containerEl = leaf.doc.body.createDiv({ cls: 'workspace-leaf-content' });
	}
	abstract getViewType(): string;
	abstract getDisplayText(): string;
	getIcon(): string {
		return 'document';
	}
	async onOpen(): Promise<void> {}
	async onClose(): Promise<void> {}
}

export abstract class ItemView extends View {
	contentEl: HTMLElement;
	constructor(leaf: WorkspaceLeaf) {
		super(leaf);
		this.containerEl.createDiv({ cls: 'view-header' });
		this.contentEl = this.containerEl.createDiv({ cls: 'view-content' });
	}
}

class EmptyView extends View {
	getViewType(): string {
		return 'empty';
	}
	getDisplayText(): string {
		return 'New tab';
	}
}

/**
 * The placeholder of a leaf in a background tab (Obsidian 1.7.2 and later). Docs
 * (https://docs.obsidian.md/plugins/guides/defer-views): "When Obsidian loads, all views are created as instances of DeferredView" until the
 * tab is shown; their example of a bad check (`leaf.view.getViewType() === 'my-view'` followed by a
 * cast) shows the placeholder reports the leaf's type while lacking the real view's methods.
 */
export class DeferredView extends View {
	constructor(
		leaf: WorkspaceLeaf,
		private readonly type: string,
	) {
		super(leaf);
	}
	getViewType(): string {
		return this.type;
	}
	getDisplayText(): string {
		return this.type;
	}
}

/** The editor of a Markdown view, as far as the plugin reads it: the text it holds (obsidian.d.ts, `Editor.getValue`). */
export class Editor {
	constructor(private text: string) {}
	getValue(): string {
		return this.text;
	}
	setValue(text: string): void {
		this.text = text;
	}
}

/**
 * A note open in the editor. Obsidian saves typing to the file about two seconds after it stops,
 * and loads the file again when it changes on disk; the stand-in does both only when told
 * (`type`, `save`), and reloads on `modify` only while nothing typed is unsaved.
 */
export class MarkdownView extends View {
	editor: Editor;
	/** What the editor last loaded or saved. */
	private saved: string;
	constructor(
		leaf: WorkspaceLeaf,
		public file: TFile | null,
	) {
		super(leaf);
		const text = file === null ? '' : this.app.vault.readSync(file);
		this.editor = new Editor(text);
		this.saved = text;
		this.app.vault.on('modify', (changed) => {
			if (changed !== this.file || this.file === null || this.editor.getValue() !== this.saved) return;
			this.saved = this.app.vault.readSync(this.file);
			this.editor.setValue(this.saved);
		});
	}
	getViewType(): string {
		return 'markdown';
	}
	getDisplayText(): string {
		return this.file?.basename ?? '';
	}
	/** Test-only: the human types; not yet saved to the file. */
	type(text: string): void {
		this.editor.setValue(this.editor.getValue() + text);
	}
	/** Test-only: the editor's save of what was typed. */
	async save(): Promise<void> {
		if (this.file === null) return;
		this.saved = this.editor.getValue();
		await this.app.vault.modify(this.file, this.saved);
	}
}

/** Test-only: the core file explorer, with the `revealInFolder` the plugin looks for (not in obsidian.d.ts). */
export class FileExplorerView extends View {
	revealedFiles: TFile[] = [];
	getViewType(): string {
		return 'file-explorer';
	}
	getDisplayText(): string {
		return 'Files';
	}
	revealInFolder(file: TFile): void {
		this.revealedFiles.push(file);
	}
}

export interface OpenViewState {
	active?: boolean;
	eState?: Record<string, unknown>;
}

export class WorkspaceLeaf extends Events {
	view: View;
	/** Test-only: files opened in this leaf (and the view state they were opened with), and where the leaf sits. */
	opened: TFile[] = [];
	openedStates: Array<OpenViewState | undefined> = [];
	/** The document of the window the leaf is in: the main one, or a popout's. */
	doc: Document;
	private type = 'empty';
	constructor(
		public app: App,
		public side: 'main' | 'right' | 'left',
		public paneType: 'tab' | 'split' | 'window' | boolean = false,
		doc?: Document,
	) {
		super();
		this.doc = doc ?? document;
		this.view = new EmptyView(this);
	}
	getViewState(): { type: string } {
		return { type: this.type };
	}
	async setViewState(state: { type: string; active?: boolean }): Promise<void> {
		const creator = this.app.workspace.viewCreators.get(state.type);
		if (creator === undefined) throw new Error(`no view ${state.type}`);
		await this.view.onClose();
		this.view.unload();
		this.type = state.type;
		this.view = creator(this);
		this.view.load();
		await this.view.onOpen();
	}
	/** Test-only: the leaf as Obsidian restores a background tab, a DeferredView until it is shown. */
	defer(type: string): this {
		this.type = type;
		this.view = new DeferredView(this, type);
		return this;
	}
	/** obsidian.d.ts 1.13.1 line 8279 (WorkspaceLeaf.isDeferred, since 1.7.2): true while the view is the placeholder. */
	get isDeferred(): boolean {
		return this.view instanceof DeferredView;
	}
	/** obsidian.d.ts 1.13.1 line 8285 (WorkspaceLeaf.loadIfDeferred, since 1.7.2): loads the real view and awaits it. */
	async loadIfDeferred(): Promise<void> {
		if (this.isDeferred) await this.setViewState({ type: this.type });
	}
	/** Test-only: the note opened in the editor in this leaf. */
	openMarkdown(file: TFile): MarkdownView {
		this.type = 'markdown';
		const view = new MarkdownView(this, file);
		this.view = view;
		return view;
	}
	async openFile(file: TFile, state?: OpenViewState): Promise<void> {
		this.opened.push(file);
		this.openedStates.push(state);
	}
	detach(): void {
		void this.view.onClose();
		this.view.unload();
		this.app.workspace.leaves = this.app.workspace.leaves.filter((l) => l !== this);
	}
}

export class Workspace extends Events {
	layoutReady = false;
	leaves: WorkspaceLeaf[] = [];
	readonly viewCreators = new Map<string, ViewCreator>([
		['empty', (leaf) => new EmptyView(leaf)],
		['file-explorer', (leaf) => new FileExplorerView(leaf)],
	]);
	private readonly readyCallbacks: Array<() => unknown> = [];
	revealed: WorkspaceLeaf[] = [];
	constructor(private readonly app: App) {
		super();
	}
	/** Test-only: a leaf restored in a background tab (deferred) with a view of `type`. */
	addDeferredLeaf(type: string, side: 'main' | 'right' | 'left' = 'left'): WorkspaceLeaf {
		const leaf = new WorkspaceLeaf(this.app, side).defer(type);
		this.leaves.push(leaf);
		return leaf;
	}
	/** Test-only: `file` open in the editor in a new tab. */
	openInEditor(file: TFile): MarkdownView {
		const leaf = new WorkspaceLeaf(this.app, 'main');
		this.leaves.push(leaf);
		return leaf.openMarkdown(file);
	}
	/** A leaf in a new popout window (obsidian.d.ts 1.13.1 line 7909, `openPopoutLeaf`): its views live in that window's document. */
	openPopoutLeaf(): WorkspaceLeaf {
		const leaf = new WorkspaceLeaf(this.app, 'main', 'window', popoutDocument());
		this.leaves.push(leaf);
		return leaf;
	}
	onLayoutReady(cb: () => unknown): void {
		if (this.layoutReady) cb();
		else this.readyCallbacks.push(cb);
	}
	/** Test-only: the layout becomes ready. */
	setLayoutReady(): void {
		this.layoutReady = true;
		for (const cb of this.readyCallbacks.splice(0)) cb();
	}
	/** By the leaf's view state, so deferred leaves are found too (with their placeholder view). */
	getLeavesOfType(type: string): WorkspaceLeaf[] {
		return this.leaves.filter((l) => l.getViewState().type === type);
	}
	getRightLeaf(_split: boolean): WorkspaceLeaf {
		const leaf = new WorkspaceLeaf(this.app, 'right');
		this.leaves.push(leaf);
		return leaf;
	}
	getLeaf(newLeaf?: 'tab' | 'split' | 'window' | boolean): WorkspaceLeaf {
		const existing = this.leaves.find((l) => l.side === 'main');
		if (newLeaf === undefined || newLeaf === false) {
			if (existing !== undefined) return existing;
		}
		const leaf = new WorkspaceLeaf(this.app, 'main', newLeaf ?? false);
		this.leaves.push(leaf);
		return leaf;
	}
	/** obsidian.d.ts 1.13.1 line 8029 (Workspace.revealLeaf, since 1.7.2): "`await` this function to ensure your view has been fully loaded and is not deferred". */
	async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
		this.revealed.push(leaf);
		await leaf.loadIfDeferred();
	}
	getActiveFile(): TFile | null {
		return null;
	}
}

export class App {
	vault: Vault;
	metadataCache: MetadataCache;
	workspace: Workspace;
	fileManager: FileManager;
	lastEvent: Event | null = null;
	private readonly storage = new Map<string, string>();
	constructor(vault: Vault) {
		this.vault = vault;
		this.metadataCache = vault.metadataCache;
		this.workspace = new Workspace(this);
		this.fileManager = new FileManager(vault);
	}
	/** Test-only: an app over a real folder. */
	static create(base: string, options: { configDir?: string; plainAdapter?: boolean } = {}): App {
		return new App(new Vault(base, options));
	}
	loadLocalStorage(key: string): unknown {
		const v = this.storage.get(key);
		return v === undefined ? null : (JSON.parse(v) as unknown);
	}
	saveLocalStorage(key: string, data: unknown): void {
		if (data === null) this.storage.delete(key);
		else this.storage.set(key, JSON.stringify(data));
	}
}

export interface PluginManifest {
	id: string;
	name: string;
	version: string;
	minAppVersion: string;
	description: string;
	author: string;
	dir?: string;
}

export interface Command {
	id: string;
	name: string;
	callback?: () => unknown;
	hotkeys?: unknown[];
}

export class Plugin extends Component {
	/** Test-only: what the plugin registered. */
	commands: Command[] = [];
	ribbonIcons: HTMLElement[] = [];
	statusBarItems: HTMLElement[] = [];
	settingTabs: PluginSettingTab[] = [];
	hoverSources = new Map<string, unknown>();
	constructor(
		public app: App,
		public manifest: PluginManifest,
	) {
		super();
	}
	/** `data.json` is in `manifest.dir` (obsidian.d.ts 1.13.1 line 5099: "Vault path to the plugin folder in the config directory"). */
	private dataPath(): string {
		return normalizePath(`${this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`}/data.json`);
	}
	/**
	 * Test-only: another program (a sync service, another device) rewrites `data.json`, and Obsidian
	 * calls `onExternalSettingsChange` (obsidian.d.ts 1.13.1 line 5085, since 1.5.7: "Called when the `data.json` file
	 * is modified on disk externally from Obsidian").
	 */
	async writeDataExternally(data: unknown): Promise<void> {
		await this.app.vault.adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
		const hook = (this as { onExternalSettingsChange?: () => unknown }).onExternalSettingsChange;
		await hook?.call(this);
	}
	async loadData(): Promise<unknown> {
		const adapter = this.app.vault.adapter;
		if (!(await adapter.exists(this.dataPath()))) return null;
		return JSON.parse(await adapter.read(this.dataPath())) as unknown;
	}
	async saveData(data: unknown): Promise<void> {
		await this.app.vault.adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
	}
	addCommand(command: Command): Command {
		this.commands.push(command);
		return command;
	}
	/** obsidian.d.ts (since 1.7.2): "Manually remove a command from the list of global commands". */
	removeCommand(commandId: string): void {
		this.commands = this.commands.filter((c) => c.id !== commandId);
	}
	addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		const el = createDiv({ cls: 'side-dock-ribbon-action', attr: { 'aria-label': title, 'data-icon': icon } });
		el.addEventListener('click', (evt) => callback(evt));
		this.ribbonIcons.push(el);
		this.register(() => el.remove());
		return el;
	}
	addStatusBarItem(): HTMLElement {
		const el = createDiv({ cls: 'status-bar-item' });
		this.statusBarItems.push(el);
		this.register(() => el.remove());
		return el;
	}
	addSettingTab(tab: PluginSettingTab): void {
		this.settingTabs.push(tab);
	}
	registerView(type: string, creator: ViewCreator): void {
		this.app.workspace.viewCreators.set(type, creator);
		this.register(() => this.app.workspace.viewCreators.delete(type));
	}
	registerHoverLinkSource(id: string, info: unknown): void {
		this.hoverSources.set(id, info);
	}
}

export abstract class PluginSettingTab {
	containerEl: HTMLElement = createDiv({ cls: 'vertical-tab-content' });
	constructor(
		public app: App,
		public plugin: Plugin,
	) {}
	abstract display(): void;
	hide(): void {
		this.containerEl.empty();
	}
}

export class Modal {
	/** Test-only: modals currently open, newest last. */
	static open: Modal[] = [];
	containerEl: HTMLElement = createDiv({ cls: 'modal-container' });
	modalEl: HTMLElement;
	titleEl: HTMLElement;
	contentEl: HTMLElement;
	constructor(public app: App) {
		this.modalEl = this.containerEl.createDiv({ cls: 'modal' });
		this.titleEl = this.modalEl.createDiv({ cls: 'modal-title' });
		this.contentEl = this.modalEl.createDiv({ cls: 'modal-content' });
	}
	setTitle(title: string): this {
		this.titleEl.setText(title);
		return this;
	}
	open(): void {
		Modal.open.push(this);
		void this.onOpen();
	}
	close(): void {
		Modal.open = Modal.open.filter((m) => m !== this);
		this.onClose();
	}
	onOpen(): void | Promise<void> {}
	onClose(): void {}
}

export class Notice {
	/** Test-only: the text of every notice shown. */
	static shown: string[] = [];
	/** Test-only: every notice shown, for buttons inside a message (a DocumentFragment). */
	static all: Notice[] = [];
	containerEl: HTMLElement = createDiv({ cls: 'notice-container' });
	messageEl: HTMLElement;
	noticeEl: HTMLElement;
	/** Test-only: false once hidden. */
	visible = true;
	constructor(
		message: string | DocumentFragment,
		public duration?: number,
	) {
		this.messageEl = this.containerEl.createDiv({ cls: 'notice' });
		this.noticeEl = this.messageEl;
		this.messageEl.append(message);
		Notice.shown.push(this.messageEl.textContent ?? '');
		Notice.all.push(this);
	}
	hide(): void {
		this.visible = false;
	}
}

export class MenuItem {
	title = '';
	icon = '';
	handler: (() => unknown) | null = null;
	setTitle(title: string): this {
		this.title = title;
		return this;
	}
	setIcon(icon: string): this {
		this.icon = icon;
		return this;
	}
	setSection(_s: string): this {
		return this;
	}
	onClick(fn: () => unknown): this {
		this.handler = fn;
		return this;
	}
}

export class Menu extends Component {
	/** Test-only: the last menu shown. */
	static last: Menu | null = null;
	items: MenuItem[] = [];
	addItem(cb: (item: MenuItem) => unknown): this {
		const item = new MenuItem();
		cb(item);
		this.items.push(item);
		return this;
	}
	addSeparator(): this {
		return this;
	}
	showAtMouseEvent(_evt: MouseEvent): this {
		Menu.last = this;
		return this;
	}
	showAtPosition(_pos: { x: number; y: number }): this {
		Menu.last = this;
		return this;
	}
}

abstract class ValueComponent<T> {
	protected changeHandlers: Array<(v: T) => unknown> = [];
	onChange(cb: (v: T) => unknown): this {
		this.changeHandlers.push(cb);
		return this;
	}
}

/** What text inputs and text areas share: a value element that reports every input. */
abstract class TextInputComponent<E extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
	inputEl: E;
	constructor(inputEl: E) {
		super();
		this.inputEl = inputEl;
		this.inputEl.addEventListener('input', () => {
			for (const cb of this.changeHandlers) cb(this.inputEl.value);
		});
	}
	setValue(v: string): this {
		this.inputEl.value = v;
		return this;
	}
	getValue(): string {
		return this.inputEl.value;
	}
	setPlaceholder(p: string): this {
		this.inputEl.placeholder = p;
		return this;
	}
}

export class TextComponent extends TextInputComponent<HTMLInputElement> {
	constructor(parent: HTMLElement) {
		super(parent.createEl('input', { type: 'text' }));
	}
}

export class TextAreaComponent extends TextInputComponent<HTMLTextAreaElement> {
	constructor(parent: HTMLElement) {
		super(parent.createEl('textarea'));
	}
}

export class ToggleComponent extends ValueComponent<boolean> {
	toggleEl: HTMLElement;
	private value = false;
	constructor(parent: HTMLElement) {
		super();
		this.toggleEl = parent.createDiv({ cls: 'checkbox-container' });
		this.toggleEl.addEventListener('click', () => {
			this.setValue(!this.value);
			for (const cb of this.changeHandlers) cb(this.value);
		});
	}
	setValue(v: boolean): this {
		this.value = v;
		this.toggleEl.toggleClass('is-enabled', v);
		return this;
	}
	getValue(): boolean {
		return this.value;
	}
}

export class DropdownComponent extends ValueComponent<string> {
	selectEl: HTMLSelectElement;
	constructor(parent: HTMLElement) {
		super();
		this.selectEl = parent.createEl('select', { cls: 'dropdown' });
		this.selectEl.addEventListener('change', () => {
			for (const cb of this.changeHandlers) cb(this.selectEl.value);
		});
	}
	addOption(value: string, display: string): this {
		this.selectEl.createEl('option', { value, text: display });
		return this;
	}
	addOptions(options: Record<string, string>): this {
		for (const [v, d] of Object.entries(options)) this.addOption(v, d);
		return this;
	}
	setValue(v: string): this {
		this.selectEl.value = v;
		return this;
	}
	getValue(): string {
		return this.selectEl.value;
	}
}

export class ButtonComponent {
	buttonEl: HTMLButtonElement;
	constructor(parent: HTMLElement) {
		this.buttonEl = parent.createEl('button');
	}
	setButtonText(t: string): this {
		this.buttonEl.setText(t);
		return this;
	}
	setCta(): this {
		this.buttonEl.addClass('mod-cta');
		return this;
	}
	onClick(cb: (evt: MouseEvent) => unknown): this {
		this.buttonEl.addEventListener('click', (evt) => cb(evt));
		return this;
	}
}

export class Setting {
	settingEl: HTMLElement;
	infoEl: HTMLElement;
	nameEl: HTMLElement;
	descEl: HTMLElement;
	controlEl: HTMLElement;
	constructor(containerEl: HTMLElement) {
		this.settingEl = containerEl.createDiv({ cls: 'setting-item' });
		this.infoEl = this.settingEl.createDiv({ cls: 'setting-item-info' });
		this.nameEl = this.infoEl.createDiv({ cls: 'setting-item-name' });
		this.descEl = this.infoEl.createDiv({ cls: 'setting-item-description' });
		this.controlEl = this.settingEl.createDiv({ cls: 'setting-item-control' });
	}
	setName(name: string | DocumentFragment): this {
		this.nameEl.empty();
		this.nameEl.append(name);
		return this;
	}
	setDesc(desc: string | DocumentFragment): this {
		this.descEl.empty();
		this.descEl.append(desc);
		return this;
	}
	setHeading(): this {
		this.settingEl.addClass('setting-item-heading');
		return this;
	}
	setClass(cls: string): this {
		this.settingEl.addClass(cls);
		return this;
	}
	addText(cb: (c: TextComponent) => unknown): this {
		cb(new TextComponent(this.controlEl));
		return this;
	}
	addTextArea(cb: (c: TextAreaComponent) => unknown): this {
		cb(new TextAreaComponent(this.controlEl));
		return this;
	}
	addToggle(cb: (c: ToggleComponent) => unknown): this {
		cb(new ToggleComponent(this.controlEl));
		return this;
	}
	addDropdown(cb: (c: DropdownComponent) => unknown): this {
		cb(new DropdownComponent(this.controlEl));
		return this;
	}
	addButton(cb: (c: ButtonComponent) => unknown): this {
		cb(new ButtonComponent(this.controlEl));
		return this;
	}
}
