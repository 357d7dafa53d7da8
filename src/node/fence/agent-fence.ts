/**
 * Which of Session Brief's own places a tool call reaches, and whether a `Write` lands in the
 * sessions folder, by real path and file identity, so no symbolic or hard link opens a way round
 * (docs/design.md, "Links do not open doors"). The common call costs string compares and one lookup.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Fenced } from '../../core/fence/agent-fence';
import { realPathOf } from '../real-path';
import { HOOK_PREFIX, hooksFolder } from '../state-registry';

/** Lower-case with `/`, no trailing slash: file systems of the users we serve are often case-insensitive. */
export function norm(p: string): string {
	const s = p.replace(/\\/g, '/').toLowerCase();
	return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s;
}

/** `p` is `dir` or lies below it. */
export function within(dir: string, p: string): boolean {
	const d = norm(dir);
	const n = norm(p);
	return n === d || n.startsWith(d.endsWith('/') ? d : `${d}/`);
}

/** The path and, when it differs, its real path. */
export function bothWays(p: string): string[] {
	const real = realPathOf(p);
	return real === null || real === p ? [p] : [p, real];
}

export interface FencePlaces {
	root: string;
	/** Absolute; null when the vault has no config folder. */
	pluginDir: string | null;
	/** The folders holding our hook files: the running hook's own, and the vault's `.claude/hooks`. */
	hookDirs: string[];
	/** Folders that are ours whole: the agent plugin's folder (plugin mode), the per-user state folder. */
	wholeFolders: { dir: string; fenced: Fenced }[];
	/** The user's home folder, which (like the vault root) holds too much to count as holding a place. */
	home: string | null;
}

/**
 * The agent plugin's folder when the hook runs from one (`<plugin>/hooks/session-brief.cjs` beside
 * `<plugin>/.claude-plugin/` or `.codex-plugin/`), else null.
 */
export function agentPluginFolder(scriptPath: string): string | null {
	const own = path.dirname(path.resolve(scriptPath));
	// The vault's `.claude/hooks` (an install) is no plugin: no file system call for it.
	if (path.basename(own).toLowerCase() !== 'hooks' || path.basename(path.dirname(own)).toLowerCase() === '.claude') return null;
	const folder = path.dirname(own);
	return ['.claude-plugin', '.codex-plugin'].some((m) => fs.existsSync(path.join(folder, m))) ? folder : null;
}

export function fencePlaces(root: string, pluginDir: string | null, scriptPath: string, stateDir: string | null = null, home: string | null = null): FencePlaces {
	const own = path.dirname(path.resolve(scriptPath));
	const vaults = hooksFolder(root);
	const agentPlugin = agentPluginFolder(scriptPath);
	const wholeFolders: { dir: string; fenced: Fenced }[] = [];
	if (agentPlugin !== null) wholeFolders.push({ dir: agentPlugin, fenced: 'agentPlugin' });
	if (stateDir !== null && path.isAbsolute(stateDir)) wholeFolders.push({ dir: stateDir, fenced: 'state' });
	return { root, pluginDir, hookDirs: norm(own) === norm(vaults) ? [vaults] : [vaults, own], wholeFolders, home };
}

export const isHookName = (name: string): boolean => name.toLowerCase().startsWith(HOOK_PREFIX);

/** Whether the absolute `p` (taken as it is: the caller passes the real path too) is one of our places. */
export function placeOf(places: FencePlaces, p: string): Fenced | null {
	for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(plugin, p)) return 'plugin';
	for (const dir of places.hookDirs.flatMap(bothWays)) {
		// A folder of its own (`.claude/hooks/session-brief/`) is ours whole; else only our files in it.
		if (isHookName(path.basename(dir)) ? within(dir, p) : norm(path.dirname(p)) === norm(dir) && isHookName(path.basename(p))) return 'hooks';
	}
	for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) if (within(dir, p)) return whole.fenced;
	return null;
}

/** Every place of ours as a path (each hook file by name), the literal path and the real one. */
export function placePaths(places: FencePlaces): { at: string; fenced: Fenced }[] {
	const out: { at: string; fenced: Fenced }[] = [];
	for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) out.push({ at: plugin, fenced: 'plugin' });
	for (const dir of places.hookDirs.flatMap(bothWays)) {
		if (isHookName(path.basename(dir))) out.push({ at: dir, fenced: 'hooks' });
		else for (const name of namesIn(dir).filter(isHookName)) out.push({ at: path.join(dir, name), fenced: 'hooks' });
	}
	for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) out.push({ at: dir, fenced: whole.fenced });
	return out;
}

function namesIn(dir: string): string[] {
	try {
		return fs.readdirSync(dir);
	} catch {
		return [];
	}
}

