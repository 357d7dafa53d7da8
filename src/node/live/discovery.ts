/**
 * The discovery file (`live.json` in the plugin folder): port, pid, protocol version and token.
 * Written with mode 0600 through a temp file and rename; removed only by the server that wrote it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { asDiscovery, type Discovery } from '../../core/live-protocol';
import { writeFileAtomic } from '../atomic-write';

export function writeDiscovery(file: string, discovery: Discovery): void {
	// The readers' schema: a server never publishes a file its clients would refuse.
	if (asDiscovery(discovery) === null) throw new Error(`refusing to write ${path.basename(file)}: not a valid discovery record`);
	writeFileAtomic(file, JSON.stringify(discovery), { mode: 0o600 });
}

export function readDiscovery(file: string): Discovery | null {
	try {
		return asDiscovery(JSON.parse(fs.readFileSync(file, 'utf8')));
	} catch {
		return null;
	}
}

/** Removes the file only while it still names this token: a newer server's file is left alone. */
export function removeDiscovery(file: string, token: string): void {
	const current = readDiscovery(file);
	if (current !== null && current.token !== token) return;
	try {
		fs.unlinkSync(file);
	} catch {
		// Already gone.
	}
}
