/**
 * The diff view of an agent's change in headless Chromium, as the real code rendered it in the
 * stand-in (happy-dom) with styles.css over the theme stand-in: an agent's edit of a note in
 * example-vault/ (a property changed, a word replaced, lines added), in light and dark at a desktop
 * width and in light at a phone's width (390 px). Checks the colours of added and removed lines and
 * of the changed words come from the theme, nothing overflows sideways, and every icon is drawn.
 *
 * Screenshots: docs/agent-diff-{light,dark,mobile}.png under `npm run screenshots`, else a
 * temporary folder; drawn at a fixed instant (screenshots.ts). Skipped, saying why, without Chromium.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE } from '../../src/core/trail/agent-journal';
import { sha256 } from '../../src/node/review/sha256';
import { keepBeforeVersion, recordAfter } from '../../src/node/review/before-versions';
import type { AgentChanges } from '../../src/plugin/review/agent-changes';
import { AgentDiffModal } from '../../src/plugin/review/agent-diff-modal';
import { startPlugin } from '../plugin/harness';
import { copyExampleVault } from '../plugin/build/load-built';
import { browserSession } from './browser-session';
import { drawIcons, ICONS, loadPlaywright, pageHtml, type Playwright, type Theme } from '../../stand-in/sidebar-page';
import { ageVault, FIXED_NOW, fixedClock, shoot, shotsFolder } from './screenshots';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/agent-diff.test.ts SKIPPED: ${skipReason}`);

const SHOTS = shotsFolder();
fixedClock();
const session = browserSession(SHOTS.remove);

type Look = { name: 'light' | 'dark' | 'mobile'; theme: Theme; viewport: { width: number; height: number }; mobile: boolean };
const LOOKS: Look[] = [
	{ name: 'light', theme: 'light', viewport: { width: 760, height: 720 }, mobile: false },
	{ name: 'dark', theme: 'dark', viewport: { width: 760, height: 720 }, mobile: false },
	{ name: 'mobile', theme: 'light', viewport: { width: 390, height: 844 }, mobile: true },
];

const EXPECTED: Record<Theme, { add: string; del: string; word: string }> = {
	light: { add: 'rgba(8, 185, 78, 0.12)', del: 'rgba(233, 49, 71, 0.12)', word: 'rgba(8, 185, 78, 0.35)' },
	dark: { add: 'rgba(68, 207, 110, 0.12)', del: 'rgba(251, 70, 76, 0.12)', word: 'rgba(68, 207, 110, 0.35)' },
};

const NOTE = 'Notes/Reading list.md';

async function diffView(): Promise<AgentDiffModal> {
	const base = copyExampleVault();
	ageVault(base);
	const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	const file = path.join(base, NOTE);
	const before = fs.readFileSync(file, 'utf8');
	const place = { root: base, pluginDir };
	keepBeforeVersion(place, NOTE, '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', 'Edit', new Date(FIXED_NOW.getTime() - 7 * 60_000));
	const after = before
		.replace('Building a second brain', 'Building a second brain (finished)')
		.replace(/^---\n/, '---\nstatus: reading\n')
		.concat('- The Art of Doing Science and Engineering\n- A Philosophy of Software Design\n');
	fs.writeFileSync(file, after);
	const at = new Date(FIXED_NOW.getTime() - 6 * 60_000 + 13_000);
	fs.utimesSync(file, at, at);
	recordAfter(place, NOTE, '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at, sha256);
	fs.writeFileSync(path.join(pluginDir, JOURNAL_FILE), encodeRecord({ path: NOTE, tool: 'Edit', session: '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at: at.toISOString() }) ?? '');
	const s = await startPlugin(base);
	session.started = s;
	const store = (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
	await store.refresh();
	const modal = new AgentDiffModal(s.app as never, store, () => 'en', { path: NOTE, session: '3f2a9c1e-5b7d-4e2a-9f10-2c6b8d1e4a77', at: at.toISOString(), tool: 'Edit' });
	modal.open();
	await modal.ready;
	return modal;
}

describe.skipIf(skipReason !== null)('the diff view of an agent change in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	it('shows added and removed lines and the changed words in the theme’s colours, properties as a table, nothing overflowing; saves docs/agent-diff-{light,dark,mobile}.png', async () => {
		const modal = await diffView();
		expect(modal.contentEl.querySelectorAll('.session-brief-diff-prop').length).toBe(1);
		const html = modal.containerEl.outerHTML;
		for (const look of LOOKS) {
			const p = await session.newPage({ viewport: look.viewport, deviceScaleFactor: look.mobile ? 2 : 1, hasTouch: look.mobile, isMobile: look.mobile });
			await p.setContent(pageHtml(look.theme, html));
			if (look.mobile) await p.evaluate(() => document.body.classList.add('is-mobile', 'is-phone'));
			expect(await p.evaluate(() => [window.innerWidth, window.visualViewport?.scale])).toEqual([look.viewport.width, 1]);
			expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);
			const seen = await p.evaluate(() => {
				const bg = (sel: string): string => getComputedStyle(document.querySelector(sel) as HTMLElement).backgroundColor;
				const modalEl = document.querySelector('.session-brief-diff-modal') as HTMLElement;
				return {
					add: bg('.session-brief-diff-line.mod-add'),
					del: bg('.session-brief-diff-line.mod-del'),
					word: bg('.session-brief-diff-line.mod-add .session-brief-diff-word'),
					fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
					inside: modalEl.getBoundingClientRect().right <= window.innerWidth + 0.5,
					lines: Array.from(document.querySelectorAll<HTMLElement>('.session-brief-diff-line')).every((l) => l.scrollWidth <= l.clientWidth + 1),
				};
			});
			expect(seen).toEqual({ ...EXPECTED[look.theme], fits: true, inside: true, lines: true });
			const png = await shoot(p, SHOTS.dir, `agent-diff-${look.name}.png`);
			expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
			await p.close();
		}
	});
});
