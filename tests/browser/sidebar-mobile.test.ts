/**
 * The Needs review sidebar as Obsidian's phone app shows it, in headless Chromium at a phone's
 * viewport with touch: the plugin (main.ts) runs in the stand-in with `Platform` saying mobile and
 * renders the real view into happy-dom; that DOM goes into Chromium with styles.css, the theme
 * stand-in and the body classes Obsidian's phone app sets (`is-mobile is-phone`), as in
 * tests/browser/sidebar.test.ts. Checks what touch needs: every row and header at least 44px tall,
 * each row's Mark as reviewed button and each section's Mark all button shown without hover, at
 * least 40px square, on top where a finger lands, and beside the row's age rather than over it.
 *
 * Screenshots: docs/sidebar-mobile-{light,dark}.png under `npm run screenshots`, else a temporary
 * folder; drawn at a fixed instant over notes of fixed ages (screenshots.ts). Skipped, saying why,
 * without Chromium.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Platform } from '../../stand-in/obsidian';
import { settle, startPlugin } from '../plugin/harness';
import { copyExampleVault, MOBILE_PLATFORM } from '../plugin/build/load-built';
import { drawIcons, ICONS, loadPlaywright, pageHtml, viewHtml, type Playwright, type Theme } from '../../stand-in/sidebar-page';
import { browserSession } from './browser-session';
import { MARKABLE_SECTIONS } from '../helpers/registries';
import { ageVault, fixedClock, shoot, shotsFolder } from './screenshots';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/sidebar-mobile.test.ts SKIPPED: ${skipReason}`);

/** A common phone's viewport in CSS pixels (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };
/** A phone's screen has two or three device pixels per CSS pixel; the screenshots use two. */
const SCALE = 2;
const SHOTS = shotsFolder();
const VIEW_TYPE_REVIEW = 'session-brief-review';
const desktopPlatform = { ...Platform };

beforeAll(() => {
	Object.assign(Platform, MOBILE_PLATFORM);
});

fixedClock();
const session = browserSession(() => {
	Object.assign(Platform, desktopPlatform);
	SHOTS.remove();
});

interface Box {
	top: number;
	left: number;
	right: number;
	bottom: number;
	width: number;
	height: number;
}

interface Measured {
	rows: Array<{ path: string; height: number; mark: Box | null; age: Box; hit: boolean; markDisplay: string }>;
	headers: Array<{ section: string; height: number; markAll: Box | null; hit: boolean }>;
	horizontalScroll: boolean;
}

describe.skipIf(skipReason !== null)('needs review sidebar on a phone, in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
		it(`rows and headers are tall enough to tap and show their buttons without hover (${theme}); saves docs/sidebar-mobile-${theme}.png`, async () => {
			const base = copyExampleVault();
			ageVault(base);
			const s = await startPlugin(base, { plainAdapter: true });
			session.started = s;
			s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
			await settle(s.app);
			const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
			if (leaf === undefined) throw new Error('the sidebar did not open');
			const view = leaf.view as unknown as { containerEl: HTMLElement; getDisplayText(): string; getIcon(): string };
			const p = await session.newPage({ viewport: PHONE, deviceScaleFactor: SCALE, hasTouch: true, isMobile: true });
			await p.setContent(pageHtml(theme, viewHtml(view)));
			await p.evaluate(() => document.body.classList.add('is-mobile', 'is-phone'));
			// Laid out at the phone's width, unzoomed, as Obsidian's app does (not a desktop width zoomed out).
			expect(await p.evaluate(() => [window.innerWidth, window.visualViewport?.scale])).toEqual([PHONE.width, 1]);
			expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);

			const m = await p.evaluate((): Measured => {
				const box = (el: Element | null): Box | null => {
					if (el === null) return null;
					const r = el.getBoundingClientRect();
					return r.width === 0 ? null : { top: r.top, left: r.left, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
				};
				// What a finger at the centre of a button lands on.
				const lands = (el: Element | null, b: Box | null): boolean => {
					if (el === null || b === null) return false;
					const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
					return hit !== null && (hit === el || el.contains(hit));
				};
				const content = document.querySelector('.view-content') as HTMLElement;
				return {
					rows: Array.from(document.querySelectorAll<HTMLElement>('.session-brief-item')).map((row) => {
						const mark = row.querySelector('.session-brief-item-mark');
						const markBox = box(mark);
						return {
							path: row.dataset.path ?? '',
							height: row.getBoundingClientRect().height,
							mark: markBox,
							age: box(row.querySelector('.session-brief-item-age')) as Box,
							hit: lands(mark, markBox),
							markDisplay: mark === null ? 'none' : getComputedStyle(mark).display,
						};
					}),
					headers: Array.from(document.querySelectorAll<HTMLElement>('.session-brief-section')).map((section) => {
						const header = section.querySelector('.session-brief-section-header') as HTMLElement;
						const markAll = header.querySelector('.session-brief-mark-all');
						const b = box(markAll);
						return { section: section.dataset.section ?? '', height: header.getBoundingClientRect().height, markAll: b, hit: lands(markAll, b) };
					}),
					horizontalScroll: content.scrollWidth > content.clientWidth,
				};
			});
			expect(m.horizontalScroll).toBe(false);
			expect(m.rows.length).toBe(9);
			for (const row of m.rows) expect(row.height, row.path).toBeGreaterThanOrEqual(44);
			for (const h of m.headers) expect(h.height, h.section).toBeGreaterThanOrEqual(44);
			// The inbox has nothing to mark; every other row has its button, shown with no hover.
			const markable = m.rows.filter((r) => r.markDisplay !== 'none');
			expect(markable.length).toBe(6);
			for (const row of markable) {
				expect(row.mark, row.path).not.toBeNull();
				const mark = row.mark as Box;
				expect(Math.min(mark.width, mark.height), row.path).toBeGreaterThanOrEqual(40);
				expect(row.hit, row.path).toBe(true);
				// The age stays readable beside the button.
				expect(row.age.width, row.path).toBeGreaterThan(0);
				expect(row.age.right, row.path).toBeLessThanOrEqual(mark.left);
			}
			expect(m.headers.filter((h) => h.markAll !== null).map((h) => h.section)).toEqual(MARKABLE_SECTIONS);
			for (const h of m.headers.filter((x) => x.markAll !== null)) expect(h.hit, h.section).toBe(true);

			const png = await shoot(p, SHOTS.dir, `sidebar-mobile-${theme}.png`);
			expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
			// Width and height from the IHDR chunk.
			expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([PHONE.width * SCALE, PHONE.height * SCALE]);

			// A real tap (touch input) on a row's button lands on that button.
			const first = p.locator('.session-brief-item-mark').first();
			await p.evaluate(() => {
				(window as unknown as { tapped: string | null }).tapped = null;
				document.addEventListener('click', (e) => ((window as unknown as { tapped: string | null }).tapped = (e.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action ?? null), true);
			});
			await first.tap();
			expect(await p.evaluate(() => (window as unknown as { tapped: string | null }).tapped)).toBe('mark');
		});
	}
});
