/**
 * What the sidebar does to a note: open it, reveal it, and *Mark as reviewed* (one note or a whole
 * section, with Undo). Edits go through
 * `FileManager.processFrontMatter` (properties) and `Vault.process` (inline tags), both atomic;
 * the text edits themselves are the core's (tag-edit.ts), which never touch code blocks.
 */
import { Notice, type App, type PaneType, type TFile } from 'obsidian';
import { itemDescriptor, type SectionId } from '../../core/brief/brief-items';
import type { TagHit } from '../../core/notes/note-facts';
import { addFrontmatterTag, removeFrontmatterTag, removeInlineTag } from '../../core/review/tag-edit';
import type { BriefService } from '../index/brief-service';
import type { NoteIndex } from '../index/note-index';
import { uiStrings, type UiStrings } from '../ui-strings';

export type { SectionId } from '../../core/brief/brief-items';

/** The file explorer's own reveal; not in the public API, so it is looked up and checked first. */
interface RevealingView {
	revealInFolder(file: TFile): void;
}

function canReveal(view: unknown): view is RevealingView {
	return typeof (view as Partial<RevealingView> | null)?.revealInFolder === 'function';
}

/** A note as it was before *Mark as reviewed* and as the edit left it. */
export interface NoteChange {
	path: string;
	before: string;
	after: string;
}

/**
 * What one *Mark as reviewed* changed, and its Undo: each note gets its old text back, byte for
 * byte, but only while it still holds exactly what the edit wrote; a note edited since is left
 * alone and named in a notice, so Undo never throws away the user's later work.
 */
export class MarkUndo {
	readonly changes: NoteChange[] = [];
	private done = false;

	constructor(
		private readonly app: App,
		private readonly s: UiStrings,
	) {}

	/** Shows `message` with an Undo button, for long enough to reach it. */
	notify(message: string): Notice {
		const fragment = createFragment();
		fragment.createSpan({ text: message });
		const button = fragment.createEl('button', { cls: 'session-brief-undo', text: this.s.undo });
		const notice = new Notice(fragment, UNDO_NOTICE_MS);
		button.addEventListener('click', (evt) => {
			evt.stopPropagation();
			notice.hide();
			void this.undo();
		});
		return notice;
	}

	/** Restores every note still as the edit left it; returns the paths left alone. */
	async undo(): Promise<string[]> {
		if (this.done) return [];
		this.done = true;
		const skipped: string[] = [];
		for (const change of this.changes) {
			const file = this.app.vault.getFileByPath(change.path);
			if (file === null) {
				skipped.push(change.path);
				continue;
			}
			let restored = false;
			await this.app.vault.process(file, (text) => {
				restored = text === change.after;
				return restored ? change.before : text;
			});
			if (!restored) skipped.push(change.path);
		}
		new Notice(skipped.length === 0 ? this.s.undone(this.changes.length) : this.s.undoSkipped(skipped.length));
		return skipped;
	}
}

/** How long the notice with Undo stays (Obsidian's default is 5 s, short for reaching a button). */
const UNDO_NOTICE_MS = 10_000;

function errorText(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
}

export class ReviewActions {
	constructor(
		private readonly app: App,
		private readonly service: BriefService,
		private readonly index: NoteIndex,
	) {}

	private get s() {
		return uiStrings(this.service.lang());
	}

	file(path: string): TFile | null {
		return this.app.vault.getFileByPath(path);
	}

	async open(path: string, newLeaf: PaneType | boolean): Promise<void> {
		const file = this.file(path);
		if (file !== null) await this.app.workspace.getLeaf(newLeaf).openFile(file);
	}

	/**
	 * A file explorer in a background tab is a deferred view (Obsidian 1.7.2 and later): its leaf is
	 * found, but `leaf.view` is a placeholder without `revealInFolder` until the leaf is loaded, which
	 * an awaited `revealLeaf` does (obsidian.d.ts; docs: *Understanding deferred views*).
	 */
	async reveal(path: string): Promise<void> {
		const file = this.file(path);
		const leaf = this.app.workspace.getLeavesOfType('file-explorer')[0];
		if (file === null || leaf === undefined) {
			new Notice(this.s.noExplorer);
			return;
		}
		await this.app.workspace.revealLeaf(leaf);
		await leaf.loadIfDeferred();
		const view = leaf.view;
		if (!canReveal(view)) {
			new Notice(this.s.noExplorer);
			return;
		}
		view.revealInFolder(file);
	}

