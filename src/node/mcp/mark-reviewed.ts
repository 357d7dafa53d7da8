/**
 * `mark_reviewed`, the one tool that writes: the sidebar's *Mark as reviewed* for one note, replaced
 * only if nobody changed it meanwhile. The review trail is the human's, so a note with an unreviewed
 * agent change is refused and this tool's own write is journaled as an agent change.
 */
import * as fs from 'node:fs';
import { journalRecord } from '../../core/trail/agent-journal';
import { flagsOf, lowerTagNames } from '../../core/notes/flags';
import { editFrontmatterText } from '../../core/review/frontmatter-edit';
import { noteFactsFromText } from '../../core/notes/note-facts';
import { isCountedNote } from '../../core/notes/paths';
import { vaultRelative } from '../../core/rules/scope';
import { addFrontmatterTag } from '../../core/review/tag-edit';
import type { AgentChange } from '../../core/trail/what-changed';
import { appendJournal } from '../journal/agent-journal';
import type { VaultContext } from '../vault-config';
import { agentChangeSessions } from '../journal/what-changed';
import { openNote } from './note-file';
import { PathRefused, resolveVaultPath } from './vault-path';

/** The tool name its own writes are journaled under, as a host's edit tool would be. */
export const MARK_TOOL = 'mark_reviewed';

export interface MarkResult {
	path: string;
	changed: boolean;
	/** What happened, in one sentence for the agent. */
	message: string;
	/** Where the review tag sits (what the human flagged). */
	hits: Array<{ where: 'frontmatter' | 'body'; line: number; text: string }>;
}

export interface MarkCall {
	now: Date;
	/** The agent's session, when its host tells the server (Claude Code: `CLAUDE_CODE_SESSION_ID`). */
	session: string | null;
}

/** The latest unreviewed agent change of the note named `rels` (as given, and by its real path). */
function unreviewedChange(ctx: VaultContext, rels: string[], now: Date): AgentChange | null {
	const wanted = new Set(rels.map((r) => r.toLowerCase()));
	let latest: AgentChange | null = null;
	for (const s of agentChangeSessions(ctx, now)) {
		for (const c of s.changes) if (wanted.has(c.path.toLowerCase()) && (latest === null || c.at > latest.at)) latest = c;
	}
	return latest;
}

function refusedForReview(rel: string, c: AgentChange): PathRefused {
	const by = `${c.tool === null ? 'an agent' : `an agent's ${JSON.stringify(c.tool)}`}${c.session === null ? '' : ` in session ${JSON.stringify(c.session)}`}, ${c.at.slice(0, 16).replace('T', ' ')} UTC`;
	return new PathRefused(
		`Refused: ${rel} has a change by an agent that the human has not reviewed yet (${by}). An agent cannot mark its own work reviewed: ask the human to review that change in Obsidian first (Session Brief's "Needs review" sidebar, section "Changed by agents"); once they have, mark_reviewed can close the note's review tag. The note was left unchanged.`,
	);
}

export async function markReviewed(ctx: VaultContext, given: string, call: MarkCall): Promise<MarkResult> {
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
	// Write through a symlink that stays inside the vault to the file it names, not over the link;
	// the real path is taken once and checked here, and the folder is pinned from it (note-file.ts).
	let file: string;
	let realRoot: string;
	try {
		realRoot = fs.realpathSync.native(ctx.root);
		file = fs.realpathSync.native(target.absolute);
	} catch {
		throw new PathRefused(`${shown} does not exist in the vault`);
	}
	const realRel = vaultRelative(realRoot, file);
	if (realRel === null) throw new PathRefused(`${shown} leads out of the vault through a symbolic link (to ${file}); only files inside the vault are allowed`);
	const note = openNote(realRoot, file, target.rel);
	const { text } = note;
	const tags = ctx.settings.tags;
	const flags = flagsOf(noteFactsFromText(text), lowerTagNames(tags));
	const hits = flags.review.map(({ where, line, text: t }) => ({ where, line, text: t }));
	if (hits.length === 0) return { path: target.rel, changed: false, message: `${target.rel} carries no #${tags.review} tag; nothing to mark.`, hits };
	if (flags.reviewDone) return { path: target.rel, changed: false, message: `${target.rel} already carries #${tags.reviewDone}; nothing to change.`, hits };
	let change: AgentChange | null;
	try {
		change = unreviewedChange(ctx, [target.rel, realRel], call.now);
	} catch (error) {
		throw new PathRefused(`${target.rel} was left unchanged: the record of agent changes could not be read, so whether the human still has to review one is unknown (${(error as Error).message})`);
	}
	if (change !== null) throw refusedForReview(target.rel, change);
	const edit = editFrontmatterText(text, (fm) => addFrontmatterTag(fm, tags.reviewDone));
	if (!edit.ok) throw new PathRefused(`${target.rel} was left unchanged: ${edit.reason}. Fix the properties by hand (Obsidian refuses to rewrite them too).`);
	// The edit must do what it promises under the scan's own rules before it touches the file.
	if (!flagsOf(noteFactsFromText(edit.text), lowerTagNames(tags)).reviewDone) {
		throw new PathRefused(`${target.rel} was left unchanged: adding #${tags.reviewDone} to its properties would not be recognised`);
	}
	// Journaled before the write, so no write of this tool ever goes unrecorded: its change is an
	// agent change like any other, for the human to review.
	const record = journalRecord({ rel: realRel, tool: MARK_TOOL, session: call.session, now: call.now }, ctx.settings.excludedRootFolders);
	if (ctx.pluginDir === null || record === null) throw new PathRefused(`${target.rel} was left unchanged: the vault has no Session Brief plugin folder to record this change in, so the human could not review it`);
	try {
		await appendJournal(ctx.root, ctx.pluginDir, record, call.now);
	} catch (error) {
		throw new PathRefused(`${target.rel} was left unchanged: the change could not be recorded for the human to review (${(error as Error).message})`);
	}
	note.replace(edit.text);
	return { path: target.rel, changed: true, message: `Marked ${target.rel} reviewed: added #${tags.reviewDone} to its properties. The change is listed for the human under "Changed by agents".`, hits };
}
