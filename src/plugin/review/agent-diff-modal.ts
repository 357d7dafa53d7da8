/**
 * The diff view of an agent's change (docs/design.md, "Reviewing what agents changed"), with Accept
 * and Revert. The diff library comes in by a dynamic import when the view opens, so Obsidian's
 * start never runs it.
 */
import { Modal, Notice, type App } from 'obsidian';
import type { DiffLine } from '../../core/trail/change-diff';
import { propertyChanges, splitNote, type PropertyChange } from '../../core/trail/change-review';
import type { Lang } from '../../core/i18n';
import { sizesText } from '../../core/trail/line-counts';
import { utf8Length } from '../../core/text-bytes';
import { basename } from '../../core/notes/paths';
import type { AgentChanges } from './agent-changes';
import { agentDiffStrings, type AgentDiffStrings } from './agent-diff-strings';
import { AgentReview, type ChangeRef, type LeftAlone, type LoadedChange, type Undo } from './agent-review';
import { ConfirmModal } from '../confirm-modal';

/** How long the notice with Undo stays, as for *Mark all reviewed*. */
const UNDO_NOTICE_MS = 10_000;
/** Lines drawn at most; a larger diff says how many more there are. */
const MAX_LINES = 3000;

type DiffModule = typeof import('../../core/trail/change-diff');

function noteName(path: string): string {
	return basename(path).replace(/\.md$/, '');
}

/** One notice per note a revert or Undo left alone, naming it and why. */
export function leftAloneNotices(left: readonly LeftAlone[], s: AgentDiffStrings): void {
	for (const l of left) new Notice(s.leftAlone(noteName(l.path), l.reason));
}

/** A notice with an Undo button that runs `undo` once. */
export function undoNotice(message: string, undo: Undo, s: AgentDiffStrings, after?: () => void): void {
	const fragment = createFragment();
	fragment.createSpan({ text: message });
	const button = fragment.createEl('button', { cls: 'session-brief-undo', text: s.undo });
	const notice = new Notice(fragment, UNDO_NOTICE_MS);
	let done = false;
	button.addEventListener('click', (evt) => {
		evt.stopPropagation();
		notice.hide();
		if (done) return;
		done = true;
		void undo.run().then(
			(left) => {
				if (left.length === 0) new Notice(s.undone);
				leftAloneNotices(left, s);
				after?.();
			},
			(error: unknown) => new Notice(s.failed(error instanceof Error ? error.message : String(error))),
		);
	});
}

export class AgentDiffModal extends Modal {
	private readonly review: AgentReview;
	/** Resolves once the view is drawn (tests, and a second open while the first still loads). */
	ready: Promise<void> = Promise.resolve();

	constructor(
		app: App,
		private readonly store: AgentChanges,
		private readonly lang: () => Lang,
		private readonly ref: ChangeRef,
	) {
		super(app);
		this.review = new AgentReview(app, store);
	}

	private get s(): AgentDiffStrings {
		return agentDiffStrings(this.lang());
	}

	onOpen(): void {
		this.modalEl.addClass('session-brief-diff-modal');
		this.setTitle(this.s.title(noteName(this.ref.path)));
		this.ready = this.draw();
	}

	onClose(): void {
		this.contentEl.empty();
	}

	private async draw(): Promise<void> {
		const [change, diff] = await Promise.all([this.review.load(this.ref), import('../../core/trail/change-diff')]);
		const s = this.s;
		const el = this.contentEl;
		el.empty();
		el.addClass('session-brief-diff-content');
		const meta = el.createDiv({ cls: 'session-brief-diff-meta' });
		const who = [this.ref.session === null ? null : this.ref.session.slice(0, 8), this.ref.tool].filter((p): p is string => p !== null).join(' · ');
		meta.createSpan({ cls: 'session-brief-diff-path', text: this.ref.path });
		meta.createSpan({ cls: 'session-brief-diff-who', text: s.meta(who, new Date(this.ref.at).toLocaleString()) });
		const body = el.createDiv({ cls: 'session-brief-diff-body' });
		if (change.beforeText === null) {
			this.message(body, change.before?.state === 'too-large' ? s.tooLarge : s.notKept, 'is-warning');
		} else {
			const after = change.nowText ?? '';
			const counts = diff.lineCounts(change.beforeText, after);
			if (counts !== null) meta.createSpan({ cls: 'session-brief-diff-counts', text: s.counts(counts.added, counts.removed) });
			if (change.before?.state === 'new') this.message(body, s.newNote);
			else if (change.nowText === null) this.message(body, s.deletedNote);
			if (change.verdict === 'unchanged') this.message(body, s.noDifference);
			if (change.verdict === 'edited-since') {
				this.message(body, s.editedSince, 'is-warning');
			}
			this.renderChange(body, diff, change.beforeText, after);
		}
		this.buttons(el, change, diff);
	}

	private message(parent: HTMLElement, text: string, cls = ''): void {
		parent.createDiv({ cls: `session-brief-diff-message ${cls}`.trim(), text });
	}

	/** Properties first when both frontmatters read as YAML maps; then the body's lines. A large change (or a diff past its time limit): its sizes only. */
	private renderChange(parent: HTMLElement, diff: DiffModule, before: string, after: string): void {
		const large = (): void => this.message(parent, this.s.large(sizesText({ before: utf8Length(before), after: utf8Length(after) })), 'is-warning');
		const whole = diff.diffLinesOf(before, after);
		if (whole === null) return large();
		const props = propertyChanges(before, after);
		if (props === null) {
			this.renderLines(parent, diff, whole, 0, 0);
			return;
		}
		const a = splitNote(before);
		const b = splitNote(after);
		const body = diff.diffLinesOf(a.body, b.body);
		if (body === null) return large();
		if (props.length > 0) this.renderProperties(parent, props);
		this.renderLines(parent, diff, body, a.bodyLine, b.bodyLine);
	}

