/**
 * Reviewing agent changes like a pull request, in the stand-in: the before-versions the hooks keep
 * (written here through the same module, src/node/review/before-versions.ts), the diff view opened from a
 * row of *Changed by agents* and from a note's own menu, Accept (the row goes, Undo brings it
 * back), Revert (the exact bytes back, refused when the note was edited since, Undo), for an
 * agent's Edit, Write, shell edit, new note and deleted note.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE } from '../../../src/core/trail/agent-journal';
import { sizesText } from '../../../src/core/trail/line-counts';
import { sha256 } from '../../../src/node/review/sha256';
import { keepBeforeVersion, readBeforeVersion, recordAfter } from '../../../src/node/review/before-versions';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { AgentDiffModal } from '../../../src/plugin/review/agent-diff-modal';
import { Menu, Modal, Notice } from '../../../stand-in/obsidian';
import { HANG_MS } from '../../helpers/patience';
import { FIXTURE } from '../fixture';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function store(s: Started): AgentChanges {
	return (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
}

interface AgentEdit {
	rel: string;
	session: string;
	tool: string;
	/** The note as the agent leaves it; null: deleted. */
	after: Buffer | string | null;
	/** Whether a post-tool hook saw the edit (edit tools: yes; a shell command: no). */
	post: boolean;
}

/** What the hooks do around an agent's change: the before-version, the change, the after-hash, the journal record. */
function agentEdit(base: string, pluginDir: string, e: AgentEdit): void {
	const place = { root: base, pluginDir };
	keepBeforeVersion(place, e.rel, e.session, e.tool, new Date(Date.now() - 1000));
	const file = path.join(base, ...e.rel.split('/'));
	if (e.after === null) fs.rmSync(file);
	else {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, e.after);
	}
	const at = new Date();
	if (e.post) recordAfter(place, e.rel, e.session, at, sha256);
	fs.appendFileSync(path.join(pluginDir, JOURNAL_FILE), encodeRecord({ path: e.rel, tool: e.tool, session: e.session, at: at.toISOString() }) ?? '');
}

async function start(files: Record<string, string | Buffer>, edits: AgentEdit[]): Promise<Started> {
	const base = tempVault({ ...FIXTURE });
	for (const [rel, data] of Object.entries(files)) {
		const file = path.join(base, ...rel.split('/'));
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, data);
	}
	const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	for (const e of edits) agentEdit(base, pluginDir, e);
	started = await startPlugin(base);
	await store(started).refresh();
	return started;
}

function row(root: HTMLElement, p: string): HTMLElement | null {
	return root.querySelector<HTMLElement>(`.session-brief-agent-note[data-path="${p}"]`);
}

async function openDiff(s: Started, root: HTMLElement, p: string): Promise<AgentDiffModal> {
	const r = row(root, p);
	if (r === null) throw new Error(`no row ${p}`);
	r.querySelector<HTMLElement>('[data-action="diff"]')?.click();
	const modal: unknown = Modal.open[Modal.open.length - 1];
	if (!(modal instanceof AgentDiffModal)) throw new Error('no diff view');
	await modal.ready;
	await settle(s.app);
	return modal;
}

async function openDirect(s: Started, ref: { path: string; session: string; tool: string }): Promise<AgentDiffModal> {
	const modal = new AgentDiffModal(s.app as never, store(s), () => 'en', { ...ref, at: new Date().toISOString() });
	modal.open();
	await modal.ready;
	return modal;
}

/** The diff as text: `+`, `-` or ` ` and the line, with changed words in [brackets]. */
/** What the helpers read of a view (the real modal type and the stand-in's differ in `app`). */
interface Shown {
	contentEl: HTMLElement;
}

function lines(modal: Shown): string[] {
	return Array.from(modal.contentEl.querySelectorAll<HTMLElement>('.session-brief-diff-line')).map((l) => {
		const sign = l.hasClass('mod-add') ? '+' : l.hasClass('mod-del') ? '-' : ' ';
		const text = Array.from(l.querySelector('.session-brief-diff-text')?.childNodes ?? [])
			.map((n) => ((n as HTMLElement).hasClass?.('session-brief-diff-word') === true ? `[${n.textContent ?? ''}]` : (n.textContent ?? '')))
			.join('');
		return `${sign}${text}`;
	});
}

