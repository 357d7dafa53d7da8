/**
 * The sidebar's row cap (src/plugin/sidebar/row-cap.ts) in the stand-in: a section of 450 flagged notes
 * draws 200 rows and a *Show more* row; the button and the keyboard add pages, focus lands on the
 * first new row, a redraw after an edit keeps the pages opened, the filter searches every note,
 * counts and *Mark all reviewed* cover every note, German texts. The same cap in *Changed by
 * agents* and the Today header.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE } from '../../../src/core/trail/agent-journal';
import { isoDate } from '../../../src/core/brief/dates';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { ROW_PAGE, RowLimits } from '../../../src/plugin/sidebar/row-cap';
import { languageState, Modal, Notice } from '../../../stand-in/obsidian';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

const N = 450;
const pad = (i: number): string => String(i).padStart(4, '0');
/** Notes n0000 … n0449: the first 300 in Deep/, the rest in Top/; sorted by name they go in number order. */
function notePath(i: number): string {
	return `${i < 300 ? 'Deep' : 'Top'}/n${pad(i)}.md`;
}
function flaggedVault(n = N): Record<string, string> {
	const files: Record<string, string> = {};
	for (let i = 0; i < n; i++) files[notePath(i)] = `# ${i}\n\nSome text #needs-review here.\n`;
	return files;
}


function section(root: HTMLElement, id = 'needsReview'): HTMLElement {
	const el = root.querySelector<HTMLElement>(`.session-brief-section[data-section="${id}"]`);
	if (el === null) throw new Error(`no section ${id}`);
	return el;
}
function paths(root: HTMLElement, id = 'needsReview'): string[] {
	return Array.from(section(root, id).querySelectorAll<HTMLElement>('.session-brief-item')).map((e) => e.dataset.path ?? '');
}
function more(scope: HTMLElement): HTMLElement | null {
	return scope.querySelector<HTMLElement>('.session-brief-show-more');
}
function moreOf(scope: HTMLElement): HTMLElement {
	const el = more(scope);
	if (el === null) throw new Error('no Show more row');
	return el;
}
function press(el: Element, key: string): KeyboardEvent {
	const evt = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
	el.dispatchEvent(evt);
	return evt;
}
function focused(root: HTMLElement): string | undefined {
	const active = root.ownerDocument.activeElement as HTMLElement | null;
	return root.contains(active) ? active?.dataset.key : undefined;
}
function stops(root: HTMLElement, tree = '.session-brief-sections'): string[] {
	return Array.from(root.querySelectorAll<HTMLElement>(`${tree} [role="treeitem"][tabindex="0"]`)).map((e) => e.dataset.key ?? '');
}
function filter(root: HTMLElement, text: string): void {
	const input = root.querySelector<HTMLInputElement>('.session-brief-filter');
	if (input === null) throw new Error('no filter');
	input.value = text;
	input.dispatchEvent(new Event('input'));
}
const range = (from: number, to: number): string[] => Array.from({ length: to - from }, (_, k) => notePath(from + k));

