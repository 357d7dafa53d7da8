/**
 * `changes [--json]`: the unreviewed agent changes `report` counts, each with its unified diff
 * against the before-version (docs/design.md, "Reviewing what agents changed"). Every line of vault
 * text passes through `escapeControls`, so a note cannot steer the terminal.
 */
import { MAX_CHANGED_LINES, sizesText, type ChangeSizes } from '../../src/core/trail/line-counts';
import { escapeControls, quoteName } from '../../src/core/quote';
import { changeMeasure, changesToReview, type ChangeToReview } from '../../src/node/review/change-list';
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
	/** As `report` has it: the note is gone (`deleted`, under its old path) or was moved here (`renamed`, from `from`). */
	change?: 'deleted' | 'renamed';
	from?: string;
	/** `kept`, `new`, `deleted`, or why there is no diff (`large`: past the cap, `size` says how large). */
	state: 'kept' | 'new' | 'deleted' | 'not-kept' | 'too-large' | 'large';
	added: number | null;
	removed: number | null;
	diff: string | null;
	/** For a large change: the bytes before and now. */
	size?: ChangeSizes;
}

async function shown(c: ChangeToReview): Promise<Shown> {
	const base = { path: c.path, session: c.session, tool: c.tool, at: c.at, edits: c.edits, ...(c.change === undefined ? {} : { change: c.change }), ...(c.from === undefined || c.change !== 'renamed' ? {} : { from: c.from }) };
	const measure = changeMeasure(c);
	if (measure === null || c.before === null) return { ...base, state: c.tooLarge || c.before?.state === 'too-large' ? 'too-large' : 'not-kept', added: null, removed: null, diff: null };
	if (measure.large !== undefined) return { ...base, state: 'large', added: null, removed: null, diff: null, size: measure.large };
	const { unifiedDiff } = await import('../../src/core/trail/change-diff');
	const before = c.before.state === 'new' || c.before.bytes === null ? null : c.before.bytes.toString('utf8');
	const after = c.now === null ? null : c.now.toString('utf8');
	const state = after === null ? 'deleted' : before === null ? 'new' : 'kept';
	const from = c.before.path;
	const diff = unifiedDiff(c.path, before, after, from);
	// The count said the diff is small; a diff that still gives up shows as large.
	if (diff === null) return { ...base, state: 'large', added: null, removed: null, diff: null, size: { before: Buffer.byteLength(before ?? ''), after: Buffer.byteLength(after ?? '') } };
	return { ...base, state, added: measure.lines.added, removed: measure.lines.removed, diff };
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
	large: `large change, more than ${MAX_CHANGED_LINES} lines differ: no diff`,
};

/** The listing's head of a change: a rename as old → new, as `report` names it. */
function headOf(c: Shown): string {
	const name = c.change === 'renamed' && c.from !== undefined ? `${quoteName(c.from)} → ${quoteName(c.path)} (renamed)` : quoteName(c.path);
	const what = c.change === 'deleted' || c.state === 'deleted' ? ' (deleted)' : c.state === 'new' && c.change !== 'renamed' ? ' (new note)' : '';
	const counts = c.added === null ? (c.size === undefined ? '' : ` ${sizesText(c.size)}`) : ` +${c.added} -${c.removed ?? 0}`;
	return `${name}${what}${counts}`;
}

/** The listing as text; `colour` adds the terminal's escapes around lines already made safe. */
export function changesText(changes: Shown[], colour: boolean): string {
	if (changes.length === 0) return 'No agent changes waiting for review.\n';
	const out: string[] = [`Agent changes not yet reviewed: ${changes.length}`, ''];
	for (const c of changes) {
		const who = [c.session === null ? 'no session id' : `session ${escapeControls(c.session.slice(0, 8))}`, c.tool === null ? null : escapeControls(c.tool), c.at].filter((p) => p !== null).join(', ');
		const head = `${headOf(c)} (${who})`;
		out.push(colour ? `${COLOURS.head}${head}${COLOURS.off}` : head);
		if (c.diff === null) out.push(colour ? `${COLOURS.dim}  ${WHY[c.state] ?? ''}${COLOURS.off}` : `  ${WHY[c.state] ?? ''}`);
		else if (c.added === 0 && c.removed === 0) out.push(colour ? `${COLOURS.dim}  the content is as it was${COLOURS.off}` : '  the content is as it was');
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
