/**
 * `live.json` (docs/cache-format.md, the live channel): checked by the server before it writes and
 * by every client before it connects. A file that fails means no live channel.
 */
import { int, object, oneOf, matches, time, type Check } from './shape';

export function checkDiscovery(version: number): Check {
	return object({
		version: oneOf(version),
		port: int(1, 65535),
		pid: int(1, 2 ** 32),
		token: matches(/^[0-9a-f]{32,128}$/, 'a token of 32 to 128 hex digits'),
		startedAt: time,
	});
}
