/**
 * Tier 1 with the cache's agent changes summary, end to end with the built bridge: the brief a
 * `session-start` prints from the summary is byte for byte the brief it prints from the whole
 * journal (the same cache without the summary), when nothing changed, when the journal grew after
 * the cache was written, and when the marks changed; and the summary is really what answers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { REVIEW_FILE } from '../../../src/core/trail/what-changed';
import { hookScript, makeVault, run } from '../../helpers/bridge';
import { cacheFile, keptCache as keptCacheOf, pluginDir } from '../../helpers/kept-cache';

const SLOW = 180_000;
const NOW = '2026-11-29T11:00:00.000Z';
const vaults: string[] = [];
afterAll(() => {
	for (const v of vaults) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

// The run's own state folder, and no session-net baseline: a detached baseline process would still
// be writing into the vault when it is removed (vitest.config.ts sets both for the test process itself).
const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '', SESSION_BRIEF_NOW: NOW, SESSION_BRIEF_BASELINE: 'off', SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR });

function rec(p: string, minutes: number, session = 'sess-1'): JournalRecord {
	return { path: p, tool: 'Edit', session, at: new Date(Date.parse(NOW) - minutes * 60_000).toISOString() };
}

function append(v: string, records: JournalRecord[]): void {
	fs.appendFileSync(path.join(pluginDir(v), JOURNAL_FILE), records.map((r) => encodeRecord(r) ?? '').join(''));
}

/** A scan writes the cache (with the summary); then it is made to look kept by a running plugin. */
const keptCache = (v: string): Record<string, unknown> => keptCacheOf(v, env());

let sessions = 0;
function brief(v: string, cache: Record<string, unknown>): string {
	fs.writeFileSync(cacheFile(v), JSON.stringify(cache));
	sessions++;
	const r = run(hookScript(v), ['session-start'], JSON.stringify({ session_id: `s${sessions}`, hook_event_name: 'SessionStart', source: 'resume' }), { env: env() });
	expect(r.status).toBe(0);
	const text = (JSON.parse(r.stdout.toString('utf8')) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
	expect(text).toContain('(cached brief,');
	return text;
}

/** The brief from the summary and from the whole journal (the same cache, summary removed). */
function both(v: string, cache: Record<string, unknown>): [string, string] {
	const { agentChanges: _dropped, ...without } = cache;
	return [brief(v, cache), brief(v, without)];
}

function vault(): string {
	const files: Record<string, string> = {};
	for (let i = 0; i < 9; i++) files[`Notes/n${i}.md`] = `note ${i}\n`;
	const v = makeVault(files);
	vaults.push(v);
	fs.mkdirSync(pluginDir(v), { recursive: true });
	fs.writeFileSync(path.join(pluginDir(v), 'data.json'), JSON.stringify({ maxNamesPerItem: 3 }));
	return v;
}

describe('tier 1: agentChanges from the summary is the brief the whole journal gives', () => {
	it('unchanged, grown, marks changed: the same text; a doctored summary shows that the summary answers', () => {
		const v = vault();
		append(v, [rec('Notes/n1.md', 50), rec('Notes/n2.md', 40, 'sess-2'), rec('Notes/n3.md', 30), rec('Notes/n4.md', 20), rec('Notes/gone.md', 10)]);
		const cache = keptCache(v);
		const summary = cache.agentChanges as { count: number; paths: string[] };
		expect(summary).toMatchObject({ count: 4, paths: ['Notes/n1.md', 'Notes/n2.md', 'Notes/n3.md'] });

		const [fromSummary, whole] = both(v, cache);
		expect(fromSummary).toContain('Changed by agents, not yet reviewed: 4 (Notes/n1.md, Notes/n2.md, Notes/n3.md, +1 more)');
		expect(fromSummary).toBe(whole);

		// The summary answers while the files are the ones it was made from: a doctored one is believed.
		expect(brief(v, { ...cache, agentChanges: { ...summary, count: 7 } })).toContain('Changed by agents, not yet reviewed: 7 (');

		// The journal grew after the cache was written: a note sorting before the last listed one, and one already listed.
		append(v, [rec('Notes/n0.md', 5), rec('Notes/n2.md', 4)]);
		const [grown, grownWhole] = both(v, cache);
		expect(grown).toContain('Changed by agents, not yet reviewed: 5 (Notes/n0.md, Notes/n1.md, Notes/n2.md, +2 more)');
		expect(grown).toBe(grownWhole);
		// A note the capped summary may or may not hold: the whole journal answers, the same text.
		append(v, [rec('Notes/n4.md', 3), rec('Notes/n8.md', 2)]);
		const [undecided, undecidedWhole] = both(v, cache);
		expect(undecided).toContain('Changed by agents, not yet reviewed: 6 (');
		expect(undecided).toBe(undecidedWhole);
		expect(brief(v, { ...cache, agentChanges: { ...summary, count: 7 } })).toBe(undecidedWhole);

		// The human marked a session reviewed since: the summary is not used.
		fs.writeFileSync(path.join(pluginDir(v), REVIEW_FILE), JSON.stringify({ sessions: { 'sess-1': NOW } }));
		const [marked, markedWhole] = both(v, cache);
		expect(marked).toContain('Changed by agents, not yet reviewed: 1 (Notes/n2.md)');
		expect(marked).toBe(markedWhole);
		expect(brief(v, { ...cache, agentChanges: { ...summary, count: 7 } })).toBe(markedWhole);
	}, SLOW);

	it('a cache of the previous format version is ignored as any other version is, and rewritten', () => {
		const v = vault();
		const cache = keptCache(v);
		fs.writeFileSync(cacheFile(v), JSON.stringify({ ...cache, version: 2 }));
		sessions++;
		const r = run(hookScript(v), ['session-start'], JSON.stringify({ session_id: `s${sessions}`, hook_event_name: 'SessionStart', source: 'resume' }), { env: env() });
		const text = (JSON.parse(r.stdout.toString('utf8')) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
		expect(text).toContain('version is not one of 3');
		expect((JSON.parse(fs.readFileSync(cacheFile(v), 'utf8')) as { version: number }).version).toBe(3);
	}, SLOW);
});
