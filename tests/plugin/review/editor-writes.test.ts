/**
 * The editor record's pace: the first keystroke lands in the record (in the per-user state folder) shortly after it
 * (well before Obsidian saves the note), and while the human keeps typing the file is rewritten at
 * most once a second, each write holding the latest keystroke's time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEditorWrites } from '../../../src/core/trail/session-net';
import { EditorWrites } from '../../../src/plugin/review/editor-writes';
import { App } from '../../../stand-in/obsidian';
import { tempVault } from '../harness';

const writes = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../../src/node/journal/editor-writes-file', () => ({
	readEditorWritesJson: (): unknown => undefined,
	writeEditorWrites: (_root: string, text: string): void => {
		writes.texts.push(text);
	},
}));

beforeEach(() => {
	writes.texts.length = 0;
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

function recorded(i: number): Map<string, number> {
	return parseEditorWrites(JSON.parse(writes.texts[i] ?? 'null'));
}

describe('the editor record while the human types', () => {
	it('writes 300 ms after the first keystroke, then at most once a second, and the last keystroke always lands', async () => {
		const base = tempVault({ 'Notes/a.md': 'a\n' });
		fs.mkdirSync(path.join(base, '.obsidian', 'plugins', 'session-brief'), { recursive: true });
		const record = new EditorWrites(App.create(base) as never, '.obsidian/plugins/session-brief');
		const start = Date.now();
		record.note('Notes/a.md');
		await vi.advanceTimersByTimeAsync(299);
		expect(writes.texts).toHaveLength(0);
		await vi.advanceTimersByTimeAsync(1);
		expect(writes.texts).toHaveLength(1);
		expect(recorded(0).get('Notes/a.md')).toBe(start);
		// Ten seconds of typing, a keystroke every 100 ms.
		let last = start;
		for (let i = 0; i < 100; i++) {
			await vi.advanceTimersByTimeAsync(100);
			last = Date.now();
			record.note('Notes/a.md');
		}
		expect(writes.texts.length).toBeGreaterThanOrEqual(10);
		expect(writes.texts.length).toBeLessThanOrEqual(11);
		// The typing stops: the last keystroke is written within a second, before Obsidian's save two seconds after it.
		await vi.advanceTimersByTimeAsync(1000);
		const n = writes.texts.length;
		expect(recorded(n - 1).get('Notes/a.md')).toBe(last);
		await vi.advanceTimersByTimeAsync(5000);
		expect(writes.texts).toHaveLength(n);
	});

	it('flush writes a waiting record at once', async () => {
		const base = tempVault({ 'Notes/a.md': 'a\n' });
		const record = new EditorWrites(App.create(base) as never, '.obsidian/plugins/session-brief');
		record.note('Notes/a.md');
		await record.flush();
		expect(writes.texts).toHaveLength(1);
		await record.flush();
		expect(writes.texts).toHaveLength(1);
	});
});
