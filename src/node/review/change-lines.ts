/**
 * The lines added and removed by the unreviewed change of each note the brief's `agentChanges` item
 * names, against the newest before-version; a large change gets its sizes, and the bytes read are
 * bounded, so no note and no number of names makes the session start slow.
 */
import * as path from 'node:path';
import { MAX_NOTE_BYTES, type BeforeHeader } from '../../core/trail/before-versions';
import type { ChangeSizes, LineCounts } from '../../core/trail/line-counts';
import { countLines } from '../../core/trail/line-counts';
import { beforeFolder, listBeforeHeaders, readBeforeVersion, type BeforePlace } from './before-versions';
import { isStateFolder, readStateFile, statStateFile } from '../state-file';

/** Bytes of notes and before-versions read for the counts at most: a session start with many names set stays quick. */
export const COUNT_READ_BUDGET = 16 * 1024 * 1024;

/** For each of `paths` with a before-version kept: its line counts, or its sizes when the change is large. */
export function changeLines(place: BeforePlace, paths: readonly string[]): { lines: Record<string, LineCounts>; large: Record<string, ChangeSizes> } {
	const lines: Record<string, LineCounts> = {};
	const large: Record<string, ChangeSizes> = {};
	if (paths.length === 0 || !isStateFolder(place.root, beforeFolder(place))) return { lines, large };
	const wanted = new Set(paths);
	const newest = new Map<string, BeforeHeader>();
	for (const h of listBeforeHeaders(place)) {
		if (!wanted.has(h.path)) continue;
		const seen = newest.get(h.path);
		if (seen === undefined || h.at > seen.at) newest.set(h.path, h);
	}
	// In the item's order, so the brief names them as it lists them; past the budget the rest get no count.
	let read = 0;
	for (const p of paths) {
		const h = newest.get(p);
		if (h === undefined) continue;
		if (read > COUNT_READ_BUDGET) break;
		const v = readBeforeVersion(place, p, h.session);
		if (v === null || v.bytes === null) continue;
		const file = path.join(place.root, ...p.split('/'));
		const before = v.state === 'new' ? Buffer.alloc(0) : v.bytes;
		const size = statStateFile(place.root, file)?.size ?? 0;
		read += before.length + Math.min(size, MAX_NOTE_BYTES);
		// A note grown past what a before-version may hold is large as it stands: not read.
		if (size > MAX_NOTE_BYTES) {
			large[p] = { before: before.length, after: size };
			continue;
		}
		const after = readStateFile(place.root, file, MAX_NOTE_BYTES) ?? Buffer.alloc(0);
		const counts = countLines(before.toString('utf8'), after.toString('utf8'));
		if (counts === null) large[p] = { before: before.length, after: after.length };
		else lines[p] = counts;
	}
	return { lines, large };
}
