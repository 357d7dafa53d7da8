/**
 * The lines added and removed by the unreviewed change of each note the brief's `agentChanges`
 * item names (at most the names it shows): the newest before-version of the note (the latest
 * session's, which is the one not yet reviewed) against the note now. Reads only headers to find
 * them, and nothing at all when no before-version was ever kept.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BEFORE_SUFFIX, MAX_FILES, MAX_HEADER_BYTES, MAX_NOTE_BYTES, parseHeader, type BeforeHeader } from '../../core/before-versions';
import type { LineCounts } from '../../core/line-counts';
import { countLines } from '../../core/line-counts';
import { beforeFolder, readBeforeVersion, type BeforePlace } from './before-versions';
import { isStateFolder, listStateFolder, openStateFile, readRange, readStateFile } from '../state-file';

function headerOf(root: string, file: string): BeforeHeader | null {
	const fd = openStateFile(root, file);
	if (fd === null) return null;
	try {
		const head = readRange(fd, 0, MAX_HEADER_BYTES);
		const nl = head.indexOf(0x0a);
		return nl < 0 ? null : parseHeader(head.subarray(0, nl).toString('utf8'));
	} finally {
		fs.closeSync(fd);
	}
}

/** For each of `paths` with a before-version kept: its line counts. */
export function changeLines(place: BeforePlace, paths: readonly string[]): Record<string, LineCounts> {
	const out: Record<string, LineCounts> = {};
	const dir = beforeFolder(place);
	if (paths.length === 0 || !isStateFolder(place.root, dir)) return out;
	const wanted = new Set(paths);
	const newest = new Map<string, BeforeHeader>();
	for (const d of listStateFolder(place.root, dir, MAX_FILES * 2)) {
		if (!d.name.endsWith(BEFORE_SUFFIX)) continue;
		const h = headerOf(place.root, path.join(dir, d.name));
		if (h === null || !wanted.has(h.path)) continue;
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
