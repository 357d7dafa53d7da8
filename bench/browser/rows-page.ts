/**
 * Runs in headless Chromium (bench/render-rows.ts): draws one *Needs review* section of N notes
 * with the sidebar's own row code (review-rows.ts) and tree controller (review-tree.ts), with the
 * row cap and with the cap lifted, and times the JavaScript and the layout that follows.
 */
import type { ReviewEntry } from '../../src/core/brief/brief';
import { resolveSettings } from '../../src/core/settings';
import { displayOrder, renderSection } from '../../src/plugin/sidebar/review-rows';
import { TreeController } from '../../src/plugin/sidebar/review-tree';
import { ROW_PAGE } from '../../src/plugin/sidebar/row-cap';
import { uiStrings } from '../../src/plugin/ui-strings';

interface Timing {
	/** Building the rows and placing the tab stop. */
	script: number;
	/** The forced layout right after. */
	layout: number;
	rows: number;
}

const owner = { registerDomEvent: (el: EventTarget, type: string, fn: EventListener) => el.addEventListener(type, fn) };

function entries(n: number, now: number): ReviewEntry[] {
	return Array.from({ length: n }, (_, i) => ({ path: `F${i % 200}/n${i}.md`, mtime: now - i * 60_000, hits: [{ where: 'body', line: 3, text: 'Some text #needs-review and more.' }] }) as unknown as ReviewEntry);
}

function drawOnce(list: HTMLElement, tree: TreeController, shown: ReviewEntry[], limit: number): Timing {
	const settings = resolveSettings({});
	const s = uiStrings('en');
	const t0 = performance.now();
	list.empty();
	renderSection(list, { id: 'needsReview', item: { count: shown.length, paths: [], entries: shown }, shown, collapsed: false, error: null, filtering: false, now: Date.now(), limit, page: ROW_PAGE }, s, 'en', settings);
	tree.setCurrent(tree.current, false);
	const t1 = performance.now();
	void list.offsetHeight;
	const t2 = performance.now();
	return { script: t1 - t0, layout: t2 - t1, rows: list.querySelectorAll('.session-brief-item').length };
}

/** Draws `n` rows `repeat` times with and without the cap; median timings of each. */
function run(n: number, repeat: number): Record<'capped' | 'uncapped', Timing> {
	const root = document.querySelector<HTMLElement>('.session-brief-view') as HTMLElement;
	const list = root.createDiv({ cls: 'session-brief-sections', attr: { role: 'tree' } });
	const tree = new TreeController(list, owner as never, { open: () => undefined, menu: () => undefined }, { app: null as never, source: '', parent: null as never });
	const shown = displayOrder(entries(n, Date.now()), false);
	const out: Partial<Record<'capped' | 'uncapped', Timing>> = {};
	for (const mode of ['uncapped', 'capped'] as const) {
		const runs: Timing[] = [];
		for (let k = 0; k < repeat; k++) runs.push(drawOnce(list, tree, shown, mode === 'capped' ? ROW_PAGE : Number.POSITIVE_INFINITY));
		const median = (f: (t: Timing) => number): number => runs.map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN;
		out[mode] = { script: median((t) => t.script), layout: median((t) => t.layout), rows: runs[0]?.rows ?? 0 };
	}
	list.remove();
	return out as Record<'capped' | 'uncapped', Timing>;
}

(window as unknown as { runRows: typeof run }).runRows = run;
