/**
 * The *Group by folder* option of the Needs review sidebar: a section's notes under one heading per
 * folder. Folders are in path order, the vault root first; inside a folder the notes keep the
 * order they came in (the chosen sort).
 */
import { comparePaths } from '../notes/paths';

export interface FolderGroup<T> {
	/** Vault-relative, '' for the vault root. */
	folder: string;
	entries: T[];
}

export function folderOf(path: string): string {
	return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

export function groupByFolder<T extends { path: string }>(entries: readonly T[]): FolderGroup<T>[] {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		const folder = folderOf(entry.path);
		const list = groups.get(folder);
		if (list === undefined) groups.set(folder, [entry]);
		else list.push(entry);
	}
	return [...groups.entries()].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : comparePaths(a, b))).map(([folder, list]) => ({ folder, entries: list }));
}
