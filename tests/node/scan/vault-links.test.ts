/**
 * Which notes are links out of the vault, from folder listings (src/node/scan/linked-notes.ts): the
 * same answers as each note's real path, without a system call per note once a folder is listed,
 * and a link placed after the listing is still seen.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { vaultLinks } from '../../../src/node/scan/linked-notes';

const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function temp(prefix: string): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	dirs.push(d);
	return d;
}

/** Every folder's mtime an hour back, as in a vault not being reorganized right now. */
function age(root: string): void {
	const past = Date.now() / 1000 - 3600;
	const visit = (dir: string): void => {
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) visit(path.join(dir, e.name));
		fs.utimesSync(dir, past, past);
	};
	visit(root);
}

/** The real-path answer the listings must give. */
function byRealPath(base: string, rel: string): boolean {
	try {
		const real = fs.realpathSync.native(path.join(base, rel));
		const root = fs.realpathSync.native(base);
		return !(real === root || real.startsWith(root + path.sep));
	} catch {
		return false;
	}
}

describe.skipIf(process.platform === 'win32')('notes behind links, from folder listings', () => {
	it('answers as the real paths do, with no system call per note', async () => {
		const base = temp('sb-links-');
		const out = temp('sb-links-out-');
		fs.writeFileSync(path.join(out, 'secret.md'), 'SECRET');
		fs.mkdirSync(path.join(out, 'folder'));
		fs.writeFileSync(path.join(out, 'folder', 'deep.md'), 'SECRET');
		const notes: string[] = [];
		for (const f of ['A', 'A/B', 'C']) fs.mkdirSync(path.join(base, f), { recursive: true });
		for (let i = 0; i < 60; i++) {
			const rel = `${['A', 'A/B', 'C'][i % 3]}/note ${i}.md`;
			fs.writeFileSync(path.join(base, rel), 'x');
			notes.push(rel);
		}
		fs.symlinkSync(path.join(out, 'secret.md'), path.join(base, 'A', 'linked out.md'));
		fs.symlinkSync(path.join(out, 'folder'), path.join(base, 'A', 'B', 'folder out'));
		fs.symlinkSync(path.join(base, 'C', 'note 2.md'), path.join(base, 'A', 'linked in.md'));
		fs.symlinkSync(path.join(base, 'C'), path.join(base, 'folder in'));
		fs.symlinkSync(path.join(base, 'nowhere.md'), path.join(base, 'C', 'dangling.md'));
		age(base);
		const links = vaultLinks(base);
		await links.walked;
		const linked = ['A/linked out.md', 'A/B/folder out/deep.md', 'A/linked in.md', 'folder in/note 2.md', 'C/dangling.md'];
		for (const rel of [...notes, ...linked]) expect(links.outside(rel), rel).toBe(byRealPath(base, rel));
		expect(links.outside('A/linked out.md')).toBe(true);
		expect(links.outside('A/B/folder out/deep.md')).toBe(true);
		// The links found by the walk, and the two notes behind links into the vault: nothing for the 60 plain notes.
		expect(links.stats.realPaths).toBeLessThanOrEqual(5 + 2);
		expect(links.stats.listedSync).toBe(0);
	});

	it('sees a link placed in a listed folder after the walk', async () => {
		const base = temp('sb-links-');
		const out = temp('sb-links-out-');
		fs.writeFileSync(path.join(out, 'secret.md'), 'SECRET');
		fs.mkdirSync(path.join(base, 'Notes'));
		fs.writeFileSync(path.join(base, 'Notes', 'plain.md'), 'x');
		age(base);
		const links = vaultLinks(base);
		await links.walked;
		expect(links.outside('Notes/plain.md')).toBe(false);
		fs.symlinkSync(path.join(out, 'secret.md'), path.join(base, 'Notes', 'new link.md'));
		// The listing of this turn may stand for the notes already asked in it; a later turn checks the folder again.
		await new Promise((r) => setTimeout(r, 5));
		expect(links.outside('Notes/new link.md')).toBe(true);
	});

	it('decides before the walk has reached a folder, by listing it', () => {
		const base = temp('sb-links-');
		const out = temp('sb-links-out-');
		fs.writeFileSync(path.join(out, 'secret.md'), 'SECRET');
		fs.mkdirSync(path.join(base, 'Notes'));
		fs.symlinkSync(path.join(out, 'secret.md'), path.join(base, 'Notes', 'linked out.md'));
		fs.writeFileSync(path.join(base, 'Notes', 'plain.md'), 'x');
		age(base);
		const links = vaultLinks(base);
		expect(links.outside('Notes/linked out.md')).toBe(true);
		expect(links.outside('Notes/plain.md')).toBe(false);
		expect(links.stats.listedSync).toBeGreaterThan(0);
	});
});
