/** The Today header of the Needs review sidebar, and its Group by folder option. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDate } from '../../../src/core/brief/dates';
import { VIEW_TYPE_REVIEW } from '../../../src/plugin/sidebar/review-view';
import { languageState, Menu, Notice } from '../../../stand-in/obsidian';
import { FIXTURE } from '../fixture';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

const TODAY = isoDate(new Date());
const YESTERDAY = isoDate(new Date(Date.now() - 86_400_000));


function rows(root: HTMLElement): HTMLElement[] {
	return Array.from(root.querySelectorAll<HTMLElement>('.session-brief-today-row'));
}

function row(root: HTMLElement, key: string): HTMLElement {
	const el = rows(root).find((r) => r.dataset.key === key);
	if (el === undefined) throw new Error(`no today row ${key}: ${rows(root).map((r) => r.dataset.key).join(', ')}`);
	return el;
}

function press(el: Element, key: string, mods: KeyboardEventInit = {}): void {
	el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods }));
}

function focused(root: HTMLElement): string | undefined {
	const active = root.ownerDocument.activeElement as HTMLElement | null;
	return root.contains(active) ? active?.dataset.key : undefined;
}

function opened(s: Started): Array<[unknown, string[]]> {
	return s.app.workspace.leaves.filter((l) => l.side === 'main').map((l) => [l.paneType, l.opened.map((f) => f.path)]);
}

/** The fixture with today's and yesterday's session files, and Daily notes settings with a template. */
function vault(extra: Record<string, string> = {}, dailyNotes: unknown = { folder: 'Journal/Daily', format: 'YYYY-MM-DD', template: 'Templates/Daily' }): string {
	return tempVault({
		...FIXTURE,
		[`AI/sessions/${TODAY}-morning.md`]: 'morning\n',
		[`AI/sessions/${TODAY}-review.md`]: 'review\n',
		[`AI/sessions/${YESTERDAY}-old.md`]: 'old\n',
		'Templates/Daily.md': '# {{title}}\n\nYesterday: [[{{yesterday}}]]\nStarted {{date:YYYY}}\n',
		'.obsidian/daily-notes.json': JSON.stringify(dailyNotes),
		...extra,
	});
}

