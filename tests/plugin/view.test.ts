import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEW_TYPE_REVIEW } from '../../src/plugin/sidebar/review-view';
import { languageState, Menu, Modal, Notice, type FileExplorerView, type WorkspaceLeaf } from '../../stand-in/obsidian';
import { FIXTURE } from './fixture';
import { SECTIONS } from '../helpers/registries';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from './harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});


function section(root: HTMLElement, id: string): HTMLElement {
	const el = root.querySelector<HTMLElement>(`.session-brief-section[data-section="${id}"]`);
	if (el === null) throw new Error(`no section ${id}`);
	return el;
}

function names(root: HTMLElement, id: string): string[] {
	return Array.from(section(root, id).querySelectorAll('.session-brief-item')).map((e) => (e as HTMLElement).dataset.path ?? '');
}

function count(root: HTMLElement, id: string): string {
	return section(root, id).querySelector('.session-brief-count')?.textContent ?? '';
}

function item(root: HTMLElement, p: string): HTMLElement {
	const el = root.querySelector<HTMLElement>(`.session-brief-item[data-path="${p}"]`);
	if (el === null) throw new Error(`no item ${p}`);
	return el;
}

function read(s: Started, p: string): string {
	return fs.readFileSync(path.join(s.base, p), 'utf8');
}

