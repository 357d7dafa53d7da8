/**
 * What the hooks do for the before-versions (src/core/trail/before-versions.ts): the pre-tool hook keeps
 * the note an edit tool names, or the notes a shell command names (src/core/fence/shell-notes.ts), as
 * they are before the agent's first change to them in the session; the post-tool hook records the
 * hash of what an edit left. Neither ever throws: a before-version that cannot be kept costs the
 * review its diff, never the agent its edit.
 */
import * as path from 'node:path';
import { FENCED_FILE_TOOLS, SHELL_TOOL } from '../../core/fence/agent-fence';
import { isCountedNote } from '../../core/notes/paths';
import { vaultRelative } from '../../core/rules/scope';
import { noteWords } from '../../core/fence/shell-notes';
import { hasBeforeVersion, keepBeforeVersion, recordAfter, type BeforePlace } from './before-versions';
import { vaultRelativeReal } from '../real-path';
import { isStateFolder, statStateFile } from '../state-file';
import type { VaultContext } from '../vault-config';

export interface ToolCall {
	tool: string;
	filePath: string | null;
	/** Every file an edit tool names (each file of a Codex patch); absent = `filePath` alone. */
	filePaths?: readonly string[];
	command: string | null;
	cwd: string | undefined;
	session: string | null;
}

/** A session id as the journal keeps it (src/core/trail/agent-journal.ts): at most 200 characters. */
function sessionOf(session: string | null): string | null {
	return session === null || session === '' ? null : session.slice(0, 200);
}

/** Whether the call may change a note at all, by its text alone: a shell command that only reads costs no settings read. */
export function mayChangeNotes(call: ToolCall): boolean {
	if (FENCED_FILE_TOOLS.has(call.tool)) return call.filePath !== null;
	return call.tool === SHELL_TOOL && call.command !== null && noteWords(call.command).length > 0;
}

/** The counted note `p` names (relative to `base`), vault-relative; null for anything else. */
function noteOf(ctx: VaultContext, p: string, base: string): string | null {
	const abs = path.resolve(base, p);
	const rel = vaultRelative(ctx.root, abs) ?? vaultRelativeReal(ctx.root, abs);
	if (rel === null || !isCountedNote(rel, ctx.settings.excludedRootFolders)) return null;
	return rel;
}

/** The notes the call may change: the edit tool's file, or the shell command's existing notes and new ones in existing folders. */
export function notesOfCall(ctx: VaultContext, call: ToolCall): string[] {
	if (FENCED_FILE_TOOLS.has(call.tool) && call.filePath !== null) {
		const out = new Set<string>();
		for (const file of call.filePaths ?? [call.filePath]) {
			const rel = noteOf(ctx, file, ctx.root);
			if (rel !== null) out.add(rel);
		}
		return [...out];
	}
	if (call.tool !== SHELL_TOOL || call.command === null) return [];
	const base = call.cwd !== undefined && path.isAbsolute(call.cwd) ? call.cwd : ctx.root;
	const out = new Set<string>();
	for (const word of noteWords(call.command)) {
		const rel = noteOf(ctx, word, base);
		if (rel === null) continue;
		const abs = path.join(ctx.root, ...rel.split('/'));
		if (statStateFile(ctx.root, abs) !== null || isStateFolder(ctx.root, path.dirname(abs))) out.add(rel);
	}
	return [...out];
}

function placeOf(ctx: VaultContext): BeforePlace | null {
	return ctx.pluginDir === null ? null : { root: ctx.root, pluginDir: ctx.pluginDir };
}

/** The pre-tool hook's one call; returns the notes the call may change (for the session net's record of the turn). */
export function keepBeforeVersions(ctx: VaultContext, call: ToolCall, now: Date): string[] {
	try {
		const place = placeOf(ctx);
		if (place === null) return [];
		const notes = notesOfCall(ctx, call);
		for (const rel of notes) {
			try {
				keepBeforeVersion(place, rel, sessionOf(call.session), call.tool, now);
			} catch {
				// The next note may still be kept.
			}
		}
		return notes;
	} catch {
		// Fail open.
		return [];
	}
}

/** The post-tool hook's one call, for an edit of `rel`: hashing (and `node:crypto`) only when a before-version is kept. */
export async function recordAfterVersion(ctx: VaultContext, rel: string, session: unknown, now: Date): Promise<void> {
	try {
		const place = placeOf(ctx);
		const id = sessionOf(typeof session === 'string' ? session : null);
		if (place === null || !isCountedNote(rel, ctx.settings.excludedRootFolders) || !hasBeforeVersion(place, rel, id)) return;
		const { sha256 } = await import('./sha256');
		recordAfter(place, rel, id, now, sha256);
	} catch {
		// Fail open.
	}
}