function button(modal: Shown, action: string): HTMLButtonElement {
	const b = modal.contentEl.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
	if (b === null) throw new Error(`no ${action} button`);
	return b;
}

function text(modal: Shown): string {
	return modal.contentEl.textContent ?? '';
}

/** Runs `act` and waits for the notice it ends with, then for the writes after it. */
async function untilNotice(s: Started, act: () => void): Promise<void> {
	const notices = Notice.all.length;
	act();
	// Waited for in real time: the revert hashes through crypto.subtle and writes through fs's
	// thread pool, which a loaded machine runs late.
	const deadline = Date.now() + HANG_MS;
	while (Notice.all.length === notices && Date.now() < deadline) {
		await idle(s);
		await new Promise((r) => setTimeout(r, 5));
	}
	await idle(s);
}

/** Clicks the confirmation's confirming button and waits for the revert. */
async function confirm(s: Started): Promise<void> {
	const dialog = Modal.open[Modal.open.length - 1];
	const buttons = Array.from(dialog?.contentEl.querySelectorAll('button') ?? []);
	await untilNotice(s, () => (buttons[buttons.length - 1] as HTMLButtonElement).click());
}

async function idle(s: Started): Promise<void> {
	for (let i = 0; i < 5; i++) {
		await settle(s.app);
		const inner = store(s) as unknown as { queue: Promise<unknown> };
		await inner.queue;
		// A revert and its undo record the human's write (a file write) before they change the note.
		await store(s).humanWrites?.flush();
	}
}

async function undoLast(s: Started): Promise<void> {
	const notice = Notice.all[Notice.all.length - 1];
	await untilNotice(s, () => notice?.messageEl.querySelector<HTMLButtonElement>('.session-brief-undo')?.click());
}

const EDIT_BEFORE = '---\nstatus: draft\ntags: [a]\n---\n# Plan\n\nline one\nthe quick brown fox jumps\nline three\n';
const EDIT_AFTER = '---\nstatus: done\ntags: [a]\nowner: me\n---\n# Plan\n\nline one\nthe quick red fox jumps\nline three\nline four\n';