describe('needs review sidebar', () => {
	it('opens from the command and the ribbon into one right-side leaf, and does not open by itself', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		expect(started.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)).toEqual([]);
		await openReviewView(started);
		started.stub.ribbonIcons[0]?.click();
		await settle(started.app);
		const leaves = started.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW);
		expect(leaves.length).toBe(1);
		expect((leaves[0] as WorkspaceLeaf).side).toBe('right');
	});

	it('shows the sections with counts, hit details and empty states', async () => {
		started = await startPlugin(tempVault({ ...FIXTURE, 'Notes/Review open.md': 'nothing\n' }));
		const root = await openReviewView(started);
		expect(Array.from(root.querySelectorAll('.session-brief-section')).map((e) => (e as HTMLElement).dataset.section)).toEqual(SECTIONS);
		expect(count(root, 'needsReview')).toBe('4');
		expect(count(root, 'pendingReview')).toBe('2');
		expect(count(root, 'reviewOpen')).toBe('0');
		expect(section(root, 'reviewOpen').querySelector('.session-brief-empty')?.textContent).toBe('No note carries #review without #review-done.');
		const hit = (p: string) => {
			const el = item(root, p).querySelector('.session-brief-item-hit');
			return [el?.querySelector('.session-brief-hit-where')?.textContent, el?.querySelector('.session-brief-hit-text')?.textContent, el?.querySelector('.session-brief-match')?.textContent];
		};
		expect(hit('Notes/Inline.md')).toEqual(['Line 3', 'Some text #needs-review and more.', '#needs-review']);
		expect(hit('Notes/Flagged.md')).toEqual(['Property tags', 'needs-review', 'needs-review']);
		const title = (id: string) => section(root, id).querySelector('.session-brief-section-title');
		expect(title('needsReview')?.firstChild?.textContent).toBe('Needs review');
		expect(title('needsReview')?.querySelector('.session-brief-section-tag')?.textContent).toBe('#needs-review');
		expect(title('reviewOpen')?.querySelector('.session-brief-section-tag')?.textContent).toBe('#review without #review-done');
		expect(section(root, 'needsReview').getAttribute('aria-label')).toBe('Needs review · #needs-review, 4 notes');
	});

	it('shows each note\'s age, with the full date in its tooltip', async () => {
		const base = tempVault(FIXTURE);
		const threeDays = new Date(Date.now() - 3 * 86_400_000 - 3600_000);
		fs.utimesSync(path.join(base, 'Notes/Inline.md'), threeDays, threeDays);
		started = await startPlugin(base);
		const root = await openReviewView(started);
		const ageEl = item(root, 'Notes/Inline.md').querySelector('.session-brief-item-age');
		expect(ageEl?.textContent).toBe('3 d');
		expect(ageEl?.getAttribute('aria-label')).toBe(`Modified ${threeDays.toLocaleString('en', { dateStyle: 'full', timeStyle: 'short' })}`);
	});

	it('speaks German when Obsidian does: titles, properties, lines, ages', async () => {
		languageState.value = 'de';
		const base = tempVault(FIXTURE);
		const twoHours = new Date(Date.now() - 2 * 3600_000 - 60_000);
		fs.utimesSync(path.join(base, 'Notes/Flagged.md'), twoHours, twoHours);
		started = await startPlugin(base);
		const root = await openReviewView(started);
		expect(section(root, 'needsReview').getAttribute('aria-label')).toBe('Zu prüfen · #needs-review, 4 Notizen');
		expect(item(root, 'Notes/Flagged.md').querySelector('.session-brief-hit-where')?.textContent).toBe('Eigenschaft tags');
		expect(item(root, 'Notes/Inline.md').querySelector('.session-brief-hit-where')?.textContent).toBe('Zeile 3');
		expect(item(root, 'Notes/Flagged.md').querySelector('.session-brief-item-age')?.textContent).toBe('2 Std.');
		expect(item(root, 'Notes/Flagged.md').querySelector('.session-brief-item-mark')?.getAttribute('aria-label')).toBe('Als geprüft markieren');
	});

	it('filters by path and sorts by name or modified time', async () => {
		const base = tempVault(FIXTURE);
		const years: Record<string, number> = { 'Inbox/Deep/Article.md': 2021, 'Notes/Broken.md': 2023, 'Notes/Flagged.md': 2020, 'Notes/Inline.md': 2022 };
		for (const [p, y] of Object.entries(years)) fs.utimesSync(path.join(base, p), new Date(`${y}-01-01`), new Date(`${y}-01-01`));
		started = await startPlugin(base);
		const root = await openReviewView(started);
		expect(names(root, 'needsReview')).toEqual(['Inbox/Deep/Article.md', 'Notes/Broken.md', 'Notes/Flagged.md', 'Notes/Inline.md']);
		const sort = root.querySelector<HTMLElement>('.session-brief-sort');
		sort?.click();
		expect(sort?.dataset.sort).toBe('mtime');
		expect(names(root, 'needsReview')).toEqual(['Notes/Broken.md', 'Notes/Inline.md', 'Inbox/Deep/Article.md', 'Notes/Flagged.md']);
		const input = root.querySelector<HTMLInputElement>('.session-brief-filter');
		if (input === null) throw new Error('no filter');
		input.value = 'notes/in';
		input.dispatchEvent(new Event('input'));
		expect(names(root, 'needsReview')).toEqual(['Notes/Inline.md']);
		input.value = 'zzz';
		input.dispatchEvent(new Event('input'));
		expect(section(root, 'needsReview').querySelector('.session-brief-empty')?.textContent).toBe('No note matches the filter.');
	});

	it('collapses sections and remembers it across reopening', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		let root = await openReviewView(started);
		section(root, 'inbox').querySelector<HTMLElement>('.session-brief-section-title')?.click();
		expect(section(root, 'inbox').hasClass('is-collapsed')).toBe(true);
		expect(names(root, 'inbox')).toEqual([]);
		started.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0]?.detach();
		root = await openReviewView(started);
		expect(section(root, 'inbox').hasClass('is-collapsed')).toBe(true);
		expect(count(root, 'inbox')).toBe('2');
	});

	it('opens a note on click, in a new tab on modifier-click and middle click, and asks for a hover preview', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const hovers: unknown[] = [];
		started.app.workspace.on('hover-link', (info) => hovers.push(info));
		item(root, 'Notes/Inline.md').click();
		await settle(started.app);
		const main = started.app.workspace.leaves.filter((l) => l.side === 'main');
		expect(main.map((l) => [l.paneType, l.opened.map((f) => f.path)])).toEqual([[false, ['Notes/Inline.md']]]);
		item(root, 'Notes/Flagged.md').dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
		item(root, 'Notes/Broken.md').dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
		await settle(started.app);
		const tabs = started.app.workspace.leaves.filter((l) => l.paneType === 'tab').map((l) => l.opened.map((f) => f.path));
		expect(tabs).toEqual([['Notes/Flagged.md'], ['Notes/Broken.md']]);
		item(root, 'Notes/Inline.md').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		expect(hovers).toMatchObject([{ source: VIEW_TYPE_REVIEW, linktext: 'Notes/Inline.md' }]);
	});

	it('updates live when a note changes', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const file = started.app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await started.app.vault.modify(file, '#review\n');
		await settle(started.app);
		expect(names(root, 'reviewOpen')).toEqual(['Notes/Plain.md', 'Notes/Review open.md']);
		expect(count(root, 'reviewOpen')).toBe('2');
	});
});

