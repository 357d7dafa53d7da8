/**
 * The session marks (src/node/journal/session-record.ts): the file name is the key's 64-bit FNV-1a hash in
 * hex, and marks of sessions long over are pruned, at most once a minute.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/core/settings';
import { beginSessionStart, markName } from '../../src/node/journal/session-record';
import { MARKS_FOLDER, PRUNED_STAMP } from '../../src/node/state-registry';
import { builtinOnDemand } from '../../src/node/builtin-on-demand';

describe('markName', () => {
	it('is 64-bit FNV-1a: the published test vectors', () => {
		expect(markName('')).toBe('cbf29ce484222325');
		expect(markName('a')).toBe('af63dc4c8601ec8c');
		expect(markName('foobar')).toBe('85944171f73967e8');
	});

	it('hashes the UTF-8 bytes, so any session id gives a safe, fixed-length file name', () => {
		for (const key of ['claude-code\u0000s1', '../../etc/passwd', 'Sitzung \u00fc\u{1F600}', 'x'.repeat(10_000)]) {
			expect(markName(key)).toMatch(/^[0-9a-f]{16}$/);
		}
		expect(markName('\u00fc')).not.toBe(markName('\u00c3\u00bc'));
		expect(markName('claude-code\u0000s1')).not.toBe(markName('claude-code\u0000s2'));
	});
});

describe('builtinOnDemand', () => {
	it('loads the built-in with and without process.getBuiltinModule', () => {
		expect(typeof builtinOnDemand<typeof import('node:child_process')>('node:child_process').execFileSync).toBe('function');
		const proc = process as { getBuiltinModule?: unknown };
		const saved = proc.getBuiltinModule;
		proc.getBuiltinModule = undefined;
		try {
			expect(typeof builtinOnDemand<typeof import('node:os')>('node:os').hostname).toBe('function');
		} finally {
			proc.getBuiltinModule = saved;
		}
	});
});

describe('pruning the marks', () => {
	const age = (file: string, minutes: number): void => {
		const t = new Date(Date.now() - minutes * 60_000);
		fs.utimesSync(file, t, t);
	};
	const start = (root: string, pluginDir: string, id: string): boolean =>
		beginSessionStart(root, pluginDir, DEFAULT_SETTINGS, { session_id: id, source: 'startup' }, 'claude-code', new Date(), {}).duplicate;

	it('removes marks older than ten minutes, keeps the others, and looks again only after a minute', () => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-marks-'));
		const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
		const dir = path.join(pluginDir, MARKS_FOLDER);
		fs.mkdirSync(dir, { recursive: true });
		for (const [name, minutes] of [['aaaa', 20], ['bbbb', 11], ['cccc', 2]] as const) {
			fs.writeFileSync(path.join(dir, name), `${Date.now()}\nclaude-code\n`);
			age(path.join(dir, name), minutes);
		}
		expect(start(root, pluginDir, 's1')).toBe(false);
		expect(fs.readdirSync(dir).sort()).toEqual([PRUNED_STAMP, 'cccc', markName('s1\u0000startup')].sort());
		// Within the minute an old mark stays: one stat of the stamp, not one per mark.
		fs.writeFileSync(path.join(dir, 'dddd'), '');
		age(path.join(dir, 'dddd'), 30);
		expect(start(root, pluginDir, 's2')).toBe(false);
		expect(fs.readdirSync(dir)).toContain('dddd');
		// A minute later it goes; the same session id is still known as given.
		age(path.join(dir, PRUNED_STAMP), 2);
		expect(start(root, pluginDir, 's2')).toBe(true);
		expect(fs.readdirSync(dir)).not.toContain('dddd');
		expect(fs.readdirSync(dir)).toContain(markName('s2\u0000startup'));
		fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 });
	});
});

describe('entries of one session racing', () => {
	const setup = () => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-race-'));
		const pluginDir = path.join(root, '.obsidian', 'plugins', 'session-brief');
		fs.mkdirSync(path.join(pluginDir, MARKS_FOLDER), { recursive: true });
		return { root, pluginDir, dir: path.join(pluginDir, MARKS_FOLDER) };
	};
	const start = (root: string, pluginDir: string, input: Record<string, unknown>, agent: 'claude-code' | 'cursor') =>
		beginSessionStart(root, pluginDir, DEFAULT_SETTINGS, input, agent, new Date('2026-11-29T10:00:00'), {}).duplicate;

	it('a mark another entry has just created and not yet written counts as given, by its age on disk', () => {
		const { root, pluginDir, dir } = setup();
		fs.writeFileSync(path.join(dir, markName('r1\u0000startup')), '');
		expect(start(root, pluginDir, { session_id: 'r1', source: 'startup' }, 'claude-code')).toBe(true);
		// An empty mark from long ago is a stale one: this session gets its brief.
		fs.writeFileSync(path.join(dir, markName('r2\u0000startup')), '');
		const old = new Date(Date.now() - 60 * 60_000);
		fs.utimesSync(path.join(dir, markName('r2\u0000startup')), old, old);
		expect(start(root, pluginDir, { session_id: 'r2', source: 'startup' }, 'claude-code')).toBe(false);
		fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 });
	});

	it('places a whole mark and leaves no file of its own behind', () => {
		const { root, pluginDir, dir } = setup();
		expect(start(root, pluginDir, { session_id: 'w1', source: 'startup' }, 'claude-code')).toBe(false);
		const mark = fs.readFileSync(path.join(dir, markName('w1\u0000startup')), 'utf8').split('\n');
		expect(Number(mark[0])).toBeGreaterThan(0);
		expect(mark[1]).toBe('claude-code');
		expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
		expect(start(root, pluginDir, { session_id: 'w1', source: 'startup' }, 'cursor')).toBe(true);
		fs.rmSync(root, { recursive: true, force: true, maxRetries: 30 });
	});
});
