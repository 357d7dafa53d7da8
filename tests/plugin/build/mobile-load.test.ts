/**
 * The BUILT plugin (main.js) as Obsidian's phone app runs it: `Platform` says mobile, the adapter is
 * no FileSystemAdapter, `require` throws for every module but 'obsidian' and Node's globals are
 * undefined inside main.js (tests/plugin/build/load-built.ts). It must load, show and act in the Needs
 * review sidebar, copy the brief and run the rule check with its built-in checks (reading `.claude/`
 * through the adapter), offer none of the desktop's commands or settings, and write none of the
 * files the hook reads. Then a phone and a desktop on two copies of one synced vault: the same mark
 * made on both gives the same bytes, and a mark made on the phone reaches the desktop's cached brief.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { SECTIONS } from '../../helpers/registries';
import { Menu, Notice } from '../../../stand-in/obsidian';
import { BUILT_BRIDGE, BUILT_MAIN, copyExampleVault, settle, startBuilt, stopBuilt, type StartedBuilt } from './load-built';

const HAVE_BUILD = fs.existsSync(BUILT_MAIN) && fs.existsSync(BUILT_BRIDGE);
if (!HAVE_BUILD) console.warn('mobile-load.test.ts SKIPPED: main.js or the built bridge is missing; run `npm run build` (`npm test` does).');

const VIEW_TYPE_REVIEW = 'session-brief-review';
const VIEW_TYPE_RULE_CHECK = 'session-brief-rule-check';
/** The long press (src/plugin/sidebar/long-press.ts LONG_PRESS_MS) and a little more. */
const LONG_PRESS_WAIT_MS = 600;

interface ReportJson {
	source: string;
	items: Record<string, { count: number; paths: string[] } | null>;
}

interface RuleReport {
	findings: Array<{ check: string; path: string; line: number; message: string }>;
	checksRun: string[];
	external: string;
}

/** What the built plugin keeps that these tests look at (property names survive minification). */
interface Inside {
	desktop: unknown;
	rules: { last: RuleReport | null };
	refreshBrief(): Promise<void>;
	copyBrief(): Promise<void>;
}

let running: StartedBuilt[] = [];
afterEach(async () => {
	for (const s of running) await stopBuilt(s);
	running = [];
	Notice.shown = [];
	Menu.last = null;
});

async function start(base: string, mobile: boolean): Promise<StartedBuilt> {
	const s = await startBuilt(base, { mobile });
	running.push(s);
	return s;
}

function inside(s: StartedBuilt): Inside {
	return s.plugin as unknown as Inside;
}

function report(vault: string, source: 'scan' | 'cache'): ReportJson {
	return JSON.parse(execFileSync(process.execPath, [BUILT_BRIDGE, 'report', '--json', '--source', source, '--vault', vault], { encoding: 'utf8' })) as ReportJson;
}

/** Every file under a folder with its bytes, to prove nothing was written there. */
function snapshot(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile()) continue;
		const full = path.join(entry.parentPath, entry.name);
		out[path.relative(dir, full)] = fs.readFileSync(full, 'base64');
	}
	return out;
}

