/**
 * The rules of reviewing an agent's change (docs/design.md, "Reviewing what agents changed") that
 * do not depend on how the diff is made: how many lines a diff adds and removes, which properties
 * of the frontmatter changed, and whether a change may be reverted. Pure.
 */
import { parse as parseYaml } from 'yaml';
import type { BeforeState } from './before-versions';
import { splitFrontmatter } from '../notes/frontmatter';
import type { LineCounts } from './line-counts';

export type { LineCounts };

/** One part of a line diff as the diff library gives it: `count` lines, added, removed or neither. */
export interface DiffPart {
	added?: boolean;
	removed?: boolean;
	count?: number;
	value: string;
}

function linesIn(part: DiffPart): number {
	if (typeof part.count === 'number') return part.count;
	const n = part.value.split('\n').length;
	return part.value.endsWith('\n') ? n - 1 : n;
}

export function countChanges(parts: readonly DiffPart[]): LineCounts {
	let added = 0;
	let removed = 0;
	for (const p of parts) {
		if (p.added === true) added += linesIn(p);
		else if (p.removed === true) removed += linesIn(p);
	}
	return { added, removed };
}

/** The note split at its frontmatter: the YAML (null when none) and the body after it. */
export function splitNote(text: string): { yaml: string | null; body: string; bodyLine: number } {
	const lines = text.replace(/^\uFEFF/, '').split('\n');
	const split = splitFrontmatter(lines);
	if (split.yaml === null) return { yaml: null, body: text, bodyLine: 0 };
	return { yaml: split.yaml, body: lines.slice(split.bodyStart).join('\n'), bodyLine: split.bodyStart };
}

export interface PropertyChange {
	key: string;
	/** The value as text (JSON for lists and objects); null when the property was not there. */
	before: string | null;
	after: string | null;
}

function shown(v: unknown): string {
	if (typeof v === 'string') return v;
	if (v === null || v === undefined) return '';
	return JSON.stringify(v);
}

function propertiesOf(yaml: string | null): Map<string, string> | null {
	if (yaml === null) return new Map();
	let v: unknown;
	try {
		v = parseYaml(yaml, { maxAliasCount: 100 });
	} catch {
		return null;
	}
	if (v === null || v === undefined) return new Map();
	if (typeof v !== 'object' || Array.isArray(v)) return null;
	return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, shown(x)]));
}

/**
 * The properties added, changed and removed, in the order they appear (new ones last); null when
 * either frontmatter is not a YAML map (then the whole text is diffed as lines).
 */
export function propertyChanges(before: string, after: string): PropertyChange[] | null {
	const a = propertiesOf(splitNote(before).yaml);
	const b = propertiesOf(splitNote(after).yaml);
	if (a === null || b === null) return null;
	const out: PropertyChange[] = [];
	for (const [key, was] of a) {
		const now = b.get(key);
		if (now === undefined) out.push({ key, before: was, after: null });
		else if (now !== was) out.push({ key, before: was, after: now });
	}
	for (const [key, now] of b) if (!a.has(key)) out.push({ key, before: null, after: now });
	return out;
}

/**
 * Whether a change can be reverted now:
 * - `ok`: the note still holds what the agent left, and the before-version is kept;
 * - `not-kept`: no before-version (too large, taken by no hook, or pruned);
 * - `edited-since`: the note changed after the agent's last edit (the human's, or another
 *   program's), so a revert would lose that: the three versions are shown instead;
 * - `unchanged`: the note is as it was before; nothing to take back.
 */
export type RevertVerdict = 'ok' | 'not-kept' | 'edited-since' | 'unchanged';

export interface RevertFacts {
	state: BeforeState | null;
	/** Hash of the before-version's bytes (a new note: of nothing), null when not kept. */
	beforeHash: string | null;
	/** Hash of the note now, null when it does not exist. */
	nowHash: string | null;
	/** Hash of what the agent's last edit left (kept by the post-tool hook), when known. */
	afterHash: string | null;
	/** Without an after-hash (a shell edit): the note's modification time and the journal's latest record of it, in ms. */
	nowMtime: number | null;
	lastRecordMs: number | null;
}

/** A file system's clock and the hook's clock may differ by this much (coarse mtimes, a slow write). */
const MTIME_SLACK_MS = 2000;
export const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function revertVerdict(f: RevertFacts): RevertVerdict {
	if (f.state === null || f.state === 'too-large' || f.beforeHash === null) return 'not-kept';
	const nowOrNone = f.nowHash ?? null;
	if (f.state === 'new' ? nowOrNone === null : nowOrNone === f.beforeHash) return 'unchanged';
	if (f.afterHash !== null) return f.afterHash === nowOrNone ? 'ok' : 'edited-since';
	// A deleted note that is still gone: nothing can have been edited since.
	if (nowOrNone === null) return 'ok';
	if (f.nowMtime === null || f.lastRecordMs === null) return 'edited-since';
	return f.nowMtime <= f.lastRecordMs + MTIME_SLACK_MS ? 'ok' : 'edited-since';
}

