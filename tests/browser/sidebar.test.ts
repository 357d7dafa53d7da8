/**
 * The Needs review sidebar in a real browser (headless Chromium through playwright-core).
 *
 * What runs where: the plugin (main.ts) runs in Node against the `obsidian` stand-in on a copy of
 * example-vault/, as in tests/plugin/; its real ReviewView renders into happy-dom. That DOM (the
 * view container's outerHTML) is loaded into Chromium with styles.css and Obsidian's theme
 * variables (obsidian-theme.css), so layout, colours and hover styles are the browser's own.
 * Clicks are real input events in Chromium (Playwright's mouse, hit-tested at the element's
 * position); the page records what each click landed on, the test hands that click to the same
 * element of the real view in Node, and loads the view's new DOM into the page again. So this
 * proves how the view looks and that a visible, hit-testable element carries the click the view
 * acts on; it does not run the view's code inside Chromium.
 *
 * Key presses are relayed the same way: the page records the key and the focused tree item, the
 * test focuses that item in the real view, hands it the key, and moves the page's focus to where
 * the view put its own. Tab order and the focus ring are the browser's own.
 *
 * Screenshots: docs/sidebar-{light,dark,keyboard,folders}.png under `npm run screenshots` (so
 * `npm test` does not rewrite tracked files), else a temporary folder; drawn at a fixed instant
 * over notes of fixed ages (screenshots.ts).
 * Skipped, saying why, where Chromium (/usr/bin/chromium, or $SESSION_BRIEF_CHROMIUM) or
 * playwright-core is missing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settle, startPlugin, type Started } from '../plugin/harness';
import { copyExampleVault } from '../plugin/build/load-built';
import { cssVariablesUsed, drawIcons, ICONS, loadPlaywright, pageHtml, readCss, recordClicks, recordKeys, viewHtml, VIEWPORT, type RecordedClick, type RecordedKey, type Playwright, type Theme } from '../../stand-in/sidebar-page';
import { browserSession } from './browser-session';
import { Menu } from '../../stand-in/obsidian';
import { isoDate } from '../../src/core/brief/dates';
import { SECTIONS } from '../helpers/registries';
import { ageVault, FIXED_NOW, fixedClock, shoot, shotsFolder, stampFile } from './screenshots';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/sidebar.test.ts SKIPPED: ${skipReason}`);

const SHOTS = shotsFolder();
const VIEW_TYPE_REVIEW = 'session-brief-review';
const TODAY = isoDate(FIXED_NOW);

/** Expected computed colours (styles.css through obsidian-theme.css). */
const THEME_RGB: Record<Theme, { background: string; text: string; faint: string; hover: string }> = {
	light: { background: 'rgb(246, 246, 246)', text: 'rgb(34, 34, 34)', faint: 'rgb(171, 171, 171)', hover: 'rgba(0, 0, 0, 0.067)' },
	dark: { background: 'rgb(38, 38, 38)', text: 'rgb(218, 218, 218)', faint: 'rgb(102, 102, 102)', hover: 'rgba(255, 255, 255, 0.075)' },
};

fixedClock();
const session = browserSession(SHOTS.remove);

/** The plugin on a copy of the example vault, with the sidebar open; returns the real view. */
async function openSidebar(): Promise<{ s: Started; view: { containerEl: HTMLElement; contentEl: HTMLElement; getDisplayText(): string; getIcon(): string } }> {
	const base = copyExampleVault();
	ageVault(base);
	// A session file of today, so the Today header shows one (the example vault's are dated).
	const sessionFile = path.join(base, `AI/sessions/${TODAY}-sidebar-polish.md`);
	fs.writeFileSync(sessionFile, '---\ntype: session\n---\n# Sidebar polish\n');
	stampFile(sessionFile, 0);
	const s = await startPlugin(base);
	session.started = s;
	s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
	await settle(s.app);
	const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
	if (leaf === undefined) throw new Error('the sidebar did not open');
	return { s, view: leaf.view as unknown as { containerEl: HTMLElement; contentEl: HTMLElement; getDisplayText(): string; getIcon(): string } };
}

async function newPage(): Promise<Page> {
	const p = await session.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
	return p;
}

/** Loads the view's current DOM into the page. */
async function mount(p: Page, theme: Theme, view: { containerEl: HTMLElement; getDisplayText(): string; getIcon(): string }): Promise<void> {
	await p.setContent(pageHtml(theme, viewHtml(view)));
	await p.evaluate(recordClicks);
	await p.evaluate(recordKeys);
	expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);
	// Park the mouse off the list so no row shows its hover background.
	await p.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
}

