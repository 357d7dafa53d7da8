/** The DOM the `obsidian` stand-in patches when it loads, for bench children that run plugin code outside vitest. */
import { Window as HappyWindow } from 'happy-dom';

export function installDom(): void {
	const win = new HappyWindow({ width: 420, height: 800 });
	const g = globalThis as unknown as Record<string, unknown>;
	const w = win as unknown as Record<string, unknown>;
	g.window = win;
	for (const name of ['document', 'navigator', 'Node', 'Element', 'HTMLElement', 'HTMLInputElement', 'DocumentFragment', 'Event', 'UIEvent', 'MouseEvent', 'KeyboardEvent', 'FocusEvent', 'getComputedStyle', 'CSS']) {
		if (!(name in g) || name === 'document') g[name] = w[name];
	}
}
