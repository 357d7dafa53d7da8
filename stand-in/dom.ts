/**
 * Obsidian's DOM helpers (createEl, createDiv, empty, addClass, setText, …) patched onto the DOM
 * implementation the tests run in (happy-dom), with the same signatures as obsidian.d.ts, and a
 * second window for popouts (`popoutDocument`).
 */
import { Window as HappyWindow } from 'happy-dom';

export interface DomElementInfo {
	cls?: string | string[];
	text?: string;
	attr?: Record<string, string | number | boolean | null>;
	title?: string;
	value?: string;
	type?: string;
	placeholder?: string;
	href?: string;
	prepend?: boolean;
	parent?: Node;
}

type Callback<T> = (el: T) => void;

function applyInfo(el: HTMLElement, info: DomElementInfo | string | undefined): void {
	if (info === undefined) return;
	const o: DomElementInfo = typeof info === 'string' ? { text: info } : info;
	if (o.cls !== undefined) el.className = Array.isArray(o.cls) ? o.cls.join(' ') : o.cls;
	if (o.text !== undefined) el.textContent = o.text;
	if (o.title !== undefined) el.title = o.title;
	for (const [k, v] of Object.entries(o.attr ?? {})) if (v !== null && v !== false) el.setAttribute(k, String(v));
	const input = el as HTMLInputElement;
	if (o.value !== undefined) input.value = o.value;
	if (o.type !== undefined) el.setAttribute('type', o.type);
	if (o.placeholder !== undefined) el.setAttribute('placeholder', o.placeholder);
	if (o.href !== undefined) el.setAttribute('href', o.href);
}

function create<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, info?: DomElementInfo | string, callback?: Callback<HTMLElementTagNameMap[K]>, parent?: Node): HTMLElementTagNameMap[K] {
	// Obsidian creates a child in its parent's document, so a view in a popout builds popout elements.
	const el = (parent?.ownerDocument ?? doc).createElement(tag);
	applyInfo(el, info);
	const o = typeof info === 'object' ? info : undefined;
	const host = parent ?? o?.parent;
	if (host !== undefined) {
		if (o?.prepend === true) host.insertBefore(el, host.firstChild);
		else host.appendChild(el);
	}
	callback?.(el);
	return el;
}

let patched = false;

