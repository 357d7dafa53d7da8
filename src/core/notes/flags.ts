/** From note facts to what each item counts, under the user's tag names; every flag is a row of flag-table.ts. */
import { FLAG_SPECS, type FlagName, type FlagRow, type HitFlag } from './flag-table';
import type { NoteFacts, TagHit } from './note-facts';
import { TAG_KEYS, type TagNames } from '../settings';

export type { FlagName, HitFlag };

/** A note's flags: one field per row of the flag table, a list of hits or a boolean by the row's `kind`. */
export type NoteFlags = { [R in FlagRow as R['flag']]: R['kind'] extends 'hits' ? TagHit[] : boolean };

/** The table cut by what sets each flag, once at load, so `flagsOf` walks short lists. */
const BY_TAG = FLAG_SPECS.filter((s) => s.tag !== undefined).map((s) => ({ flag: s.flag, hits: s.kind === 'hits' }));
const BY_STATUS = FLAG_SPECS.filter((s) => s.tag !== undefined && s.status !== undefined).map((s) => ({ flag: s.flag, hits: s.kind === 'hits' }));
const BY_TYPE = FLAG_SPECS.filter((s) => s.type !== undefined).map((s) => ({ flag: s.flag, hits: s.kind === 'hits', value: s.type?.value ?? '' }));

type Loose = Record<string, TagHit[] | boolean>;

/** Flags that hold nothing: a new list per hit flag, false for the others. */
export function emptyFlags(): NoteFlags {
	const flags: Loose = {};
	for (const s of FLAG_SPECS) flags[s.flag] = s.kind === 'hits' ? [] : false;
	return flags as NoteFlags;
}

/** One empty value shared by every note that carries nothing (the scan's prefilter), frozen so no one fills it. */
export function frozenEmptyFlags(): NoteFlags {
	const flags = emptyFlags();
	for (const v of Object.values(flags)) if (Array.isArray(v)) Object.freeze(v);
	return Object.freeze(flags);
}

/** Whether no flag is set: the cache writes such a note's flags as `0`. */
export function isEmptyFlags(flags: NoteFlags): boolean {
	const loose = flags as unknown as Loose;
	for (const s of FLAG_SPECS) {
		const v = loose[s.flag];
		if (s.kind === 'hits' ? (v as TagHit[]).length > 0 : v === true) return false;
	}
	return true;
}

/** Whether the flag is set: a hit list that is not empty, or true. */
export function hasFlag(flags: NoteFlags, flag: FlagName): boolean {
	const v = flags[flag];
	return typeof v === 'boolean' ? v : v.length > 0;
}

/** Sets a flag: a hit list gains `hit`, a boolean becomes true. */
function mark(flags: Loose, set: { flag: string; hits: boolean }, hit: TagHit): void {
	if (set.hits) (flags[set.flag] as TagHit[]).push(hit);
	else flags[set.flag] = true;
}

export function lowerTagNames(tags: TagNames): TagNames {
	return Object.fromEntries(TAG_KEYS.map((k) => [k, tags[k].toLowerCase()])) as TagNames;
}

/** `tags` must be lower-cased (see `lowerTagNames`); it is computed once per run, not per note. */
export function flagsOf(facts: NoteFacts, tags: TagNames): NoteFlags {
	const flags = emptyFlags();
	const loose = flags as unknown as Loose;
	const names = tags as Record<string, string>;
	for (const hit of facts.tags) {
		const t = hit.tag.toLowerCase();
		for (const s of BY_TAG) {
			if (t === names[s.flag]) mark(loose, s, hit);
		}
	}
	if (facts.statuses.length > 0) {
		for (const s of BY_STATUS) {
			const name = names[s.flag] ?? '';
			if (facts.statuses.some((v) => v.replace(/^#/, '') === name)) mark(loose, s, { tag: name, where: 'frontmatter', line: 1, text: `status: ${name}` });
		}
	}
	for (const s of BY_TYPE) {
		if (facts.types.includes(s.value)) mark(loose, s, { tag: s.value, where: 'frontmatter', line: 1, text: `type: ${s.value}` });
	}
	return flags;
}