describe('the diff view of an agent change', () => {
	it("shows an Edit line by line, the changed words inside, and the frontmatter's changes as properties", async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-edit-1', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const root = await openReviewView(s);
		const modal = await openDiff(s, root, 'Notes/Plan.md');
		expect(modal.titleEl.textContent).toBe('Changes by agents: Plan');
		const props = Array.from(modal.contentEl.querySelectorAll('.session-brief-diff-prop')).map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
		expect(props).toEqual([
			['status', 'draft', 'done'],
			['owner', '(none)', 'me'],
		]);
		expect(lines(modal)).toEqual([' # Plan', ' ', ' line one', '-the quick [brown] fox jumps', '+the quick [red] fox jumps', ' line three', '+line four']);
		// Counted over the whole text, as the command line and the brief count it.
		expect(modal.contentEl.querySelector('.session-brief-diff-counts')?.textContent).toBe('+4 −2');
		// Line numbers are the note's own, the frontmatter counted.
		const first = modal.contentEl.querySelector('.session-brief-diff-line .session-brief-diff-num');
		expect(first?.textContent).toBe('5');
		expect(button(modal, 'revert').disabled).toBe(false);
	});

	it('shows a Write, a shell edit, a new note and a deleted note each with its own diff', async () => {
		const s = await start(
			{ 'Notes/Whole.md': 'old one\nold two\n', 'Notes/Shell.md': 'alpha\nbeta\ngamma\n', 'Notes/Gone.md': 'keep me\nplease\n' },
			[
				{ rel: 'Notes/Whole.md', session: 'sess-2', tool: 'Write', after: 'new one\n', post: true },
				{ rel: 'Notes/Shell.md', session: 'sess-2', tool: 'Bash', after: 'alpha\nBETA\ngamma\n', post: false },
				{ rel: 'Notes/Fresh.md', session: 'sess-2', tool: 'Write', after: 'brand\nnew\n', post: true },
				{ rel: 'Notes/Gone.md', session: 'sess-2', tool: 'Bash', after: null, post: false },
			],
		);
		const root = await openReviewView(s);
		expect(lines(await openDiff(s, root, 'Notes/Whole.md'))).toEqual(['-[old] one', '-old two', '+[new] one']);
		expect(lines(await openDiff(s, root, 'Notes/Shell.md'))).toEqual([' alpha', '-beta', '+BETA', ' gamma']);
		const fresh = await openDiff(s, root, 'Notes/Fresh.md');
		expect(lines(fresh)).toEqual(['+brand', '+new']);
		expect(text(fresh)).toContain('A new note');
		// A deleted note has no row in the sidebar's list of existing notes; its view opens all the same.
		const gone = await openDirect(s, { path: 'Notes/Gone.md', session: 'sess-2', tool: 'Bash' });
		expect(lines(gone)).toEqual(['-keep me', '-please']);
		expect(text(gone)).toContain('The agent deleted this note');
		expect(button(gone, 'revert').disabled).toBe(false);
	});

	it('says "before-version not kept" when no hook kept one, and offers no revert', async () => {
		const base = tempVault({ ...FIXTURE });
		const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
		fs.mkdirSync(pluginDir, { recursive: true });
		fs.writeFileSync(path.join(pluginDir, JOURNAL_FILE), encodeRecord({ path: 'Notes/Plain.md', tool: 'Edit', session: 's-none', at: new Date().toISOString() }) ?? '');
		started = await startPlugin(base);
		await store(started).refresh();
		const root = await openReviewView(started);
		const modal = await openDiff(started, root, 'Notes/Plain.md');
		expect(text(modal)).toContain('Before-version not kept');
		expect(lines(modal)).toEqual([]);
		expect(button(modal, 'revert').disabled).toBe(true);
		expect(button(modal, 'accept').disabled).toBe(false);
	});

	it('names a change past the line cap by its sizes and draws no diff, so a 1 MB rewrite cannot freeze Obsidian; a one-line edit of 1 MB is drawn', async () => {
		const big = Array.from({ length: 40_000 }, (_, i) => `line ${i} of a long note\n`).join('');
		const rewritten = big.replace(/^line (\d*[02468]) /gm, 'rewritten $1 ');
		const one = big.replace('line 20000 of', 'the one changed line of');
		const s = await start({ 'Notes/Big.md': big, 'Notes/One.md': big }, [
			{ rel: 'Notes/Big.md', session: 'sess-big', tool: 'Write', after: rewritten, post: true },
			{ rel: 'Notes/One.md', session: 'sess-big', tool: 'Edit', after: one, post: true },
		]);
		const modal = await openDirect(s, { path: 'Notes/Big.md', session: 'sess-big', tool: 'Write' });
		expect(text(modal)).toContain(`A large change (${sizesText({ before: big.length, after: rewritten.length })}): more than 2000 lines differ`);
		expect(lines(modal)).toEqual([]);
		expect(modal.contentEl.querySelector('.session-brief-diff-counts')).toBeNull();
		expect(button(modal, 'revert').disabled).toBe(false);
		const small = await openDirect(s, { path: 'Notes/One.md', session: 'sess-big', tool: 'Edit' });
		expect(small.contentEl.querySelector('.session-brief-diff-counts')?.textContent).toBe('+1 −1');
		expect(lines(small).filter((l) => !l.startsWith(' ')).map((l) => l.replace(/[[\]]/g, ''))).toEqual(['-line 20000 of a long note', '+the one changed line of a long note']);
	}, 120_000);
});

