/** openInVault is a reader: it opens a note of the vault, and refuses every flag that could change a file. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openInVault } from '../../src/node/real-path';

let root: string | null = null;
afterEach(() => {
	if (root !== null) fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 });
	root = null;
});

describe('openInVault', () => {
	it('opens a note for reading, and refuses to open one for writing, creating, truncating or appending', () => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-real-path-'));
		const note = path.join(root, 'a.md');
		fs.writeFileSync(note, 'text');
		const fd = openInVault(root, note, fs.constants.O_RDONLY);
		expect(fs.readFileSync(fd, 'utf8')).toBe('text');
		fs.closeSync(fd);
		const c = fs.constants;
		for (const flags of [c.O_WRONLY, c.O_RDWR, c.O_RDONLY | c.O_CREAT, c.O_RDONLY | c.O_TRUNC, c.O_WRONLY | c.O_APPEND]) {
			expect(() => openInVault(root ?? '', note, flags)).toThrow(/reading only/);
		}
		expect(fs.readFileSync(note, 'utf8')).toBe('text');
		expect(() => openInVault(root ?? '', path.join(root ?? '', 'new.md'), c.O_RDONLY | c.O_CREAT)).toThrow(/reading only/);
		expect(fs.existsSync(path.join(root, 'new.md'))).toBe(false);
	});
});
