/**
 * One definition of what counts as a note (src/core/notes/paths.ts), and every fast path that walks the
 * vault held to it over random trees: the scan's walk, the stat walk on one thread and on two (its
 * worker runs the rule as text), and the rule check's listing of the vault.
 */
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { isCountedNote, isSkippedFolder } from '../../src/core/notes/paths';
import { StampBuilder, type StatStamp } from '../../src/core/brief/stat-stamp';
import { listVaultFiles } from '../../src/node/check/rule-files';
import { walkVault } from '../../src/node/scan/scan';
import { stampAlone, walkTogether } from '../../src/node/scan/stat-walk';
import { removeTempDirs, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs);

const EXCLUDED = ['Import', '_index'];
/** Names that test each part of the rule: hidden, node_modules, excluded at the root, notes or not by their ending. */
const NAME = fc.constantFrom('a', 'B', 'Import', '_index', 'node_modules', '.hidden', '.claude', 'x.md', 'N.MD', 'note.txt', '.dot.md', 'node_modules.md', 'Import.md', 'Ünïcode 東京.md', 'folder.md');
const TREE = fc.array(fc.array(NAME, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 });

/** Writes each path as a file (its parents as folders), skipping one that clashes with an earlier one; returns every file written. */
function build(paths: readonly string[][]): { root: string; files: string[] } {
	const root = tempDir('sb-note-rule-');
	const files: string[] = [];
	for (const parts of paths) {
		const rel = parts.join('/');
		try {
			fs.mkdirSync(path.join(root, ...parts.slice(0, -1)), { recursive: true });
			fs.writeFileSync(path.join(root, ...parts), rel, { flag: 'wx' });
			files.push(rel);
		} catch {
			// A file where a folder belongs, or the other way round, or the same file twice.
		}
	}
	return { root, files };
}

function stampOf(root: string, notes: readonly string[]): StatStamp {
	const b = new StampBuilder();
	for (const rel of notes) {
		const st = fs.statSync(path.join(root, rel));
		b.add(rel, Math.trunc(st.mtimeMs), st.size);
	}
	return b.done();
}

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('what counts as a note', () => {
	it('is one rule for whole paths and for a walk that skips folders (random paths)', () => {
		fc.assert(
			fc.property(fc.array(NAME, { minLength: 1, maxLength: 5 }), (parts) => {
				const p = parts.join('/');
				// A note in a folder the walk skips never counts.
				for (let i = 1; i < parts.length; i++) {
					if (isSkippedFolder(parts.slice(0, i).join('/'), EXCLUDED)) expect(isCountedNote(p, EXCLUDED)).toBe(false);
				}
			}),
			{ numRuns: 2000, seed: 35 },
		);
	});

	it('is what the scan walk, the stat walk and the rule check list, over random trees', () => {
		fc.assert(
			fc.property(TREE, (paths) => {
				const { root, files } = build(paths);
				const notes = files.filter((f) => isCountedNote(f, EXCLUDED));
				const walk = walkVault(root, EXCLUDED, true);
				expect(walk.errors).toEqual([]);
				expect(sorted(walk.notes.map((n) => n.path))).toEqual(sorted(notes));
				expect(stampAlone(root, EXCLUDED)).toEqual(stampOf(root, notes));
				// The rule check lists every file Obsidian indexes: the notes by the same rule, with no folder excluded.
				const listed = listVaultFiles(root).files.filter((f) => f.endsWith('.md') && !f.startsWith('.claude/'));
				expect(sorted(listed)).toEqual(sorted(files.filter((f) => isCountedNote(f, []))));
			}),
			{ numRuns: 150, seed: 34 },
		);
	});

	it('is what the stat walk counts on two threads, its worker running the rule as text', () => {
		fc.assert(
			fc.property(TREE, (paths) => {
				const { root, files } = build(paths);
				const notes = files.filter((f) => isCountedNote(f, EXCLUDED));
				expect(walkTogether(root, EXCLUDED, true).stamp).toEqual(stampOf(root, notes));
			}),
			{ numRuns: 12, seed: 36 },
		);
	}, HANG_MS);
});
