import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicAsync } from '../../src/node/atomic-write';

let dir: string;
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-atomic-write-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;
const leftovers = (): string[] => fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe.each([
	['sync', async (f: string, d: string, o?: Parameters<typeof writeFileAtomic>[2]) => writeFileAtomic(f, d, o)],
	['async', writeFileAtomicAsync],
] as const)('writeFileAtomic (%s)', (_name, write) => {
	it('creates missing folders and replaces an existing file', async () => {
		const file = path.join(dir, 'a', 'b', 'x.json');
		await write(file, 'one');
		await write(file, 'two');
		expect(fs.readFileSync(file, 'utf8')).toBe('two');
		expect(fs.readdirSync(path.dirname(file))).toEqual(['x.json']);
	});

	it.skipIf(process.platform === 'win32')('sets a mode asked for exactly, and keeps the replaced file\'s mode on request', async () => {
		const secret = path.join(dir, 'live.json');
		await write(secret, '{}', { mode: 0o600 });
		expect(modeOf(secret)).toBe(0o600);
		const script = path.join(dir, 'hook.cjs');
		fs.writeFileSync(script, 'old');
		fs.chmodSync(script, 0o755);
		await write(script, 'new', { mode: 'keep' });
		expect(modeOf(script)).toBe(0o755);
		expect(fs.readFileSync(script, 'utf8')).toBe('new');
	});

	it('leaves the target and no temp file behind when the rename fails', async () => {
		// A folder where the file should be: the temp file is written, the rename over it fails.
		const target = path.join(dir, 'taken');
		fs.mkdirSync(target);
		await expect(write(target, 'data')).rejects.toThrow();
		expect(fs.statSync(target).isDirectory()).toBe(true);
		expect(leftovers()).toEqual([]);
	});
});
