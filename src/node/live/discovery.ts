/**
 * The discovery file (`live.json` in the plugin folder): port, pid, protocol version and token.
 * Written with mode 0600 through a temp file and rename; removed only by the server that wrote it.
 */
import * as path from 'node:path';
import { asDiscovery, type Discovery } from '../../core/live-protocol';
import { readStateJson, removeStateFile, writeStateFile } from '../state-file';

/** A discovery record is a few hundred bytes; a larger file is not one. */
const MAX_BYTES = 64 * 1024;

export function writeDiscovery(root: string, file: string, discovery: Discovery): void {
	// The readers' schema: a server never publishes a file its clients would refuse.
	if (asDiscovery(discovery) === null) throw new Error(`refusing to write ${path.basename(file)}: not a valid discovery record`);
	writeStateFile(root, file, JSON.stringify(discovery), { mode: 0o600 });
}

export function readDiscovery(root: string, file: string): Discovery | null {
	return asDiscovery(readStateJson(root, file, MAX_BYTES));
}

/** Removes the file only while it still names this token: a newer server's file is left alone. */
export function removeDiscovery(root: string, file: string, token: string): void {
	const current = readDiscovery(root, file);
	if (current !== null && current.token !== token) return;
	try {
		removeStateFile(root, file);
	} catch {
		// Already gone, or refused (its folder became a link).
	}
}