	private renderProperties(parent: HTMLElement, props: PropertyChange[]): void {
		const s = this.s;
		const box = parent.createDiv({ cls: 'session-brief-diff-props' });
		box.createDiv({ cls: 'session-brief-diff-heading', text: s.properties });
		const table = box.createEl('table');
		const head = table.createEl('thead').createEl('tr');
		for (const h of [s.property, s.before, s.now]) head.createEl('th', { text: h });
		const tbody = table.createEl('tbody');
		for (const p of props) {
			const kind = p.before === null ? 'mod-add' : p.after === null ? 'mod-del' : 'mod-change';
			const tr = tbody.createEl('tr', { cls: `session-brief-diff-prop ${kind}` });
			tr.createEl('td', { cls: 'session-brief-diff-prop-key', text: p.key });
			tr.createEl('td', { cls: 'session-brief-diff-prop-before', text: p.before ?? s.none });
			tr.createEl('td', { cls: 'session-brief-diff-prop-after', text: p.after ?? s.none });
		}
	}

	private renderLines(parent: HTMLElement, mod: DiffModule, lines: DiffLine[], oldOffset: number, newOffset: number): void {
		const s = this.s;
		const diff = parent.createDiv({ cls: 'session-brief-diff' });
		let drawn = 0;
		const hunks = mod.hunksOf(lines);
		for (const hunk of hunks) {
			if (hunk.skipped > 0) diff.createDiv({ cls: 'session-brief-diff-fold', text: `⋯ ${s.unchangedLines(hunk.skipped)}` });
			for (const line of hunk.lines) {
				if (drawn++ >= MAX_LINES) break;
				const row = diff.createDiv({ cls: `session-brief-diff-line mod-${line.kind}` });
				row.createSpan({ cls: 'session-brief-diff-num', text: line.oldNo === null ? '' : String(line.oldNo + oldOffset) });
				row.createSpan({ cls: 'session-brief-diff-num', text: line.newNo === null ? '' : String(line.newNo + newOffset) });
				row.createSpan({ cls: 'session-brief-diff-sign', text: line.kind === 'add' ? '+' : line.kind === 'del' ? '−' : ' ' });
				const textEl = row.createSpan({ cls: 'session-brief-diff-text' });
				if (line.words === undefined) textEl.setText(line.text);
				else for (const w of line.words) textEl.createSpan({ cls: w.changed ? 'session-brief-diff-word' : '', text: w.text });
			}
		}
		const total = hunks.reduce((n, h) => n + h.lines.length, 0);
		if (total > MAX_LINES) diff.createDiv({ cls: 'session-brief-diff-fold', text: `⋯ ${s.moreLines(total - MAX_LINES)}` });
	}

	private buttons(el: HTMLElement, change: LoadedChange, diff: DiffModule): void {
		const s = this.s;
		const bar = el.createDiv({ cls: 'modal-button-container session-brief-diff-buttons' });
		if (change.verdict === 'edited-since') {
			const three = bar.createEl('button', { text: s.showThree, attr: { 'data-action': 'three' } });
			three.addEventListener('click', () => {
				three.remove();
				this.renderThree(change, diff);
			});
		}
		const revert = bar.createEl('button', { cls: 'mod-warning', text: s.revert, attr: { 'data-action': 'revert' } });
		if (change.verdict !== 'ok') revert.disabled = true;
		revert.addEventListener('click', () => this.confirmRevert());
		const accept = bar.createEl('button', { cls: 'mod-cta', text: s.accept, attr: { 'data-action': 'accept' } });
		accept.addEventListener('click', () => void this.accept());
	}

	/** Before → what the agent left, and what the agent left → now. */
	private renderThree(change: LoadedChange, diff: DiffModule): void {
		const s = this.s;
		const body = this.contentEl.querySelector<HTMLElement>('.session-brief-diff-body');
		if (body === null) return;
		body.empty();
		this.message(body, s.editedSince, 'is-warning');
		const before = change.beforeText ?? '';
		const now = change.nowText ?? '';
		if (change.afterText === null) {
			this.renderChange(body, diff, before, now);
			return;
		}
		body.createDiv({ cls: 'session-brief-diff-heading', text: s.agentsChange });
		this.renderChange(body, diff, before, change.afterText);
		body.createDiv({ cls: 'session-brief-diff-heading', text: s.changedSince });
		this.renderChange(body, diff, change.afterText, now);
	}

	private async accept(): Promise<void> {
		const s = this.s;
		try {
			const undo = await this.review.accept(this.ref);
			this.close();
			undoNotice(s.accepted, undo, s);
		} catch (error) {
			new Notice(s.failed(error instanceof Error ? error.message : String(error)));
		}
	}

	private confirmRevert(): void {
		const s = this.s;
		new ConfirmModal(this.app, {
			title: s.revert,
			message: s.confirmRevert(noteName(this.ref.path)),
			confirm: s.revert,
			cancel: s.close,
			onConfirm: () => void this.revert(),
		}).open();
	}

	private async revert(): Promise<void> {
		const s = this.s;
		try {
			const result = await this.review.revert([this.ref]);
			this.close();
			if (result.left.length > 0) {
				leftAloneNotices(result.left, s);
				return;
			}
			if (result.reverted === 0) {
				// Edited in the moment between the view and the confirmation: shown again with the reason.
				new AgentDiffModal(this.app, this.store, this.lang, this.ref).open();
				return;
			}
			undoNotice(s.reverted(result.reverted, result.skipped), result.undo, s);
		} catch (error) {
			new Notice(s.failed(error instanceof Error ? error.message : String(error)));
		}
	}
}
