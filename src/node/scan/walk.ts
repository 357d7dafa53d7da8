/**
 * The folder walk both the scan and the rule check use: iterative (deep vaults cannot overflow the
 * stack), never following symlinked folders (a link loop cannot trap it), and handing every entry
 * with its vault-relative path (`/`) to the caller, who decides what to descend into.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface WalkVisitor {
	/** Called for each entry; for a folder, return true to walk into it. */
	entry(entry: fs.Dirent, rel: string): boolean | void;
	/** A folder that could not be listed ('' is the root). */
	unreadable(rel: string, error: unknown): void;
}

export function walkFolders(root: string, visitor: WalkVisitor): void {
	const pending: string[] = [''];
	while (pending.length > 0) {
		const rel = pending.pop() ?? '';
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(rel === '' ? root : path.join(root, rel), { withFileTypes: true });
		} catch (error) {
			visitor.unreadable(rel, error);
			continue;
		}
		for (const entry of entries) {
			const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
			if (visitor.entry(entry, child) === true && entry.isDirectory()) pending.push(child);
		}
	}
}
