/**
 * Which findings are new: the current check compared with the last one recorded (docs/design.md,
 * "Findings after an edit"). A finding is the same finding when its check, file and message match;
 * its line is left out, since an edit above it moves it without changing it.
 */
import type { Finding } from './types';

/** The part of a finding the record keeps; messages are cut so a record stays bounded. */
export interface RecordedFinding {
	check: string;
	path: string;
	message: string;
}

export const RECORDED_MESSAGE_MAX = 300;
/** Findings beyond this many are not recorded; the record says it is incomplete. */
export const RECORDED_FINDINGS_MAX = 2000;

export function recordedFinding(f: Finding): RecordedFinding {
	return { check: f.check, path: f.path, message: f.message.slice(0, RECORDED_MESSAGE_MAX) };
}

function key(f: RecordedFinding): string {
	return `${f.check}\u0000${f.path}\u0000${f.message.slice(0, RECORDED_MESSAGE_MAX)}`;
}

export interface FindingDiff {
	/** Findings no earlier check recorded (all of them when there is no record). */
	fresh: Finding[];
	/** Findings the last check recorded too. */
	old: Finding[];
	/** True when there was a record and the findings are exactly those it holds. */
	unchanged: boolean;
	/** False when there was no usable record to compare with. */
	hadRecord: boolean;
}

/**
 * Splits `current` into fresh and old against `previous` (null: no record). Counted as a multiset,
 * so a second identical broken link in the same file is fresh. An incomplete record (cut at
 * `RECORDED_FINDINGS_MAX`) cannot call a finding fresh that it may have left out: those count as old.
 */
export function diffFindings(previous: { findings: readonly RecordedFinding[]; complete: boolean } | null, current: readonly Finding[]): FindingDiff {
	if (previous === null) return { fresh: [...current], old: [], unchanged: false, hadRecord: false };
	const counts = new Map<string, number>();
	for (const f of previous.findings) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
	const fresh: Finding[] = [];
	const old: Finding[] = [];
	for (const f of current) {
		const k = key(f);
		const left = counts.get(k) ?? 0;
		if (left > 0) {
			counts.set(k, left - 1);
			old.push(f);
		} else if (!previous.complete) old.push(f);
		else fresh.push(f);
	}
	const gone = [...counts.values()].some((n) => n > 0);
	return { fresh, old, unchanged: previous.complete && fresh.length === 0 && !gone, hadRecord: true };
}

/** The findings of one check as the hook after an edit sorts them (docs/design.md, "Findings after an edit"). */
export interface EditSplit {
	hadRecord: boolean;
	/** In the edited file: not in the record (all of them without a record). */
	mineNew: Finding[];
	/** In the edited file and in the record: the edit did not fix them. */
	mineStill: Finding[];
	/** How many of the edited file's recorded findings are gone. */
	mineFixed: number;
	/** About no single file (the external check): they may come from any edit, so they are shown after every one. */
	whole: Finding[];
	/** In a settings file Claude Code skips as a whole (its hooks with it), other than the edited file. */
	hooksOff: Finding[];
	/** Elsewhere, not in the record (empty without a record). */
	othersNew: Finding[];
	/** Elsewhere and in the record (all of them without a record). */
	othersOld: Finding[];
	/** Whether the findings outside the edited file differ from those the record holds there. */
	othersChanged: boolean;
}

/**
 * Splits `current` for the report after the edit of the file `isEdited` matches. `disablesHooks`
 * picks the findings that make Claude Code skip a settings file: those are named after every edit.
 */
export function splitForEdit(
	previous: { findings: readonly RecordedFinding[]; complete: boolean } | null,
	current: readonly Finding[],
	isEdited: (path: string) => boolean,
	disablesHooks: (f: Finding) => boolean,
): EditSplit {
	const diff = diffFindings(previous, current);
	const fresh = new Set(diff.fresh);
	const mine = current.filter((f) => f.path !== '' && isEdited(f.path));
	const whole = current.filter((f) => f.path === '');
	const others = current.filter((f) => f.path !== '' && !isEdited(f.path));
	const hooksOff = others.filter(disablesHooks);
	const rest = others.filter((f) => !disablesHooks(f));
	if (previous === null) {
		return { hadRecord: false, mineNew: mine, mineStill: [], mineFixed: 0, whole, hooksOff, othersNew: [], othersOld: rest, othersChanged: true };
	}
	const mineStill = mine.filter((f) => !fresh.has(f));
	const recordedMine = previous.findings.filter((f) => f.path !== '' && isEdited(f.path)).length;
	const elsewhere = { findings: previous.findings.filter((f) => f.path !== '' && !isEdited(f.path)), complete: previous.complete };
	return {
		hadRecord: true,
		mineNew: mine.filter((f) => fresh.has(f)),
		mineStill,
		mineFixed: Math.max(0, recordedMine - mineStill.length),
		whole,
		hooksOff,
		othersNew: rest.filter((f) => fresh.has(f)),
		othersOld: rest.filter((f) => !fresh.has(f)),
		othersChanged: !diffFindings(elsewhere, others).unchanged,
	};
}
