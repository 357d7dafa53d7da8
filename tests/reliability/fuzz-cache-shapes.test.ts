/**
 * Broken caches: structurally valid JSON with the right header and wrong shapes inside. The readers
 * check every field against the format's schema (src/core/schemas/), so such a file is a cache miss:
 * the bridge scans, says why in the brief's source note and rewrites a valid cache. Seeded fuzzing
 * of the readers in-process, then the named cases as a child process where the agent would see them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedBriefCache, checkedBriefIndex, fromRow, type BriefCache, type BriefIndex } from '../../src/core/brief/cache-format';
import { briefJson, formatBrief, formatReview } from '../../src/core/brief/format';
import { asDiscovery } from '../../src/core/live-protocol';
import { resolveSettings } from '../../src/core/settings';
import { hookScript, makeVault, run, sessionStart } from '../helpers/bridge';
import { LONG, pick, prng } from '../helpers/random';

const made: string[] = [];
afterAll(() => {
	for (const dir of made) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Record<string, string>): string {
	const v = makeVault(files);
	made.push(v);
	return v;
}

const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');
const NOTES = { 'Inbox/a.md': '#needs-review first', 'Inbox/b.md': '', 'Notes/c.md': '---\ntags: [review]\n---\n', 'AI/Regelwerk/d.md': '#pending-review' };

/** A vault with a cache the bridge wrote itself, and the parsed files. */
function cachedVault(): { v: string; cache: BriefCache; index: BriefIndex } {
	const v = vault(NOTES);
	expect(sessionStart(v).status).toBe(0);
	const cache = JSON.parse(fs.readFileSync(path.join(pluginDir(v), 'brief-cache.json'), 'utf8')) as BriefCache;
	const index = JSON.parse(fs.readFileSync(path.join(pluginDir(v), 'brief-index.json'), 'utf8')) as BriefIndex;
	return { v, cache, index };
}

const WRONG: unknown[] = [null, 0, -1, 1.5, 1e308, true, false, '', 'x', '2026-11-29', [], [1], ['a', 2], {}, { path: 1 }, { count: 'many' }];

/** Every path to a value inside `v` (object keys and array indices). */
function paths(v: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
	const out: Array<Array<string | number>> = [at];
	if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
	else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
	return out;
}

function setAt(root: unknown, at: Array<string | number>, value: unknown): unknown {
	if (at.length === 0) return value;
	const copy = structuredClone(root) as Record<string | number, unknown>;
	let node = copy;
	for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
	node[at[at.length - 1] as string | number] = value;
	return copy;
}

/** Everything a reader does with an accepted cache: it must not throw. */
function useCache(cache: BriefCache, index: BriefIndex | null): void {
	const settings = resolveSettings({});
	const origin = { source: 'cache' as const, generatedAt: cache.writtenAt, vaultName: 'v' };
	formatBrief(cache.brief, settings, 'en', origin, 0);
	formatReview(cache.brief, settings, 'en');
	briefJson(cache.brief, '/v', origin, true);
	for (const row of index?.notes ?? []) fromRow(row);
}

describe('cache: wrong shapes with the right header are rejected, never used', () => {
	const { cache, index } = cachedVault();
	const cases = LONG ? 4000 : 800;

	it(`fuzz: ${cases} seeded one-field mutations of a real brief-cache.json`, () => {
		const all = paths(cache).filter((p) => p.length > 0);
		let rejected = 0;
		for (let seed = 0; seed < cases; seed++) {
			const rand = prng(seed);
			const mutated = setAt(cache, pick(rand, all), pick(rand, WRONG));
			const checked = checkedBriefCache(mutated);
			if (checked.ok) useCache(checked.value, null);
			else {
				rejected++;
				expect(checked.why, `case ${seed}`).toMatch(/ is not | has | does not /);
			}
		}
		// Most wrong values are wrong for the field they land in.
		expect(rejected).toBeGreaterThan(cases * 0.6);
	});

	it(`fuzz: ${cases} seeded one-field mutations of a real brief-index.json`, () => {
		const all = paths(index).filter((p) => p.length > 0);
		for (let seed = 0; seed < cases; seed++) {
			const rand = prng(seed + 100_000);
			const mutated = setAt(index, pick(rand, all), pick(rand, WRONG));
			const checked = checkedBriefIndex(mutated, index.id);
			if (checked.ok) for (const row of checked.value.notes) fromRow(row);
		}
	});

	it('the issue’s shapes: paths not a list, an item that is a string, an object as daily-note path', () => {
		for (const [at, value] of [
			[['brief', 'items', 'inbox', 'paths'], { 0: 'Inbox/a.md' }],
			[['brief', 'items', 'needsReview'], 'Inbox/a.md'],
			[['brief', 'items', 'dailyNote', 'path'], { evil: true }],
			[['brief', 'errors', 0], 'oops'],
			[['plugin'], { pid: 'self', pending: false }],
			[['stamp', 'hash'], 'not hex'],
			[['stamp'], { notes: -1, hash: '0000000000000000' }],
		] as Array<[Array<string | number>, unknown]>) {
			const withError = at[1] === 'errors' ? { ...cache, brief: { ...cache.brief, errors: [{ item: 'scan', message: 'x' }] } } : cache;
			expect(checkedBriefCache(setAt(withError, at, value)).ok, at.join('.')).toBe(false);
		}
	});

	it('live.json: wrong shapes are no live channel', () => {
		const good = { version: 1, port: 4000, pid: 10, token: 'a'.repeat(64), startedAt: 0 };
		expect(asDiscovery(good)).not.toBeNull();
		for (const [k, v] of [
			['port', '4000'],
			['port', 70000],
			['pid', -1],
			['token', 'short'],
			['token', `${'a'.repeat(63)}\n`],
			['startedAt', null],
		] as const) {
			expect(asDiscovery({ ...good, [k]: v }), `${k}=${JSON.stringify(v)}`).toBeNull();
		}
	});
});

