/**
 * Doctor's look at the two folders Session Brief keeps files in (the plugin's folder and
 * `.claude/hooks`): anything planted there that its code will not touch (docs/design.md, "The
 * trust boundary") is listed with the fix, since the hooks then silently go without that file.
 */
import * as path from 'node:path';
import { BASELINE_FOLDER } from '../../../core/session-net';
import { inspectStateFile, listStateFolder, stateFolderProblem } from '../../state-file';
import { loadVaultContext } from '../../vault-config';
import type { Check } from './doctor-report';

/** Names of the plugin's folder that are its own (Obsidian's files, the plugin's, and its lock files). */
const PLUGIN_FOLDERS = new Set(['session-marks', BASELINE_FOLDER]);

function describeDamage(dir: string, name: string, reason: string): string {
	return `${path.join(dir, name)} ${reason}`;
}

/** Problems in one folder: refused as a whole, or entries that are not regular files where files belong. */
function folderFindings(root: string, dir: string, ours: (name: string) => boolean, folders: ReadonlySet<string>): string[] {
	const problem = stateFolderProblem(root, dir);
	if (problem !== null) return [`${dir} ${problem}`];
	const out: string[] = [];
	for (const entry of listStateFolder(root, dir, 2000)) {
		if (!ours(entry.name)) continue;
		const file = path.join(dir, entry.name);
		if (entry.isDirectory() && folders.has(entry.name)) {
			for (const inner of listStateFolder(root, file, 2000)) {
				const e = inspectStateFile(root, path.join(file, inner.name));
				if (e.kind === 'damaged') out.push(describeDamage(file, inner.name, e.reason));
			}
			continue;
		}
		const e = inspectStateFile(root, file);
		if (e.kind === 'damaged') out.push(describeDamage(dir, entry.name, e.reason));
	}
	return out;
}

export function stateFolderChecks(vault: string, env: NodeJS.ProcessEnv): Check[] {
	const ctx = loadVaultContext(vault, { env });
	const findings: string[] = [];
	const hooks = path.join(vault, '.claude', 'hooks');
	findings.push(...folderFindings(vault, hooks, (name) => name.startsWith('session-brief'), new Set()));
	if (ctx.pluginDir !== null) findings.push(...folderFindings(vault, ctx.pluginDir, () => true, PLUGIN_FOLDERS));
	if (findings.length === 0) {
		return [{ id: 'state-files', status: 'ok', message: `Session Brief's files in ${hooks}${ctx.pluginDir === null ? '' : ` and ${ctx.pluginDir}`} are regular files inside the vault.` }];
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
