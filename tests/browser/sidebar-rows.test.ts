/**
 * The row cap's *Show more* row in headless Chromium, set up as tests/browser/sidebar.test.ts
 * explains (the real view renders in the stand-in; its DOM is loaded into Chromium with styles.css
 * and the theme; real clicks and keys are handed back to the real view): a section of 230 flagged
 * notes shows 200 rows and the row, whose button is visible and hit-testable and whose text is
 * themed; the arrow key reaches it with a visible focus ring, Enter adds the rest and moves focus
 * to the first new row; a real click on the button does the same.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settle, startPlugin, tempVault } from '../plugin/harness';
import { drawIcons, ICONS, loadPlaywright, pageHtml, recordKeys, viewHtml, VIEWPORT, type Playwright, type RecordedKey } from '../../stand-in/sidebar-page';
import { browserSession } from './browser-session';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/sidebar-rows.test.ts SKIPPED: ${skipReason}`);

type View = { containerEl: HTMLElement; contentEl: HTMLElement; getDisplayText(): string; getIcon(): string };

const session = browserSession();

const note = (i: number): string => `Deep/n${String(i).padStart(4, '0')}.md`;

async function openSidebar(): Promise<View> {
	const files: Record<string, string> = {};
	for (let i = 0; i < 230; i++) files[note(i)] = `# ${i}\n\nSome text #needs-review here.\n`;
	const s = await startPlugin(tempVault(files));
	session.started = s;
	s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
	await settle(s.app);
	const leaf = s.app.workspace.getLeavesOfType('session-brief-review')[0];
	if (leaf === undefined) throw new Error('the sidebar did not open');
	return leaf.view as unknown as View;
}

async function mount(p: Page, view: View): Promise<void> {
	await p.setContent(pageHtml('light', viewHtml(view)));
	await p.evaluate(recordKeys);
	expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);
	await p.evaluate(() => {
		const w = window as unknown as { showMoreClicks: Array<{ list: string | null; tag: string }> };
		w.showMoreClicks = [];
		document.addEventListener('click', (evt) => {
			const el = evt.target instanceof Element ? evt.target : null;
			w.showMoreClicks.push({ list: el?.closest('[data-show-more]')?.getAttribute('data-show-more') ?? null, tag: el?.tagName ?? '' });
		});
	});
}

/** Hands the last key pressed in the page to the focused item of the real view, reloads, and refocuses where the view did. */
async function relayKey(p: Page, view: View): Promise<void> {
	const key = (await p.evaluate(() => (window as unknown as { recordedKeys: RecordedKey[] }).recordedKeys)).at(-1);
	if (key?.focused === null || key === undefined) throw new Error('the key press reached no tree item');
	const target = view.contentEl.querySelector<HTMLElement>(`[data-key="${CSS.escape(key.focused)}"]`);
	if (target === null) throw new Error(`no item ${key.focused} in the view`);
	target.focus();
	target.dispatchEvent(new KeyboardEvent('keydown', { key: key.key, bubbles: true, cancelable: true }));
	await mount(p, view);
	const focused = (view.contentEl.ownerDocument.activeElement as HTMLElement | null)?.dataset.key;
	if (focused !== undefined) await p.locator(`[data-key="${CSS.escape(focused)}"]`).focus();
}

const focusedKey = (p: Page): Promise<string | null> => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? null);

describe.skipIf(skipReason !== null)('the row cap in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	it('the Show more row shows a visible, themed button; the arrow key reaches it with a focus ring and Enter adds the rest, focusing the first new row', async () => {
		const view = await openSidebar();
		const p = await session.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
		await mount(p, view);
		expect(await p.locator('.session-brief-item').count()).toBe(200);
		const button = p.locator('.session-brief-show-more-button');
		await button.scrollIntoViewIfNeeded();
		const look = await p.evaluate(() => {
			const row = document.querySelector<HTMLElement>('.session-brief-show-more');
			const btn = row?.querySelector('button');
			const count = row?.querySelector('.session-brief-show-more-count');
			const content = document.querySelector('.view-content') as HTMLElement;
			if (row === null || row === undefined || btn === null || btn === undefined || count === null || count === undefined) throw new Error('no Show more row');
			const b = btn.getBoundingClientRect();
			const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
			return {
				text: btn.textContent,
				count: count.textContent,
				size: [b.width > 20, b.height > 10],
				inside: row.getBoundingClientRect().right <= content.getBoundingClientRect().right + 0.5,
				hitIsButton: hit === btn || btn.contains(hit),
				countColor: getComputedStyle(count).color,
			};
		});
		expect(look).toEqual({ text: 'Show 30 more', count: '200 of 230 shown', size: [true, true], inside: true, hitIsButton: true, countColor: 'rgb(171, 171, 171)' });

		// Keyboard: from the last row drawn, Down reaches the row, with the focus ring.
		await p.locator(`[data-key="${CSS.escape(`note:needsReview:${note(199)}`)}"]`).focus();
		await p.keyboard.press('ArrowDown');
		await relayKey(p, view);
		expect(await focusedKey(p)).toBe('more:needsReview');
		expect(await p.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow)).toContain('inset');
		await p.keyboard.press('Enter');
		await relayKey(p, view);
		expect(await p.locator('.session-brief-item').count()).toBe(230);
		expect(await p.locator('.session-brief-show-more').count()).toBe(0);
		expect(await focusedKey(p)).toBe(`note:needsReview:${note(200)}`);
	});

	it('a real click on the button lands on it and adds the next page', async () => {
		const view = await openSidebar();
		const p = await session.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
		await mount(p, view);
		await p.locator('.session-brief-show-more-button').click();
		const clicks = await p.evaluate(() => (window as unknown as { showMoreClicks: Array<{ list: string | null; tag: string }> }).showMoreClicks);
		expect(clicks).toEqual([{ list: 'needsReview', tag: 'BUTTON' }]);
		view.contentEl.querySelector<HTMLElement>(`[data-show-more="${clicks[0]?.list ?? ''}"] button`)?.click();
		await mount(p, view);
		expect(await p.locator('.session-brief-item').count()).toBe(230);
	});
});
