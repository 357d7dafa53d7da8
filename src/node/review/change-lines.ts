/**
 * The lines added and removed by the unreviewed change of each note the brief's `agentChanges`
 * item names (at most the names it shows): the newest before-version of the note (the latest
 * session's, which is the one not yet reviewed) against the note now. Reads only headers to find
 * them, and nothing at all when no before-version was ever kept.
 */
import * as path from 'node:path';
import { MAX_NOTE_BYTES, type BeforeHeader } from '../../core/before-versions';
import type { LineCounts } from '../../core/line-counts';
import { countLines } from '../../core/line-counts';
import { beforeFolder, listBeforeHeaders, readBeforeVersion, type BeforePlace } from './before-versions';
import { isStateFolder, readStateFile } from '../state-file';

/** For each of `paths` with a before-version kept: its line counts. */
export function changeLines(place: BeforePlace, paths: readonly string[]): Record<string, LineCounts> {
	const out: Record<string, LineCounts> = {};
	if (paths.length === 0 || !isStateFolder(place.root, beforeFolder(place))) return out;
	const wanted = new Set(paths);
	const newest = new Map<string, BeforeHeader>();
	for (const h of listBeforeHeaders(place)) {
		if (!wanted.has(h.path)) continue;
		const seen = newest.get(h.path);
		if (seen === undefined || h.at > seen.at) newest.set(h.path, h);
	}
	for (const [p, h] of newest) {
		const v = readBeforeVersion(place, p, h.session);
		if (v === null || v.bytes === null) continue;
		const now = readStateFile(place.root, path.join(place.root, ...p.split('/')), MAX_NOTE_BYTES);
		out[p] = countLines(v.state === 'new' ? '' : v.bytes.toString('utf8'), now === null ? '' : now.toString('utf8'));
	}
	return out;
}