describe('accept and revert', () => {
	it('Accept marks the change reviewed (the row goes, the before-version with it); Undo brings both back', async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-a', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const place = { root: s.base, pluginDir: s.pluginDir };
		const root = await openReviewView(s);
		const modal = await openDiff(s, root, 'Notes/Plan.md');
		await untilNotice(s, () => button(modal, 'accept').click());
		expect(Modal.open as unknown[]).not.toContain(modal);
		expect(row(root, 'Notes/Plan.md')).toBeNull();
		expect(readBeforeVersion(place, 'Notes/Plan.md', 'sess-a')).toBeNull();
		expect(Notice.shown).toContain('Change accepted: marked as reviewed.Undo');
		await undoLast(s);
		expect(row(root, 'Notes/Plan.md')).not.toBeNull();
		expect(readBeforeVersion(place, 'Notes/Plan.md', 'sess-a')?.bytes?.toString('utf8')).toBe(EDIT_BEFORE);
		// The note itself was never touched.
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(EDIT_AFTER);
	});

	it('Revert puts back the exact bytes after a confirmation, marks the change reviewed, and Undo restores the agent’s bytes', async () => {
		// A byte-order mark, Windows line ends, a non-ASCII letter and a byte that is no UTF-8: all back as they were.
		const original = Buffer.concat([Buffer.from('\uFEFF# Café\r\nline\r\n', 'utf8'), Buffer.from([0xff, 0x0a])]);
		const agents = Buffer.from('# Café\nrewritten\n', 'utf8');
		const s = await start({ 'Notes/Bytes.md': original }, [{ rel: 'Notes/Bytes.md', session: 'sess-r', tool: 'Write', after: agents, post: true }]);
		const file = path.join(s.base, 'Notes/Bytes.md');
		const root = await openReviewView(s);
		const modal = await openDiff(s, root, 'Notes/Bytes.md');
		button(modal, 'revert').click();
		// Nothing happens before the confirmation.
		expect(fs.readFileSync(file).equals(agents)).toBe(true);
		expect(Modal.open[Modal.open.length - 1]?.contentEl.textContent).toContain('Put Bytes back as it was');
		await confirm(s);
		expect(fs.readFileSync(file).equals(original)).toBe(true);
		expect(row(root, 'Notes/Bytes.md')).toBeNull();
		expect(Notice.shown.some((t) => t.startsWith('Reverted 1 note.'))).toBe(true);
		await undoLast(s);
		expect(fs.readFileSync(file).equals(agents)).toBe(true);
		expect(row(root, 'Notes/Bytes.md')).not.toBeNull();
	});

	it('refuses to revert a note edited since the agent’s edit, says so, and shows the three versions instead', async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-h', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const file = s.app.vault.getFileByPath('Notes/Plan.md');
		if (file === null) throw new Error('no note');
		const human = `${EDIT_AFTER}my own line\n`;
		await s.app.vault.modify(file, human);
		const root = await openReviewView(s);
		const modal = await openDiff(s, root, 'Notes/Plan.md');
		expect(text(modal)).toContain('This note was changed after the agent’s last edit');
		expect(button(modal, 'revert').disabled).toBe(true);
		button(modal, 'three').click();
		const headings = Array.from(modal.contentEl.querySelectorAll('.session-brief-diff-heading')).map((h) => h.textContent);
		expect(headings).toContain('The agent’s change (before → agent)');
		expect(headings).toContain('Changed since (agent → now)');
		expect(lines(modal)).toContain('+my own line');
		// Asked directly (the confirmation raced with an edit), the revert skips it and changes nothing.
		const { AgentReview } = await import('../../../src/plugin/review/agent-review');
		const result = await new AgentReview(s.app as never, store(s)).revert([{ path: 'Notes/Plan.md', session: 'sess-h', at: new Date().toISOString(), tool: 'Edit' }]);
		expect(result).toMatchObject({ reverted: 0, skipped: 1 });
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(human);
	});

	it('reverts a new note by removing it and a deleted one by creating it again; Undo takes both back', async () => {
		const s = await start({ 'Notes/Gone.md': 'keep me\n' }, [
			{ rel: 'Notes/Fresh.md', session: 'sess-n', tool: 'Write', after: 'brand new\n', post: true },
			{ rel: 'Notes/Gone.md', session: 'sess-n', tool: 'Bash', after: null, post: false },
		]);
		const { AgentReview } = await import('../../../src/plugin/review/agent-review');
		const review = new AgentReview(s.app as never, store(s));
		const at = new Date().toISOString();
		const result = await review.revert([
			{ path: 'Notes/Fresh.md', session: 'sess-n', at, tool: 'Write' },
			{ path: 'Notes/Gone.md', session: 'sess-n', at, tool: 'Bash' },
		]);
		expect(result).toMatchObject({ reverted: 2, skipped: 0 });
		expect(fs.existsSync(path.join(s.base, 'Notes/Fresh.md'))).toBe(false);
		expect(fs.readFileSync(path.join(s.base, 'Notes/Gone.md'), 'utf8')).toBe('keep me\n');
		await result.undo.run();
		expect(fs.readFileSync(path.join(s.base, 'Notes/Fresh.md'), 'utf8')).toBe('brand new\n');
		expect(fs.existsSync(path.join(s.base, 'Notes/Gone.md'))).toBe(false);
	});

	it("reverts a session's changes from its menu, leaving the ones edited since", async () => {
		const s = await start({ 'Notes/One.md': 'one\n', 'Notes/Two.md': 'two\n' }, [
			{ rel: 'Notes/One.md', session: 'sess-m', tool: 'Edit', after: 'ONE\n', post: true },
			{ rel: 'Notes/Two.md', session: 'sess-m', tool: 'Edit', after: 'TWO\n', post: true },
		]);
		const two = s.app.vault.getFileByPath('Notes/Two.md');
		if (two === null) throw new Error('no note');
		await s.app.vault.modify(two, 'TWO and mine\n');
		const root = await openReviewView(s);
		const session = root.querySelector<HTMLElement>('.session-brief-agent-session');
		session?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ContextMenu', bubbles: true }));
		await settle(s.app);
		const item = Menu.last?.items.find((i) => i.title === 'Revert the session’s changes…');
		expect(item).toBeDefined();
		item?.handler?.();
		await confirm(s);
		expect(fs.readFileSync(path.join(s.base, 'Notes/One.md'), 'utf8')).toBe('one\n');
		expect(fs.readFileSync(path.join(s.base, 'Notes/Two.md'), 'utf8')).toBe('TWO and mine\n');
		expect(Notice.shown.some((t) => t.startsWith('Reverted 1 note; 1 note was left as it was'))).toBe(true);
	});

	it("offers the diff in the note's own menu while it has an unreviewed agent change", async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-f', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const menu = new Menu();
		s.app.workspace.trigger('file-menu', menu, s.app.vault.getFileByPath('Notes/Plan.md'), 'file-explorer');
		expect(menu.items.map((i) => i.title)).toContain('Show changes by agents');
		const other = new Menu();
		s.app.workspace.trigger('file-menu', other, s.app.vault.getFileByPath('Notes/Plain.md'), 'file-explorer');
		expect(other.items.map((i) => i.title)).not.toContain('Show changes by agents');
		menu.items.find((i) => i.title === 'Show changes by agents')?.handler?.();
		const modal = Modal.open[Modal.open.length - 1] as unknown as AgentDiffModal;
		await modal.ready;
		expect(lines(modal)).toContain('+line four');
	});

	it('lets go of the before-versions of reviewed changes at its start, and keeps the rest', async () => {
		const base = tempVault({ ...FIXTURE, 'Notes/Done.md': 'done\n', 'Notes/Open.md': 'open\n', 'Notes/Unjournaled.md': 'x\n' });
		const pluginDir = path.join(base, '.obsidian', 'plugins', 'session-brief');
		fs.mkdirSync(pluginDir, { recursive: true });
		agentEdit(base, pluginDir, { rel: 'Notes/Done.md', session: 'sess-p', tool: 'Edit', after: 'DONE\n', post: true });
		agentEdit(base, pluginDir, { rel: 'Notes/Open.md', session: 'sess-p', tool: 'Edit', after: 'OPEN\n', post: true });
		// A shell command's before-version whose change the journal has not recorded yet (the session's end records it).
		keepBeforeVersion({ root: base, pluginDir }, 'Notes/Unjournaled.md', 'sess-p', 'Bash', new Date());
		fs.writeFileSync(path.join(pluginDir, 'agent-review.json'), JSON.stringify({ all: null, sessions: {}, notes: { 'Notes/Done.md': new Date(Date.now() + 60_000).toISOString() }, renames: [] }));
		started = await startPlugin(base);
		await idle(started);
		await store(started).refresh();
		await idle(started);
		const place = { root: base, pluginDir };
		expect(readBeforeVersion(place, 'Notes/Done.md', 'sess-p')).toBeNull();
		expect(readBeforeVersion(place, 'Notes/Open.md', 'sess-p')?.state).toBe('kept');
		expect(readBeforeVersion(place, 'Notes/Unjournaled.md', 'sess-p')?.state).toBe('kept');
	});

	it("accepts a session's changes from its check mark, with Undo", async () => {
		const s = await start({ 'Notes/One.md': 'one\n', 'Notes/Two.md': 'two\n' }, [
			{ rel: 'Notes/One.md', session: 'sess-u', tool: 'Edit', after: 'ONE\n', post: true },
			{ rel: 'Notes/Two.md', session: 'sess-u', tool: 'Edit', after: 'TWO\n', post: true },
		]);
		const root = await openReviewView(s);
		await untilNotice(s, () => root.querySelector<HTMLElement>('.session-brief-agent-session [data-action="mark-session"]')?.click());
		expect(row(root, 'Notes/One.md')).toBeNull();
		expect(Notice.shown).toContain("The session's changes (2 notes) are marked as reviewed.Undo");
		await undoLast(s);
		expect(row(root, 'Notes/One.md')).not.toBeNull();
		expect(row(root, 'Notes/Two.md')).not.toBeNull();
	});
});

