/** Which files count as notes, and path helpers shared by every item. */

/** True for a vault-relative path (with `/`) that any item may look at. */
export function isCountedNote(path: string, excludedRootFolders: readonly string[]): boolean {
	if (!path.endsWith('.md')) return false;
	const parts = path.split('/');
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i] ?? '';
		if (part.startsWith('.') || part === '') return false;
		if (i < parts.length - 1 && part === 'node_modules') return false;
	}
	return !(parts.length > 1 && excludedRootFolders.includes(parts[0] ?? ''));
}

/** True when a folder of the walk can hold no counted note, so the walk may skip it. */
export function isSkippedFolder(path: string, excludedRootFolders: readonly string[]): boolean {
	const parts = path.split('/');
	const last = parts[parts.length - 1] ?? '';
	if (last.startsWith('.') || last === 'node_modules') return true;
	return parts.length === 1 && excludedRootFolders.includes(last);
}

/** `path` lies inside `folder` (recursively); the empty folder is the vault root. */
export function isInFolder(path: string, folder: string): boolean {
	// No `${folder}/` string per call: the brief asks this for every note and every item.
	return folder === '' || (path.length > folder.length && path.charCodeAt(folder.length) === 47 && path.startsWith(folder));
}

export function basename(path: string): string {
	return path.slice(path.lastIndexOf('/') + 1);
}

/** Sort order of every list: case-insensitive, then exact, so the order is total and stable. */
export function comparePaths(a: string, b: string): number {
	const la = a.toLowerCase();
	const lb = b.toLowerCase();
	if (la !== lb) return la < lb ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorts by `comparePaths` order, lower-casing each path once instead of twice per comparison:
 * the brief sorts every list on every plugin update, and at 100,000 notes that was most of it.
 */
export function sortByPath<T>(items: T[], pathOf: (item: T) => string): T[] {
	const keyed = items.map((item) => {
		const p = pathOf(item);
		return { item, p, lower: p.toLowerCase() };
	});
	keyed.sort((a, b) => (a.lower !== b.lower ? (a.lower < b.lower ? -1 : 1) : a.p < b.p ? -1 : a.p > b.p ? 1 : 0));
	return keyed.map((k) => k.item);
}
