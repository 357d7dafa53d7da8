/**
 * Which of Session Brief's own places an agent's tool call reaches (src/core/agent-fence.ts says
 * what is refused and how), and whether a `Write` lands on a file of the sessions folder (the Write
 * guard). Both compare real paths and file identity (device and inode), so neither a symbolic link
 * nor a hard link opens a way round (docs/design.md, "Links do not open doors"). The common call
 * (an edit of a note, a shell command that names no dot folder) is decided by string compares and
 * one real-path lookup, before any settings are read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeGlob, commandWords, READING_COMMANDS, type Fenced } from '../../core/agent-fence';
import { realPathOf } from '../real-path';
import { HOOK_PREFIX, hooksFolder } from '../state-registry';

/** Lower-case with `/`, no trailing slash: file systems of the users we serve are often case-insensitive. */
function norm(p: string): string {
	const s = p.replace(/\\/g, '/').toLowerCase();
	return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s;
}

/** `p` is `dir` or lies below it. */
function within(dir: string, p: string): boolean {
	const d = norm(dir);
	const n = norm(p);
	return n === d || n.startsWith(d.endsWith('/') ? d : `${d}/`);
}

/** The path and, when it differs, its real path. */
function bothWays(p: string): string[] {
	const real = realPathOf(p);
	return real === null || real === p ? [p] : [p, real];
}

export interface FencePlaces {
	root: string;
	/** Absolute; null when the vault has no config folder. */
	pluginDir: string | null;
	/** The folders holding our hook files: the running hook's own, and the vault's `.claude/hooks`. */
	hookDirs: string[];
}

export function fencePlaces(root: string, pluginDir: string | null, scriptPath: string): FencePlaces {
	const own = path.dirname(path.resolve(scriptPath));
	const vaults = hooksFolder(root);
	return { root, pluginDir, hookDirs: norm(own) === norm(vaults) ? [vaults] : [vaults, own] };
}

const isHookName = (name: string): boolean => name.toLowerCase().startsWith(HOOK_PREFIX);

/** Whether the absolute `p` (taken as it is: the caller passes the real path too) is one of our places. */
function placeOf(places: FencePlaces, p: string): Fenced | null {
	for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(plugin, p)) return 'plugin';
	for (const dir of places.hookDirs.flatMap(bothWays)) {
		// A folder of its own (`.claude/hooks/session-brief/`) is ours whole; else only our files in it.
		if (isHookName(path.basename(dir)) ? within(dir, p) : norm(path.dirname(p)) === norm(dir) && isHookName(path.basename(p))) return 'hooks';
	}
	return null;
}

/** Whether the folder `p` holds one of our places below the vault root (removing it would remove them). */
function holdsPlace(places: FencePlaces, p: string): Fenced | null {
	const roots = bothWays(places.root).map(norm);
	if (roots.includes(norm(p)) || !roots.some((r) => within(r, p))) return null;
	for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(p, plugin)) return 'plugin';
	for (const dir of places.hookDirs.flatMap(bothWays)) if (within(p, dir)) return 'hooks';
	return null;
}

/** The same file (device and inode) as one of ours, for a file with more than one hard link. */
function sameFileAsOurs(places: FencePlaces, stat: fs.Stats): Fenced | null {
	const look = (dir: string, pick: (name: string) => boolean): boolean => {
		let names: string[];
		try {
			names = fs.readdirSync(dir);
		} catch {
			return false;
		}
		return names.filter(pick).some((n) => {
			const s = fs.lstatSync(path.join(dir, n), { throwIfNoEntry: false });
			return s !== undefined && s.isFile() && s.ino === stat.ino && s.dev === stat.dev;
		});
	};
	if (places.pluginDir !== null && look(places.pluginDir, () => true)) return 'plugin';
	for (const dir of places.hookDirs) if (look(dir, isHookName)) return 'hooks';
	return null;
}

/**
 * Whether a file tool's target might be one of ours, by string compares alone (and one real-path
 * lookup): the common case answers no before any settings are read. A hard link gives no hint
 * in its name, so a file with more than one link is always looked at.
 */
export function fileMayBeFenced(root: string, filePath: string): boolean {
	const abs = path.resolve(root, filePath);
	for (const p of bothWays(abs)) {
		const n = norm(p);
		if (n.includes('/plugins/') || isHookName(path.basename(n))) return true;
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

/** A shell command that may name one of our places: it names a dot folder, a plugins folder or our name. */
export function commandMayBeFenced(command: string): boolean {
	return /session-brief|plugins|(^|[\s/\\'"=])\.[^\s/\\.]/i.test(command);
}

const isNode = (word: string): boolean => /^node(\.exe)?$/i.test(path.basename(word));

/**
 * The first word of a shell command that names one of our places or a folder holding one,
 * relative to the session's working folder (or the vault): null when none does. Running a hook
 * file with node for a command that only reads (`node .claude/hooks/session-brief.cjs report`) is
 * no change to it.
 */
export function fencedCommand(places: FencePlaces, command: string, cwd: string | undefined): { word: string; fenced: Fenced } | null {
	const words = commandWords(command);
	const bases = [...new Set([cwd, places.root].filter((b): b is string => typeof b === 'string' && path.isAbsolute(b)))];
	for (let i = 0; i < words.length; i++) {
		const word = words[i] ?? '';
		const stem = beforeGlob(word);
		if (stem === '' || stem.startsWith('-') || stem.startsWith('$')) continue;
		const running = i > 0 && isNode(words[i - 1] ?? '') && READING_COMMANDS.has(words[i + 1] ?? '');
		for (const base of bases) {
			for (const p of bothWays(path.resolve(base, stem))) {
				const fenced = placeOf(places, p) ?? holdsPlace(places, p);
				if (fenced === null) continue;
				if (running && fenced === 'hooks' && placeOf(places, p) === 'hooks' && fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true) continue;
				return { word, fenced };
			}
		}
	}
	return null;
}

/**
 * The Write guard's question beyond the path as given (src/core/write-guard.ts asks that): does a
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
