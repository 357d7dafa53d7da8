/**
 * Event targets that work in every window. A view moved into a popout window lives in that window's
 * document, whose elements are instances of the popout's own `Element`, so `target instanceof
 * Element` is false there; Obsidian's `targetNode` and `instanceOf()` check across windows
 * (obsidian.d.ts, `UIEvent.targetNode` and `Node.instanceOf`; docs: *Pop-out windows*).
 */

/** The element an event happened on, or null (a text node's parent counts, as `closest` needs an element). */
export function eventElement(evt: UIEvent): Element | null {
	const node = evt.targetNode;
	if (node === null || node === undefined) return null;
	if (node.instanceOf(Element)) return node;
	return node.parentElement;
}

/** The closest element matching `selector` from where the event happened, in any window. */
export function closestTo<T extends HTMLElement>(evt: UIEvent, selector: string): T | null {
	return eventElement(evt)?.closest<T>(selector) ?? null;
}
