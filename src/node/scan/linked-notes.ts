/**
 * Which notes of the vault are links out of it, for the plugin on desktop (docs/design.md, "Links do
 * not open doors"). Obsidian lists a note behind a symbolic link as any other; Session Brief counts
 * it only while its real path lies inside the vault, as the bridge's walks do, so no line of a file
 * outside the vault reaches the plugin's index, its cache or the brief a hook serves from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A test for vault-relative paths (with `/`) under `base`: true when the note's real path lies
 * outside the vault. Each path is resolved once and remembered (one system call per note, at its
 * first sight); a path that cannot be resolved (gone, or a link loop) counts as not outside here:
 * the plugin then fails to read it as any missing note.
 */
export function linkedOutside(base: string): (rel: string) => boolean {
	let realBase: string;
	try {
		realBase = fs.realpathSync.native(base);
	} catch {
		return () => false;
	}
	const prefix = realBase.endsWith(path.sep) ? realBase : realBase + path.sep;
	const seen = new Map<string, boolean>();
	return (rel) => {
		let outside = seen.get(rel);
		if (outside === undefined) {
			try {
				outside = !fs.realpathSync.native(path.join(base, ...rel.split('/'))).startsWith(prefix);
			} catch {
				outside = false;
			}
			seen.set(rel, outside);
		}
		return outside;
	};
}
