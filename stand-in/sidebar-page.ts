/**
 * Puts the Needs review view, as the real view code rendered it in the stand-in (happy-dom), into a
 * page for headless Chromium: styles.css plus the theme stand-in (obsidian-theme.css), and the
 * Lucide icons Obsidian's `setIcon` would draw (the stand-in's `setIcon` only records the name).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
export const CHROMIUM = process.env.SESSION_BRIEF_CHROMIUM ?? '/usr/bin/chromium';

export type Playwright = typeof import('playwright-core');

/** playwright-core with Debian's Chromium, or why a browser test is skipped. */
export async function loadPlaywright(): Promise<Playwright | string> {
	if (!fs.existsSync(CHROMIUM)) return `${CHROMIUM} not found (Debian: apt-get install chromium)`;
	try {
		return await import('playwright-core');
	} catch (error) {
		return `playwright-core cannot be loaded (${(error as Error).message}); run npm ci`;
	}
}
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const VIEWPORT = { width: 420, height: 640 };

export type Theme = 'light' | 'dark';

export function readCss(): { plugin: string; theme: string } {
	return {
		plugin: fs.readFileSync(path.join(ROOT, 'styles.css'), 'utf8'),
		theme: fs.readFileSync(path.join(__dirname, 'obsidian-theme.css'), 'utf8'),
	};
}

