/**
 * The dialogs and the empty rule check in headless Chromium, as the real code rendered them in the
 * stand-in (happy-dom) with styles.css over the theme stand-in: *Check agent hooks* (a real doctor
 * run on a vault without hooks, so failures with their fix buttons show), the *Rule check* view
 * when it finds nothing (it says what it checked), and the first-run setup (proposed from a vault
 * with CLAUDE.md, AGENTS.md, .claude/agents/ and a folder of rule notes). Each in light and dark at
 * a desktop width and in light at a phone's width; checks nothing overflows sideways and every
 * icon is drawn.
 *
 * Screenshots: docs/doctor-*.png, docs/rule-check-empty-*.png, docs/setup-*.png under
 * `npm run screenshots`, else a temporary folder; drawn at a fixed instant over notes of fixed ages
 * (screenshots.ts). Skipped, saying why, without Chromium.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../stand-in/obsidian';
import type { AgentHooks } from '../../src/plugin/hosts/agent-hooks';
import { settle, startPlugin, tempVault, type Started } from '../plugin/harness';
import { browserSession } from './browser-session';
import { drawIcons, ICONS, loadPlaywright, pageHtml, viewHtml, type Playwright, type Theme } from '../../stand-in/sidebar-page';
import { ageVault, fixedClock, shoot as savePng, shotsFolder } from './screenshots';
import type { ScreenshotName } from './screenshot-list';

const playwright = await loadPlaywright();
const skipReason = typeof playwright === 'string' ? playwright : null;
if (skipReason !== null) console.warn(`tests/browser/dialogs.test.ts SKIPPED: ${skipReason}`);

const SHOTS = shotsFolder();
fixedClock();
const session = browserSession(SHOTS.remove);

type Look = { name: 'light' | 'dark' | 'mobile'; theme: Theme; viewport: { width: number; height: number }; mobile: boolean };
const LOOKS: Look[] = [
	{ name: 'light', theme: 'light', viewport: { width: 640, height: 720 }, mobile: false },
	{ name: 'dark', theme: 'dark', viewport: { width: 640, height: 720 }, mobile: false },
	{ name: 'mobile', theme: 'light', viewport: { width: 390, height: 844 }, mobile: true },
];

/** The dialog's HTML with what its fields hold (a value typed or set is a property, which outerHTML leaves out). */
function modalHtml(modal: Modal): string {
	for (const input of Array.from(modal.contentEl.querySelectorAll('input'))) input.setAttribute('value', input.value);
	for (const area of Array.from(modal.contentEl.querySelectorAll('textarea'))) area.textContent = area.value;
	return modal.containerEl.outerHTML;
}

async function shoot(html: string, look: Look, file: ScreenshotName): Promise<void> {
	const p = await session.newPage({ viewport: look.viewport, deviceScaleFactor: look.mobile ? 2 : 1, hasTouch: look.mobile, isMobile: look.mobile });
	await p.setContent(pageHtml(look.theme, html));
	if (look.mobile) await p.evaluate(() => document.body.classList.add('is-mobile', 'is-phone'));
	expect(await p.evaluate(() => [window.innerWidth, window.visualViewport?.scale])).toEqual([look.viewport.width, 1]);
	expect(await p.evaluate(drawIcons, ICONS)).toEqual([]);
	expect(await p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
	expect((await savePng(p, SHOTS.dir, file)).subarray(1, 4).toString('latin1')).toBe('PNG');
	await p.close();
}

/** A temporary vault of these files, each with a fixed age. */
function vault(files: Record<string, string>): string {
	const base = tempVault(files);
	ageVault(base);
	return base;
}

/**
 * The dialog's HTML with the run's temporary folders named as a reader's would be (the vault, the
 * home folder, the per-user state folder), so the picture does not change with their random names.
 */
function readerPaths(html: string, started: Started, home: string): string {
	const places: Array<[string, string]> = [
		[started.base, '/home/you/Notes'],
		[home, '/home/you'],
		[process.env.SESSION_BRIEF_STATE_DIR ?? home, '/home/you/.local/state/session-brief'],
	];
	let out = html;
	for (const [from, to] of places) for (const p of new Set([from, fs.realpathSync(from)])) out = out.split(p).join(to);
	return out;
}

async function doctorDialog(): Promise<{ started: Started; modal: Modal; home: string }> {
	const started = await startPlugin(vault({ 'CLAUDE.md': '# Rules\n', 'Notes/a.md': 'A\n' }));
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-home-'));
	started.plugin.register(() => fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 }));
	(started.plugin as unknown as { desktop: { hooks: AgentHooks } }).desktop.hooks.home = home;
	started.stub.commands.find((c) => c.id === 'check-agent-hooks')?.callback?.();
	await vi.waitFor(() => expect(Modal.open.length).toBe(1), { timeout: 20_000 });
	Modal.open[0]?.contentEl.querySelector('button')?.click();
	await vi.waitFor(() => expect(Modal.open.some((m) => m.contentEl.classList.contains('session-brief-doctor'))).toBe(true), { timeout: 20_000 });
	const modal = Modal.open.find((m) => m.contentEl.classList.contains('session-brief-doctor'));
	if (modal === undefined) throw new Error('no doctor dialog');
	return { started, modal, home };
}

describe.skipIf(skipReason !== null)('dialogs and the empty rule check in headless Chromium', () => {
	beforeAll(async () => {
		await session.launch(playwright as Playwright);
	});

	it('Check agent hooks: a row per check with its icon and fix buttons; saves docs/doctor-{light,dark,mobile}.png', async () => {
		const { started, modal, home } = await doctorDialog();
		session.started = started;
		const html = readerPaths(modalHtml(modal), started, home);
		expect(modal.contentEl.querySelectorAll('.session-brief-doctor-check[data-status="fail"] button').length).toBeGreaterThan(0);
		expect(html).not.toContain(os.tmpdir());
		for (const look of LOOKS) await shoot(html, look, `doctor-${look.name}.png`);
	});

	it('the rule check finding nothing says what it checked; saves docs/rule-check-empty-{light,dark,mobile}.png', async () => {
		const started = await startPlugin(vault({ 'CLAUDE.md': '# Rules\n\nKeep notes short.\n', 'AI/Regelwerk/style.md': '# Style\n', 'AI/Regelwerk/tags.md': '# Tags\n' }));
		session.started = started;
		await (started.plugin as unknown as { runRuleCheck(): Promise<void> }).runRuleCheck();
		await settle(started.app);
		const leaf = started.app.workspace.getLeavesOfType('session-brief-rule-check')[0];
		const view = leaf?.view as unknown as { containerEl: HTMLElement; getDisplayText(): string; getIcon(): string };
		expect(view.containerEl.querySelector('.session-brief-rule-nothing')).not.toBeNull();
		for (const look of LOOKS) await shoot(viewHtml(view), look, `rule-check-empty-${look.name}.png`);
	});

	it('the first-run setup proposes from the vault; saves docs/setup-{light,dark,mobile}.png', async () => {
		const started = await startPlugin(vault({ 'CLAUDE.md': '# Rules\n', 'AGENTS.md': '# Agents\n', '.claude/agents/reviewer.md': 'x\n', 'Wissen/Regeln/tags.md': '# Tags\n', 'Wissen/Sitzungen/2026-12-01.md': 'x\n' }), { data: null });
		session.started = started;
		await settle(started.app);
		const modal = Modal.open.find((m) => m.contentEl.classList.contains('session-brief-setup'));
		if (modal === undefined) throw new Error('no setup dialog');
		for (const look of LOOKS) await shoot(modalHtml(modal), look, `setup-${look.name}.png`);
	});
});
