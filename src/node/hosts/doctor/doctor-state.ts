/**
 * Doctor's look at the two folders Session Brief keeps files in (the plugin's folder and
 * `.claude/hooks`): anything planted there that its code will not touch (docs/design.md, "The
 * trust boundary") is listed with the fix, since the hooks then silently go without that file.
 * Which names are the product's own, and whether each is a file or a folder, is the state
 * registry's (src/node/state-registry.ts), the same list the writers take their names from.
 */
import * as path from 'node:path';
import { inspectStateFile, listStateFolder, stateFolderProblem } from '../../state-file';
import { HOOK_PREFIX, hooksFolder, stateName, type StateHome } from '../../state-registry';
import { loadVaultContext } from '../../vault-config';
import type { Check } from './doctor-report';

const MAX_LISTED = 2000;

/** Entries of one of our folders that are not regular files (our folders hold nothing else). */
function innerFindings(root: string, dir: string): string[] {
	const out: string[] = [];
	for (const inner of listStateFolder(root, dir, MAX_LISTED)) {
		const e = inspectStateFile(root, path.join(dir, inner.name));
		if (e.kind === 'damaged') out.push(`${path.join(dir, inner.name)} ${e.reason}`);
	}
	return out;
}

/**
 * Problems in one folder: refused as a whole; a name of the registry that is not the kind it names
 * (or, for a folder, holds something that is not a regular file); any other name that is not a
 * regular file. A regular file under a name the registry does not know is no hazard (a temp file of
 * a write under way, Obsidian's own) and is left out.
 */
function folderFindings(root: string, dir: string, home: StateHome): string[] {
	const problem = stateFolderProblem(root, dir);
	if (problem !== null) return [`${dir} ${problem}`];
	const out: string[] = [];
	for (const entry of listStateFolder(root, dir, MAX_LISTED)) {
		// The rest of `.claude/hooks` belongs to other tools.
		if (home === 'hooks' && !entry.name.toLowerCase().startsWith(HOOK_PREFIX)) continue;
		const file = path.join(dir, entry.name);
		const known = stateName(home, entry.name);
		if (known?.kind === 'folder' && entry.isDirectory()) {
			out.push(...innerFindings(root, file));
			continue;
		}
		const e = inspectStateFile(root, file);
		if (known === null) {
			if (e.kind === 'damaged') out.push(`${file} ${e.reason}, under a name Session Brief does not write`);
		} else if (known.kind === 'folder') {
			if (e.kind !== 'missing') out.push(`${file} ${e.kind === 'file' ? 'is a file' : e.reason} where Session Brief keeps ${known.what} (a folder)`);
		} else if (e.kind === 'damaged') out.push(`${file} ${e.reason}`);
	}
	return out;
}

export function stateFolderChecks(vault: string, env: NodeJS.ProcessEnv): Check[] {
	const ctx = loadVaultContext(vault, { env });
	const findings: string[] = [];
	const hooks = hooksFolder(vault);
	findings.push(...folderFindings(vault, hooks, 'hooks'));
	if (ctx.pluginDir !== null) findings.push(...folderFindings(vault, ctx.pluginDir, 'plugin'));
	if (findings.length === 0) {
		return [{ id: 'state-files', status: 'ok', message: `Session Brief's files in ${hooks}${ctx.pluginDir === null ? '' : ` and ${ctx.pluginDir}`} are regular files and folders inside the vault.` }];
	}
	const shown = findings.slice(0, 10).join('; ') + (findings.length > 10 ? `; and ${findings.length - 10} more` : '');
	return [
		{
			id: 'state-files',
			status: 'fail',
			message: `Found where Session Brief keeps its files, and left untouched (the hooks go without them): ${shown}.`,
			fix: 'Someone or something (a synced or cloned vault, a script) put these there. Check what they point to, remove them, and run "install" again; Session Brief then writes its own files in their place.',
		},
	];
}
