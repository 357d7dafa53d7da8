/**
 * A file name made from a key that is anyone's text (a session id, a session and a note, a vault's
 * real path): the key's 64-bit FNV-1a hash over its UTF-8 bytes, in hex. Never the key itself, so
 * no name can reach out of its folder; fast, with no crypto module to load in a hook.
 */
const FNV_OFFSET = BigInt('0xcbf29ce484222325');
const FNV_PRIME = BigInt('0x100000001b3');
const U64 = BigInt('0xffffffffffffffff');

export function fileKey(key: string): string {
	let h = FNV_OFFSET;
	for (const byte of new TextEncoder().encode(key)) h = ((h ^ BigInt(byte)) * FNV_PRIME) & U64;
	return h.toString(16).padStart(16, '0');
}