describe('cache: a wrong-shaped cache is served as a scan and rewritten (child process)', () => {
	const MUTATIONS: Array<[string, (c: BriefCache) => unknown]> = [
		['inbox paths not a list', (c) => setAt(c, ['brief', 'items', 'inbox', 'paths'], { 0: 'x' })],
		['an item that is a string', (c) => setAt(c, ['brief', 'items', 'needsReview'], 'Inbox/a.md')],
		['an object as daily-note path', (c) => setAt(c, ['brief', 'items', 'dailyNote'], { path: { evil: true }, exists: true })],
	];

	for (const [name, mutate] of MUTATIONS) {
		it(name, () => {
			const { v, cache } = cachedVault();
			const file = path.join(pluginDir(v), 'brief-cache.json');
			fs.writeFileSync(file, JSON.stringify(mutate(cache)));
			const first = sessionStart(v);
			expect(first.status).toBe(0);
			const title = first.context.split('\n')[0] ?? '';
			expect(title).toMatch(/\(own scan of the vault, just made; cache ignored, it is damaged: brief-cache\.json: brief\.items\.\w+/);
			expect(first.context).not.toMatch(/is not a function|Cannot read/);
			expect(first.context).toContain('Inbox: 2 (Inbox/a.md, Inbox/b.md)');
			expect(first.context).toContain('needs-review: 1 (Inbox/a.md)');
			// Rewritten: the next run is served from a valid cache again.
			expect(checkedBriefCache(JSON.parse(fs.readFileSync(file, 'utf8'))).ok).toBe(true);
			expect(sessionStart(v).context.split('\n')[0]).toMatch(/\(cached brief, /);
		});
	}

	it('an index row of the wrong shape is a miss too (for every run that reads the index)', () => {
		const { v, index } = cachedVault();
		fs.writeFileSync(path.join(pluginDir(v), 'brief-index.json'), JSON.stringify({ ...index, notes: [...index.notes.slice(1), 'Inbox/a.md'] }));
		// The hook proves the brief file by its stamp and never reads the index.
		expect(sessionStart(v).context.split('\n')[0]).toMatch(/\(cached brief, /);
		const r = run(hookScript(v), ['report']).stdout.toString();
		expect(r.split('\n')[0]).toMatch(/own scan of the vault, just made; cache ignored, it is damaged: brief-index\.json: notes\[\d+\] is not a list/);
		expect(r).toContain('Inbox: 2 (Inbox/a.md, Inbox/b.md)');
	});

	it('report --review over a wrong-shaped index does not crash', () => {
		const { v, index } = cachedVault();
		fs.writeFileSync(path.join(pluginDir(v), 'brief-index.json'), JSON.stringify({ ...index, notes: index.notes.map((r) => [r[0], 'yesterday', r[2], r[3]]) }));
		const r = run(hookScript(v), ['report', '--review']);
		expect(r.status).toBe(0);
		expect(r.stdout.toString()).toContain('needs-review: 1');
		expect(r.stdout.toString()).toContain('cache rejected: brief-index.json: notes[0][1] is not a time');
	});
});