	/** Which sections offer *Mark as reviewed* is the item's own (brief-items.ts). */
	static canMark(section: SectionId): boolean {
		return itemDescriptor(section).sidebar?.mark !== undefined;
	}

	/** Marks one note reviewed; the notice offers Undo. */
	async markReviewed(path: string, section: SectionId): Promise<MarkUndo> {
		const file = this.file(path);
		const undo = new MarkUndo(this.app, this.s);
		if (file === null || !ReviewActions.canMark(section)) return undo;
		const change = await this.markOne(file, section);
		const s = this.s;
		if (change === null) {
			new Notice(s.nothingToChange(file.basename));
			return undo;
		}
		undo.changes.push(change);
		undo.notify(s.marked(file.basename));
		// A `status` property equal to the tag flags the note too, and is not ours to change.
		if (this.marks(section) === 'removes' && this.hitsOf(path, section).some((h) => h.text.startsWith('status:'))) {
			new Notice(s.stillFlagged(file.basename));
		}
		return undo;
	}

	/** Marks every note of `paths` reviewed, one after another; one notice with Undo for all of them. */
	async markAll(paths: readonly string[], section: SectionId): Promise<MarkUndo> {
		const undo = new MarkUndo(this.app, this.s);
		if (!ReviewActions.canMark(section)) return undo;
		for (const path of paths) {
			const file = this.file(path);
			if (file === null) continue;
			const change = await this.markOne(file, section);
			if (change !== null) undo.changes.push(change);
		}
		if (undo.changes.length === 0) new Notice(this.s.nothingChanged);
		else undo.notify(this.s.markedAll(undo.changes.length));
		return undo;
	}

	/** One note's edit, with its exact text before and after (for Undo), or null when nothing changed. */
	private async markOne(file: TFile, section: SectionId): Promise<NoteChange | null> {
		const mark = itemDescriptor(section).sidebar?.mark;
		if (mark === undefined) return null;
		const settings = this.service.settings;
		const before = await this.app.vault.read(file);
		const changed =
			'adds' in mark
				? await this.editFrontmatter(file, (fm) => addFrontmatterTag(fm, mark.adds(settings)))
				: await this.removeTag(file, mark.removes(settings), this.hitsOf(file.path, section));
		if (!changed) return null;
		return { path: file.path, before, after: await this.app.vault.read(file) };
	}

	private marks(section: SectionId): 'adds' | 'removes' | null {
		const mark = itemDescriptor(section).sidebar?.mark;
		return mark === undefined ? null : 'adds' in mark ? 'adds' : 'removes';
	}

	private hitsOf(path: string, section: SectionId): TagHit[] {
		return [...itemDescriptor(section).hits(this.index.get(path)?.flags ?? null)];
	}

	private async removeTag(file: TFile, tag: string, hits: TagHit[]): Promise<boolean> {
		let changed = false;
		// Only notes flagged in their properties are given to processFrontMatter, which would
		// otherwise add an empty properties block to a note that has none.
		if (hits.some((h) => h.where === 'frontmatter' && !h.text.startsWith('status:'))) {
			changed = await this.editFrontmatter(file, (fm) => removeFrontmatterTag(fm, tag));
		}
		let removed = 0;
		await this.app.vault.process(file, (text) => {
			const edit = removeInlineTag(text, tag);
			removed = edit.removed;
			return edit.text;
		});
		return changed || removed > 0;
	}

	private async editFrontmatter(file: TFile, edit: (fm: Record<string, unknown>) => boolean): Promise<boolean> {
		let changed = false;
		try {
			await this.app.fileManager.processFrontMatter(file, (fm: Record<string, unknown>) => {
				changed = edit(fm);
			});
		} catch (error) {
			// Broken YAML: Obsidian refuses to rewrite it, and so do we; the user fixes it by hand.
			new Notice(this.s.frontmatterFailed(file.basename, errorText(error)));
		}
		return changed;
	}
}
