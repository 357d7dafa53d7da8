/**
 * The hooks' stdin as JSON, decoded one way for every hook command: UTF-8 through Buffer's decoder
 * (invalid bytes become U+FFFD, as TextDecoder makes them, without loading TextDecoder on the
 * hook's common path), a leading byte-order mark dropped (some shells and Windows tools write
 * one). Anything that is not JSON is undefined: hooks fail open, so the caller treats it as an
 * input that names nothing.
 */
export function parseHookJson(stdin: Buffer): unknown {
	try {
		return JSON.parse(stdin.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
	} catch {
		return undefined;
	}
}