describe('context menu', () => {
	async function menuFor(s: Started, root: HTMLElement, p: string): Promise<Menu> {
		item(root, p).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
		if (Menu.last === null) throw new Error('no menu');
		return Menu.last;
	}

	async function choose(s: Started, menu: Menu, title: string): Promise<void> {
		const entry = menu.items.find((i) => i.title === title);
		if (entry?.handler === null || entry === undefined) throw new Error(`no entry ${title}`);
		entry.handler();
		await new Promise((r) => setTimeout(r, 20));
		await settle(s.app);
	}

	it('mark as reviewed removes an inline needs-review tag but not the one in the code block', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const menu = await menuFor(started, root, 'Notes/Inline.md');
		expect(menu.items.map((i) => i.title)).toEqual(['Mark as reviewed', 'Open in new tab', 'Reveal in file explorer']);
		await choose(started, menu, 'Mark as reviewed');
		expect(read(started, 'Notes/Inline.md')).toBe('# Inline\n\nSome text and more.\n\n```\n#needs-review in code stays\n```\n');
		expect(names(root, 'needsReview')).not.toContain('Notes/Inline.md');
		expect(Notice.shown).toContain('Marked "Inline" as reviewed.Undo');
	});

	it('mark as reviewed removes a needs-review tag from the properties', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		await choose(started, await menuFor(started, root, 'Notes/Flagged.md'), 'Mark as reviewed');
		expect(read(started, 'Notes/Flagged.md')).toBe('---\ntags: []\n---\n# Flagged\n\nBody\n');
		expect(names(root, 'needsReview')).not.toContain('Notes/Flagged.md');
	});

	it('mark as reviewed on a review note adds review-done to its properties', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		await choose(started, await menuFor(started, root, 'Notes/Review open.md'), 'Mark as reviewed');
		expect(read(started, 'Notes/Review open.md')).toBe('---\ntags:\n  - review-done\n---\n# R\n\n#review this please\n');
		expect(names(root, 'reviewOpen')).toEqual([]);
	});

	it('broken YAML: the properties are left alone with a notice', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const before = read(started, 'Notes/Broken.md');
		await choose(started, await menuFor(started, root, 'Notes/Broken.md'), 'Mark as reviewed');
		expect(read(started, 'Notes/Broken.md')).toBe(before);
		expect(Notice.shown.some((n) => n.startsWith('Could not edit the properties of "Broken"'))).toBe(true);
	});

	it('inbox entries offer no mark as reviewed; open in new tab and reveal work', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const inboxItem = section(root, 'inbox').querySelector<HTMLElement>('.session-brief-item[data-path="Inbox/Idea.md"]');
		inboxItem?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
		const menu = Menu.last;
		if (menu === null) throw new Error('no menu');
		expect(menu.items.map((i) => i.title)).toEqual(['Open in new tab', 'Reveal in file explorer']);
		await choose(started, menu, 'Open in new tab');
		expect(started.app.workspace.leaves.filter((l) => l.paneType === 'tab').map((l) => l.opened.map((f) => f.path))).toEqual([['Inbox/Idea.md']]);
		await choose(started, menu, 'Reveal in file explorer');
		expect(Notice.shown).toContain('The file explorer is not available.');
		const explorer = started.app.workspace.getRightLeaf(false);
		await explorer.setViewState({ type: 'file-explorer' });
		await choose(started, menu, 'Reveal in file explorer');
		expect((explorer.view as FileExplorerView).revealedFiles.map((f) => f.path)).toEqual(['Inbox/Idea.md']);
	});
});

