/**
 * The bench's statusline section times a state only after its line says what that state must: an
 * empty, doubled or wrong line is a problem, not a number. Its stale state is a cache whose keeper
 * has ended, which the bridge's own test of the keeper (servedByPlugin) refuses.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lineOf } from '../../bench/statusline';
import { makePluginCache, pluginDir } from '../../bench/lib/plugin-cache';
import type { BriefCache } from '../../src/core/brief/cache-format';
import { servedByPlugin } from '../../src/node/tiers/plugin-tier';

const printed = (stdout: string, status: number | null = 0) => ({ ms: 1, cpuMs: 1, status, stdout, stderr: '' });
const problem = (r: ReturnType<typeof lineOf>): string | null => ('problem' in r ? r.problem : null);

describe('the statusline section checks each line before timing it', () => {
	it('takes one line with the words of its state, colour codes removed', () => {
		const current = '\u001b[33mvault: 3 to review\u001b[0m · \u001b[32mrules ok\u001b[0m\n';
		expect(lineOf(printed(current), 'current')).toEqual({ line: 'vault: 3 to review · rules ok' });
		expect(lineOf(printed('vault: 3 to review · rules ok · brief stale\n'), 'stale')).toEqual({ line: 'vault: 3 to review · rules ok · brief stale' });
		expect(lineOf(printed('vault: 3 to review · 200 agent changes unreviewed · rules: 2 broken links\n'), 'agents')).toEqual({ line: 'vault: 3 to review · 200 agent changes unreviewed · rules: 2 broken links' });
	});

	it('refuses an empty line, a second line, a failed run, control characters and the wrong state', () => {
		expect(problem(lineOf(printed('\n'), 'current'))).toMatch(/lacks/);
		expect(problem(lineOf(printed(''), 'current'))).toMatch(/exactly one line/);
		expect(problem(lineOf(printed('theirs\nvault: 3 to review · rules ok\n'), 'current'))).toMatch(/exactly one line/);
		expect(problem(lineOf(printed('vault: 3 to review · rules ok\n', 1), 'current'))).toMatch(/exit 1/);
		expect(problem(lineOf(printed('vault: 3 to review\u0007 · rules ok\n'), 'current'))).toMatch(/control characters/);
		expect(problem(lineOf(printed('vault: 3 to review · rules ok · brief stale\n'), 'current'))).toMatch(/brief stale/);
		expect(problem(lineOf(printed('vault: 3 to review · rules ok\n'), 'stale'))).toMatch(/brief stale/);
		expect(problem(lineOf(printed('vault: 3 to review · rules ok\n'), 'agents'))).toMatch(/agent change/);
	});
});

describe('the plugin cache the bench writes', () => {
	let root = '';
	afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

	// The keeper's identity is read from /proc (bench/lib/plugin-cache.ts), as the bench runs on Linux.
	it.runIf(process.platform === 'linux')('is kept by a live keeper in the current state and by an ended one in the stale state', () => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-cache-'));
		fs.mkdirSync(pluginDir(root), { recursive: true });
		const file = path.join(pluginDir(root), 'brief-cache.json');
		const read = (): BriefCache => JSON.parse(fs.readFileSync(file, 'utf8')) as BriefCache;
		fs.writeFileSync(file, JSON.stringify({ writer: 'bridge' }));
		makePluginCache(root);
		expect(servedByPlugin(read())).toBe(true);
		makePluginCache(root, 'gone');
		expect(read().writer).toBe('plugin');
		expect(read().plugin?.pending).toBe(false);
		expect(servedByPlugin(read())).toBe(false);
	});
});
