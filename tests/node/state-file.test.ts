/**
 * src/node/state-file.ts, the one door to Session Brief's files in a vault: atomic writes, and the
 * trust boundary (no link followed, no FIFO opened, nothing outside the vault touched).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	appendStateFile,
	createStateFile,
	inspectStateFile,
	listStateFolder,
	placeStateFile,
	readStateFile,
	readStateText,
	removeStateFile,
	StateFileError,
	writeStateFile,
	writeStateFileAsync,
	type StateWriteOptions,
} from '../../src/node/state-file';

let base: string;
let vault: string;
let outside: string;
beforeEach(() => {
	base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-state-file-'));
	vault = path.join(base, 'vault');
	outside = path.join(base, 'outside');
	fs.mkdirSync(vault);
	fs.mkdirSync(outside);
	fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true, maxRetries: 30 }));

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;
const leftovers = (dir: string): string[] => fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'));
const victim = (): string => fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8');
const posix = process.platform !== 'win32';

function mkfifo(file: string): void {
	execFileSync('mkfifo', [file]);
}

describe.each([
	['sync', async (f: string, d: string, o?: StateWriteOptions) => writeStateFile(vault, f, d, o)],
	['async', (f: string, d: string, o?: StateWriteOptions) => writeStateFileAsync(vault, f, d, o)],
] as const)('writeStateFile (%s)', (_name, write) => {
	it('creates missing folders and replaces an existing file', async () => {
		const file = path.join(vault, 'a', 'b', 'x.json');
		await write(file, 'one');
		await write(file, 'two');
		expect(fs.readFileSync(file, 'utf8')).toBe('two');
		expect(fs.readdirSync(path.dirname(file))).toEqual(['x.json']);
	});

	it.skipIf(!posix)("sets a mode asked for exactly, and keeps the replaced file's mode on request", async () => {
		const secret = path.join(vault, 'live.json');
		await write(secret, '{}', { mode: 0o600 });
		expect(modeOf(secret)).toBe(0o600);
		const script = path.join(vault, 'hook.cjs');
		fs.writeFileSync(script, 'old');
		fs.chmodSync(script, 0o755);
		await write(script, 'new', { mode: 'keep' });
		expect(modeOf(script)).toBe(0o755);
		expect(fs.readFileSync(script, 'utf8')).toBe('new');
	});

	it('leaves the target and no temp file behind when the rename fails', async () => {
		const target = path.join(vault, 'taken');
		fs.mkdirSync(target);
		await expect(write(target, 'data')).rejects.toThrow();
		expect(fs.statSync(target).isDirectory()).toBe(true);
		expect(leftovers(vault)).toEqual([]);
	});

	it.skipIf(!posix)('replaces a link planted at the file, never writing through it', async () => {
		const file = path.join(vault, 'brief-cache.json');
		fs.symlinkSync(path.join(outside, 'victim.txt'), file);
		await write(file, 'ours');
		expect(victim()).toBe('precious\n');
		expect(fs.lstatSync(file).isFile()).toBe(true);
		expect(fs.readFileSync(file, 'utf8')).toBe('ours');
	});

	it.skipIf(!posix)('refuses a folder reached through a link, even one pointing back into the vault', async () => {
		fs.symlinkSync(outside, path.join(vault, 'plugin'));
		await expect(write(path.join(vault, 'plugin', 'x.json'), 'data')).rejects.toThrow(StateFileError);
		expect(fs.readdirSync(outside)).toEqual(['victim.txt']);
		fs.mkdirSync(path.join(vault, 'real'));
		fs.symlinkSync(path.join(vault, 'real'), path.join(vault, 'alias'));
		await expect(write(path.join(vault, 'alias', 'x.json'), 'data')).rejects.toThrow(/symbolic link/);
	});

	it('refuses a path outside the vault, by `..` or absolutely', async () => {
		await expect(write(path.join(vault, '..', 'outside', 'x.json'), 'data')).rejects.toThrow(/outside the vault/);
		await expect(write(path.join(outside, 'x.json'), 'data')).rejects.toThrow(/outside the vault/);
		expect(fs.readdirSync(outside)).toEqual(['victim.txt']);
	});
});

describe('reading', () => {
	it('reads a regular file, bounded', () => {
		const file = path.join(vault, 'data.json');
		fs.writeFileSync(file, '\uFEFF{"a":1}');
		expect(readStateText(vault, file, 100)).toBe('{"a":1}');
		expect(readStateFile(vault, file, 3)).toBeNull();
		expect(readStateFile(vault, path.join(vault, 'none.json'), 100)).toBeNull();
	});

	it.skipIf(!posix)('never reads through a link, at the file or at its folder', () => {
		fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(vault, 'data.json'));
		expect(readStateFile(vault, path.join(vault, 'data.json'), 100)).toBeNull();
		fs.symlinkSync(outside, path.join(vault, 'folder'));
		expect(readStateFile(vault, path.join(vault, 'folder', 'victim.txt'), 100)).toBeNull();
		expect(inspectStateFile(vault, path.join(vault, 'data.json'))).toEqual({ kind: 'damaged', reason: 'is a symbolic link' });
	});

	it.skipIf(!posix)('does not wait on a FIFO: it is damaged, read as missing', () => {
		const file = path.join(vault, 'conversations.json');
		mkfifo(file);
		// A writer waits at the other end: a read that opened the FIFO gets its bytes (and without the
		// writer a blocking open would never return), so a read through the FIFO fails here, not hangs.
		const writer = spawn('sh', ['-c', 'printf "{}" > "$1"', 'sh', file], { stdio: 'ignore' });
		try {
			expect(readStateFile(vault, file, 100)).toBeNull();
		} finally {
			writer.kill('SIGKILL');
		}
		expect(inspectStateFile(vault, file)).toEqual({ kind: 'damaged', reason: 'is a FIFO (named pipe)' });
	});
});

describe('appending', () => {
	it('appends whole lines and says the path still names the file written to', () => {
		const file = path.join(vault, 'p', 'journal.jsonl');
		expect(appendStateFile(vault, file, 'a\n')).toEqual({ landed: true, size: 2 });
		expect(appendStateFile(vault, file, 'b\n')).toEqual({ landed: true, size: 4 });
		expect(fs.readFileSync(file, 'utf8')).toBe('a\nb\n');
	});

	it.skipIf(!posix)('refuses a link or a FIFO where the journal belongs', () => {
		const link = path.join(vault, 'journal.jsonl');
		fs.symlinkSync(path.join(outside, 'victim.txt'), link);
		expect(() => appendStateFile(vault, link, 'x\n')).toThrow();
		expect(victim()).toBe('precious\n');
		const fifo = path.join(vault, 'fifo.jsonl');
		mkfifo(fifo);
		expect(() => appendStateFile(vault, fifo, 'x\n')).toThrow();
	});
});

describe('creating, placing, removing, listing', () => {
	it('creates exclusively, and places a whole file only where nothing is', () => {
		const file = path.join(vault, 'marks', 'm');
		expect(createStateFile(vault, file, 'one')).toBe(true);
		expect(createStateFile(vault, file, 'two')).toBe(false);
		expect(placeStateFile(vault, file, 'three')).toBe(false);
		expect(fs.readFileSync(file, 'utf8')).toBe('one');
		expect(placeStateFile(vault, path.join(vault, 'marks', 'n'), 'four')).toBe(true);
		expect(leftovers(path.join(vault, 'marks'))).toEqual([]);
		expect(listStateFolder(vault, path.join(vault, 'marks'), 10).map((e) => e.name).sort()).toEqual(['m', 'n']);
	});

	it.skipIf(!posix)('removes a planted link itself, never what it points to, and lists no folder reached by a link', () => {
		const link = path.join(vault, 'mark');
		fs.symlinkSync(path.join(outside, 'victim.txt'), link);
		expect(removeStateFile(vault, link)).toBe(true);
		expect(victim()).toBe('precious\n');
		fs.symlinkSync(outside, path.join(vault, 'session-marks'));
		expect(listStateFolder(vault, path.join(vault, 'session-marks'), 10)).toEqual([]);
		expect(() => removeStateFile(vault, path.join(vault, 'session-marks', 'victim.txt'))).toThrow(StateFileError);
		expect(victim()).toBe('precious\n');
	});
});

describe.skipIf(process.platform !== 'linux')('a folder swapped for a link while writing', () => {
	it('never lands a write outside the vault when the folder is swapped right after its check', () => {
		const dir = path.join(vault, 'plugin');
		fs.mkdirSync(dir);
		// Node's fs as CommonJS: a change to it reaches every `import * as fs` once synced.
		const cjsFs = createRequire(import.meta.url)('node:fs') as typeof fs;
		const realpath = cjsFs.realpathSync.native;
		let swaps = 0;
		const swapAfterCheck = ((p: string) => {
			const real = realpath(p);
			// The folder's check has just seen the real folder: now it becomes a link out of the vault.
			if (p === dir && !fs.lstatSync(dir).isSymbolicLink()) {
				fs.renameSync(dir, `${dir}.real`);
				fs.symlinkSync(outside, dir);
				swaps++;
			}
			return real;
		}) as typeof realpath;
		cjsFs.realpathSync.native = swapAfterCheck;
		syncBuiltinESMExports();
		const unswap = (): void => {
			if (fs.lstatSync(dir).isSymbolicLink()) {
				fs.unlinkSync(dir);
				fs.renameSync(`${dir}.real`, dir);
			}
		};
		const writes: Array<() => unknown> = [
			() => writeStateFile(vault, path.join(dir, 'x.json'), 'x'),
			() => appendStateFile(vault, path.join(dir, 'j.jsonl'), 'j\n'),
			() => createStateFile(vault, path.join(dir, 'c'), 'c'),
			() => placeStateFile(vault, path.join(dir, 'p'), 'p'),
		];
		try {
			for (const write of writes) {
				try {
					write();
				} catch {
					// Refused: the folder it opened is a link now.
				}
				unswap();
			}
		} finally {
			cjsFs.realpathSync.native = realpath;
			syncBuiltinESMExports();
		}
		expect(swaps).toBe(writes.length);
		expect(fs.readdirSync(outside)).toEqual(['victim.txt']);
		expect(victim()).toBe('precious\n');
	});
});
