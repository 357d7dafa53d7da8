/** Tier 3's stat walk on one thread or two: the same stamp as the listing walk, whatever thread stat'ed which note. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { addToStamp, StampBuilder, type StatStamp } from '../../../src/core/brief/stat-stamp';
import { walkVault } from '../../../src/node/scan/scan';
import { entersFolder, isHiddenName, isNoteName } from '../../../src/core/notes/paths';
import { NET_MAX_DEPTH, noteRows, stampAlone, statStamp, walkPart, walkTogether, workerSource } from '../../../src/node/scan/stat-walk';
import { STAT_WALK_LAYOUT as L, statWalkBytes } from '../../../src/node/scan/worker-slots';
import { removeTempDirs, tempDir, writeFiles } from '../../helpers/rule-vault';

const EXCLUDED = ['Import', '_index'];
let root = '';

/** The stamp of what the listing walk (walkVault, which the scan uses) finds. */
function listedStamp(): StatStamp {
	const b = new StampBuilder();
	const walk = walkVault(root, EXCLUDED);
	expect(walk.errors).toEqual([]);
	for (const n of walk.notes) b.add(n.path, n.mtime, n.size);
	return b.done();
}

beforeAll(() => {
	root = tempDir('sb-stat-walk-');
	const files: Record<string, string> = { 'top.md': 'top', 'CLAUDE.md': 'rules', 'picture.png': 'png', 'Ünïcode 東京/ä.md': 'x' };
	// Nested folders, three deep, enough of them that the threads hand folders to each other.
	for (let a = 0; a < 6; a++) {
		for (let b = 0; b < 6; b++) {
			for (let c = 0; c < 4; c++) files[`A${a}/B${b}/C${c}/n${a}${b}${c}.md`] = `note ${a}${b}${c}`;
			files[`A${a}/B${b}/mid.md`] = 'mid';
		}
	}
	// Skipped: hidden and excluded root folders, node_modules anywhere, files that are not notes.
	Object.assign(files, {
		'.obsidian/x.md': 'hidden',
		'A0/.hidden/y.md': 'hidden',
		'.z.md': 'hidden note',
		'Import/skip.md': 'excluded',
		'_index/skip.md': 'excluded',
		'A1/Import/kept.md': 'an excluded name is excluded at the root only',
		'A2/node_modules/pkg/readme.md': 'dependency',
		'A3/notes.txt': 'not markdown',
	});
	writeFiles(root, files);
	fs.mkdirSync(path.join(root, 'A4', 'folder.md'));
	fs.writeFileSync(path.join(root, 'A4', 'folder.md', 'inner.md'), 'a folder named like a note is walked');
	// A linked note counts (through its link); a linked folder is not followed; a dangling link is no note.
	fs.symlinkSync(path.join(root, 'top.md'), path.join(root, 'A5', 'linked.md'));
	fs.symlinkSync(path.join(root, 'A0'), path.join(root, 'A5', 'linked-folder'));
	fs.symlinkSync(path.join(root, 'A5', 'gone.md'), path.join(root, 'A5', 'dangling.md'));
	fs.symlinkSync(root, path.join(root, 'A5', 'loop'));
	// A linked note whose real path is outside the vault is no note of it, on either walk.
	const outside = tempDir('sb-stat-walk-outside-');
	fs.writeFileSync(path.join(outside, 'secret.md'), 'outside');
	fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'A5', 'leak.md'));
	fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'A3', 'B0', 'leak.md'));
});
afterAll(removeTempDirs);

