/**
 * `mark_reviewed`: the one tool that writes. It does what the sidebar's *Mark as reviewed* does
 * for a note under "review without review-done": add the review-done tag to the note's properties
 * (the same core edit, through a frontmatter edit that keeps the rest of the file). The note must be
 * a counted note inside the vault; the file is replaced atomically, and only if nobody changed it
 * between reading and writing.
 */
import * as fs from 'node:fs';
import { flagsOf, lowerTagNames } from '../../core/flags';
import { editFrontmatterText } from '../../core/frontmatter-edit';
import { noteFactsFromText } from '../../core/note-facts';
import { isCountedNote } from '../../core/paths';
import { addFrontmatterTag } from '../../core/tag-edit';
import { writeStateFile } from '../state-file';
import type { VaultContext } from '../vault-config';
import { PathRefused, resolveVaultPath } from './vault-path';

export interface MarkResult {
	path: string;
	changed: boolean;
	/** What happened, in one sentence for the agent. */
	message: string;
	/** Where the review tag sits (what the human flagged). */
	hits: Array<{ where: 'frontmatter' | 'body'; line: number; text: string }>;
}

const strict = new TextDecoder('utf-8', { fatal: true });

function readText(file: string): { text: string; stat: fs.Stats } {
	const stat = fs.statSync(file);
	const data = fs.readFileSync(file);
	let text: string;
	try {
		text = strict.decode(data);
	} catch {
		throw new PathRefused('the note is not valid UTF-8 text; it was left unchanged (edit it in Obsidian)');
	}
	return { text, stat };
}

export function markReviewed(ctx: VaultContext, given: string): MarkResult {
	const target = resolveVaultPath(ctx.root, given);
	const shown = JSON.stringify(given);
	if (target.rel === '' || !target.rel.toLowerCase().endsWith('.md')) throw new PathRefused(`${shown} is not a Markdown note (.md)`);
	if (!isCountedNote(target.rel, ctx.settings.excludedRootFolders)) {
		throw new PathRefused(`${shown} is not a note Session Brief counts (it is in a hidden or excluded folder)`);
	}
	let stat: fs.Stats;
	try {
		stat = fs.statSync(target.absolute);
	} catch {
		throw new PathRefused(`${shown} does not exist in the vault`);
	}
	if (!stat.isFile()) throw new PathRefused(`${shown} is not a file`);
	// Write through a symlink that stays inside the vault to the file it names, not over the link.
	const file = fs.realpathSync(target.absolute);
	const { text, stat: read } = readText(file);
	const tags = ctx.settings.tags;
	const flags = flagsOf(noteFactsFromText(text), lowerTagNames(tags));
	const hits = flags.review.map(({ where, line, text: t }) => ({ where, line, text: t }));
	if (hits.length === 0) return { path: target.rel, changed: false, message: `${target.rel} carries no #${tags.review} tag; nothing to mark.`, hits };
	if (flags.reviewDone) return { path: target.rel, changed: false, message: `${target.rel} already carries #${tags.reviewDone}; nothing to change.`, hits };
	const edit = editFrontmatterText(text, (fm) => addFrontmatterTag(fm, tags.reviewDone));
	if (!edit.ok) throw new PathRefused(`${target.rel} was left unchanged: ${edit.reason}. Fix the properties by hand (Obsidian refuses to rewrite them too).`);
	// The edit must do what it promises under the scan's own rules before it touches the file.
	if (!flagsOf(noteFactsFromText(edit.text), lowerTagNames(tags)).reviewDone) {
		throw new PathRefused(`${target.rel} was left unchanged: adding #${tags.reviewDone} to its properties would not be recognised`);
	}
	const now = fs.statSync(file);
	if (now.mtimeMs !== read.mtimeMs || now.size !== read.size) throw new PathRefused(`${target.rel} changed while it was being edited; it was left unchanged. Try again.`);
	// `file` is a real path, so the boundary is the vault's real folder.
	writeStateFile(fs.realpathSync(ctx.root), file, edit.text, { mode: 'keep' });
	return { path: target.rel, changed: true, message: `Marked ${target.rel} reviewed: added #${tags.reviewDone} to its properties.`, hits };
}
