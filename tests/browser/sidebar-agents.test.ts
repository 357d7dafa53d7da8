/**
 * The *Changed by agents* section in headless Chromium, the way tests/browser/sidebar.test.ts shows
 * the rest of the sidebar: the real view renders in the stand-in over a copy of example-vault/
 * with an agent changes journal of two sessions; its DOM is loaded into Chromium with styles.css
 * and Obsidian's theme variables. A real click on a row is relayed to the same row of the real
 * view, which opens the note; a real hover shows the row's *Mark as reviewed* button.
 *
 * Screenshots: docs/sidebar-agents-{light,dark}.png under `npm run screenshots` (so `npm test`
 * does not rewrite tracked files), else a temporary folder; drawn at a fixed instant (screenshots.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../src/core/trail/agent-journal';
import type { AgentChanges } from '../../src/plugin/review/agent-changes';
import { settle, startPlugin, type Started } from '../plugin/harness';
import { copyExampleVault } from '../plugin/build/load-built';
import { cssVariablesUsed, drawIcons, ICONS, loadPlaywright, pageHtml, readCss, viewHtml, VIEWPORT, type Playwright, type Theme } from '../../stand-in/sidebar-page';
import { browserSession } from './browser-session';
import { ageVault, FIXED_NOW, fixedClock, shoot, shotsFolder } from './screenshots';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/sidebar-agents.test.ts SKIPPED: ${skipReason}`);

const SHOTS = shotsFolder();
const VIEW_TYPE_REVIEW = 'session-brief-review';
const THEME_RGB: Record<Theme, { text: string; faint: string; hover: string }> = {
	light: { text: 'rgb(34, 34, 34)', faint: 'rgb(171, 171, 171)', hover: 'rgba(0, 0, 0, 0.067)' },
	dark: { text: 'rgb(218, 218, 218)', faint: 'rgb(102, 102, 102)', hover: 'rgba(255, 255, 255, 0.075)' },
};

type ViewLike = { containerEl: HTMLElement; contentEl: HTMLElement; getDisplayText(): string; getIcon(): string };

fixedClock();
const session = browserSession(SHOTS.remove);

/** A time of FIXED_NOW's day, before it, so the screenshot shows times, not dates. */
function todayAt(h: number, m: number): string {
	const d = new Date(FIXED_NOW);
	d.setHours(h, m, 0, 0);
	return d.toISOString();
}

