/**
 * The one atomic file write: a temporary file in the target's folder renamed over the target, so
 * a reader sees the old file or the new one, never half of one (rename replaces in one step on
 * every OS). The bridge's cache, the plugin's cache on desktop, the live discovery file and
 * install/uninstall all write through it; what differs between them (symlinks, read-only marks,
 * error wording) is the caller's policy. The plugin takes the promise form so a large index write
 * never blocks Obsidian's window; the bridge and install/uninstall run synchronously.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface AtomicWriteOptions {
	/**
	 * The new file's permission bits: a number sets them exactly (the discovery file holds a token:
	 * 0600); `'keep'` asks for those of the file replaced (an executable script, a private settings
	 * file). Left out: the process's default for a new file.
	 */
	mode?: number | 'keep';
}

interface Plan {
	tmp: string;
	/** The mode the temp file is created with (the umask still applies). */
	create: number | undefined;
	/** Set exactly after creation, since the umask can narrow a mode asked for. */
	exact: number | undefined;
}

function plan(file: string, options: AtomicWriteOptions): Plan {
	// The pid keeps writers of two processes apart; the random part, two writes of one process.
	// No secret is at stake, so no crypto module is loaded for it (every hook start would pay).
	const tmp = `${file}.${process.pid}.${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}.tmp`;
	if (options.mode === 'keep') return { tmp, create: currentMode(file), exact: undefined };
	return { tmp, create: options.mode, exact: options.mode };
}

function currentMode(file: string): number | undefined {
	try {
		return fs.statSync(file).mode & 0o777;
	} catch {
		return undefined;
	}
}

/** Writes `data` to `file` through a temp file and a rename; on failure the temp file is removed and the error rethrown. */
export function writeFileAtomic(file: string, data: string | Buffer, options: AtomicWriteOptions = {}): void {
	const p = plan(file, options);
	try {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(p.tmp, data, p.create === undefined ? undefined : { mode: p.create });
		if (p.exact !== undefined) fs.chmodSync(p.tmp, p.exact);
		fs.renameSync(p.tmp, file);
	} catch (error) {
		fs.rmSync(p.tmp, { force: true });
		throw error;
	}
}

/** The same write without blocking the thread (the plugin runs in Obsidian's window). */
export async function writeFileAtomicAsync(file: string, data: string | Buffer, options: AtomicWriteOptions = {}): Promise<void> {
	const p = plan(file, options);
	try {
		await fs.promises.mkdir(path.dirname(file), { recursive: true });
		await fs.promises.writeFile(p.tmp, data, p.create === undefined ? undefined : { mode: p.create });
		if (p.exact !== undefined) await fs.promises.chmod(p.tmp, p.exact);
		await fs.promises.rename(p.tmp, file);
	} catch (error) {
		await fs.promises.rm(p.tmp, { force: true });
		throw error;
	}
}
