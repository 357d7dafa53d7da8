/**
 * Which notes of the vault are links out of it, for the plugin on desktop (docs/design.md, "Links do
 * not open doors"), answered from folder listings rather than a system call per note; when a listing
 * is trusted is in docs/design-decisions/trust-boundary.md.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Coarser than the mtime resolution of any file system a vault lives on (FAT: 2 s). */
const MTIME_STEP_MS = 2000;
/** Folders listed at once by the walk. */
const WALK_WIDTH = 8;

interface Listing {
	mtimeMs: number;
	listedAt: number;
	/** The links among the folder's entries: true when the link leads outside the vault; null when it has none. */
	links: Map<string, boolean> | null;
}

export interface VaultLinks {
	/** True when the note (vault-relative, with `/`) has its real path outside the vault. */
	outside: (rel: string) => boolean;
	/** Resolves when the walk has listed every folder. */
	walked: Promise<void>;
	/** Which way the answers came (diagnostics; the tests read it). */
	stats: { listedSync: number; listedAsync: number; realPaths: number };
}

/**
 * The links of the vault at `base`. Each note's answer is remembered once given, as before: a path
 * that cannot be resolved (gone, or a link loop) counts as not outside here; the plugin then fails
 * to read it as any missing note.
 */
export function vaultLinks(base: string): VaultLinks {
	const stats = { listedSync: 0, listedAsync: 0, realPaths: 0 };
	let realBase: string;
	try {
		realBase = fs.realpathSync.native(base);
	} catch {
		return { outside: () => false, walked: Promise.resolve(), stats };
	}
	const prefix = realBase.endsWith(path.sep) ? realBase : realBase + path.sep;
	const inside = (real: string): boolean => real === realBase || real.startsWith(prefix);
	const abs = (rel: string): string => (rel === '' ? base : path.join(base, ...rel.split('/')));
	const listings = new Map<string, Listing>();
	const seen = new Map<string, boolean>();
	/** Folders whose mtime was checked in this event-loop turn, and whether the listing stands. */
	let checked: Map<string, boolean> | null = null;

	/** The folder's mtime is still the listing's (one lstat per folder and event-loop turn). */
	const current = (folder: string, listing: Listing): boolean => {
		if (checked === null) {
			checked = new Map();
			setTimeout(() => (checked = null), 0);
		}
		let ok = checked.get(folder);
		if (ok === undefined) {
			try {
				ok = fs.lstatSync(abs(folder)).mtimeMs === listing.mtimeMs;
			} catch {
				ok = false;
			}
			checked.set(folder, ok);
		}
		return ok;
	};
	/** A change within one mtime step after the folder's last one could leave its mtime as it was. */
	const racy = (listing: Listing): boolean => listing.listedAt - listing.mtimeMs <= MTIME_STEP_MS;

	const listSync = (folder: string): Listing | null => {
		try {
			const listedAt = Date.now();
			const mtimeMs = fs.lstatSync(abs(folder)).mtimeMs;
			let links: Map<string, boolean> | null = null;
			for (const entry of fs.readdirSync(abs(folder), { withFileTypes: true })) {
				if (!entry.isSymbolicLink()) continue;
				let out = false;
				try {
					stats.realPaths++;
					out = !inside(fs.realpathSync.native(path.join(abs(folder), entry.name)));
				} catch {
					out = false;
				}
				(links ??= new Map()).set(entry.name, out);
			}
			stats.listedSync++;
			const listing = { mtimeMs, listedAt, links };
			listings.set(folder, listing);
			checked?.set(folder, true);
			return listing;
		} catch {
			return null;
		}
	};

	const byRealPath = (rel: string): boolean => {
		stats.realPaths++;
		try {
			return !inside(fs.realpathSync.native(abs(rel)));
		} catch {
			return false;
		}
	};

	const decide = (rel: string): boolean => {
		const parts = rel.split('/');
		let folder = '';
		for (let i = 0; i < parts.length; i++) {
			const name = parts[i]!;
			let listing = listings.get(folder) ?? listSync(folder);
			if (listing !== null && (!current(folder, listing) || (racy(listing) && Date.now() - listing.mtimeMs > MTIME_STEP_MS))) listing = listSync(folder);
			if (listing === null || racy(listing) || !current(folder, listing)) return byRealPath(rel);
			const link = listing.links?.get(name);
			if (link === true) return true;
			// A link that leads back into the vault: what lies behind it is the real path's to say.
			if (link === false) return byRealPath(rel);
			folder = folder === '' ? name : `${folder}/${name}`;
		}
		return false;
	};

	const outside = (rel: string): boolean => {
		let out = seen.get(rel);
		if (out === undefined) {
			out = decide(rel);
			seen.set(rel, out);
		}
		return out;
	};

	const walked = walk(base, inside, (folder, listing) => {
		if (!listings.has(folder)) {
			listings.set(folder, listing);
			stats.listedAsync++;
		}
	});
	return { outside, walked, stats };
}

// Callback forms: reads only, on libuv's threads.
const lstatAsync = (p: string): Promise<fs.Stats> => new Promise((resolve, reject) => fs.lstat(p, (e, st) => (e === null ? resolve(st) : reject(e))));
const readdirAsync = (p: string): Promise<fs.Dirent[]> => new Promise((resolve, reject) => fs.readdir(p, { withFileTypes: true }, (e, list) => (e === null ? resolve(list) : reject(e))));
const realpathAsync = (p: string): Promise<string> => new Promise((resolve, reject) => fs.realpath.native(p, (e, real) => (e === null ? resolve(real) : reject(e))));

/** Lists every folder under `base` that can hold a counted note (hidden ones cannot), a few at a time, following no link. */
async function walk(base: string, inside: (real: string) => boolean, found: (folder: string, listing: Listing) => void): Promise<void> {
	const queue: string[] = [''];
	const one = async (folder: string): Promise<void> => {
		const dir = folder === '' ? base : path.join(base, ...folder.split('/'));
		const listedAt = Date.now();
		const mtimeMs = (await lstatAsync(dir)).mtimeMs;
		let links: Map<string, boolean> | null = null;
		for (const entry of await readdirAsync(dir)) {
			if (entry.isSymbolicLink()) {
				let out = false;
				try {
					out = !inside(await realpathAsync(path.join(dir, entry.name)));
				} catch {
					out = false;
				}
				(links ??= new Map()).set(entry.name, out);
			} else if (entry.isDirectory() && !entry.name.startsWith('.')) {
				queue.push(folder === '' ? entry.name : `${folder}/${entry.name}`);
			}
		}
		found(folder, { mtimeMs, listedAt, links });
	};
	const worker = async (): Promise<void> => {
		for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
			try {
				await one(folder);
			} catch {
				// A folder gone or unreadable: its notes are decided when asked.
			}
		}
	};
	// The queue grows as folders are listed: workers that found it empty come back for what was added.
	while (queue.length > 0) await Promise.all(Array.from({ length: WALK_WIDTH }, worker));
}

/** The test alone, for callers that need nothing else. */
export function linkedOutside(base: string): (rel: string) => boolean {
	return vaultLinks(base).outside;
}
