// Every note a bench run changes, backed up first (bytes, atime, mtime) in a journal next to the
// vault and put back byte for byte with its mtime afterwards — also on the next run if a run was
// killed — so a generated vault and its ground truth stay valid for the other measurements.
import * as fs from 'node:fs';
import * as path from 'node:path';

type Entry = { kind: 'file'; rel: string; backup: string; atimeMs: number; mtimeMs: number } | { kind: 'rename'; from: string; to: string };

function journalDir(root: string): string {
	return path.join(path.dirname(root), 'plugin-bench-journal');
}

/** Puts back every note a (possibly killed) run changed: bytes and mtime. Returns how many. */
export function restoreJournal(root: string): number {
	const dir = journalDir(root);
	const list = path.join(dir, 'journal.ndjson');
	if (!fs.existsSync(list)) {
		fs.rmSync(dir, { recursive: true, force: true });
		return 0;
	}
	const entries = fs
		.readFileSync(list, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.flatMap((l): Entry[] => {
			try {
				return [JSON.parse(l) as Entry];
			} catch {
				return []; // a line cut off by a kill: its change had not started
			}
		});
	// Renames first, newest first, then every backed-up file's bytes and times.
	for (const e of [...entries].reverse()) {
		if (e.kind !== 'rename') continue;
		const from = path.join(root, e.from);
		const to = path.join(root, e.to);
		if (!fs.existsSync(from) && fs.existsSync(to)) fs.renameSync(to, from);
		else if (fs.existsSync(to)) fs.rmSync(to);
	}
	let restored = 0;
	for (const e of entries) {
		if (e.kind !== 'file') continue;
		const abs = path.join(root, e.rel);
		fs.mkdirSync(path.dirname(abs), { recursive: true });
		fs.writeFileSync(abs, fs.readFileSync(path.join(dir, e.backup)));
		fs.utimesSync(abs, e.atimeMs / 1000, e.mtimeMs / 1000);
		if (Math.trunc(fs.statSync(abs).mtimeMs) !== Math.trunc(e.mtimeMs)) throw new Error(`could not restore the mtime of ${e.rel}`);
		restored++;
	}
	fs.rmSync(dir, { recursive: true, force: true });
	return restored;
}

export class Journal {
	private readonly dir: string;
	private readonly fd: number;
	private count = 0;

	constructor(private readonly root: string) {
		this.dir = journalDir(root);
		fs.mkdirSync(this.dir, { recursive: true });
		this.fd = fs.openSync(path.join(this.dir, 'journal.ndjson'), 'a');
	}

	backup(rel: string): void {
		const abs = path.join(this.root, rel);
		const st = fs.statSync(abs);
		const backup = `${this.count++}.bin`;
		fs.copyFileSync(abs, path.join(this.dir, backup));
		this.write({ kind: 'file', rel, backup, atimeMs: st.atimeMs, mtimeMs: st.mtimeMs });
	}

	rename(from: string, to: string): void {
		this.write({ kind: 'rename', from, to });
	}

	close(): void {
		fs.closeSync(this.fd);
	}

	private write(e: Entry): void {
		fs.writeSync(this.fd, `${JSON.stringify(e)}\n`);
	}
}