describe('revert and Undo never lose the human’s text', () => {
	const ref = (p: string, session: string) => ({ path: p, session, at: new Date().toISOString(), tool: 'Edit' });
	const review = async (s: Started) => {
		const { AgentReview } = await import('../../../src/plugin/review/agent-review');
		return new AgentReview(s.app as never, store(s));
	};

	it('a save landing between the check and the write is kept: the revert checks the note again inside its write', async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-w', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const file = s.app.vault.getFileByPath('Notes/Plan.md');
		if (file === null) throw new Error('no note');
		const human = `${EDIT_AFTER}typed and saved in the moment\n`;
		// The editor's save lands right after the revert has read the note for its check.
		const readBinary = s.app.vault.readBinary.bind(s.app.vault);
		let landed = false;
		s.app.vault.readBinary = async (f) => {
			const bytes = await readBinary(f);
			if (!landed && f.path === 'Notes/Plan.md') {
				landed = true;
				fs.writeFileSync(path.join(s.base, 'Notes/Plan.md'), human);
			}
			return bytes;
		};
		const result = await (await review(s)).revert([ref('Notes/Plan.md', 'sess-w')]);
		expect(landed).toBe(true);
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(human);
		expect(result).toMatchObject({ reverted: 0, left: [{ path: 'Notes/Plan.md', reason: 'changed' }] });
	});

	it('refuses while an open editor holds unsaved typing, names the note, and leaves file and typing alone', async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-e', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const file = s.app.vault.getFileByPath('Notes/Plan.md');
		if (file === null) throw new Error('no note');
		const editor = s.app.workspace.openInEditor(file);
		editor.type('half a sentence');
		const root = await openReviewView(s);
		const modal = await openDiff(s, root, 'Notes/Plan.md');
		button(modal, 'revert').click();
		await confirm(s);
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(EDIT_AFTER);
		expect(editor.editor.getValue()).toBe(`${EDIT_AFTER}half a sentence`);
		expect(Notice.shown).toContain('Plan has unsaved changes in an open editor, so it was left as it is. Let the editor save (or close the note), then try again.');
		// Once saved, the note is no longer what the agent left: the revert is refused as an edit since.
		await editor.save();
		const again = await (await review(s)).revert([ref('Notes/Plan.md', 'sess-e')]);
		expect(again.reverted).toBe(0);
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(`${EDIT_AFTER}half a sentence`);
	});

	it('an open editor without unsaved typing does not stop the revert, and shows the reverted text', async () => {
		const s = await start({ 'Notes/Plan.md': EDIT_BEFORE }, [{ rel: 'Notes/Plan.md', session: 'sess-o', tool: 'Edit', after: EDIT_AFTER, post: true }]);
		const file = s.app.vault.getFileByPath('Notes/Plan.md');
		if (file === null) throw new Error('no note');
		const editor = s.app.workspace.openInEditor(file);
		const result = await (await review(s)).revert([ref('Notes/Plan.md', 'sess-o')]);
		expect(result).toMatchObject({ reverted: 1, left: [] });
		expect(fs.readFileSync(path.join(s.base, 'Notes/Plan.md'), 'utf8')).toBe(EDIT_BEFORE);
		expect(editor.editor.getValue()).toBe(EDIT_BEFORE);
	});

	it('an editor that holds a note with Windows line ends as \\n is not taken for unsaved typing', async () => {
		const s = await start({ 'Notes/Crlf.md': 'one\r\ntwo\r\n' }, [{ rel: 'Notes/Crlf.md', session: 'sess-c', tool: 'Edit', after: 'one\r\nTWO\r\n', post: true }]);
		const file = s.app.vault.getFileByPath('Notes/Crlf.md');
		if (file === null) throw new Error('no note');
		s.app.workspace.openInEditor(file).editor.setValue('one\nTWO\n');
		const result = await (await review(s)).revert([ref('Notes/Crlf.md', 'sess-c')]);
		expect(result).toMatchObject({ reverted: 1, left: [] });
		expect(fs.readFileSync(path.join(s.base, 'Notes/Crlf.md'), 'utf8')).toBe('one\r\ntwo\r\n');
	});

	it('Undo refuses when the note changed after the revert, or an editor holds unsaved typing, and names it', async () => {
		const s = await start({ 'Notes/One.md': 'one\n', 'Notes/Two.md': 'two\n', 'Notes/Three.md': 'three\n' }, [
			{ rel: 'Notes/One.md', session: 'sess-u', tool: 'Edit', after: 'ONE\n', post: true },
			{ rel: 'Notes/Two.md', session: 'sess-u', tool: 'Edit', after: 'TWO\n', post: true },
			{ rel: 'Notes/Three.md', session: 'sess-u', tool: 'Edit', after: 'THREE\n', post: true },
		]);
		const result = await (await review(s)).revert([ref('Notes/One.md', 'sess-u'), ref('Notes/Two.md', 'sess-u'), ref('Notes/Three.md', 'sess-u')]);
		expect(result.reverted).toBe(3);
		const one = s.app.vault.getFileByPath('Notes/One.md');
		const two = s.app.vault.getFileByPath('Notes/Two.md');
		if (one === null || two === null) throw new Error('no note');
		await s.app.vault.modify(one, 'one, and more of mine\n');
		s.app.workspace.openInEditor(two).type(' typing');
		const left = await result.undo.run();
		expect(left).toEqual([
			{ path: 'Notes/Two.md', reason: 'unsaved' },
			{ path: 'Notes/One.md', reason: 'changed' },
		]);
		expect(fs.readFileSync(path.join(s.base, 'Notes/One.md'), 'utf8')).toBe('one, and more of mine\n');
		expect(fs.readFileSync(path.join(s.base, 'Notes/Two.md'), 'utf8')).toBe('two\n');
		// The note nobody touched gets the agent's text back.
		expect(fs.readFileSync(path.join(s.base, 'Notes/Three.md'), 'utf8')).toBe('THREE\n');
	});
});
