/** The diff-independent rules of reviewing an agent's change (src/core/trail/change-review.ts) and which notes a shell command names (src/core/fence/shell-notes.ts). */
import { describe, expect, it } from 'vitest';
import { beforeStem, MAX_FILES, MAX_TOTAL_BYTES, parseHeader, pruneChoice, stateFor, MAX_NOTE_BYTES, MAX_BEFORE_AGE_MS, encodeHeader } from '../../../src/core/trail/before-versions';
import { lineCounts, unifiedDiff } from '../../../src/core/trail/change-diff';
import { countChanges, EMPTY_HASH, propertyChanges, revertVerdict, type RevertFacts } from '../../../src/core/trail/change-review';
import { noteWords, shellMayWrite } from '../../../src/core/fence/shell-notes';

describe('line counts', () => {
	it('counts added and removed lines of a diff result, by count or by text', () => {
		expect(countChanges([{ value: 'a\n', count: 1 }, { value: 'b\nc\n', removed: true, count: 2 }, { value: 'd\n', added: true }])).toEqual({ added: 1, removed: 2 });
		expect(lineCounts('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual({ added: 2, removed: 1 });
		expect(lineCounts('', 'x\ny\n')).toEqual({ added: 2, removed: 0 });
	});
});

describe('property changes', () => {
	it('lists properties added, changed and removed; null when a frontmatter is no YAML map', () => {
		expect(propertyChanges('---\na: 1\nb: [x]\nc: y\n---\nbody', '---\na: 2\nb: [x]\nd: z\n---\nbody')).toEqual([
			{ key: 'a', before: '1', after: '2' },
			{ key: 'c', before: 'y', after: null },
			{ key: 'd', before: null, after: 'z' },
		]);
		expect(propertyChanges('no frontmatter', '---\ntags: [a]\n---\n')).toEqual([{ key: 'tags', before: null, after: '["a"]' }]);
		expect(propertyChanges('---\n- a list\n---\n', '---\na: 1\n---\n')).toBeNull();
		expect(propertyChanges('---\na: [unclosed\n---\n', '')).toBeNull();
	});
});

describe('whether a change may be reverted', () => {
	const base: RevertFacts = { state: 'kept', beforeHash: 'b', nowHash: 'a', afterHash: 'a', nowMtime: 1000, lastRecordMs: 1000 };
	it('only while the note holds what the agent left', () => {
		expect(revertVerdict(base)).toBe('ok');
		expect(revertVerdict({ ...base, nowHash: 'human' })).toBe('edited-since');
		expect(revertVerdict({ ...base, nowHash: 'b' })).toBe('unchanged');
		expect(revertVerdict({ ...base, state: 'too-large' })).toBe('not-kept');
		expect(revertVerdict({ ...base, state: null, beforeHash: null })).toBe('not-kept');
	});
	it('a shell edit (no after-hash) by the times: the note not modified after the journal recorded the change', () => {
		const shell = { ...base, afterHash: null };
		expect(revertVerdict({ ...shell, nowMtime: 2500 })).toBe('ok');
		expect(revertVerdict({ ...shell, nowMtime: 60_000 })).toBe('edited-since');
		expect(revertVerdict({ ...shell, nowMtime: null })).toBe('edited-since');
		expect(revertVerdict({ ...shell, nowHash: null, nowMtime: null })).toBe('ok');
		expect(revertVerdict({ ...shell, lastRecordMs: null })).toBe('edited-since');
	});
	it('a new note: unchanged once it is gone again', () => {
		expect(revertVerdict({ ...base, state: 'new', beforeHash: EMPTY_HASH, nowHash: null, afterHash: null })).toBe('unchanged');
		expect(revertVerdict({ ...base, state: 'new', beforeHash: EMPTY_HASH })).toBe('ok');
	});
});

describe('which notes a shell command may change', () => {
	it('takes the .md words of a command that may write, none of one that only reads', () => {
		expect(noteWords("sed -i 's/a/b/' Notes/a.md")).toEqual(['Notes/a.md']);
		expect(noteWords('rm "Inbox/My note.md" && mv a.md b.md')).toEqual(['Inbox/My note.md', 'a.md', 'b.md']);
		expect(noteWords('echo hi >> Daily/today.md')).toEqual(['Daily/today.md']);
		expect(noteWords('cat a.md | grep x')).toEqual([]);
		expect(noteWords('grep -n x a.md 2>&1 >/dev/null')).toEqual([]);
		expect(noteWords('rm Notes/*.md $HOME/x.md')).toEqual([]);
		expect(shellMayWrite('find . -name "*.md" -delete')).toBe(true);
		expect(shellMayWrite('ls -la && git status')).toBe(true);
		expect(shellMayWrite('ls -la | wc -l')).toBe(false);
	});
});

describe('before-versions: names, headers, bounds', () => {
	it('names a file per session and note, never the note itself', () => {
		expect(beforeStem('s1', 'a.md')).toMatch(/^[0-9a-f]{16}$/);
		expect(beforeStem('s1', 'a.md')).not.toBe(beforeStem('s2', 'a.md'));
		expect(beforeStem(null, 'a.md')).not.toBe(beforeStem('s1', 'a.md'));
	});
	it('reads only its own headers, with paths inside the vault', () => {
		const h = { path: 'Notes/a.md', session: 's', at: '2026-12-01T10:00:00.000Z', state: 'kept' as const, tool: 'Edit' };
		expect(parseHeader(encodeHeader(h).trim())).toEqual(h);
		expect(parseHeader(encodeHeader({ ...h, path: '../outside.md' }).trim())).toBeNull();
		expect(parseHeader(encodeHeader({ ...h, path: '/etc/passwd' }).trim())).toBeNull();
		expect(parseHeader('{"v":2}')).toBeNull();
		expect(parseHeader('not json')).toBeNull();
	});
	it('keeps a note up to the cap, says too-large above it, new when missing', () => {
		expect(stateFor(null)).toBe('new');
		expect(stateFor(MAX_NOTE_BYTES)).toBe('kept');
		expect(stateFor(MAX_NOTE_BYTES + 1)).toBe('too-large');
	});
	it('prunes the old first, then the oldest until the total and the count fit, a pair together', () => {
		const now = 100 * 86_400_000;
		const old = { name: 'o.before', size: 10, mtimeMs: now - MAX_BEFORE_AGE_MS - 1 };
		expect(pruneChoice([old, { name: 'x.before', size: 10, mtimeMs: now }], now, 10)).toEqual(['o.before']);
		const big = Math.floor(MAX_TOTAL_BYTES / 3);
		const entries = [
			{ name: 'a.before', size: big, mtimeMs: now - 3 },
			{ name: 'a.after', size: 100, mtimeMs: now - 1 },
			{ name: 'b.before', size: big, mtimeMs: now - 2 },
			{ name: 'c.before', size: big, mtimeMs: now - 1 },
		];
		expect(pruneChoice(entries, now, 1000).sort()).toEqual(['a.after', 'a.before']);
		const many = Array.from({ length: MAX_FILES }, (_, i) => ({ name: `${i}.before`, size: 1, mtimeMs: now - MAX_FILES + i }));
		expect(pruneChoice(many, now, 1)).toEqual(['0.before', '1.before']);
	});
});

describe('the unified diff', () => {
	it('is from /dev/null for a new note and to it for a deleted one', () => {
		expect(unifiedDiff('a.md', null, 'x\n')).toBe('--- /dev/null\n+++ b/a.md\n@@ -0,0 +1,1 @@\n+x\n');
		expect(unifiedDiff('a.md', 'x\n', null)).toBe('--- a/a.md\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n');
	});
});