describe('row cap in the review sections', () => {
	it('draws the first 200 rows in the current sort, then a Show more row; the count and label keep the full number', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		expect(ROW_PAGE).toBe(200);
		expect(paths(root)).toEqual(range(0, 200));
		expect(section(root).querySelector('.session-brief-count')?.textContent).toBe('450');
		expect(section(root).getAttribute('aria-label')).toBe('Needs review · #needs-review, 450 notes');
		const row = moreOf(section(root));
		// A tree item of the section's group, after the last row, holding a real button.
		expect(row.parentElement?.getAttribute('role')).toBe('group');
		expect(row.previousElementSibling?.getAttribute('data-path')).toBe(notePath(199));
		expect([row.getAttribute('role'), row.getAttribute('aria-level'), row.getAttribute('aria-label'), row.getAttribute('tabindex')]).toEqual(['treeitem', '2', 'Show 200 more notes, 200 of 450 shown', '-1']);
		const button = row.querySelector('button');
		expect([button?.textContent, button?.getAttribute('type')]).toEqual(['Show 200 more', 'button']);
		expect(row.querySelector('.session-brief-show-more-count')?.textContent).toBe('200 of 450 shown');
		// Sorted by modified time, the cap takes the first 200 of that order.
		root.querySelector<HTMLElement>('.session-brief-sort')?.click();
		expect(paths(root)).toHaveLength(200);
		expect(more(section(root))).not.toBeNull();
	});

	it('the button adds the next page and gives its first row the tab stop; the last page shows what is left and no button', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		moreOf(section(root)).querySelector('button')?.click();
		expect(paths(root)).toEqual(range(0, 400));
		expect(stops(root)).toEqual([`note:needsReview:${notePath(200)}`]);
		const last = moreOf(section(root));
		expect(last.querySelector('button')?.textContent).toBe('Show 50 more');
		expect(last.getAttribute('aria-label')).toBe('Show 50 more notes, 400 of 450 shown');
		last.querySelector('button')?.click();
		expect(paths(root)).toEqual(range(0, 450));
		expect(more(section(root))).toBeNull();
		expect(stops(root)).toEqual([`note:needsReview:${notePath(400)}`]);
	});

	it('the arrow keys reach the Show more row; Enter and Space press it and focus the first new row', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		const lastRow = section(root).querySelector<HTMLElement>(`.session-brief-item[data-path="${notePath(199)}"]`);
		lastRow?.focus();
		press(lastRow as HTMLElement, 'ArrowDown');
		expect(focused(root)).toBe('more:needsReview');
		expect(stops(root)).toEqual(['more:needsReview']);
		// Left goes back to the section, like from a note.
		press(moreOf(section(root)), 'ArrowLeft');
		expect(focused(root)).toBe('section:needsReview');
		moreOf(section(root)).focus();
		const enter = press(moreOf(section(root)), 'Enter');
		expect(enter.defaultPrevented).toBe(true);
		expect(paths(root)).toHaveLength(400);
		expect(focused(root)).toBe(`note:needsReview:${notePath(200)}`);
		// Up from the first new row is the last row of the page before.
		press(root.ownerDocument.activeElement as HTMLElement, 'ArrowUp');
		expect(focused(root)).toBe(`note:needsReview:${notePath(199)}`);
		moreOf(section(root)).focus();
		press(moreOf(section(root)), ' ');
		expect(paths(root)).toHaveLength(450);
		expect(focused(root)).toBe(`note:needsReview:${notePath(400)}`);
		// Enter on the row opened nothing.
		expect(started.app.workspace.leaves.filter((l) => l.side === 'main')).toEqual([]);
	});

	it('keeps the pages opened across a redraw after an edit instead of snapping back to 200', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		moreOf(section(root)).querySelector('button')?.click();
		expect(paths(root)).toHaveLength(400);
		const kept = section(root).querySelector<HTMLElement>(`.session-brief-item[data-path="${notePath(250)}"]`);
		kept?.focus();
		await started.app.vault.create('Top/a new one.md', 'new #needs-review\n');
		await settle(started.app);
		expect(section(root).querySelector('.session-brief-count')?.textContent).toBe('451');
		expect(paths(root)).toHaveLength(400);
		expect(moreOf(section(root)).getAttribute('aria-label')).toBe('Show 51 more notes, 400 of 451 shown');
		// Focus stayed on the same note through the redraw.
		expect(focused(root)).toBe(`note:needsReview:${notePath(250)}`);
	});

	it('the filter searches every note of the section, also those behind Show more; the cap applies to what it finds', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		filter(root, 'n044');
		expect(paths(root)).toEqual(range(440, 450));
		expect(more(section(root))).toBeNull();
		filter(root, 'deep/');
		expect(paths(root)).toEqual(range(0, 200));
		expect(moreOf(section(root)).getAttribute('aria-label')).toBe('Show 100 more notes, 200 of 300 shown');
		expect(section(root).querySelector('.session-brief-count')?.textContent).toBe('450');
		filter(root, 'top/');
		expect(paths(root)).toEqual(range(300, 450));
		expect(more(section(root))).toBeNull();
	});

	it('Mark all reviewed counts and marks every note of the section, not only the rows drawn', async () => {
		started = await startPlugin(tempVault(flaggedVault(205)));
		const root = await openReviewView(started);
		section(root).querySelector<HTMLElement>('.session-brief-mark-all')?.click();
		const modal = Modal.open.at(-1);
		expect(paths(root)).toHaveLength(200);
		expect(modal?.contentEl.textContent).toContain('Mark 205 notes in "Needs review" as reviewed?');
		Array.from(modal?.contentEl.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Mark all reviewed')?.click();
		for (let i = 0; i < 200 && paths(root).length > 0; i++) {
			await new Promise((r) => setTimeout(r, 50));
			await settle(started.app);
		}
		expect(Notice.shown).toContain('Marked 205 notes as reviewed.Undo');
		expect(fs.readFileSync(path.join(started.base, notePath(204)), 'utf8')).toBe('# 204\n\nSome text here.\n');
		expect(paths(root)).toEqual([]);
		expect(section(root).querySelector('.session-brief-count')?.textContent).toBe('0');
	}, 120_000);

	it('grouped by folder: the cap counts rows in display order and each folder heading keeps its full count', async () => {
		started = await startPlugin(tempVault(flaggedVault()));
		const root = await openReviewView(started);
		root.querySelector<HTMLElement>('.session-brief-group')?.click();
		const headings = () => Array.from(section(root).querySelectorAll('.session-brief-folder-name')).map((h) => h.textContent);
		expect(headings()).toEqual(['Deep300']);
		expect(paths(root)).toEqual(range(0, 200));
		moreOf(section(root)).querySelector('button')?.click();
		expect(headings()).toEqual(['Deep300', 'Top150']);
		expect(paths(root)).toEqual(range(0, 400));
		expect(stops(root)).toEqual([`note:needsReview:${notePath(200)}`]);
	});

	it('speaks German: the button, the count beside it and the label', async () => {
		languageState.value = 'de';
		started = await startPlugin(tempVault(flaggedVault(1250)));
		const root = await openReviewView(started);
		const row = moreOf(section(root));
		expect(row.querySelector('button')?.textContent).toBe('200 weitere anzeigen');
		expect(row.querySelector('.session-brief-show-more-count')?.textContent).toBe('200 von 1.250 angezeigt');
		expect(row.getAttribute('aria-label')).toBe('200 weitere Notizen anzeigen, 200 von 1.250 angezeigt');
	});
});

