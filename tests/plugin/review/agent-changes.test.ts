/**
 * The sidebar's *Changed by agents* section in the stand-in: the journal in the plugin folder shown
 * grouped by session (newest first), marks per note, per session and for all written to
 * `agent-review.json` (never into a note), renames and deletions in Obsidian followed, the poll
 * picking up a grown journal (as a tail) and a compacted one (whole), the status-bar count.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { REVIEW_FILE } from '../../../src/core/trail/what-changed';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { languageState, Menu, Modal, Notice, type WorkspaceLeaf } from '../../../stand-in/obsidian';
import { HANG_MS } from '../../helpers/patience';
import { FIXTURE } from '../fixture';
import { openReviewView, readJson, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

const HOUR = 3600_000;
/** Times relative to now: the journal keeps 30 days, and the section shows today's edits by time. */
function ago(ms: number): string {
	return new Date(Date.now() - ms).toISOString();
}

function rec(p: string, session: string | null, at: string, tool: string | null = 'Write'): JournalRecord {
	return { path: p, tool, session, at };
}

function journalText(records: JournalRecord[]): string {
	return records.map((r) => encodeRecord(r) ?? '').join('');
}

function store(s: Started): AgentChanges {
	return (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
}

async function start(records: JournalRecord[], files: Record<string, string> = {}): Promise<Started> {
	const base = tempVault({ ...FIXTURE, ...files });
	const dir = path.join(base, '.obsidian', 'plugins', 'session-brief');
	if (records.length > 0) fs.writeFileSync(path.join(dir, JOURNAL_FILE), journalText(records));
	started = await startPlugin(base);
	await store(started).refresh();
	return started;
}


function section(root: HTMLElement): HTMLElement {
	const el = root.querySelector<HTMLElement>('.session-brief-agents');
	if (el === null) throw new Error('no agent section');
	return el;
}

/** The section as text: each session's name and count, then its notes with folder and tool. */
function shown(root: HTMLElement): Array<{ session: string; notes: string[] }> {
	return Array.from(section(root).querySelectorAll<HTMLElement>('.session-brief-agent-session')).map((g) => ({
		session: `${g.querySelector('.session-brief-agent-session-name')?.textContent ?? ''} (${g.querySelector('.session-brief-count')?.textContent ?? ''})`,
		notes: Array.from(g.querySelectorAll<HTMLElement>('.session-brief-agent-note')).map((n) => `${n.dataset.path ?? ''} | ${n.querySelector('.session-brief-item-path')?.textContent ?? ''}`),
	}));
}

function row(root: HTMLElement, p: string): HTMLElement {
	const el = section(root).querySelector<HTMLElement>(`.session-brief-agent-note[data-path="${p}"]`);
	if (el === null) throw new Error(`no row ${p}`);
	return el;
}

function marksFile(s: Started): unknown {
	return readJson(path.join(s.pluginDir, REVIEW_FILE));
}

/** Clicks and waits for what the click started (a marks write through fs promises) to finish. */
async function click(el: Element | null, s: Started): Promise<void> {
	if (el === null) throw new Error('nothing to click');
	(el as HTMLElement).click();
	await settle(s.app);
	await idle(s);
}

/** Waits until the store has no marks write or poll under way. */
async function idle(s: Started): Promise<void> {
	const inner = store(s) as unknown as { queue: Promise<unknown>; inflight: Promise<void> | null };
	await inner.queue;
	await inner.inflight;
	await settle(s.app);
}

const THREE = [
	rec('Notes/Plain.md', 'aaaaaaaa-1111', ago(5 * HOUR), 'Edit'),
	rec('Notes/Flagged.md', 'aaaaaaaa-1111', ago(4 * HOUR), 'Write'),
	rec('Inbox/Idea.md', 'bbbbbbbb-2222', ago(2 * HOUR), 'MultiEdit'),
	rec('Notes/Plain.md', 'bbbbbbbb-2222', ago(1 * HOUR), 'Edit'),
	rec('Notes/Plain.md', 'bbbbbbbb-2222', ago(0.5 * HOUR), 'Write'),
];

describe('changed by agents: the sidebar section', () => {
	it('is hidden while the journal is empty, then groups notes by session, newest session first, each with name, time and tool', async () => {
		const s = await start([]);
		const root = await openReviewView(s);
		expect(section(root).hasClass('session-brief-hidden')).toBe(true);
		// The existing sections stay where they were, after the agent section.
		expect(root.querySelector('.session-brief-agents')?.nextElementSibling?.className).toBe('session-brief-sections');
		fs.writeFileSync(path.join(s.pluginDir, JOURNAL_FILE), journalText(THREE));
		await store(s).refresh();
		expect(section(root).hasClass('session-brief-hidden')).toBe(false);
		expect(shown(root)).toEqual([
			{ session: 'Session bbbbbbbb (2)', notes: ['Notes/Plain.md | Notes · Write · 2 edits', 'Inbox/Idea.md | Inbox · MultiEdit'] },
			{ session: 'Session aaaaaaaa (2)', notes: ['Notes/Flagged.md | Notes · Write', 'Notes/Plain.md | Notes · Edit'] },
		]);
		// Three distinct notes wait: the count the bridge reports as agentChanges.
		expect(section(root).querySelector('.session-brief-agents-header .session-brief-count')?.textContent).toBe('3');
		expect(section(root).querySelector('.session-brief-agents-header')?.getAttribute('aria-label')).toBe('Changed by agents, 3 notes not yet reviewed');
		const plain = row(root, 'Notes/Plain.md');
		expect(plain.getAttribute('role')).toBe('treeitem');
		expect(plain.getAttribute('aria-level')).toBe('2');
		// The time of the latest edit; with the day when that was not today (a run just after midnight).
		const latest = new Date(THREE[4]?.at ?? '');
		const today = latest.toDateString() === new Date().toDateString();
		expect(plain.querySelector('.session-brief-item-age')?.textContent).toBe(
			today ? latest.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' }) : latest.toLocaleString('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
		);
		expect(plain.getAttribute('aria-label')).toContain('Plain, Notes, ');
		expect(plain.getAttribute('aria-label')).toMatch(/, Write$/);
		const groups = section(root).querySelectorAll('.session-brief-agent-session');
		expect(Array.from(groups, (g) => [g.getAttribute('role'), g.getAttribute('aria-level'), g.getAttribute('aria-expanded')])).toEqual([
			['treeitem', '1', 'true'],
			['treeitem', '1', 'true'],
		]);
		// The status bar counts them too; a click opens the sidebar.
		const bar = s.stub.statusBarItems.find((e) => e.hasClass('session-brief-status'));
		expect(bar?.textContent).toBe('7 to review · 3 agent changes unreviewed');
		expect(bar?.hasClass('session-brief-hidden')).toBe(false);
	});

	it('opens a note on click, in a new tab with Mod+click or a middle click, and from the keyboard', async () => {
		const s = await start(THREE);
		const root = await openReviewView(s);
		const leafOpened = (): string[] => s.app.workspace.leaves.filter((l: WorkspaceLeaf) => l.side === 'main').flatMap((l) => l.opened.map((f) => `${l.paneType === false ? 'same' : String(l.paneType)}:${f.path}`));
		const sameLeaf = (): string[] => (s.app.workspace.leaves.find((l: WorkspaceLeaf) => l.side === 'main' && l.paneType === false)?.opened ?? []).map((f) => f.path);
		row(root, 'Inbox/Idea.md').click();
		await settle(s.app);
		row(root, 'Notes/Flagged.md').dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
		await settle(s.app);
		row(root, 'Notes/Plain.md').dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
		await settle(s.app);
		expect(leafOpened()).toEqual(['same:Inbox/Idea.md', 'tab:Notes/Flagged.md', 'tab:Notes/Plain.md']);
		// Keyboard: one tab stop; Down from the first session reaches its first note; Enter opens it.
		const tree = section(root).querySelector<HTMLElement>('[role="tree"]');
		const first = section(root).querySelector<HTMLElement>('.session-brief-agent-session');
		expect(Array.from(tree?.querySelectorAll('[tabindex="0"]') ?? []).length).toBe(1);
		first?.focus();
		first?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
		expect(root.ownerDocument.activeElement?.getAttribute('data-path')).toBe('Notes/Plain.md');
		root.ownerDocument.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
		await settle(s.app);
		expect(sameLeaf()).toEqual(['Inbox/Idea.md', 'Notes/Plain.md']);
		// Left goes back to the session; Left again closes it; Right opens it again.
		root.ownerDocument.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
		expect(root.ownerDocument.activeElement?.classList.contains('session-brief-agent-session')).toBe(true);
		root.ownerDocument.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
		expect(section(root).querySelector('.session-brief-agent-session')?.getAttribute('aria-expanded')).toBe('false');
		expect(shown(root)[0]?.notes).toEqual([]);
		section(root).querySelector<HTMLElement>('.session-brief-agent-session')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
		expect(shown(root)[0]?.notes.length).toBe(2);
		// The context-menu key on a note offers the same as a right click.
		row(root, 'Inbox/Idea.md').dispatchEvent(new KeyboardEvent('keydown', { key: 'ContextMenu', bubbles: true }));
		expect(Menu.last?.items.map((i) => i.title)).toEqual(['Show changes', 'Mark as reviewed', 'Open in new tab', 'Reveal in file explorer']);
	});

	it('a session id holding ":" keeps the tab stop in that session when its focused note is marked reviewed', async () => {
		const s = await start([rec('Notes/Plain.md', 'a:b', ago(3 * HOUR), 'Edit'), rec('Notes/Flagged.md', 'a:b', ago(2 * HOUR), 'Write'), rec('Inbox/Idea.md', 'a', ago(1 * HOUR), 'Edit')]);
		const root = await openReviewView(s);
		const note = row(root, 'Notes/Plain.md');
		note.focus();
		await click(note.querySelector('[data-action="mark"]'), s);
		const tree = section(root).querySelector<HTMLElement>('[role="tree"]');
		const stops = Array.from(tree?.querySelectorAll<HTMLElement>('[tabindex="0"]') ?? []);
		expect(stops.map((e) => e.dataset.session)).toEqual(['a:b']);
	});

	it('marks one note reviewed in agent-review.json, never in the note; the note leaves every session it waited in', async () => {
		const s = await start(THREE);
		const root = await openReviewView(s);
		const before = fs.readFileSync(path.join(s.base, 'Notes/Plain.md'), 'utf8');
		await click(row(root, 'Notes/Plain.md').querySelector('[data-action="mark"]'), s);
		expect(shown(root)).toEqual([
			{ session: 'Session bbbbbbbb (1)', notes: ['Inbox/Idea.md | Inbox · MultiEdit'] },
			{ session: 'Session aaaaaaaa (1)', notes: ['Notes/Flagged.md | Notes · Write'] },
		]);
		expect(marksFile(s)).toMatchObject({ notes: { 'Notes/Plain.md': THREE[4]?.at } });
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plain.md'), 'utf8')).toBe(before);
		// A later edit by an agent shows it again.
		fs.appendFileSync(path.join(s.pluginDir, JOURNAL_FILE), encodeRecord(rec('Notes/Plain.md', 'cccccccc', ago(0), 'Edit')) ?? '');
		await store(s).refresh();
		expect(shown(root)[0]).toEqual({ session: 'Session cccccccc (1)', notes: ['Notes/Plain.md | Notes · Edit'] });
	});

	it('marks a session reviewed, and all with a confirmation and Undo', async () => {
		const s = await start(THREE);
		const root = await openReviewView(s);
		const second = section(root).querySelectorAll('.session-brief-agent-session')[1];
		await click(second?.querySelector('[data-action="mark-session"]') ?? null, s);
		expect(shown(root).map((g) => g.session)).toEqual(['Session bbbbbbbb (2)']);
		expect(marksFile(s)).toMatchObject({ sessions: { 'aaaaaaaa-1111': THREE[1]?.at } });
		// Mark all: asks first; Cancel changes nothing.
		await click(section(root).querySelector('.session-brief-agents-header [data-action="mark-all"]'), s);
		const modal = Modal.open.at(-1);
		expect(modal?.contentEl.textContent).toContain('Mark 2 notes changed by agents as reviewed?');
		Array.from(modal?.contentEl.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Cancel')?.click();
		await settle(s.app);
		expect(shown(root).length).toBe(1);
		await click(section(root).querySelector('.session-brief-agents-header [data-action="mark-all"]'), s);
		await click(Array.from(Modal.open.at(-1)?.contentEl.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Mark all reviewed') ?? null, s);
		expect(shown(root)).toEqual([]);
		expect(section(root).querySelector('.session-brief-empty')?.textContent).toBe('Every change an agent made is reviewed.');
		expect(marksFile(s)).toMatchObject({ all: THREE[4]?.at });
		// The status bar drops the agent changes from its words once none waits.
		expect(s.stub.statusBarItems.find((e) => e.hasClass('session-brief-status'))?.textContent).toBe('7 to review');
		// Undo takes the mark for all back; the session's own mark stays.
		const notice = Notice.all.at(-1);
		expect(notice?.messageEl.textContent).toContain('Marked 2 notes changed by agents as reviewed.');
		await click(notice?.messageEl.querySelector('button.session-brief-undo') ?? null, s);
		expect(shown(root).map((g) => g.session)).toEqual(['Session bbbbbbbb (2)']);
		expect(marksFile(s)).toMatchObject({ all: null, sessions: { 'aaaaaaaa-1111': THREE[1]?.at } });
		expect(Notice.shown.at(-1)).toBe('The agent changes show again.');
	});

	it('follows a rename made in Obsidian and drops a deleted note', async () => {
		const s = await start(THREE);
		const root = await openReviewView(s);
		const plain = s.app.vault.getFileByPath('Notes/Plain.md');
		if (plain === null) throw new Error('no note');
		await s.app.vault.rename(plain, 'Archive/Renamed.md');
		await idle(s);
		expect(shown(root)[0]?.notes).toEqual(['Archive/Renamed.md | Archive · Write · 2 edits', 'Inbox/Idea.md | Inbox · MultiEdit']);
		const marks = marksFile(s) as { renames: Array<{ from: string; to: string }> };
		expect(marks.renames.map((r) => [r.from, r.to])).toEqual([['Notes/Plain.md', 'Archive/Renamed.md']]);
		// A rename of a note no agent changed is not written down.
		const other = s.app.vault.getFileByPath('Notes/Inline.md');
		if (other === null) throw new Error('no note');
		await s.app.vault.rename(other, 'Notes/Inline 2.md');
		await idle(s);
		expect((marksFile(s) as { renames: unknown[] }).renames.length).toBe(1);
		// Marking the renamed note marks it under its new name.
		await click(row(root, 'Archive/Renamed.md').querySelector('[data-action="mark"]'), s);
		expect(shown(root).flatMap((g) => g.notes).some((n) => n.startsWith('Archive/'))).toBe(false);
		expect(marksFile(s)).toMatchObject({ notes: { 'Archive/Renamed.md': THREE[4]?.at } });
		const idea = s.app.vault.getFileByPath('Inbox/Idea.md');
		if (idea === null) throw new Error('no note');
		await s.app.vault.delete(idea);
		await idle(s);
		expect(shown(root)).toEqual([{ session: 'Session aaaaaaaa (1)', notes: ['Notes/Flagged.md | Notes · Write'] }]);
	});

	it('the poll reads only what hooks appended, and a compacted journal whole; an idle tick reads nothing', async () => {
		const s = await start(THREE.slice(0, 2));
		const root = await openReviewView(s);
		const watch = (store(s) as unknown as { watch: { reads: number; records: JournalRecord[] } }).watch;
		const reads = watch.reads;
		await store(s).refresh();
		await store(s).refresh();
		expect(watch.reads).toBe(reads);
		const file = path.join(s.pluginDir, JOURNAL_FILE);
		const sizeBefore = fs.statSync(file).size;
		fs.appendFileSync(file, journalText(THREE.slice(2, 3)));
		await store(s).refresh();
		expect(shown(root).map((g) => g.session)).toEqual(['Session bbbbbbbb (1)', 'Session aaaaaaaa (2)']);
		expect(watch.records.length).toBe(3);
		// Read as a tail: a byte changed in the part already read is not seen...
		const text = fs.readFileSync(file, 'utf8');
		fs.writeFileSync(file, `${text.slice(0, 9)}X${text.slice(10)}${journalText(THREE.slice(3, 4))}`, { flag: 'r+' });
		expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore);
		await store(s).refresh();
		expect(watch.records.map((r) => r.path)).toEqual(['Notes/Plain.md', 'Notes/Flagged.md', 'Inbox/Idea.md', 'Notes/Plain.md']);
		// ...while a compaction (a new file renamed over it) is read whole.
		const tmp = `${file}.tmp`;
		fs.writeFileSync(tmp, journalText(THREE.slice(2)));
		fs.renameSync(tmp, file);
		await store(s).refresh();
		expect(watch.records.map((r) => r.path)).toEqual(['Inbox/Idea.md', 'Notes/Plain.md', 'Notes/Plain.md']);
		expect(shown(root).map((g) => g.session)).toEqual(['Session bbbbbbbb (2)']);
		// A journal removed altogether empties the section.
		fs.rmSync(file);
		await store(s).refresh();
		expect(section(root).hasClass('session-brief-hidden')).toBe(true);
	});

	it('the registered poll picks up a new journal line while Obsidian runs, and stops when the plugin unloads', async () => {
		const s = await start(THREE.slice(0, 1));
		const root = await openReviewView(s);
		expect(shown(root).map((g) => g.session)).toEqual(['Session aaaaaaaa (1)']);
		fs.appendFileSync(path.join(s.pluginDir, JOURNAL_FILE), journalText(THREE.slice(2, 3)));
		const { POLL_MS } = await import('../../../src/plugin/review/agent-changes');
		await vi.waitFor(() => expect(shown(root).map((g) => g.session)).toEqual(['Session bbbbbbbb (1)', 'Session aaaaaaaa (1)']), { timeout: HANG_MS, interval: 100 });
		const watch = (store(s) as unknown as { watch: { reads: number } }).watch;
		s.plugin.unload();
		const reads = watch.reads;
		fs.appendFileSync(path.join(s.pluginDir, JOURNAL_FILE), journalText(THREE.slice(3, 4)));
		await new Promise((r) => setTimeout(r, POLL_MS + 300));
		expect(watch.reads).toBe(reads);
	}, HANG_MS);

	it('speaks German when Obsidian does', async () => {
		languageState.value = 'de';
		const s = await start([rec('Notes/Plain.md', null, ago(HOUR), 'Edit')]);
		const root = await openReviewView(s);
		expect(shown(root)).toEqual([{ session: 'Ohne Sitzungs-ID (1)', notes: ['Notes/Plain.md | Notes · Edit'] }]);
		expect(section(root).querySelector('.session-brief-agents-title')?.textContent).toBe('Von Agenten geändert');
		expect(row(root, 'Notes/Plain.md').querySelector('[data-action="mark"]')?.getAttribute('aria-label')).toBe('Als geprüft markieren');
		expect(s.stub.statusBarItems.find((e) => e.hasClass('session-brief-status'))?.textContent).toBe('7 zu prüfen · 1 Agentenänderung ungeprüft');
	});

	it('the status bar counts again when the journal, the language or a setting moves, not at every index change', async () => {
		const s = await start(THREE);
		const bar = s.stub.statusBarItems.find((e) => e.hasClass('session-brief-status'));
		expect(bar?.textContent).toBe('7 to review · 3 agent changes unreviewed');
		const count = vi.spyOn(store(s), 'count');
		const plain = s.app.vault.getFileByPath('Notes/Plain.md');
		if (plain === null) throw new Error('no note');
		await s.app.vault.modify(plain, 'Plain, edited by the human #needs-review\n');
		await settle(s.app);
		expect(count).not.toHaveBeenCalled();
		await s.plugin.updateSettings({ ...s.plugin.settings, language: 'de' });
		expect(count).toHaveBeenCalled();
		expect(bar?.textContent).toBe('8 zu prüfen · 3 Agentenänderungen ungeprüft');
		await s.plugin.updateSettings({ ...s.plugin.settings, showStatusBar: false });
		expect(bar?.hasClass('session-brief-hidden')).toBe(true);
	});

	it('leaves out notes in excluded folders and files that are no notes, as the bridge does', async () => {
		const s = await start([rec('Import/Old.md', 's1', ago(HOUR)), rec('Notes/Gone.md', 's1', ago(HOUR)), rec('Notes/Plain.md', 's1', ago(HOUR))]);
		const root = await openReviewView(s);
		expect(shown(root)).toEqual([{ session: 'Session s1 (1)', notes: ['Notes/Plain.md | Notes · Write'] }]);
	});
});
