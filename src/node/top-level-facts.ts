/**
 * What the first-run setup looks at (src/core/first-run.ts), as far as the bridge can see it at
 * the cost of a few file-system calls: which agent rule files exist, and the vault's top-level
 * folders named like rules or sessions with their notes. The setup in Obsidian sees every folder;
 * here a deeper one is left out, since every hook call without a `data.json` pays for this.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_RULE_FILES, namedLikeSetupFolder, type VaultFacts } from '../core/first-run';

function exists(file: string): boolean {
	try {
		// Never followed: a link counts as present, as the scope pattern it adds is only a name.
		fs.lstatSync(file);
		return true;
	} catch {
		return false;
	}
}

function entries(dir: string): fs.Dirent[] {
	try {
		return fs.readdirSync(dir, { withFileTypes: true });
	} catch {
		return [];
	}
}

/** One listing of the root, one stat per agent rule file, one listing per folder named like the setup's. */
export function topLevelFacts(root: string): VaultFacts {
	const present = AGENT_RULE_FILES.filter((f) => exists(path.join(root, f.path))).map((f) => f.path);
	const folders: Array<{ path: string; notes: number }> = [];
	for (const entry of entries(root)) {
		// Obsidian leaves dot folders out of the vault, so the setup never proposes one; a linked folder is not walked.
		if (!entry.isDirectory() || entry.name.startsWith('.') || !namedLikeSetupFolder(entry.name)) continue;
		const notes = entries(path.join(root, entry.name)).filter((e) => e.isFile() && e.name.endsWith('.md')).length;
		folders.push({ path: entry.name, notes });
	}
	return { present, folders };
}