async function openSidebar(s: StartedBuilt): Promise<HTMLElement> {
	s.plugin.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
	await settle(s.app);
	const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
	if (leaf === undefined) throw new Error('the sidebar did not open');
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

function row(root: HTMLElement, section: string, notePath: string): HTMLElement | null {
	return root.querySelector<HTMLElement>(`.session-brief-section[data-section="${section}"] .session-brief-item[data-path="${CSS.escape(notePath)}"]`);
}

function rows(root: HTMLElement, section: string): string[] {
	return Array.from(root.querySelectorAll<HTMLElement>(`.session-brief-section[data-section="${section}"] .session-brief-item`)).map((e) => e.dataset.path ?? '');
}

/** Taps a row's Mark as reviewed button and waits for the edit and the re-render. */
async function markFromSidebar(s: StartedBuilt, root: HTMLElement, section: string, notePath: string): Promise<void> {
	const button = row(root, section, notePath)?.querySelector<HTMLElement>('[data-action="mark"]');
	if (button === null || button === undefined) throw new Error(`no Mark as reviewed button on ${notePath}`);
	button.click();
	await vi.waitFor(() => expect(rows(root, section)).not.toContain(notePath), { timeout: HANG_MS });
	await settle(s.app);
}

describe.skipIf(!HAVE_BUILD)('built main.js on mobile', () => {
	it('loads without touching a Node module, offers no desktop command or setting, and writes nothing the hook reads', async () => {
		const base = copyExampleVault();
		const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
		const before = snapshot(pluginDir);
		const s = await start(base, true);
		expect(s.required).toEqual(['obsidian']);
		expect(inside(s).desktop).toBeNull();
		expect(s.plugin.commands.map((c) => c.id)).toEqual(['open-review-sidebar', 'copy-brief', 'run-rule-check']);
		expect(s.plugin.ribbonIcons.length).toBe(1);
		expect(s.internals.sync.ready).toBe(true);

		const tab = s.plugin.settingTabs[0] as unknown as { containerEl: HTMLElement; display(): void } | undefined;
		if (tab === undefined) throw new Error('no settings tab');
		tab.display();
		const names = Array.from(tab.containerEl.querySelectorAll('.setting-item-name')).map((e) => e.textContent);
		expect(names).toContain('Rule scope');
		expect(names).toContain('Inbox folder');
		expect(names.filter((n) => /live channel|external check|plugin folder/i.test(n ?? ''))).toEqual([]);

		// A session on the phone: the sidebar, a mark, the rule check, a copy; then the plugin unloads.
		const root = await openSidebar(s);
		await markFromSidebar(s, root, 'reviewOpen', 'Notes/Reading list.md');
		s.plugin.commands.find((c) => c.id === 'run-rule-check')?.callback?.();
		await vi.waitFor(() => expect(inside(s).rules.last).not.toBeNull(), { timeout: HANG_MS });
		s.plugin.unload();
		await settle(s.app);
		// Not one byte of the plugin folder changed: no cached brief, index or discovery file, and
		// data.json is not written back at start.
		expect(snapshot(pluginDir)).toEqual(before);
		expect(Object.keys(before)).toEqual(['data.json']);
	});

	it('the sidebar shows every section with its count, marks a note reviewed, and a long press opens the row menu', async () => {
		const expected = report(copyExampleVault(), 'scan');
		const s = await start(copyExampleVault(), true);
		const root = await openSidebar(s);
		expect(Array.from(root.querySelectorAll<HTMLElement>('.session-brief-section')).map((e) => e.dataset.section)).toEqual(SECTIONS);
		for (const id of SECTIONS) {
			const item = expected.items[id];
			if (item === null || item === undefined) throw new Error(`the scan has no ${id}`);
			expect(root.querySelector(`.session-brief-section[data-section="${id}"] .session-brief-count`)?.textContent).toBe(String(item.count));
			expect(rows(root, id).sort()).toEqual([...item.paths].sort());
		}

		// Mark as reviewed: the note gets `review-done` in its properties, in the note itself.
		await markFromSidebar(s, root, 'reviewOpen', 'Notes/Reading list.md');
		const text = fs.readFileSync(path.join(s.base, 'Notes', 'Reading list.md'), 'utf8');
		expect(text).toMatch(/^---\ntags:\n {2}- reading\n {2}- review-done\n---\n/);
		expect(Notice.shown.some((n) => n.includes('Reading list'))).toBe(true);

		// A finger held on a row: the row's menu, and the lift's click does not open the note.
		const target = row(root, 'needsReview', 'Projects/session-brief/Design.md');
		if (target === null) throw new Error('no row for Design.md');
		const at = { clientX: 40, clientY: 40, bubbles: true, pointerType: 'touch', isPrimary: true };
		target.dispatchEvent(new PointerEvent('pointerdown', at));
		await new Promise((r) => setTimeout(r, LONG_PRESS_WAIT_MS));
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Mark as reviewed', 'Open in new tab', 'Reveal in file explorer']);
		// Android's own contextmenu for the same press, while the finger is still down, opens no second menu.
		Menu.last = null;
		target.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
		expect(Menu.last).toBeNull();
		target.dispatchEvent(new PointerEvent('pointerup', at));
		target.click();
		await settle(s.app);
		expect(s.app.workspace.leaves.filter((l) => l.side === 'main').flatMap((l) => l.opened)).toEqual([]);

		// A short tap still opens the note; a press that moves (a scroll) opens no menu.
		target.dispatchEvent(new PointerEvent('pointerdown', at));
		target.dispatchEvent(new PointerEvent('pointerup', at));
		target.click();
		target.dispatchEvent(new PointerEvent('pointerdown', at));
		target.dispatchEvent(new PointerEvent('pointermove', { ...at, clientY: 80 }));
		await new Promise((r) => setTimeout(r, LONG_PRESS_WAIT_MS));
		expect(Menu.last).toBeNull();
		await settle(s.app);
		expect(s.app.workspace.leaves.filter((l) => l.side === 'main').flatMap((l) => l.opened.map((f) => f.path))).toEqual(['Projects/session-brief/Design.md']);
	});

	it('runs the rule check with the built-in checks, reads .claude/ through the adapter, never starts the external checker, and copies the brief', async () => {
		const base = copyExampleVault();
		// A skill without its frontmatter, which only a read of .claude/ finds.
		fs.mkdirSync(path.join(base, '.claude', 'skills', 'broken'), { recursive: true });
		fs.writeFileSync(path.join(base, '.claude', 'skills', 'broken', 'SKILL.md'), 'No frontmatter here.\n');
		// An external checker that would leave a file behind if it ran.
		const marker = path.join(base, 'external-ran.txt');
		const dataFile = path.join(base, '.obsidian', 'plugins', 'session-brief', 'data.json');
		const data = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as Record<string, unknown>;
		data.externalCheck = { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`], cleanLine: 'clean', alarmPattern: 'ACHTUNG' };
		fs.writeFileSync(dataFile, JSON.stringify(data));

		const desktopBase = fs.mkdtempSync(path.join(path.dirname(base), 'sb-desk-'));
		fs.cpSync(base, desktopBase, { recursive: true });
		const phone = await start(base, true);
		const desktop = await start(desktopBase, false);

		phone.plugin.commands.find((c) => c.id === 'run-rule-check')?.callback?.();
		await vi.waitFor(() => expect(inside(phone).rules.last).not.toBeNull(), { timeout: HANG_MS });
		const onPhone = inside(phone).rules.last as RuleReport;
		expect(onPhone.external).toBe('skipped');
		expect(onPhone.checksRun).not.toContain('external');
		expect(fs.existsSync(marker)).toBe(false);
		expect(onPhone.findings.some((f) => f.path.startsWith('.claude/skills/broken/'))).toBe(true);
		expect(phone.app.workspace.getLeavesOfType(VIEW_TYPE_RULE_CHECK).length).toBe(1);
		expect(Notice.shown.length).toBeGreaterThan(0);

		// The same built-in findings as on the desktop, where the external checker does run.
		desktop.plugin.commands.find((c) => c.id === 'run-rule-check')?.callback?.();
		await vi.waitFor(() => expect(inside(desktop).rules.last).not.toBeNull(), { timeout: HANG_MS });
		const onDesktop = inside(desktop).rules.last as RuleReport;
		expect(onDesktop.external).toBe('ran');
		expect(onPhone.checksRun).toEqual(onDesktop.checksRun.filter((c) => c !== 'external'));
		expect(onPhone.findings).toEqual(onDesktop.findings.filter((f) => f.check !== 'external'));

		const writeText = vi.fn(async (_t: string) => undefined);
		Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
		await inside(phone).copyBrief();
		expect(writeText.mock.calls[0]?.[0]).toMatch(/^Session brief for vault "/);
	});

	it('on a synced vault: the same mark on phone and desktop gives the same bytes, and a mark made on the phone reaches the desktop\'s cached brief', async () => {
		const phoneBase = copyExampleVault();
		const desktopBase = fs.mkdtempSync(path.join(path.dirname(phoneBase), 'sb-desk-'));
		fs.cpSync(phoneBase, desktopBase, { recursive: true });
		const phone = await start(phoneBase, true);
		const desktop = await start(desktopBase, false);
		const phoneRoot = await openSidebar(phone);
		const desktopRoot = await openSidebar(desktop);

		// Both devices mark the same note before the sync runs: byte-identical results, nothing to merge.
		const both = 'Notes/Reading list.md';
		await markFromSidebar(phone, phoneRoot, 'reviewOpen', both);
		await markFromSidebar(desktop, desktopRoot, 'reviewOpen', both);
		expect(fs.readFileSync(path.join(phoneBase, both), 'utf8')).toBe(fs.readFileSync(path.join(desktopBase, both), 'utf8'));

		// Only the phone marks this one; the sync writes it into the desktop's vault, where Obsidian
		// sees a modified note like any other.
		const onlyPhone = 'Notes/Zettel über Umlaute.md';
		await markFromSidebar(phone, phoneRoot, 'reviewOpen', onlyPhone);
		const synced = fs.readFileSync(path.join(phoneBase, onlyPhone), 'utf8');
		const file = desktop.app.vault.getFileByPath(onlyPhone);
		if (file === null) throw new Error(`example vault changed: ${onlyPhone} is missing`);
		await desktop.app.vault.modify(file, synced);
		await settle(desktop.app);
		expect(rows(desktopRoot, 'reviewOpen')).toEqual([]);
		await inside(desktop).refreshBrief();
		const served = report(desktopBase, 'cache');
		expect(served.source).toBe('cache');
		expect(served.items.reviewOpen).toEqual({ count: 0, paths: [] });
		// And the phone wrote nothing into its plugin folder for the hook to misread.
		expect(fs.readdirSync(path.join(phoneBase, '.obsidian', 'plugins', 'session-brief'))).toEqual(['data.json']);
	});
});