/** Every custom property styles.css reads. */
export function cssVariablesUsed(css: string): string[] {
	return [...new Set(Array.from(css.matchAll(/var\((--[a-z0-9-]+)/g), (m) => m[1] ?? ''))].sort();
}

type SvgPart = [tag: string, attrs: Record<string, string>];

/** The Lucide icons (ISC license) the view asks for, drawn as Obsidian's setIcon draws them. */
export const ICONS: Record<string, SvgPart[]> = {
	'chevron-down': [['path', { d: 'm6 9 6 6 6-6' }]],
	'chevron-right': [['path', { d: 'm9 18 6-6-6-6' }]],
	'arrow-down-a-z': [['path', { d: 'm3 16 4 4 4-4' }], ['path', { d: 'M7 20V4' }], ['path', { d: 'M20 8h-5' }], ['path', { d: 'M15 10V6.5a2.5 2.5 0 0 1 5 0V10' }], ['path', { d: 'M15 14h5l-5 6h5' }]],
	clock: [['circle', { cx: '12', cy: '12', r: '10' }], ['polyline', { points: '12 6 12 12 16 14' }]],
	check: [['path', { d: 'M20 6 9 17l-5-5' }]],
	'file-diff': [['path', { d: 'M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z' }], ['path', { d: 'M9 10h6' }], ['path', { d: 'M12 13V7' }], ['path', { d: 'M9 17h6' }]],
	'check-check': [['path', { d: 'M18 6 7 17l-5-5' }], ['path', { d: 'm22 10-7.5 7.5L13 16' }]],
	calendar: [['path', { d: 'M8 2v4' }], ['path', { d: 'M16 2v4' }], ['rect', { width: '18', height: '18', x: '3', y: '4', rx: '2' }], ['path', { d: 'M3 10h18' }]],
	'calendar-plus': [['path', { d: 'M8 2v4' }], ['path', { d: 'M16 2v4' }], ['path', { d: 'M21 13V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h8' }], ['path', { d: 'M3 10h18' }], ['path', { d: 'M16 19h6' }], ['path', { d: 'M19 16v6' }]],
	bot: [['path', { d: 'M12 8V4H8' }], ['rect', { width: '16', height: '12', x: '4', y: '8', rx: '2' }], ['path', { d: 'M2 14h2' }], ['path', { d: 'M20 14h2' }], ['path', { d: 'M15 13v2' }], ['path', { d: 'M9 13v2' }]],
	folder: [['path', { d: 'M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.69-.9L9.6 3.9A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z' }]],
	'folder-tree': [['path', { d: 'M20 10a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-2.5a1 1 0 0 1-.8-.4l-.9-1.2A1 1 0 0 0 15 3h-2a1 1 0 0 0-1 1v5a1 1 0 0 0 1 1Z' }], ['path', { d: 'M20 21a1 1 0 0 0 1-1v-3a1 1 0 0 0-1-1h-2.9a1 1 0 0 1-.88-.55l-.42-.85a1 1 0 0 0-.92-.6H13a1 1 0 0 0-1 1v5a1 1 0 0 0 1 1Z' }], ['path', { d: 'M3 5a2 2 0 0 0 2 2h3' }], ['path', { d: 'M3 3v13a2 2 0 0 0 2 2h3' }]],
	'check-circle': [['circle', { cx: '12', cy: '12', r: '10' }], ['path', { d: 'm9 12 2 2 4-4' }]],
	'alert-triangle': [['path', { d: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3' }], ['path', { d: 'M12 9v4' }], ['path', { d: 'M12 17h.01' }]],
	'x-circle': [['circle', { cx: '12', cy: '12', r: '10' }], ['path', { d: 'm15 9-6 6' }], ['path', { d: 'm9 9 6 6' }]],
	info: [['circle', { cx: '12', cy: '12', r: '10' }], ['path', { d: 'M12 16v-4' }], ['path', { d: 'M12 8h.01' }]],
	'refresh-cw': [['path', { d: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8' }], ['path', { d: 'M21 3v5h-5' }], ['path', { d: 'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16' }], ['path', { d: 'M8 16H3v5' }]],
	'shield-check': [['path', { d: 'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z' }], ['path', { d: 'm9 12 2 2 4-4' }]],
	'list-checks': [['path', { d: 'm3 17 2 2 4-4' }], ['path', { d: 'm3 7 2 2 4-4' }], ['path', { d: 'M13 6h8' }], ['path', { d: 'M13 12h8' }], ['path', { d: 'M13 18h8' }]],
};

/** The view's container as rendered, with its header filled the way Obsidian fills it (the stand-in leaves it empty). */
export function viewHtml(view: { containerEl: HTMLElement; getDisplayText(): string; getIcon(): string }): string {
	const clone = view.containerEl.cloneNode(true) as HTMLElement;
	const header = clone.querySelector<HTMLElement>('.view-header');
	if (header !== null && header.childElementCount === 0) {
		header.createDiv({ cls: 'view-header-icon', attr: { 'data-icon': view.getIcon() } });
		header.createDiv({ cls: 'view-header-title', text: view.getDisplayText() });
	}
	return clone.outerHTML;
}

/**
 * A page with one right-sidebar leaf holding the view's HTML, styled by styles.css over the theme
 * stand-in. The viewport tag as Obsidian's phone app has it: without it a phone lays the page out
 * 980 px wide and zooms it out to fit, and at that zoom icon edges vary from one picture to the next.
 */
export function pageHtml(theme: Theme, leafHtml: string): string {
	const css = readCss();
	return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Session Brief sidebar</title>
<style>${css.theme}</style>
<style>${css.plugin}</style>
</head>
<body class="theme-${theme}"><div class="workspace-leaf mod-active">${leafHtml}</div></body></html>`;
}

/** Runs in the page: draws every `data-icon` as an SVG; returns the icon names it has no drawing for. */
export function drawIcons(icons: Record<string, SvgPart[]>): string[] {
	const ns = 'http://www.w3.org/2000/svg';
	const missing: string[] = [];
	for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-icon]'))) {
		const name = el.dataset.icon ?? '';
		const parts = icons[name];
		if (parts === undefined) {
			missing.push(name);
			continue;
		}
		const svg = document.createElementNS(ns, 'svg');
		const attrs: Record<string, string> = { width: '24', height: '24', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: `svg-icon lucide-${name}` };
		for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
		for (const [tag, a] of parts) {
			const child = document.createElementNS(ns, tag);
			for (const [k, v] of Object.entries(a)) child.setAttribute(k, v);
			svg.appendChild(child);
		}
		el.appendChild(svg);
	}
	return missing;
}

/** What a click in the page landed on, recorded by the page's capturing listener. */
export interface RecordedClick {
	trusted: boolean;
	toggle: string | null;
	path: string | null;
	ctrlKey: boolean;
	metaKey: boolean;
}

/** Runs in the page: records every click (and whether it came from real input) in `window.recordedClicks`. */
export function recordClicks(): void {
	const w = window as unknown as { recordedClicks: RecordedClick[] };
	w.recordedClicks = [];
	document.addEventListener(
		'click',
		(evt) => {
			const el = evt.target instanceof Element ? evt.target.closest<HTMLElement>('[data-toggle], .session-brief-item') : null;
			w.recordedClicks.push({
				trusted: evt.isTrusted,
				toggle: el?.dataset.toggle ?? null,
				path: el?.dataset.toggle === undefined ? (el?.dataset.path ?? null) : null,
				ctrlKey: evt.ctrlKey,
				metaKey: evt.metaKey,
			});
		},
		true,
	);
}

/** A key pressed in the page, and the tree item (`data-key`) that had focus. */
export interface RecordedKey {
	trusted: boolean;
	key: string;
	shiftKey: boolean;
	ctrlKey: boolean;
	metaKey: boolean;
	altKey: boolean;
	focused: string | null;
	/** The focused element's first `session-brief-…` class, for focus outside the trees (toolbar buttons). */
	focusedClass: string | null;
}

/** Runs in the page: records every key press (and where focus was) in `window.recordedKeys`. */
export function recordKeys(): void {
	const w = window as unknown as { recordedKeys: RecordedKey[] };
	w.recordedKeys = [];
	document.addEventListener(
		'keydown',
		(evt) => {
			const el = document.activeElement as HTMLElement | null;
			const focusedClass = Array.from(el?.classList ?? []).find((c) => c.startsWith('session-brief-')) ?? null;
			w.recordedKeys.push({ trusted: evt.isTrusted, key: evt.key, shiftKey: evt.shiftKey, ctrlKey: evt.ctrlKey, metaKey: evt.metaKey, altKey: evt.altKey, focused: el?.dataset.key ?? null, focusedClass });
		},
		true,
	);
}
