/**
 * Obsidian's DOM helpers (createEl, createDiv, empty, addClass, setText, …) patched onto the DOM
 * implementation the tests run in (happy-dom), with the same signatures as obsidian.d.ts.
 */

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
	const el = doc.createElement(tag);
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
	nodeProto.instanceOf = function (this: Node, type: new () => unknown) {
		return this instanceof type;
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
	const g = win as unknown as Record<string, unknown>;
	g.createEl = (tag: keyof HTMLElementTagNameMap, info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, tag, info, cb);
	g.createDiv = (info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, 'div', info, cb);
	g.createSpan = (info?: DomElementInfo | string, cb?: Callback<HTMLElement>) => create(doc, 'span', info, cb);
	g.createFragment = () => doc.createDocumentFragment();
	g.activeDocument = doc;
	g.activeWindow = win;
}
