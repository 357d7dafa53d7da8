/**
 * The few `obsidian` exports the sidebar's row code uses, for running it in a plain browser page
 * (bench/render-rows.ts). The DOM helpers (`createDiv`, `setAttr`, …) are the test stand-in's,
 * patched onto the page's own DOM.
 */
import { patchDom } from '../../stand-in/dom';

patchDom(window);

export function setIcon(el: HTMLElement, icon: string): void {
	el.dataset.icon = icon;
}

export function setTooltip(el: HTMLElement, tooltip: string): void {
	el.setAttribute('aria-label', tooltip);
}

export class Keymap {
	static isModEvent(evt?: MouseEvent | KeyboardEvent | null): boolean {
		return evt?.ctrlKey === true || evt?.metaKey === true;
	}
}

export class Notice {
	constructor(readonly message: unknown) {}
}
