/**
 * The session starts record as a log (src/core/trail/session-starts.ts, src/node/journal/session-starts-log.ts):
 * one appended line per firing, which is also the record of conversation starts; compaction keeps it
 * bounded and folds in the files of earlier versions; a planted file changes nothing and never hangs.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { COMPACT_STARTS_AT_BYTES, compactStartsLog, encodeStartLine, HOOK_COMPACTS_STARTS_AT_BYTES, MAX_STARTS, OLD_STARTS_FILE, parseStartsLog, recentConversations, STARTS_LOG, type SessionStartEntry } from '../../src/core/trail/session-starts';
import { SESSION_STARTS_FILE } from '../../src/core/trail/what-changed';
import { DEFAULT_SETTINGS } from '../../src/core/settings';
import { beginSessionStart } from '../../src/node/journal/session-record';
import { appendSessionStart, compactSessionStarts, keepSessionStartsBounded, readConversationStarts, readSessionStartEntries } from '../../src/node/journal/session-starts-log';

const T = (minute: number): string => new Date(Date.UTC(2026, 10, 29, 10, minute)).toISOString();
const entry = (minute: number, source: string | null = 'startup', delivered = true, sessionId = `s${minute}`): SessionStartEntry => ({ at: T(minute), agent: 'claude-code', source, sessionId, cwd: '/v', outside: false, delivered });

function setup(): { root: string; pluginDir: string; log: string; done: () => void } {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-starts-'));
	const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
	fs.mkdirSync(pluginDir, { recursive: true });
	return { root, pluginDir, log: path.join(pluginDir, STARTS_LOG), done: () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 }) };
}

describe('the log format', () => {
	it('reads firings and conversation starts; torn, malformed and twin lines are left out', () => {
		const text = [encodeStartLine(entry(1)), encodeStartLine(entry(2, 'resume')), 'not json\n', encodeStartLine(entry(3, 'startup', false)), encodeStartLine(entry(4, 'clear')), encodeStartLine(entry(4, 'clear')), '{"conversation":"junk"}\n', '{"at":"', ''].join('');
		const log = parseStartsLog(text);
		expect(log.entries.map((e) => e.sessionId)).toEqual(['s1', 's2', 's3', 's4']);
		expect(log.conversations).toEqual([T(1), T(4)]);
		expect(recentConversations(text, 2)).toEqual([T(1), T(4)]);
		expect(recentConversations(text, 1)).toEqual([T(4)]);
		expect(parseStartsLog('').entries).toEqual([]);
	});

	it('a compaction keeps the last firings and the last two conversation starts they no longer hold', () => {
		const firings = [entry(0), entry(1, 'startup'), ...Array.from({ length: 30 }, (_, i) => entry(2 + i, 'resume'))];
		const text = compactStartsLog(firings, [T(0), T(1)]);
		const log = parseStartsLog(text);
		expect(log.entries).toHaveLength(MAX_STARTS);
		expect(log.entries[MAX_STARTS - 1]?.at).toBe(T(31));
		expect(log.conversations).toEqual([T(0), T(1)]);
		// The old file's firings say nothing of conversations: the starts written after them decide.
		const folded = compactStartsLog([entry(0), entry(5)], [T(1), T(5)]);
		expect(recentConversations(folded, 2)).toEqual([T(1), T(5)]);
		expect(recentConversations(folded + encodeStartLine(entry(7)), 2)).toEqual([T(5), T(7)]);
	});
});

describe('the record on disk', () => {
	it('appends one line per firing and reads the conversation starts back', () => {
		const { root, pluginDir, log, done } = setup();
		for (const e of [entry(1), entry(2, 'resume'), entry(3, 'clear')]) appendSessionStart(root, pluginDir, e);
		expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(1), current: T(3) });
		expect(readSessionStartEntries(root, pluginDir).map((e) => e.source)).toEqual(['startup', 'resume', 'clear']);
		done();
	});

	it('reads the files of earlier versions before the log, and a compaction folds them in', () => {
		const { root, pluginDir, log, done } = setup();
		fs.writeFileSync(path.join(pluginDir, OLD_STARTS_FILE), JSON.stringify({ schema: 1, entries: [entry(0, 'startup', true, 'old')] }));
		fs.writeFileSync(path.join(pluginDir, SESSION_STARTS_FILE), JSON.stringify({ previous: T(0), current: T(1) }));
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(0), current: T(1) });
		appendSessionStart(root, pluginDir, entry(5, 'resume'));
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(0), current: T(1) });
		appendSessionStart(root, pluginDir, entry(6));
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(1), current: T(6) });
		expect(readSessionStartEntries(root, pluginDir).map((e) => e.sessionId)).toEqual(['old', 's5', 's6']);
		keepSessionStartsBounded(root, pluginDir);
		expect(fs.existsSync(path.join(pluginDir, OLD_STARTS_FILE))).toBe(false);
		expect(fs.existsSync(path.join(pluginDir, SESSION_STARTS_FILE))).toBe(false);
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(1), current: T(6) });
		expect(readSessionStartEntries(root, pluginDir).map((e) => e.sessionId)).toEqual(['old', 's5', 's6']);
		expect(fs.readFileSync(log, 'utf8')).toContain('"conversation"');
		done();
	});

	it('stays bounded: readers compact past the threshold, a session start only far past it, keeping the conversation starts', () => {
		const { root, pluginDir, log, done } = setup();
		appendSessionStart(root, pluginDir, entry(0));
		appendSessionStart(root, pluginDir, entry(1));
		let i = 0;
		let hookWouldCompact = false;
		while (!hookWouldCompact) hookWouldCompact = appendSessionStart(root, pluginDir, entry(2 + (i++ % 50), 'compact', true, `c${i}`));
		expect(fs.statSync(log).size).toBeGreaterThanOrEqual(HOOK_COMPACTS_STARTS_AT_BYTES);
		keepSessionStartsBounded(root, pluginDir);
		expect(fs.statSync(log).size).toBeLessThan(COMPACT_STARTS_AT_BYTES);
		expect(readSessionStartEntries(root, pluginDir)).toHaveLength(MAX_STARTS);
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: T(0), current: T(1) });
		// Under the threshold with no old file: nothing rewritten.
		const ino = fs.statSync(log).ino;
		keepSessionStartsBounded(root, pluginDir);
		expect(fs.statSync(log).ino).toBe(ino);
		done();
	});

	it('a session start far past the bound compacts after its answer, through the facts it returns', () => {
		const { root, pluginDir, log, done } = setup();
		fs.writeFileSync(log, Array.from({ length: 600 }, (_, i) => encodeStartLine(entry(i % 60, 'resume', true, `r${i}`))).join(''));
		const facts = beginSessionStart(root, pluginDir, DEFAULT_SETTINGS, { session_id: 'big', source: 'startup', cwd: root }, 'claude-code', new Date(T(59)), {});
		expect(facts.afterAnswer).not.toBeNull();
		facts.afterAnswer?.();
		expect(fs.statSync(log).size).toBeLessThan(COMPACT_STARTS_AT_BYTES);
		expect(readSessionStartEntries(root, pluginDir).at(-1)?.sessionId).toBe('big');
		done();
	});

	it('one compaction at a time: a fresh lock skips, a stale or future-dated one is taken over', () => {
		const { root, pluginDir, log, done } = setup();
		appendSessionStart(root, pluginDir, entry(1));
		const lock = `${log}.lock`;
		fs.writeFileSync(lock, '12345');
		expect(compactSessionStarts(root, pluginDir)).toBe(false);
		for (const offset of [-60_000, 3600_000]) {
			fs.writeFileSync(lock, '12345');
			const t = new Date(Date.now() + offset);
			fs.utimesSync(lock, t, t);
			expect(compactSessionStarts(root, pluginDir)).toBe(true);
			expect(fs.existsSync(lock)).toBe(false);
		}
		expect(readSessionStartEntries(root, pluginDir).map((e) => e.sessionId)).toEqual(['s1']);
		done();
	});

	it('entries firing together at once each keep their line', async () => {
		const { root, pluginDir, done } = setup();
		const tsx = path.resolve('node_modules', '.bin', 'tsx');
		const script = `import { appendSessionStart } from ${JSON.stringify(path.resolve('src/node/journal/session-starts-log.ts'))};
for (let i = 0; i < 20; i++) appendSessionStart(${JSON.stringify(root)}, ${JSON.stringify(pluginDir)}, { at: new Date().toISOString(), agent: 'claude-code', source: 'resume', sessionId: process.argv[2] + '-' + i, cwd: null, outside: false, delivered: true });`;
		const file = path.join(root, 'append.ts');
		fs.writeFileSync(file, script);
		await Promise.all(['a', 'b', 'c', 'd'].map((who) => new Promise((resolve) => spawn(tsx, [file, who], { stdio: 'ignore' }).on('exit', resolve))));
		const lines = fs.readFileSync(path.join(pluginDir, STARTS_LOG), 'utf8').split('\n').filter(Boolean);
		expect(lines).toHaveLength(80);
		expect(new Set(parseStartsLog(lines.join('\n') + '\n').entries.map((e) => e.sessionId)).size).toBe(80);
		done();
	}, HANG_MS);

	it('a planted link, FIFO or folder at the log is never followed, hangs nothing and costs only the record', () => {
		const { root, pluginDir, log, done } = setup();
		const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-starts-outside-'));
		const target = path.join(outside, 'target.jsonl');
		fs.writeFileSync(target, encodeStartLine(entry(9, 'startup', true, 'planted')));
		fs.symlinkSync(target, log);
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: null, current: null });
		expect(() => appendSessionStart(root, pluginDir, entry(1))).toThrow();
		keepSessionStartsBounded(root, pluginDir);
		expect(fs.readFileSync(target, 'utf8')).toBe(encodeStartLine(entry(9, 'startup', true, 'planted')));
		fs.rmSync(log);
		spawnSync('mkfifo', [log]);
		expect(readSessionStartEntries(root, pluginDir)).toEqual([]);
		expect(() => appendSessionStart(root, pluginDir, entry(1))).toThrow();
		expect(fs.lstatSync(log).isFIFO()).toBe(true);
		fs.rmSync(log);
		fs.mkdirSync(log);
		expect(readConversationStarts(root, pluginDir)).toEqual({ previous: null, current: null });
		expect(beginSessionStart(root, pluginDir, DEFAULT_SETTINGS, { session_id: 'x', source: 'startup' }, 'claude-code', new Date(T(1)), {}).duplicate).toBe(false);
		fs.rmSync(outside, { recursive: true, force: true, maxRetries: 30 });
		done();
	});
});