describe('today header', () => {
	it("shows today's daily note and only today's session files, as a tree of its own with one tab stop", async () => {
		started = await startPlugin(vault());
		const root = await openReviewView(started);
		const header = root.querySelector<HTMLElement>('.session-brief-today');
		expect(header?.querySelector('.session-brief-today-heading')?.textContent).toBe('Today');
		expect(header?.querySelector('.session-brief-today-date')?.textContent).toBe(new Date().toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long' }));
		// Above the review tree, after the toolbar and the removed-hooks warning (both the warning and the agent changes are hidden here).
		expect(Array.from(root.children).map((c) => c.className.split(' ')[0])).toEqual(['session-brief-toolbar', 'session-brief-hooks-removed', 'session-brief-today', 'session-brief-agents', 'session-brief-sections']);
		const tree = header?.querySelector<HTMLElement>('[role="tree"]');
		expect(tree?.getAttribute('aria-label')).toBe('Today');
		expect(rows(root).map((r) => [r.dataset.key, r.getAttribute('role'), r.getAttribute('aria-label'), r.getAttribute('tabindex')])).toEqual([
			['today:daily', 'treeitem', `Create daily note ${TODAY}`, '0'],
			[`today:session:AI/sessions/${TODAY}-morning.md`, 'treeitem', `Session file ${TODAY}-morning`, '-1'],
			[`today:session:AI/sessions/${TODAY}-review.md`, 'treeitem', `Session file ${TODAY}-review`, '-1'],
		]);
		const daily = row(root, 'today:daily');
		expect(daily.hasClass('is-missing')).toBe(true);
		expect(daily.querySelector('.session-brief-today-kind')?.textContent).toBe('Create daily note');
		// The review tree keeps its own single tab stop.
		expect(Array.from(root.querySelectorAll<HTMLElement>('.session-brief-sections [tabindex="0"]')).map((e) => e.dataset.key)).toEqual(['section:needsReview']);
	});

	it('says so when there is no session file today', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		expect(rows(root).map((r) => r.dataset.key)).toEqual(['today:daily']);
		expect(root.querySelector('.session-brief-today-empty')?.textContent).toBe('No session file yet.');
	});

	it('Enter on a missing daily note creates it in its folder from the Daily notes template, then opens it; Enter again only opens it', async () => {
		started = await startPlugin(vault());
		const root = await openReviewView(started);
		const target = `Journal/Daily/${TODAY}.md`;
		row(root, 'today:daily').focus();
		press(row(root, 'today:daily'), 'Enter');
		await settle(started.app);
		expect(fs.readFileSync(path.join(started.base, target), 'utf8')).toBe(`# ${TODAY}\n\nYesterday: [[${YESTERDAY}]]\nStarted ${TODAY.slice(0, 4)}\n`);
		expect(started.app.vault.getFolderByPath('Journal/Daily')).not.toBeNull();
		expect(opened(started)).toEqual([[false, [target]]]);
		// The header now shows the note as there, and focus stayed on it.
		const daily = row(root, 'today:daily');
		expect([daily.hasClass('is-missing'), daily.getAttribute('aria-label'), daily.querySelector('.session-brief-today-kind')?.textContent]).toEqual([false, `Daily note ${TODAY}`, 'Daily note']);
		expect(focused(root)).toBe('today:daily');
		fs.appendFileSync(path.join(started.base, target), 'my words\n');
		press(daily, 'Enter', { ctrlKey: true });
		await settle(started.app);
		expect(opened(started)).toEqual([
			[false, [target]],
			['tab', [target]],
		]);
		expect(fs.readFileSync(path.join(started.base, target), 'utf8')).toContain('my words');
		expect(Notice.shown).toEqual([]);
	});

	it('a template that cannot be found: the note is created empty and a notice names the template', async () => {
		started = await startPlugin(vault({}, { folder: '', template: 'Templates/Gone' }));
		const root = await openReviewView(started);
		row(root, 'today:daily').click();
		await settle(started.app);
		expect(fs.readFileSync(path.join(started.base, `${TODAY}.md`), 'utf8')).toBe('');
		expect(Notice.shown).toEqual([`The daily note template "Templates/Gone" was not found, so today's note was created empty. Check the template in the Daily notes settings.`]);
		expect(opened(started)).toEqual([[false, [`${TODAY}.md`]]]);
	});

	it("the plugin's own daily-note folder and format win, as in the brief; a file in the way of the folder is reported", async () => {
		started = await startPlugin(vault({ 'Days': 'a file, not a folder' }), { data: { dailyNoteFolder: 'Days', dailyNoteFormat: 'YYYY/MM-DD' } });
		const root = await openReviewView(started);
		const name = `${TODAY.slice(5)}`;
		expect(row(root, 'today:daily').getAttribute('aria-label')).toBe(`Create daily note ${name}`);
		row(root, 'today:daily').click();
		await settle(started.app);
		expect(Notice.shown).toHaveLength(1);
		expect(Notice.shown[0]).toMatch(new RegExp(`^Could not create "Days/${TODAY.slice(0, 4)}/${name}.md": `));
		expect(opened(started)).toEqual([]);
		expect(row(root, 'today:daily').hasClass('is-missing')).toBe(true);
	});

	it('an existing daily note and the session files open on click, Mod+click and middle click; arrows move; the menu key opens their menu', async () => {
		started = await startPlugin(vault({ [`Journal/Daily/${TODAY}.md`]: 'today\n' }));
		const root = await openReviewView(started);
		const hovers: unknown[] = [];
		started.app.workspace.on('hover-link', (info) => hovers.push(info));
		expect(row(root, 'today:daily').hasClass('is-missing')).toBe(false);
		row(root, 'today:daily').click();
		await settle(started.app);
		row(root, `today:session:AI/sessions/${TODAY}-morning.md`).dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
		row(root, `today:session:AI/sessions/${TODAY}-review.md`).dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
		await settle(started.app);
		expect(opened(started)).toEqual([
			[false, [`Journal/Daily/${TODAY}.md`]],
			['tab', [`AI/sessions/${TODAY}-morning.md`]],
			['tab', [`AI/sessions/${TODAY}-review.md`]],
		]);
		row(root, `today:session:AI/sessions/${TODAY}-morning.md`).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		expect(hovers).toMatchObject([{ source: VIEW_TYPE_REVIEW, linktext: `AI/sessions/${TODAY}-morning.md` }]);

		row(root, 'today:daily').focus();
		press(row(root, 'today:daily'), 'ArrowDown');
		expect(focused(root)).toBe(`today:session:AI/sessions/${TODAY}-morning.md`);
		press(row(root, `today:session:AI/sessions/${TODAY}-morning.md`), 'End');
		expect(focused(root)).toBe(`today:session:AI/sessions/${TODAY}-review.md`);
		press(row(root, `today:session:AI/sessions/${TODAY}-review.md`), 'Home');
		expect(focused(root)).toBe('today:daily');
		expect(rows(root).map((r) => r.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
		press(row(root, 'today:daily'), 'ArrowUp');
		expect(focused(root)).toBe('today:daily');

		press(row(root, 'today:daily'), 'F10', { shiftKey: true });
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Open in new tab', 'Reveal in file explorer']);
		Menu.last?.items[0]?.handler?.();
		await settle(started.app);
		expect(opened(started).at(-1)).toEqual(['tab', [`Journal/Daily/${TODAY}.md`]]);
	});

	it('a missing daily note offers Create daily note in its menu', async () => {
		started = await startPlugin(vault());
		const root = await openReviewView(started);
		press(row(root, 'today:daily'), 'ContextMenu');
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Create daily note']);
		Menu.last?.items[0]?.handler?.();
		await settle(started.app);
		expect(fs.existsSync(path.join(started.base, `Journal/Daily/${TODAY}.md`))).toBe(true);
	});

	it('speaks German when Obsidian does', async () => {
		languageState.value = 'de';
		started = await startPlugin(vault());
		const root = await openReviewView(started);
		expect(root.querySelector('.session-brief-today-heading')?.textContent).toBe('Heute');
		expect(row(root, 'today:daily').getAttribute('aria-label')).toBe(`Tagesnotiz ${TODAY} anlegen`);
		expect(row(root, `today:session:AI/sessions/${TODAY}-morning.md`).getAttribute('aria-label')).toBe(`Sitzungsdatei ${TODAY}-morning`);
		expect(root.querySelector('.session-brief-group')?.getAttribute('aria-label')).toBe('Nach Ordner gruppieren');
	});

	it('follows the vault live: a session file made now appears', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		await started.app.vault.create(`AI/sessions/${TODAY}-later.md`, 'x\n');
		await settle(started.app);
		expect(rows(root).map((r) => r.dataset.key)).toEqual(['today:daily', `today:session:AI/sessions/${TODAY}-later.md`]);
		expect(root.querySelector('.session-brief-today-empty')).toBeNull();
	});
});

describe('group by folder', () => {
	function headings(section: Element): string[] {
		return Array.from(section.querySelectorAll('.session-brief-folder-name')).map((h) => h.textContent ?? '');
	}

	it('puts each section\'s notes under one heading per folder, in path order with the vault root first, and remembers the choice', async () => {
		started = await startPlugin(tempVault({ ...FIXTURE, 'Root note.md': '#needs-review\n' }));
		let root = await openReviewView(started);
		const button = root.querySelector<HTMLElement>('.session-brief-group');
		expect([button?.getAttribute('role'), button?.getAttribute('tabindex'), button?.getAttribute('aria-label'), button?.getAttribute('aria-pressed')]).toEqual(['button', '0', 'Group by folder', 'false']);
		const needs = () => root.querySelector<HTMLElement>('.session-brief-section[data-section="needsReview"]') as HTMLElement;
		expect(headings(needs())).toEqual([]);
		button?.click();
		expect(root.querySelector('.session-brief-group')?.getAttribute('aria-pressed')).toBe('true');
		expect(root.querySelector('.session-brief-group')?.hasClass('is-active')).toBe(true);
		// Folder name and count; the rows under a heading do not repeat their folder.
		expect(headings(needs())).toEqual(['Vault root1', 'Inbox/Deep1', 'Notes3']);
		const notes = Array.from(needs().querySelectorAll<HTMLElement>('.session-brief-folder')).map((f) => Array.from(f.querySelectorAll<HTMLElement>('.session-brief-item')).map((r) => r.dataset.path));
		expect(notes).toEqual([['Root note.md'], ['Inbox/Deep/Article.md'], ['Notes/Broken.md', 'Notes/Flagged.md', 'Notes/Inline.md']]);
		expect(needs().querySelectorAll('.session-brief-item-path')).toHaveLength(0);
		// Headings are for the eye; the tree for screen readers is unchanged (rows keep their folder in the label).
		expect(needs().querySelector('.session-brief-folder')?.getAttribute('role')).toBe('none');
		expect(needs().querySelector('.session-brief-folder-name')?.getAttribute('aria-hidden')).toBe('true');
		expect(needs().querySelector('[data-path="Inbox/Deep/Article.md"]')?.getAttribute('aria-label')).toBe('Article, Inbox/Deep');
		// Arrows still go through every note in the order shown.
		const first = needs().querySelector<HTMLElement>('[data-path="Root note.md"]') as HTMLElement;
		first.focus();
		press(first, 'ArrowDown');
		expect(focused(root)).toBe('note:needsReview:Inbox/Deep/Article.md');

		started.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0]?.detach();
		root = await openReviewView(started);
		expect(headings(needs())).toEqual(['Vault root1', 'Inbox/Deep1', 'Notes3']);
		// Enter on the focused button turns it off again.
		press(root.querySelector('.session-brief-group') as HTMLElement, 'Enter');
		expect(headings(needs())).toEqual([]);
		expect(needs().querySelectorAll('.session-brief-item-path').length).toBeGreaterThan(0);
	});

	it('keeps the chosen sort inside each folder', async () => {
		const base = tempVault(FIXTURE);
		const years: Record<string, number> = { 'Notes/Broken.md': 2023, 'Notes/Flagged.md': 2020, 'Notes/Inline.md': 2022 };
		for (const [p, y] of Object.entries(years)) fs.utimesSync(path.join(base, p), new Date(`${y}-01-01`), new Date(`${y}-01-01`));
		started = await startPlugin(base);
		const root = await openReviewView(started);
		root.querySelector<HTMLElement>('.session-brief-group')?.click();
		press(root.querySelector('.session-brief-sort') as HTMLElement, ' ');
		const folder = root.querySelectorAll('.session-brief-section[data-section="needsReview"] .session-brief-folder')[1];
		expect(Array.from(folder?.querySelectorAll<HTMLElement>('.session-brief-item') ?? []).map((r) => r.dataset.path)).toEqual(['Notes/Broken.md', 'Notes/Inline.md', 'Notes/Flagged.md']);
	});
});
