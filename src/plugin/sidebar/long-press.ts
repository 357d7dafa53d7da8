/**
 * A long press opens the menu a right click opens: iOS's WebView sends no `contextmenu` for it, so
 * the press is timed and turned into one; whichever comes first wins, so the menu opens once, and
 * the click of the finger's lift is swallowed (it would open the note).
 */
import type { Component } from 'obsidian';

/** How long a press is held before it counts as long (about what Android and iOS use). */
export const LONG_PRESS_MS = 500;
/** How far the finger may drift (px) and still be a press, not a scroll. */
const SLOP_PX = 10;
/** How long after our menu a native `contextmenu` or the lift's `click` belongs to the same press. */
const SAME_PRESS_MS = 800;

export function registerLongPress(component: Component, el: HTMLElement): void {
	let timer: number | null = null;
	let start: { x: number; y: number } | null = null;
	let firedAt = -Infinity;
	let dispatching = false;
	const cancel = (): void => {
		if (timer !== null) window.clearTimeout(timer);
		timer = null;
		start = null;
	};
	const recent = (): boolean => Date.now() - firedAt < SAME_PRESS_MS;
	component.registerDomEvent(el, 'pointerdown', (evt: PointerEvent) => {
		cancel();
		if (evt.pointerType === 'mouse' || !evt.isPrimary) return;
		const target = evt.target;
		const at = { x: evt.clientX, y: evt.clientY };
		start = at;
		timer = window.setTimeout(() => {
			timer = null;
			start = null;
			if (target === null) return;
			firedAt = Date.now();
			dispatching = true;
			try {
				target.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: at.x, clientY: at.y, button: 2 }));
			} finally {
				dispatching = false;
			}
		}, LONG_PRESS_MS);
	});
	component.registerDomEvent(el, 'pointermove', (evt: PointerEvent) => {
		if (start !== null && Math.hypot(evt.clientX - start.x, evt.clientY - start.y) > SLOP_PX) cancel();
	});
	component.registerDomEvent(el, 'pointerup', cancel);
	component.registerDomEvent(el, 'pointercancel', cancel);
	// Capture phase: decided before the view's own handlers see the event.
	el.addEventListener('contextmenu', onContextMenu, true);
	el.addEventListener('click', onClick, true);
	component.register(() => {
		cancel();
		el.removeEventListener('contextmenu', onContextMenu, true);
		el.removeEventListener('click', onClick, true);
	});

	function onContextMenu(evt: MouseEvent): void {
		if (dispatching) return;
		if (timer !== null) {
			// The platform's own long press came first: it opens the menu, our timer does not.
			cancel();
			return;
		}
		if (recent()) {
			evt.preventDefault();
			evt.stopPropagation();
		}
	}

	function onClick(evt: MouseEvent): void {
		if (!recent()) return;
		firedAt = -Infinity;
		evt.preventDefault();
		evt.stopPropagation();
	}
}
