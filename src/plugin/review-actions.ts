/**
 * What the sidebar does to a note: open it, reveal it, and *Mark as reviewed*. Edits go through
 * `FileManager.processFrontMatter` (properties) and `Vault.process` (inline tags), both atomic;
 * the text edits themselves are the core's (tag-edit.ts), which never touch code blocks.
 */
import { Notice, type App, type PaneType, type TFile } from 'obsidian';
import { itemDescriptor, type SectionId } from '../core/brief-items';
import type { TagHit } from '../core/note-facts';
import { addFrontmatterTag, removeFrontmatterTag, removeInlineTag } from '../core/tag-edit';
import type { BriefService } from './brief-service';
import type { NoteIndex } from './note-index';
import { uiStrings } from './ui-strings';

export type { SectionId } from '../core/brief-items';

/** The file explorer's own reveal; not in the public API, so it is looked up and checked first. */
interface RevealingView {
	revealInFolder(file: TFile): void;
}

function canReveal(view: unknown): view is RevealingView {
	return typeof (view as Partial<RevealingView> | null)?.revealInFolder === 'function';
}

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

	/** What *Mark as reviewed* does is the section's own (brief-items.ts); a section without it is left alone. */
	async markReviewed(path: string, section: SectionId): Promise<void> {
		const file = this.file(path);
		const item = itemDescriptor(section);
		const mark = item.sidebar?.mark;
		if (file === null || mark === undefined) return;
		const settings = this.service.settings;
		const hitsNow = (): readonly TagHit[] => item.hits(this.index.get(path)?.flags ?? null);
		let changed = false;
		if ('adds' in mark) {
			changed = await this.editFrontmatter(file, (fm) => addFrontmatterTag(fm, mark.adds(settings)));
		} else {
			changed = await this.removeTag(file, mark.removes(settings), [...hitsNow()]);
		}
		const s = this.s;
		new Notice(changed ? s.marked(file.basename) : s.nothingToChange(file.basename));
		// A `status` property equal to the tag flags the note too, and is not ours to change.
		if (changed && 'removes' in mark && hitsNow().some((h) => h.text.startsWith('status:'))) {
			new Notice(s.stillFlagged(file.basename));
		}
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
