/** The scan against a hostile file system: it finishes, reports what it could not read, loses nothing else. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanVault } from '../../src/node/scan/scan';
import { computeBrief } from '../../src/core/brief/brief';
import { resolveSettings } from '../../src/core/settings';
import { writeFiles, type Files } from '../helpers/bridge';
import { LONG, prng, randomBytes } from '../helpers/random';

const settings = resolveSettings({});
const roots: string[] = [];
function vault(files: Files): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-faults-'));
	roots.push(root);
	writeFiles(root, files);
	return root;
}
afterAll(() => {
	for (const r of roots) fs.rmSync(r, { recursive: true, force: true, maxRetries: 30 });
});

function needsReview(root: string, scan = scanVault(root, settings)): string[] {
	const brief = computeBrief({ now: new Date(2026, 10, 29), settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: scan.entries, exists: () => false, scanErrors: scan.walk.errors });
	return brief.items.needsReview?.paths ?? [];
}

describe('file-system faults', () => {
	it('a note that vanishes between the walk and its read is simply gone, not reported; the others are kept', () => {
		const root = vault({ 'a.md': '#needs-review', 'b.md': '#needs-review', 'c.md': '#needs-review' });
		let removed = '';
		// The walk stats every note first (an incremental scan), then the read finds one gone.
		const scan = scanVault(root, settings, (note) => {
			if (removed === '' && note.path !== 'a.md') {
				removed = note.path;
				fs.rmSync(path.join(root, note.path));
			}
			return undefined;
		});
		expect(scan.walk.notes).toHaveLength(3);
		expect(scan.entries.map((e) => e.path)).toEqual(['a.md', 'b.md', 'c.md'].filter((p) => p !== removed));
		expect(scan.entries.every((e) => e.flags !== null && e.readError === undefined)).toBe(true);
		const brief = computeBrief({ now: new Date(2026, 10, 29), settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: scan.entries, exists: () => false, scanErrors: scan.walk.errors });
		expect(brief.errors).toEqual([]);
		expect(brief.items.needsReview?.count).toBe(2);
	});
	it('a note whose folder is replaced by a file mid-scan is gone too (ENOTDIR)', () => {
		const root = vault({ 'd/a.md': '#needs-review', 'e.md': '#needs-review' });
		const scan = scanVault(root, settings, (note) => {
			if (note.path === 'd/a.md') {
				fs.rmSync(path.join(root, 'd'), { recursive: true });
				fs.writeFileSync(path.join(root, 'd'), 'now a file');
			}
			return undefined;
		});
		expect(scan.entries.map((e) => [e.path, e.readError])).toEqual([['e.md', undefined]]);
	});
	it('a note replaced by a folder mid-scan is no note any more', () => {
		const root = vault({ 'a.md': '#needs-review', 'b.md': '#needs-review' });
		const scan = scanVault(root, settings, (note) => {
			if (note.path === 'b.md') {
				fs.rmSync(path.join(root, 'b.md'));
				fs.mkdirSync(path.join(root, 'b.md'));
			}
			return undefined;
		});
		expect(scan.entries.map((e) => [e.path, e.readError])).toEqual([['a.md', undefined]]);
	});
	it('a symlink loop between folders does not trap the walk', () => {
		const root = vault({ 'a/x.md': '#needs-review' });
		fs.symlinkSync('..', path.join(root, 'a', 'up'));
		fs.symlinkSync(path.join(root, 'a'), path.join(root, 'a', 'self'));
		expect(needsReview(root)).toEqual(['a/x.md']);
	});
	it('a folder named like a note is walked as a folder', () => {
		const root = vault({ 'odd.md/inner.md': '#needs-review' });
		expect(needsReview(root)).toEqual(['odd.md/inner.md']);
	});
	it('very long paths', () => {
		const deep = Array.from({ length: 30 }, (_, i) => `folder-${i}-${'x'.repeat(100)}`).join('/');
		const root = vault({ [`${deep}/note.md`]: '#needs-review' });
		expect(needsReview(root)).toEqual([`${deep}/note.md`]);
	});
	it('binary files named .md and a 50 MB note', () => {
		const rand = prng(7);
		const big = `${'lorem ipsum dolor sit amet '.repeat((50 * 1024 * 1024) / 27)}\n#needs-review\n`;
		const root = vault({ 'bin.md': randomBytes(rand, 100_000), 'big.md': big, 'ok.md': '#needs-review' });
		expect(needsReview(root)).toEqual(['big.md', 'ok.md']);
	});
	it('many random binary notes never throw', () => {
		const rand = prng(11);
		const files: Files = {};
		for (let i = 0; i < (LONG ? 500 : 100); i++) files[`n${i}.md`] = randomBytes(rand, Math.floor(rand() * 4000));
		const root = vault(files);
		const scan = scanVault(root, settings);
		expect(scan.entries).toHaveLength(Object.keys(files).length);
		expect(scan.entries.every((e) => e.flags !== null)).toBe(true);
	});
});
