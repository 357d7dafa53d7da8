/**
 * What the first-run setup looks at (src/core/first-run.ts): which agent rule files exist, and the
 * vault's folders with how many notes each holds. Dot folders (`.claude/`, `.cursor/`) are not in
 * Obsidian's file list, so the adapter is asked about them. One pass over the loaded files.
 */
import { TFile, TFolder, type App } from 'obsidian';
import { AGENT_RULE_FILES, type VaultFacts } from '../../core/first-run';

export async function vaultFacts(app: App): Promise<VaultFacts> {
	const present: string[] = [];
	for (const f of AGENT_RULE_FILES) {
		const known = app.vault.getAbstractFileByPath(f.path) !== null;
		if (known || (await app.vault.adapter.exists(f.path))) present.push(f.path);
	}
	const folders: Array<{ path: string; notes: number }> = [];
	for (const item of app.vault.getAllLoadedFiles()) {
		if (!(item instanceof TFolder) || item.isRoot()) continue;
		const notes = item.children.filter((c) => c instanceof TFile && c.extension === 'md').length;
		folders.push({ path: item.path, notes });
	}
	return { present, folders };
}