describe('keyboard and screen readers', () => {
	function press(el: Element, key: string, mods: KeyboardEventInit = {}): KeyboardEvent {
		const evt = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods });
		el.dispatchEvent(evt);
		return evt;
	}
	function focused(root: HTMLElement): string | undefined {
		const active = root.ownerDocument.activeElement as HTMLElement | null;
		return root.contains(active) ? active?.dataset.key : undefined;
	}
	function active(root: HTMLElement): HTMLElement {
		return root.ownerDocument.activeElement as HTMLElement;
	}

	it('is a tree of sections and notes with roles, levels, labels and one tab stop', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const tree = root.querySelector<HTMLElement>('.session-brief-sections');
		expect(tree?.getAttribute('role')).toBe('tree');
		expect(tree?.getAttribute('aria-label')).toBe('Needs review');
		const inbox = section(root, 'inbox');
		expect([inbox.getAttribute('role'), inbox.getAttribute('aria-level'), inbox.getAttribute('aria-expanded'), inbox.getAttribute('aria-label')]).toEqual(['treeitem', '1', 'true', 'Inbox · Inbox/, 2 notes']);
		expect(inbox.querySelector('.session-brief-section-body')?.getAttribute('role')).toBe('group');
		const row = item(root, 'Inbox/Deep/Article.md');
		expect([row.getAttribute('role'), row.getAttribute('aria-level'), row.getAttribute('aria-label')]).toEqual(['treeitem', '2', 'Article, Inbox/Deep']);
		const stops = Array.from(tree?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []).filter((e) => e.getAttribute('tabindex') === '0');
		expect(stops.map((e) => e.dataset.key)).toEqual(['section:needsReview']);
	});

	it('arrows move through sections and notes, Left/Right and Enter collapse and expand, Enter opens, Mod+Enter opens a new tab', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		section(root, 'needsReview').focus();
		press(active(root), 'ArrowDown');
		expect(focused(root)).toBe('note:needsReview:Inbox/Deep/Article.md');
		press(active(root), 'ArrowDown');
		expect(focused(root)).toBe('note:needsReview:Notes/Broken.md');
		press(active(root), 'ArrowLeft');
		expect(focused(root)).toBe('section:needsReview');
		press(active(root), 'ArrowLeft');
		expect(section(root, 'needsReview').getAttribute('aria-expanded')).toBe('false');
		expect(names(root, 'needsReview')).toEqual([]);
		expect(focused(root)).toBe('section:needsReview');
		press(active(root), 'ArrowDown');
		expect(focused(root)).toBe('section:reviewOpen');
		press(active(root), 'ArrowUp');
		press(active(root), 'ArrowRight');
		expect(section(root, 'needsReview').getAttribute('aria-expanded')).toBe('true');
		press(active(root), 'ArrowRight');
		expect(focused(root)).toBe('note:needsReview:Inbox/Deep/Article.md');
		// Only the focused item is a tab stop.
		expect(Array.from(root.querySelectorAll('.session-brief-sections [tabindex="0"]')).map((e) => (e as HTMLElement).dataset.key)).toEqual(['note:needsReview:Inbox/Deep/Article.md']);
		press(active(root), 'End');
		expect(focused(root)).toBe('note:inbox:Inbox/Idea.md');
		press(active(root), 'Home');
		expect(focused(root)).toBe('section:needsReview');
		press(active(root), 'Enter');
		expect(section(root, 'needsReview').hasClass('is-collapsed')).toBe(true);
		press(active(root), ' ');
		expect(section(root, 'needsReview').hasClass('is-collapsed')).toBe(false);

		item(root, 'Notes/Inline.md').focus();
		const enter = press(active(root), 'Enter');
		expect(enter.defaultPrevented).toBe(true);
		press(item(root, 'Notes/Flagged.md'), 'Enter', { ctrlKey: true });
		await settle(started.app);
		const leaves = started.app.workspace.leaves.filter((l) => l.side === 'main');
		expect(leaves.map((l) => [l.paneType, l.opened.map((f) => f.path)])).toEqual([
			[false, ['Notes/Inline.md']],
			['tab', ['Notes/Flagged.md']],
		]);
		// Keys the tree does not use are left alone.
		expect(press(item(root, 'Notes/Inline.md'), 'a').defaultPrevented).toBe(false);
	});

	it('the context-menu key and Shift+F10 open the row menu, whose actions work', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		press(item(root, 'Notes/Inline.md'), 'ContextMenu');
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Mark as reviewed', 'Open in new tab', 'Reveal in file explorer']);
		Menu.last = null;
		item(root, 'Notes/Inline.md').focus();
		press(active(root), 'F10', { shiftKey: true });
		const menu = Menu.last as Menu | null;
		menu?.items[0]?.handler?.();
		await new Promise((r) => setTimeout(r, 20));
		await settle(started.app);
		expect(read(started, 'Notes/Inline.md')).not.toContain('Some text #needs-review');
		// The note left its section; the tab stop and focus went to the section, not lost.
		expect(focused(root)).toBe('section:needsReview');
		Menu.last = null;
		press(section(root, 'inbox'), 'F10');
		expect(Menu.last).toBeNull();
	});
});