/** Hands the last click recorded in the page to the same element of the real view. */
async function relayClick(p: Page, root: HTMLElement): Promise<RecordedClick> {
	const clicks = await p.evaluate(() => (window as unknown as { recordedClicks: RecordedClick[] }).recordedClicks);
	const click = clicks.at(-1);
	if (click === undefined) throw new Error('the click did not reach the page');
	const target = click.toggle !== null ? root.querySelector<HTMLElement>(`[data-toggle="${click.toggle}"]`) : root.querySelector<HTMLElement>(`.session-brief-item[data-path="${CSS.escape(click.path ?? '')}"]`);
	if (target === null) throw new Error(`the click landed on nothing the view handles: ${JSON.stringify(click)}`);
	target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: click.ctrlKey, metaKey: click.metaKey }));
	return click;
}

/**
 * Hands the last key pressed in the page to the same tree item of the real view (focused there
 * first, as it was in the page), reloads the view's DOM into the page and puts the page's focus
 * where the view put its own. Returns the key as the page saw it.
 */
async function relayKey(p: Page, theme: Theme, view: { containerEl: HTMLElement; contentEl: HTMLElement; getDisplayText(): string; getIcon(): string }): Promise<RecordedKey> {
	const keys = await p.evaluate(() => (window as unknown as { recordedKeys: RecordedKey[] }).recordedKeys);
	const key = keys.at(-1);
	if (key === undefined) throw new Error('the key press did not reach the page');
	const root = view.contentEl;
	const target = key.focused !== null ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key.focused)}"]`) : key.focusedClass !== null ? root.querySelector<HTMLElement>(`.${key.focusedClass}`) : null;
	if (target === null) throw new Error(`the key went to nothing the view handles: ${JSON.stringify(key)}`);
	target.focus();
	target.dispatchEvent(new KeyboardEvent('keydown', { key: key.key, shiftKey: key.shiftKey, ctrlKey: key.ctrlKey, metaKey: key.metaKey, altKey: key.altKey, bubbles: true, cancelable: true }));
	await mount(p, theme, view);
	const active = root.ownerDocument.activeElement as HTMLElement | null;
	const focusedKey = active?.dataset.key;
	const focusedClass = Array.from(active?.classList ?? []).find((c) => c.startsWith('session-brief-'));
	if (active !== null && root.contains(active)) {
		if (focusedKey !== undefined) await p.locator(`[data-key="${CSS.escape(focusedKey)}"]`).focus();
		else if (focusedClass !== undefined) await p.locator(`.${focusedClass}`).focus();
	}
	return key;
}

