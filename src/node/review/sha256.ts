/**
 * SHA-256 in hex. Its own module, loaded by a dynamic import where a hook needs it: requiring
 * `node:crypto` costs a hook start more than the rest of the before-versions' code together.
 */
import { createHash } from 'node:crypto';

export function sha256(data: Buffer | string): string {
	return createHash('sha256').update(data).digest('hex');
}