describe('one-click review', () => {
	async function flush(s: Started): Promise<void> {
		await new Promise((r) => setTimeout(r, 20));
		await settle(s.app);
	}
	function undoButton(): HTMLButtonElement {
		const notice = Notice.all.at(-1);
		const button = notice?.messageEl.querySelector<HTMLButtonElement>('button.session-brief-undo');
		if (button === null || button === undefined) throw new Error(`no Undo in the last notice: ${notice?.messageEl.textContent ?? 'none'}`);
		return button;
	}
	function confirmButton(): HTMLButtonElement {
		const modal = Modal.open.at(-1);
		const buttons = Array.from(modal?.contentEl.querySelectorAll('button') ?? []);
		const button = buttons.find((b) => b.textContent === 'Mark all reviewed');
		if (button === undefined) throw new Error('no confirmation');
		return button;
	}
	const NEEDS = ['Inbox/Deep/Article.md', 'Notes/Broken.md', 'Notes/Flagged.md', 'Notes/Inline.md'];

	it('each markable row has a Mark as reviewed button doing what the menu does, with Undo; inbox rows have none', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const before = read(started, 'Notes/Inline.md');
		const button = item(root, 'Notes/Inline.md').querySelector<HTMLElement>('.session-brief-item-mark');
		expect(button?.getAttribute('aria-label')).toBe('Mark as reviewed');
		expect(item(root, 'Inbox/Idea.md').querySelector('.session-brief-item-mark')).toBeNull();
		button?.click();
		await flush(started);
		expect(read(started, 'Notes/Inline.md')).toBe('# Inline\n\nSome text and more.\n\n```\n#needs-review in code stays\n```\n');
		// The button's click marks; it does not also open the note.
		expect(started.app.workspace.leaves.filter((l) => l.side === 'main')).toEqual([]);
		expect(names(root, 'needsReview')).not.toContain('Notes/Inline.md');
		undoButton().click();
		await flush(started);
		expect(read(started, 'Notes/Inline.md')).toBe(before);
		expect(names(root, 'needsReview')).toContain('Notes/Inline.md');
		expect(Notice.shown.at(-1)).toBe('Restored 1 note.');
	});

	it('mark all reviewed asks first, saying how many notes change; cancel changes nothing', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const root = await openReviewView(started);
		const markAll = section(root, 'needsReview').querySelector<HTMLElement>('.session-brief-mark-all');
		expect(markAll?.getAttribute('aria-label')).toBe('Mark all reviewed');
		expect(section(root, 'inbox').querySelector('.session-brief-mark-all')).toBeNull();
		const texts = NEEDS.map((p) => read(started as Started, p));
		markAll?.click();
		expect(section(root, 'needsReview').hasClass('is-collapsed')).toBe(false);
		expect(Modal.open.at(-1)?.contentEl.textContent).toContain('Mark 4 notes in "Needs review" as reviewed?');
		Array.from(Modal.open.at(-1)?.contentEl.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Cancel')?.click();
		await flush(started);
		expect(Modal.open).toEqual([]);
		expect(NEEDS.map((p) => read(started as Started, p))).toEqual(texts);
		// With a filter, it marks (and counts) only the notes shown.
		const input = root.querySelector<HTMLInputElement>('.session-brief-filter');
		if (input === null) throw new Error('no filter');
		input.value = 'notes/';
		input.dispatchEvent(new Event('input'));
		section(root, 'needsReview').querySelector<HTMLElement>('.session-brief-mark-all')?.click();
		expect(Modal.open.at(-1)?.contentEl.textContent).toContain('Mark 3 notes in');
	});

	it('marking a section and undoing restores every note byte for byte; a note edited since is left alone', async () => {
		// CRLF, a BOM and no final newline: Undo must give back the exact bytes, not a re-serialised note.
		const files = { ...FIXTURE, 'Notes/Crlf.md': '\uFEFF---\r\ntags: [needs-review, keep]\r\n---\r\nBody #needs-review' };
		started = await startPlugin(tempVault(files));
		const root = await openReviewView(started);
		const paths = [...NEEDS, 'Notes/Crlf.md'].sort();
		expect(names(root, 'needsReview')).toEqual(paths);
		const bytes = paths.map((p) => fs.readFileSync(path.join((started as Started).base, p)));
		section(root, 'needsReview').dispatchEvent(new KeyboardEvent('keydown', { key: 'ContextMenu', bubbles: true, cancelable: true }));
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Mark all reviewed']);
		Menu.last?.items[0]?.handler?.();
		expect(Modal.open.at(-1)?.contentEl.textContent).toContain('Mark 5 notes in "Needs review" as reviewed?');
		confirmButton().click();
		await flush(started);
		// Broken YAML cannot be edited and is not counted as changed.
		expect(Notice.shown).toContain('Marked 4 notes as reviewed.Undo');
		expect(names(root, 'needsReview')).toEqual(['Notes/Broken.md']);
		expect(paths.map((p) => fs.readFileSync(path.join((started as Started).base, p)).equals(bytes[paths.indexOf(p)] as Buffer))).toEqual(paths.map((p) => p === 'Notes/Broken.md'));
		undoButton().click();
		await flush(started);
		for (const [i, p] of paths.entries()) expect(fs.readFileSync(path.join(started.base, p)).equals(bytes[i] as Buffer), p).toBe(true);
		expect(names(root, 'needsReview')).toEqual(paths);
		expect(Notice.shown.at(-1)).toBe('Restored 4 notes.');

		// Again, but one note is edited before Undo: it keeps the user's edit.
		section(root, 'needsReview').querySelector<HTMLElement>('.session-brief-mark-all')?.click();
		confirmButton().click();
		await flush(started);
		const inline = started.app.vault.getFileByPath('Notes/Inline.md');
		if (inline === null) throw new Error('fixture');
		await started.app.vault.modify(inline, 'my own edit\n');
		undoButton().click();
		await flush(started);
		expect(read(started, 'Notes/Inline.md')).toBe('my own edit\n');
		expect(read(started, 'Notes/Flagged.md')).toBe(FIXTURE['Notes/Flagged.md']);
		expect(Notice.shown.at(-1)).toBe('1 note was changed since and left as it is; the others were restored.');
	});
});
