/** Which files count as notes, and path helpers shared by every item. */

/*
 * What counts as a note, one name at a time: the single definition every walk applies. The scan's
 * walk (src/node/scan/scan.ts) calls these as it lists a folder; the stat walk's second thread runs
 * their source text (src/node/scan/stat-walk.ts), so each is self-contained: it uses only its
 * parameters, never a name from this module. isCountedNote and isSkippedFolder are the same rule
 * for whole paths. tests/node/note-rule.test.ts holds every walk to isCountedNote over random trees.
 */

/** A name no walk looks into or lists: a dot name (`.obsidian`, `.trash`, `.git`, a dot file). */
export function isHiddenName(name: string): boolean {
	return name.startsWith('.');
}

/** Whether a walk enters the folder `name` (`atRoot`: a folder of the vault root); hidden names aside. */
export function entersFolder(name: string, atRoot: boolean, excludedRootFolders: readonly string[]): boolean {
	return name !== 'node_modules' && !(atRoot && excludedRootFolders.includes(name));
}

/** Whether a file named `name` is a note; hidden names aside. */
export function isNoteName(name: string): boolean {
	return name.endsWith('.md');
}

/** True for a vault-relative path (with `/`) that any item may look at. */
export function isCountedNote(path: string, excludedRootFolders: readonly string[]): boolean {
	// Folder by folder without splitting the path: the brief asks this of every note a scan lists.
	let start = 0;
	for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', start)) {
		const part = path.slice(start, slash);
		if (part === '' || isHiddenName(part) || !entersFolder(part, start === 0, excludedRootFolders)) return false;
		start = slash + 1;
	}
	const name = path.slice(start);
	return name !== '' && !isHiddenName(name) && isNoteName(name);
}

/** True when a folder of the walk can hold no counted note, so the walk may skip it. */
export function isSkippedFolder(path: string, excludedRootFolders: readonly string[]): boolean {
	const parts = path.split('/');
	const last = parts[parts.length - 1] ?? '';
	return isHiddenName(last) || !entersFolder(last, parts.length === 1, excludedRootFolders);
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
 * the brief sorts every list on every plugin update, and in a large vault that sort dominated.
 */
export function sortByPath<T>(items: T[], pathOf: (item: T) => string): T[] {
	const keyed = items.map((item) => {
		const p = pathOf(item);
		return { item, p, lower: p.toLowerCase() };
	});
	keyed.sort((a, b) => (a.lower !== b.lower ? (a.lower < b.lower ? -1 : 1) : a.p < b.p ? -1 : a.p > b.p ? 1 : 0));
	return keyed.map((k) => k.item);
}