/**
 * Whether the folder `p` holds one of our places, so removing or moving it would reach them. The
 * vault root, the home folder and the folders above them hold everything and count only when
 * `wholeTree` (a command that rewrites a whole work tree: `git checkout -- .`).
 */
export function holdsPlace(places: FencePlaces, p: string, wholeTree = false): Fenced | null {
	if (norm(p) === norm(path.parse(p).root)) return null;
	if (!wholeTree) {
		const tops = [places.root, ...(places.home === null ? [] : [places.home])].flatMap(bothWays);
		if (tops.some((top) => within(p, top))) return null;
	}
	for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(p, plugin)) return 'plugin';
	for (const dir of places.hookDirs.flatMap(bothWays)) if (within(p, dir)) return 'hooks';
	for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) if (within(p, dir)) return whole.fenced;
	return null;
}

/** The same file (device and inode) as one of ours, for a file with more than one hard link. */
function sameFileAsOurs(places: FencePlaces, stat: fs.Stats): Fenced | null {
	const look = (dir: string, pick: (name: string) => boolean): boolean =>
		namesIn(dir)
			.filter(pick)
			.some((n) => {
				const s = fs.lstatSync(path.join(dir, n), { throwIfNoEntry: false });
				return s !== undefined && s.isFile() && s.ino === stat.ino && s.dev === stat.dev;
			});
	if (places.pluginDir !== null && look(places.pluginDir, () => true)) return 'plugin';
	for (const dir of places.hookDirs) if (look(dir, isHookName)) return 'hooks';
	for (const whole of places.wholeFolders) if (look(whole.dir, () => true)) return whole.fenced;
	return null;
}

/**
 * Whether a file tool's target might be one of ours, by string compares alone (and one real-path
 * lookup): the common case answers no before any settings are read. A hard link gives no hint
 * in its name, so a file with more than one link is always looked at. `outside` are our folders
 * outside the vault (the per-user state folder, the agent plugin's folder).
 */
export function fileMayBeFenced(root: string, filePath: string, outside: readonly string[] = []): boolean {
	const abs = path.resolve(root, filePath);
	for (const p of bothWays(abs)) {
		const n = norm(p);
		if (n.includes('/plugins/') || isHookName(path.basename(n)) || outside.some((o) => within(o, p))) return true;
	}
	const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
	return stat !== undefined && stat.isFile() && stat.nlink > 1;
}

export function fencedFile(places: FencePlaces, filePath: string): Fenced | null {
	const abs = path.resolve(places.root, filePath);
	for (const p of bothWays(abs)) {
		const found = placeOf(places, p);
		if (found !== null) return found;
	}
	const stat = fs.statSync(abs, { throwIfNoEntry: false });
	return stat !== undefined && stat.isFile() && stat.nlink > 1 ? sameFileAsOurs(places, stat) : null;
}

/**
 * The Write guard's question beyond the path as given (src/core/fence/write-guard.ts asks that): does a
 * `Write` to `filePath` replace a file of the sessions folder by a folder or file link into it, by
 * the folder's own real place, or as a hard link to a file in it? Returns that file's path
 * relative to the vault, for the message, or null.
 */
export function sessionFileBehindLinks(root: string, sessionsFolder: string, filePath: string): string | null {
	if (sessionsFolder === '') return null;
	const abs = path.resolve(root, filePath);
	const stat = fs.statSync(abs, { throwIfNoEntry: false });
	if (stat === undefined || !stat.isFile()) return null;
	const folder = path.join(root, ...sessionsFolder.split('/'));
	const realFolder = realPathOf(folder);
	const realFile = realPathOf(abs);
	if (realFile !== null && realFolder !== null && within(realFolder, realFile) && norm(realFile) !== norm(realFolder)) {
		return `${sessionsFolder}/${path.relative(realFolder, realFile).split(path.sep).join('/')}`;
	}
	if (stat.nlink > 1) {
		const twin = findSameFile(folder, stat, 10_000);
		if (twin !== null) return `${sessionsFolder}/${path.relative(folder, twin).split(path.sep).join('/')}`;
	}
	return null;
}

/** A file below `dir` with the identity of `stat`, looking at no more than `budget` entries. */
function findSameFile(dir: string, stat: fs.Stats, budget: number): string | null {
	const queue = [dir];
	let seen = 0;
	while (queue.length > 0) {
		const current = queue.shift() as string;
		let entries: fs.Dirent[];
		try {
			entries = fs.readdirSync(current, { withFileTypes: true });
		} catch {
			continue;
		}
		for (const e of entries) {
			if (++seen > budget) return null;
			const p = path.join(current, e.name);
			if (e.isDirectory()) queue.push(p);
			else if (e.isFile()) {
				const s = fs.lstatSync(p, { throwIfNoEntry: false });
				if (s !== undefined && s.ino === stat.ino && s.dev === stat.dev) return p;
			}
		}
	}
	return null;
}