export function patchDom(win: Window & typeof globalThis): void {
	if (patched) return;
	patched = true;
	const nodeProto = win.Node.prototype as unknown as Record<string, unknown>;
	const elProto = win.HTMLElement.prototype as unknown as Record<string, unknown>;
	const doc = win.document;
	nodeProto.createEl = function (this: Node, tag: keyof HTMLElementTagNameMap, info?: DomElementInfo | string, cb?: Callback<HTMLElement>) {
		return create(doc, tag, info, cb, this);
	};
	nodeProto.createDiv = function (this: Node, info?: DomElementInfo | string, cb?: Callback<HTMLElement>) {
		return create(doc, 'div', info, cb, this);
	};
	nodeProto.createSpan = function (this: Node, info?: DomElementInfo | string, cb?: Callback<HTMLElement>) {
		return create(doc, 'span', info, cb, this);
	};
	nodeProto.empty = function (this: Node) {
		while (this.firstChild !== null) this.removeChild(this.firstChild);
	};
	nodeProto.detach = function (this: Node) {
		this.parentNode?.removeChild(this);
	};
	nodeProto.setText = function (this: Node, text: string) {
		this.textContent = text;
	};
	nodeProto.appendText = function (this: Node, text: string) {
		this.appendChild((this.ownerDocument ?? doc).createTextNode(text));
	};
	// obsidian.d.ts 1.13.1 line 62 (`Node.instanceOf`): "Cross-window capable instanceof check, a drop-in replacement
	// for instanceof checks on DOM Nodes". A popout's classes are mirrors of the main window's.
	nodeProto.instanceOf = function (this: Node, type: new () => unknown) {
		return this instanceof type || inMirrorChain(this, type);
	};
	elProto.addClass = function (this: HTMLElement, ...cls: string[]) {
		this.classList.add(...cls.flatMap((c) => c.split(' ')).filter((c) => c !== ''));
	};
	elProto.addClasses = function (this: HTMLElement, cls: string[]) {
		this.classList.add(...cls);
	};
	elProto.removeClass = function (this: HTMLElement, ...cls: string[]) {
		this.classList.remove(...cls);
	};
	elProto.toggleClass = function (this: HTMLElement, cls: string | string[], value: boolean) {
		for (const c of Array.isArray(cls) ? cls : [cls]) this.classList.toggle(c, value);
	};
	elProto.hasClass = function (this: HTMLElement, cls: string) {
		return this.classList.contains(cls);
	};
	elProto.setAttr = function (this: HTMLElement, name: string, value: string | number | boolean | null) {
		if (value === null) this.removeAttribute(name);
		else this.setAttribute(name, String(value));
	};
	elProto.setAttrs = function (this: HTMLElement, attrs: Record<string, string | number | boolean | null>) {
		for (const [k, v] of Object.entries(attrs)) (this as unknown as { setAttr: (k: string, v: unknown) => void }).setAttr(k, v);
	};
	elProto.getAttr = function (this: HTMLElement, name: string) {
		return this.getAttribute(name);
	};
	// obsidian.d.ts 1.13.1 line 231 (`UIEvent.targetNode`): the event's target as a Node, in whichever window it is.
	Object.defineProperty(win.UIEvent.prototype, 'targetNode', {
		configurable: true,
		get(this: UIEvent): Node | null {
			const t = this.target as Partial<Node> | null;
			return t !== null && typeof t.nodeType === 'number' ? (t as Node) : null;
		},
	});
	const g = win as unknown as Record<string, unknown>;
	g.createEl = (tag: keyof HTMLElementTagNameMap, info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, tag, info, cb);
	g.createDiv = (info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, 'div', info, cb);
	g.createSpan = (info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, 'span', info, cb);
	g.createFragment = () => doc.createDocumentFragment();
	g.activeDocument = doc;
	g.activeWindow = win;
}

/**
 * Popout windows. Obsidian's docs (https://docs.obsidian.md/plugins/guides/pop-out-windows): "Each pop-out window introduces its own
 * `Window` object, `Document` object, and fresh copies of all global constructors (like
 * `HTMLElement` and `MouseEvent`)", so `el instanceof HTMLElement` is false for a popout's elements.
 * happy-dom shares one set of classes between its windows, so a popout document here gives every
 * element it creates a mirrored prototype chain: same methods, none of the main window's classes.
 */
const mirrors = new Map<object, object>();

function mirror(proto: object | null): object | null {
	if (proto === null || proto === Object.prototype) return proto;
	const known = mirrors.get(proto);
	if (known !== undefined) return known;
	const copy = Object.create(mirror(Object.getPrototypeOf(proto) as object | null)) as object;
	for (const key of Reflect.ownKeys(proto)) {
		const d = Object.getOwnPropertyDescriptor(proto, key);
		if (d !== undefined) Object.defineProperty(copy, key, d);
	}
	mirrors.set(proto, copy);
	return copy;
}

function inMirrorChain(node: Node, type: new () => unknown): boolean {
	const wanted = mirrors.get(type.prototype as object);
	if (wanted === undefined) return false;
	for (let p = Object.getPrototypeOf(node) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null) if (p === wanted) return true;
	return false;
}

/** Test-only: the document of a new popout window; elements created in it belong to that window only. */
export function popoutDocument(): Document {
	const win = new HappyWindow();
	const doc = win.document as unknown as Document;
	type Create = (tag: string, options?: ElementCreationOptions) => HTMLElement;
	const createElement: Create = Reflect.get(doc, 'createElement');
	Object.defineProperty(doc, 'createElement', {
		configurable: true,
		value: (tag: string, options?: ElementCreationOptions) => {
			const el = createElement.call(doc, tag, options);
			Object.setPrototypeOf(el, mirror(Object.getPrototypeOf(el) as object));
			return el;
		},
	});
	return doc;
}