function journal(): JournalRecord[] {
	const earlier = Math.min(FIXED_NOW.getHours(), 10);
	return [
		{ path: 'Projects/session-brief/Design.md', tool: 'Edit', session: '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at: todayAt(earlier, 2) },
		{ path: 'Notes/Tag syntax.md', tool: 'Write', session: '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at: todayAt(earlier, 7) },
		{ path: 'Projects/session-brief/Design.md', tool: 'Edit', session: '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at: todayAt(earlier, 11) },
		{ path: 'Inbox/Meeting with Jana.md', tool: 'MultiEdit', session: 'a81d44f0-0c3e-4b5a-8e62-91f7d2c0b5e3', at: todayAt(earlier, 40) },
		{ path: 'Notes/Reading list.md', tool: 'Write', session: 'a81d44f0-0c3e-4b5a-8e62-91f7d2c0b5e3', at: todayAt(earlier, 42) },
		{ path: 'Notes/Zettel über Umlaute.md', tool: 'Edit', session: 'a81d44f0-0c3e-4b5a-8e62-91f7d2c0b5e3', at: todayAt(earlier, 45) },
	];
}

async function openSidebar(): Promise<{ s: Started; view: ViewLike }> {
	const base = copyExampleVault();
	ageVault(base);
	const s = await startPlugin(base);
	session.started = s;
	fs.writeFileSync(path.join(s.pluginDir, JOURNAL_FILE), journal().map((r) => encodeRecord(r) ?? '').join(''));
	await (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges.refresh();
	s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
	await settle(s.app);
	const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
	if (leaf === undefined) throw new Error('the sidebar did not open');
	return { s, view: leaf.view as unknown as ViewLike };
}

async function mount(p: Page, theme: Theme, view: ViewLike): Promise<void> {
	await p.setContent(pageHtml(theme, viewHtml(view)));
	expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);
	await p.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
}

describe.skipIf(skipReason !== null)('changed by agents in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	for (const theme of ['light', 'dark'] as const) {
		it(`renders in Obsidian's ${theme} theme with every variable defined, nothing overflowing; a real hover shows the mark button; saves docs/sidebar-agents-${theme}.png`, async () => {
			const { view } = await openSidebar();
			const p = await session.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
			await mount(p, theme, view);
			const used = cssVariablesUsed(readCss().plugin);
			expect(await p.evaluate((names) => names.filter((n) => getComputedStyle(document.body).getPropertyValue(n).trim() === ''), used)).toEqual([]);
			const look = await p.evaluate(() => {
				const content = document.querySelector('.view-content') as HTMLElement;
				const right = content.getBoundingClientRect().right + 0.5;
				const section = document.querySelector('.session-brief-agents') as HTMLElement;
				const name = document.querySelector('.session-brief-agent-note .session-brief-item-name') as HTMLElement;
				const meta = document.querySelector('.session-brief-agent-note .session-brief-item-path') as HTMLElement;
				return {
					visible: section.getBoundingClientRect().height > 0,
					sessions: Array.from(document.querySelectorAll('.session-brief-agent-session-name'), (e) => e.textContent),
					rows: document.querySelectorAll('.session-brief-agent-note').length,
					text: getComputedStyle(name).color,
					meta: getComputedStyle(meta).color,
					tooWide: Array.from(document.querySelectorAll<HTMLElement>('.session-brief-agents-header, .session-brief-agent-session-head, .session-brief-agent-note')).filter((e) => e.getBoundingClientRect().right > right).length,
					horizontalScroll: content.scrollWidth > content.clientWidth,
					// Above the review sections, below the Today header.
					order: Array.from(document.querySelectorAll('.session-brief-today, .session-brief-agents, .session-brief-sections'), (e) => e.className.split(' ')[0]),
				};
			});
			expect(look).toEqual({
				visible: true,
				sessions: ['Session a81d44f0', 'Session 3f2a9c1e'],
				rows: 5,
				text: THEME_RGB[theme].text,
				meta: THEME_RGB[theme].faint,
				tooWide: 0,
				horizontalScroll: false,
				order: ['session-brief-today', 'session-brief-agents', 'session-brief-sections'],
			});
			// The mark button hides until the row is hovered (a real :hover), then takes the time's place.
			const row = p.locator('.session-brief-agent-note').first();
			const mark = row.locator('.session-brief-item-mark');
			expect(await mark.isVisible()).toBe(false);
			await row.hover();
			expect(await mark.isVisible()).toBe(true);
			expect(await row.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(THEME_RGB[theme].hover);
			await p.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
			const png = await shoot(p, SHOTS.dir, `sidebar-agents-${theme}.png`);
			expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
			expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
		});
	}

	it('a real click on a row of the section opens its note through the real view', async () => {
		const { s, view } = await openSidebar();
		const p = await session.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
		await mount(p, 'light', view);
		await p.evaluate(() => {
			const w = window as unknown as { clicked: string[] };
			w.clicked = [];
			document.addEventListener('click', (evt) => w.clicked.push(evt.isTrusted ? ((evt.target as Element).closest<HTMLElement>('.session-brief-agent-note')?.dataset.path ?? '') : 'untrusted'), true);
		});
		await p.locator('.session-brief-agent-note[data-path="Notes/Reading list.md"] .session-brief-item-name').click();
		const clicked = await p.evaluate(() => (window as unknown as { clicked: string[] }).clicked);
		expect(clicked).toEqual(['Notes/Reading list.md']);
		view.contentEl.querySelector<HTMLElement>(`.session-brief-agent-note[data-path="${clicked[0] ?? ''}"]`)?.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
		await settle(s.app);
		const opened = s.app.workspace.leaves.flatMap((l) => l.opened.map((f) => f.path));
		expect(opened).toEqual(['Notes/Reading list.md']);
	});
});