describe('row cap in Changed by agents and Today', () => {
	it('Changed by agents draws 200 note rows across sessions; Show more continues inside the session it cut; Mark all counts every note', async () => {
		const base = tempVault({});
		const now = Date.now();
		// Two sessions: "new" (150 notes, newest) and "old" (150 notes).
		const records = Array.from({ length: 300 }, (_, i) => ({ path: `A/n${pad(i)}.md`, tool: 'Edit', session: i < 150 ? 'old' : 'new', at: new Date(now - (300 - i) * 1000).toISOString() }));
		fs.writeFileSync(path.join(base, '.obsidian', 'plugins', 'session-brief', JOURNAL_FILE), records.map((r) => encodeRecord(r) ?? '').join(''));
		for (const r of records) {
			fs.mkdirSync(path.join(base, 'A'), { recursive: true });
			fs.writeFileSync(path.join(base, r.path), 'x\n');
		}
		started = await startPlugin(base);
		await (started.plugin as unknown as { agentChanges: AgentChanges }).agentChanges.refresh();
		const root = await openReviewView(started);
		const agents = root.querySelector<HTMLElement>('.session-brief-agents');
		if (agents === null) throw new Error('no agent section');
		const notes = () => agents.querySelectorAll('.session-brief-agent-note').length;
		expect(notes()).toBe(200);
		expect(agents.querySelector('.session-brief-agents-header .session-brief-count')?.textContent).toBe('300');
		const row = moreOf(agents);
		// The cut fell inside the second session: the row continues its notes, at their level.
		expect(row.closest('.session-brief-agent-session')?.getAttribute('data-session')).toBe('old');
		expect([row.getAttribute('aria-level'), row.getAttribute('aria-label')]).toEqual(['2', 'Show 100 more notes, 200 of 300 shown']);
		const lastDrawn = Array.from(agents.querySelectorAll<HTMLElement>('.session-brief-agent-note')).at(-1);
		lastDrawn?.focus();
		press(lastDrawn as HTMLElement, 'ArrowDown');
		expect(focused(agents)).toBe('agent-more');
		press(moreOf(agents), 'Enter');
		expect(notes()).toBe(300);
		expect(more(agents)).toBeNull();
		expect(focused(agents)?.startsWith('agent-note:old:')).toBe(true);
		agents.querySelector<HTMLElement>('.session-brief-agents-header .session-brief-mark-all')?.click();
		expect(Modal.open.at(-1)?.contentEl.textContent).toContain('Mark 300 notes changed by agents as reviewed?');
	});

	it('Today draws 200 session files, then Show more', async () => {
		const today = isoDate(new Date());
		const files: Record<string, string> = {};
		for (let i = 0; i < 230; i++) files[`AI/sessions/${today}-s${pad(i)}.md`] = 'x\n';
		started = await startPlugin(tempVault(files));
		const root = await openReviewView(started);
		const tree = root.querySelector<HTMLElement>('.session-brief-today-rows');
		if (tree === null) throw new Error('no Today');
		const sessions = () => tree.querySelectorAll('.session-brief-today-row').length;
		// The daily note row, then 200 session rows.
		expect(sessions()).toBe(201);
		const row = moreOf(tree);
		expect([row.getAttribute('aria-level'), row.getAttribute('aria-label')]).toEqual(['1', 'Show 30 more notes, 200 of 230 shown']);
		row.querySelector('button')?.click();
		expect(sessions()).toBe(231);
		expect(more(tree)).toBeNull();
		expect(stops(root, '.session-brief-today-rows')).toEqual([`today:session:AI/sessions/${today}-s0200.md`]);
	});
});

describe('RowLimits', () => {
	it('starts at one page per list, grows a page per Show more and says where the new rows start', () => {
		const limits = new RowLimits(3);
		expect([limits.limit('a'), limits.limit('b')]).toEqual([3, 3]);
		expect(limits.more('a')).toBe(3);
		expect(limits.more('a')).toBe(6);
		expect([limits.limit('a'), limits.limit('b')]).toEqual([9, 3]);
	});
});