describe('the stat walk', () => {
	it('stamps on one thread exactly the notes the listing walk finds', () => {
		const stamp = listedStamp();
		// 144 + 36 nested, top, CLAUDE, ä, A1/Import/kept, A4/folder.md/inner, the linked note (not the links out).
		expect(stamp.notes).toBe(186);
		expect(walkVault(root, EXCLUDED).notes.map((n) => n.path).filter((p) => p.endsWith('leak.md'))).toEqual([]);
		expect(stampAlone(root, EXCLUDED)).toEqual(stamp);
	});

	it('gives the same stamp on two threads, both walking, run after run', () => {
		const expected = listedStamp();
		let both = 0;
		for (let i = 0; i < 6; i++) {
			const together = walkTogether(root, EXCLUDED, true);
			expect(together.stamp).toEqual(expected);
			expect(together.workerNotes).not.toBeNull();
			if ((together.workerNotes ?? 0) > 0 && (together.workerNotes ?? 0) < expected.notes) both++;
		}
		// The worker started before the main thread walked: it took a share at least once.
		expect(both).toBeGreaterThan(0);
	}, HANG_MS);

	it('changes on both paths with a note changed, added or removed', () => {
		const note = path.join(root, 'A3', 'B2', 'C1', 'n321.md');
		// Whole seconds, so that setting it back gives the very same mtime.
		const mtime = new Date('2026-11-20T08:00:00Z');
		fs.utimesSync(note, mtime, mtime);
		const before = stampAlone(root, EXCLUDED);
		fs.utimesSync(note, mtime, new Date(mtime.getTime() + 1000));
		const touched = stampAlone(root, EXCLUDED);
		expect(touched).not.toEqual(before);
		expect(walkTogether(root, EXCLUDED, true).stamp).toEqual(touched);
		fs.writeFileSync(path.join(root, 'A2', 'B5', 'added.md'), 'new');
		const added = stampAlone(root, EXCLUDED);
		expect(added?.notes).toBe((touched?.notes ?? 0) + 1);
		expect(walkTogether(root, EXCLUDED, true).stamp).toEqual(added);
		fs.rmSync(path.join(root, 'A2', 'B5', 'added.md'));
		fs.utimesSync(note, mtime, mtime);
		expect(walkTogether(root, EXCLUDED, true).stamp).toEqual(before);
	}, HANG_MS);

	it('takes a second thread only for a large vault with a core free, or when told', () => {
		const expected = listedStamp();
		expect(statStamp(root, EXCLUDED, 100, { SESSION_BRIEF_SCAN_THREADS: '2' })).toEqual(expected);
		expect(statStamp(root, EXCLUDED, 100_000, { SESSION_BRIEF_SCAN_THREADS: '2' })).toEqual(expected);
		expect(statStamp(root, EXCLUDED, 100_000, { SESSION_BRIEF_SCAN_THREADS: '1' })).toEqual(expected);
	}, HANG_MS);

	it('runs in the worker as text: the source names nothing from its module', () => {
		// Run as the worker would, but here, in a fresh context that has only `require` and Buffer:
		// any other outside name throws. (In a real worker that would only cost the second thread.)
		const shared = new SharedArrayBuffer(statWalkBytes());
		const slots = new Int32Array(shared, 0, L.HEADER);
		Atomics.store(slots, L.COUNT[1], 1); // the vault folder queued for the "worker" (queue 1, an empty path)
		const job = { prefix: `${root}${path.sep}`, excludedRootFolders: EXCLUDED, shared, layout: L };
		const fakeRequire = (id: string): unknown => (id === 'node:worker_threads' ? { workerData: job } : id === 'node:fs' ? fs : undefined);
		vm.runInNewContext(workerSource(), { require: fakeRequire, Buffer });
		expect(Atomics.load(slots, L.DONE)).toBe(1); // done, not failed
		expect(Atomics.load(slots, L.SUM_COUNT)).toBe(listedStamp().notes);
		expect(Atomics.load(slots, L.CLEAN)).toBe(1); // clean
	});

	it('gives up on a worker that failed, rather than wait or miscount', () => {
		const shared = new SharedArrayBuffer(statWalkBytes());
		const slots = new Int32Array(shared, 0, L.HEADER);
		Atomics.store(slots, L.COUNT[0], 1); // the vault folder queued for the main thread
		Atomics.store(slots, L.ACTIVE, 1); // a worker busy with a folder…
		Atomics.store(slots, L.DONE, 2); // …that failed
		const part = walkPart(fs, addToStamp, { isHiddenName, entersFolder, isNoteName }, { prefix: `${root}${path.sep}`, excludedRootFolders: EXCLUDED, shared, layout: L }, 0);
		expect(part.abandoned).toBe(true);
	});

	it.skipIf(process.getuid?.() === 0)('is no stamp when a folder cannot be read', () => {
		const locked = path.join(root, 'A0', 'B0');
		fs.chmodSync(locked, 0o000);
		try {
			expect(stampAlone(root, EXCLUDED)).toBeNull();
			expect(walkTogether(root, EXCLUDED, true).stamp).toBeNull();
		} finally {
			fs.chmodSync(locked, 0o755);
		}
	});
});

describe("the session net's walk (noteRows)", () => {
	it('skips an unreadable folder alone and names it, however the walk is run (a root user reads every folder, so the file system here is a stand-in)', () => {
		const dir = tempDir('sb-net-walk-');
		writeFiles(dir, { 'a.md': 'a', 'Locked/secret.md': 's', 'Open/b.md': 'b' });
		const denied = (p: fs.PathLike): boolean => String(p).replace(/\\/g, '/').endsWith('/Locked/');
		const fsApi = new Proxy(fs, {
			get(target, key) {
				if (key === 'readdirSync')
					return (p: fs.PathLike, o: unknown) => {
						if (denied(p)) throw Object.assign(new Error('denied'), { code: 'EACCES' });
						return (target.readdirSync as (p: fs.PathLike, o: unknown) => unknown)(p, o);
					};
				return Reflect.get(target, key) as unknown;
			},
		});
		const rows: string[] = [];
		const skipped: string[] = [];
		const part = walkPart(fsApi, (_s, p) => void rows.push(p), { isHiddenName, entersFolder, isNoteName }, { prefix: dir + path.sep, excludedRootFolders: [], shared: null, layout: L }, 0, (p, why) => void skipped.push(`${p} ${why}`));
		expect(rows.sort()).toEqual(['Open/b.md', 'a.md']);
		expect(skipped).toEqual(['Locked EACCES']);
		expect(part.clean).toBe(false);
	});

	it('goes no deeper than its limit: the chain below is named, the rest still listed', () => {
		const dir = tempDir('sb-net-deep-');
		const chain = Array.from({ length: NET_MAX_DEPTH + 5 }, () => 'd').join('/');
		writeFiles(dir, { 'a.md': 'a', [`${chain}/deep.md`]: 'x' });
		const listing = noteRows(dir, []);
		expect(listing.rows.map((r) => r[0])).toEqual(['a.md']);
		expect(listing.skipped).toEqual([{ path: Array.from({ length: NET_MAX_DEPTH + 1 }, () => 'd').join('/'), why: 'too deep' }]);
	});
});
