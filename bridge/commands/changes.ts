/**
 * `changes [--json]`: the agent changes not yet reviewed, each with its diff in unified format
 * against the note's before-version (docs/design.md, "Reviewing what agents changed"). Colours
 * when standard output is a terminal (and NO_COLOR is unset), plain text otherwise. Every line
 * of the vault's text passes through `escapeControls`: a note cannot steer the terminal.
 */
import { escapeControls, quoteName } from '../../src/core/quote';
import { changesToReview, type ChangeToReview } from '../../src/node/review/change-list';
import type { Args } from '../args';
import { clock, contextFor } from '../context';
import { writeJson, writeOut } from '../io';

const COLOURS = { add: '\x1b[32m', del: '\x1b[31m', hunk: '\x1b[36m', head: '\x1b[1m', dim: '\x1b[2m', off: '\x1b[0m' };

export interface Shown {
	path: string;
	session: string | null;
	tool: string | null;
	at: string;
	edits: number;
	/** `kept`, `new`, `deleted`, or why there is no diff. */
	state: 'kept' | 'new' | 'deleted' | 'not-kept' | 'too-large';
	added: number | null;
	removed: number | null;
	diff: string | null;
}

async function shown(c: ChangeToReview): Promise<Shown> {
	const base = { path: c.path, session: c.session, tool: c.tool, at: c.at, edits: c.edits };
	if (c.tooLarge) return { ...base, state: 'too-large', added: null, removed: null, diff: null };
	if (c.before === null || c.before.bytes === null) return { ...base, state: c.before?.state === 'too-large' ? 'too-large' : 'not-kept', added: null, removed: null, diff: null };
	const { unifiedDiff, lineCounts } = await import('../../src/core/change-diff');
	const before = c.before.state === 'new' ? null : c.before.bytes.toString('utf8');
	const after = c.now === null ? null : c.now.toString('utf8');
	const counts = lineCounts(before ?? '', after ?? '');
	const state = after === null ? 'deleted' : before === null ? 'new' : 'kept';
	return { ...base, state, added: counts.added, removed: counts.removed, diff: unifiedDiff(c.path, before, after) };
}

function paint(line: string, colour: boolean): string {
	const safe = escapeControls(line);
	if (!colour) return safe;
	const c = safe.startsWith('+++') || safe.startsWith('---') ? COLOURS.head : safe.startsWith('+') ? COLOURS.add : safe.startsWith('-') ? COLOURS.del : safe.startsWith('@@') ? COLOURS.hunk : '';
	return c === '' ? safe : `${c}${safe}${COLOURS.off}`;
}

const WHY: Record<string, string> = {
	'not-kept': 'before-version not kept (the change came before the hook could keep it, or it was pruned): no diff',
	'too-large': 'the note is larger than a before-version may be (1 MiB): no diff',
};

/** The listing as text; `colour` adds the terminal's escapes around lines already made safe. */
export function changesText(changes: Shown[], colour: boolean): string {
	if (changes.length === 0) return 'No agent changes waiting for review.\n';
	const out: string[] = [`Agent changes not yet reviewed: ${changes.length}`, ''];
	for (const c of changes) {
		const who = [c.session === null ? 'no session id' : `session ${escapeControls(c.session.slice(0, 8))}`, c.tool === null ? null : escapeControls(c.tool), c.at].filter((p) => p !== null).join(', ');
		const counts = c.added === null ? '' : ` +${c.added} -${c.removed ?? 0}`;
		const what = c.state === 'new' ? ' (new note)' : c.state === 'deleted' ? ' (deleted)' : '';
		const head = `${quoteName(c.path)}${what}${counts} (${who})`;
		out.push(colour ? `${COLOURS.head}${head}${COLOURS.off}` : head);
		if (c.diff === null) out.push(colour ? `${COLOURS.dim}  ${WHY[c.state] ?? ''}${COLOURS.off}` : `  ${WHY[c.state] ?? ''}`);
		else for (const line of c.diff.replace(/\n$/, '').split('\n')) out.push(paint(line, colour));
		out.push('');
	}
	return `${out.join('\n')}\n`;
}

export async function changes(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const ctx = contextFor(args, scriptPath, env);
	const list: Shown[] = [];
	for (const c of changesToReview(ctx, clock(env))) list.push(await shown(c));
	if (args.flags.has('json')) {
		writeJson({ count: list.length, changes: list });
		return 0;
	}
	const colour = process.stdout.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
	writeOut(changesText(list, colour));
	return 0;
}