describe.skipIf(skipReason !== null)('needs review sidebar in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	for (const theme of ['light', 'dark'] as const) {
		it(`renders in Obsidian's ${theme} theme: every variable defined, themed colours, nothing overflowing; saves docs/sidebar-${theme}.png`, async () => {
			const { view } = await openSidebar();
			const p = await newPage();
			await mount(p, theme, view);

			const css = readCss();
			const used = cssVariablesUsed(css.plugin);
			expect(used.length).toBeGreaterThan(10);
			const undefinedVars = await p.evaluate((names) => names.filter((n) => getComputedStyle(document.body).getPropertyValue(n).trim() === ''), used);
			expect(undefinedVars).toEqual([]);

			const look = await p.evaluate(() => {
				const style = (sel: string) => {
					const el = document.querySelector(sel);
					if (el === null) throw new Error(`missing ${sel}`);
					return getComputedStyle(el);
				};
				const content = document.querySelector('.view-content') as HTMLElement;
				const sections = Array.from(document.querySelectorAll<HTMLElement>('.session-brief-section')).map((s) => ({
					id: s.dataset.section,
					title: s.querySelector('.session-brief-section-title')?.textContent,
					count: s.querySelector('.session-brief-count')?.textContent,
					rows: s.querySelectorAll('.session-brief-item').length,
				}));
				// A row, name or hit line wider than the sidebar (cut off with an ellipsis is fine).
				const tooWide = Array.from(document.querySelectorAll<HTMLElement>('.session-brief-item, .session-brief-section-header, .session-brief-toolbar')).filter((e) => e.getBoundingClientRect().right > content.getBoundingClientRect().right + 0.5).length;
				const icons = Array.from(document.querySelectorAll('.session-brief-collapse-icon svg')).map((svg) => svg.getBoundingClientRect().width);
				return {
					background: style('.workspace-leaf-content').backgroundColor,
					text: style('.session-brief-item-name').color,
					path: style('.session-brief-item-path').color,
					hitFont: style('.session-brief-item-hit').fontFamily,
					match: style('.session-brief-match').backgroundColor,
					hitWhere: document.querySelector('.session-brief-hit-where')?.textContent,
					header: style('.session-brief-section-header').fontWeight,
					horizontalScroll: content.scrollWidth > content.clientWidth,
					tooWide,
					icons,
					sections,
				};
			});
			expect(look.background).toBe(THEME_RGB[theme].background);
			expect(look.text).toBe(THEME_RGB[theme].text);
			expect(look.path).toBe(THEME_RGB[theme].faint);
			// Text as Obsidian writes it (no monospace debug line), the tag highlighted.
			expect(look.hitFont).not.toContain('monospace');
			expect(look.match).toBe('rgba(255, 208, 0, 0.4)');
			expect(look.hitWhere).toMatch(/^(Property \S+|Line \d+)$/);
			expect(look.header).toBe('600');
			expect(look.horizontalScroll).toBe(false);
			expect(look.tooWide).toBe(0);
			// One 14px chevron per section header.
			expect(look.icons).toEqual(SECTIONS.map(() => 14));
			expect(look.sections.map((s) => s.id)).toEqual(SECTIONS);
			for (const s of look.sections) expect(Number(s.count)).toBe(s.rows);
			expect(look.sections.every((s) => s.rows > 0)).toBe(true);

			// Hovering a row gives it the theme's hover background (a real :hover, not a class).
			const row = p.locator('.session-brief-item').first();
			await row.hover();
			expect(await row.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(THEME_RGB[theme].hover);
			await p.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);

			const png = await shoot(p, SHOTS.dir, `sidebar-${theme}.png`);
			expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
			// Width and height from the IHDR chunk.
			expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
		});
	}

	it('a real click on a section header collapses it, and one on a row opens the note, through the real view', async () => {
		const { s, view } = await openSidebar();
		const p = await newPage();
		await mount(p, 'dark', view);
		const inbox = '.session-brief-section[data-section="inbox"]';
		expect(await p.locator(`${inbox} .session-brief-item`).count()).toBe(3);

		await p.click(`${inbox} .session-brief-section-title`);
		const click = await relayClick(p, view.contentEl);
		expect(click).toMatchObject({ trusted: true, toggle: 'inbox' });
		await mount(p, 'dark', view);
		expect(await p.locator(inbox).getAttribute('class')).toContain('is-collapsed');
		expect(await p.locator(`${inbox} .session-brief-item`).count()).toBe(0);
		expect(await p.locator(`${inbox} .session-brief-count`).textContent()).toBe('3');
		expect(await p.locator(`${inbox} .session-brief-collapse-icon svg`).getAttribute('class')).toContain('lucide-chevron-right');
		// The other sections keep their rows.
		expect(await p.locator('.session-brief-section[data-section="needsReview"] .session-brief-item').count()).toBe(2);

		// Clicked again, it opens again.
		await p.click(`${inbox} .session-brief-section-header`);
		await relayClick(p, view.contentEl);
		await mount(p, 'dark', view);
		expect(await p.locator(`${inbox} .session-brief-item`).count()).toBe(3);

		// A click on a row's folder line still hits the row, and the view opens that note.
		const row = p.locator('.session-brief-item[data-path="Notes/Reading list.md"]');
		await row.locator('.session-brief-item-path').click();
		expect(await relayClick(p, view.contentEl)).toMatchObject({ trusted: true, toggle: null, path: 'Notes/Reading list.md' });
		await settle(s.app);
		const main = s.app.workspace.leaves.filter((l) => l.side === 'main');
		expect(main.map((l) => l.opened.map((f) => f.path))).toEqual([['Notes/Reading list.md']]);
	});

	it('real key presses: Tab reaches the tree with a visible focus ring, arrows move, Left collapses, Enter opens, Mod+Enter opens a tab, the menu key and Shift+F10 open the menu; saves docs/sidebar-keyboard.png', async () => {
		const { s, view } = await openSidebar();
		const p = await newPage();
		await mount(p, 'dark', view);
		const activeKey = () => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? document.activeElement?.className ?? null);

		// The filter box, the sort and group buttons, the Today header's one tab stop, then the
		// review tree's single tab stop, the first section.
		await p.click('.session-brief-filter');
		const order: Array<string | null> = [];
		for (let i = 0; i < 4; i++) {
			await p.keyboard.press('Tab');
			order.push(await activeKey());
		}
		expect(order.slice(0, 2).map((c) => c?.split(' ')[1])).toEqual(['session-brief-sort', 'session-brief-group']);
		expect(order.slice(2)).toEqual(['today:daily', 'section:needsReview']);
		// A second Tab leaves the tree (one tab stop for the whole tree).
		await p.keyboard.press('Tab');
		expect(await activeKey()).not.toMatch(/^(section|note):/);
		await p.keyboard.press('Shift+Tab');
		expect(await activeKey()).toBe('section:needsReview');
		const ring = await p.evaluate(() => {
			const header = document.querySelector('.session-brief-section:focus-visible > .session-brief-section-header');
			return header === null ? null : getComputedStyle(header).boxShadow;
		});
		expect(ring).toMatch(/rgb\(\d+, \d+, \d+\) 0px 0px 0px 2px inset/);

		await p.keyboard.press('ArrowDown');
		expect(await relayKey(p, 'dark', view)).toMatchObject({ trusted: true, key: 'ArrowDown', focused: 'section:needsReview' });
		expect(await activeKey()).toBe('note:needsReview:Projects/session-brief/Cache notes.md');
		await p.keyboard.press('ArrowDown');
		await relayKey(p, 'dark', view);
		const second = await activeKey();
		expect(second).toMatch(/^note:needsReview:/);
		// The focused row shows the ring (the page's focus came from the keyboard).
		expect(await p.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow)).toMatch(/0px 0px 0px 2px inset/);
		// The focused row shows its Mark as reviewed button; other rows do not until hovered.
		const markShown = () => p.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('.session-brief-item-mark')).filter((b) => b.getBoundingClientRect().width > 0).map((b) => b.closest<HTMLElement>('[data-key]')?.dataset.key));
		expect(await markShown()).toEqual([second]);
		await shoot(p, SHOTS.dir, 'sidebar-keyboard.png');
		await p.locator('.session-brief-item').first().hover();
		expect(await markShown()).toEqual(['note:needsReview:Projects/session-brief/Cache notes.md', second]);
		await p.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);

		await p.keyboard.press('Enter');
		await relayKey(p, 'dark', view);
		await p.keyboard.press(process.platform === 'darwin' ? 'Meta+Enter' : 'Control+Enter');
		expect(await relayKey(p, 'dark', view)).toMatchObject({ key: 'Enter', ctrlKey: process.platform !== 'darwin' });
		await settle(s.app);
		const opened = s.app.workspace.leaves.filter((l) => l.side === 'main').map((l) => [l.paneType, l.opened.map((f) => f.path)]);
		const path2 = (second ?? '').replace('note:needsReview:', '');
		expect(opened).toEqual([
			[false, [path2]],
			['tab', [path2]],
		]);

		Menu.last = null;
		await p.keyboard.press('Shift+F10');
		expect(await relayKey(p, 'dark', view)).toMatchObject({ key: 'F10', shiftKey: true });
		expect((Menu.last as Menu | null)?.items.map((i) => i.title)).toEqual(['Mark as reviewed', 'Open in new tab', 'Reveal in file explorer']);
		Menu.last = null;
		await p.keyboard.press('ContextMenu');
		expect(await relayKey(p, 'dark', view)).toMatchObject({ key: 'ContextMenu' });
		expect(Menu.last).not.toBeNull();

		// Left goes to the section, Left again collapses it.
		await p.keyboard.press('ArrowLeft');
		await relayKey(p, 'dark', view);
		expect(await activeKey()).toBe('section:needsReview');
		await p.keyboard.press('ArrowLeft');
		await relayKey(p, 'dark', view);
		expect(await p.locator('.session-brief-section[data-section="needsReview"]').getAttribute('aria-expanded')).toBe('false');
		expect(await p.locator('.session-brief-section[data-section="needsReview"] .session-brief-item').count()).toBe(0);
		await p.keyboard.press('Enter');
		await relayKey(p, 'dark', view);
		expect(await p.locator('.session-brief-section[data-section="needsReview"] .session-brief-item').count()).toBe(2);
		// The section's menu key offers Mark all reviewed, the one section action besides collapsing.
		Menu.last = null;
		await p.keyboard.press('ContextMenu');
		expect(await relayKey(p, 'dark', view)).toMatchObject({ key: 'ContextMenu', focused: 'section:needsReview' });
		expect((Menu.last as Menu | null)?.items.map((i) => i.title)).toEqual(['Mark all reviewed']);
	});
	it("real key presses in the Today header and on the toolbar: arrows, the menu key, Enter creates and opens today's daily note, Space groups by folder; saves docs/sidebar-folders.png", async () => {
		const { s, view } = await openSidebar();
		const p = await newPage();
		await mount(p, 'light', view);
		const activeKey = () => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? null);
		const session = `today:session:AI/sessions/${TODAY}-sidebar-polish.md`;

		const look = await p.evaluate(() => {
			const header = document.querySelector('.session-brief-today') as HTMLElement;
			const content = document.querySelector('.view-content') as HTMLElement;
			return {
				heading: header.querySelector('.session-brief-today-heading')?.textContent,
				rows: Array.from(header.querySelectorAll<HTMLElement>('.session-brief-today-row')).map((r) => [r.dataset.key, r.querySelector('.session-brief-today-kind')?.textContent]),
				missingColor: getComputedStyle(header.querySelector('.is-missing .session-brief-today-kind') as Element).color,
				tooWide: Array.from(header.querySelectorAll('.session-brief-today-row')).filter((e) => e.getBoundingClientRect().right > content.getBoundingClientRect().right + 0.5).length,
				above: header.getBoundingClientRect().bottom <= (document.querySelector('.session-brief-sections') as HTMLElement).getBoundingClientRect().top,
			};
		});
		expect(look.heading).toBe('Today');
		expect(look.rows).toEqual([
			['today:daily', 'Create daily note'],
			[session, 'now'],
		]);
		// The accent colour says the row creates something.
		expect(look.missingColor).not.toBe(THEME_RGB.light.text);
		expect(look.tooWide).toBe(0);
		expect(look.above).toBe(true);

		await p.click('.session-brief-filter');
		for (let i = 0; i < 3; i++) await p.keyboard.press('Tab');
		expect(await activeKey()).toBe('today:daily');
		expect(await p.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow)).toMatch(/0px 0px 0px 2px inset/);
		await p.keyboard.press('ArrowDown');
		expect(await relayKey(p, 'light', view)).toMatchObject({ trusted: true, key: 'ArrowDown', focused: 'today:daily' });
		expect(await activeKey()).toBe(session);
		await p.keyboard.press('ArrowUp');
		await relayKey(p, 'light', view);
		expect(await activeKey()).toBe('today:daily');
		Menu.last = null;
		await p.keyboard.press('Shift+F10');
		await relayKey(p, 'light', view);
		expect((Menu.last as Menu | null)?.items.map((i) => i.title)).toEqual(['Create daily note']);

		await p.keyboard.press('Enter');
		expect(await relayKey(p, 'light', view)).toMatchObject({ trusted: true, key: 'Enter', focused: 'today:daily' });
		await settle(s.app);
		expect(fs.readFileSync(path.join(s.base, `Daily/${TODAY}.md`), 'utf8')).toBe('');
		expect(s.app.workspace.leaves.filter((l) => l.side === 'main').map((l) => l.opened.map((f) => f.path))).toEqual([[`Daily/${TODAY}.md`]]);
		await mount(p, 'light', view);
		expect(await p.locator('.session-brief-today-row[data-key="today:daily"] .session-brief-today-kind').textContent()).toBe('Daily note');

		// The group button (a tab stop, as the Tab order above shows), toggled with Space.
		await p.focus('.session-brief-group');
		await p.keyboard.press(' ');
		expect(await relayKey(p, 'light', view)).toMatchObject({ trusted: true, key: ' ', focusedClass: 'session-brief-group' });
		expect(await p.locator('.session-brief-group').getAttribute('aria-pressed')).toBe('true');
		expect(await p.evaluate(() => (document.activeElement as HTMLElement | null)?.classList.contains('session-brief-group'))).toBe(true);
		const grouped = await p.evaluate(() => ({
			headings: Array.from(document.querySelectorAll('.session-brief-section[data-section="inbox"] .session-brief-folder-name')).map((h) => h.textContent),
			active: getComputedStyle(document.querySelector('.session-brief-group') as Element).backgroundColor,
		}));
		expect(grouped.headings).toEqual(['Inbox2', 'Inbox/Articles1']);
		expect(grouped.active).not.toBe('rgba(0, 0, 0, 0)');
		await shoot(p, SHOTS.dir, 'sidebar-folders.png');
	});
});
