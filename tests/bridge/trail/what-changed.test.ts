/**
 * What changed, end to end with the built bridge in child processes: an agent's edit through
 * `post-tool-use` as Claude Code sends it shows in `report --json` and the brief until the human
 * marks it reviewed; `session-start` records new conversations, and the next one is told what is
 * new since.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, parseJournal } from '../../../src/core/trail/agent-journal';
import { REVIEW_FILE, SESSION_STARTS_FILE } from '../../../src/core/trail/what-changed';
import { processIdentity } from '../../../src/node/live/process-identity';
import { STARTS_LOG } from '../../../src/core/trail/session-starts';
import { readConversationStarts } from '../../../src/node/journal/session-starts-log';
import { hookScript, makeVault, run } from '../../helpers/bridge';

/** Each test runs the bridge a dozen times as a child process; a loaded machine needs the room. */
const SLOW = 180_000;
const vaults: string[] = [];
afterAll(() => {
	for (const v of vaults) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Record<string, string> = {}): string {
	const v = makeVault({ 'Notes/x.md': 'x\n', 'Notes/y.md': 'y\n', 'Inbox/old.md': 'old\n', ...files });
	vaults.push(v);
	return v;
}

const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');

function env(now: string): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH ?? '', SESSION_BRIEF_NOW: now };
}

function postToolUse(v: string, input: unknown, now = '2026-11-29T10:00:00.000Z'): { status: number | null; stdout: string } {
	const r = run(hookScript(v), ['post-tool-use'], typeof input === 'string' ? input : JSON.stringify(input), { env: env(now) });
	return { status: r.status, stdout: r.stdout.toString('utf8') };
}

function write(v: string, rel: string, session: unknown = 'sess-1', tool: unknown = 'Write', now?: string): { status: number | null; stdout: string } {
	return postToolUse(v, { session_id: session, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: { file_path: path.join(v, rel), content: 'x' }, tool_response: { success: true } }, now);
}

interface Report {
	items: { agentChanges: { count: number; paths: string[] } | null; sinceLastSession: { since: string | null; count: number; paths: string[] } | null };
	errors: Array<{ item: string; message: string }>;
}

function report(v: string, now = '2026-11-29T11:00:00.000Z'): Report {
	const r = run(hookScript(v), ['report', '--json'], '', { env: env(now) });
	expect(r.status).toBe(0);
	return JSON.parse(r.stdout.toString('utf8')) as Report;
}

let sessions = 0;
/** A session start of its own session: two starts of one session within seconds give one brief. */
function sessionStart(v: string, source: string, now: string): string {
	sessions++;
	const r = run(hookScript(v), ['session-start'], JSON.stringify({ session_id: `s${sessions}`, hook_event_name: 'SessionStart', source }), { env: env(now) });
	expect(r.status).toBe(0);
	return (JSON.parse(r.stdout.toString('utf8')) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

function journal(v: string): ReturnType<typeof parseJournal> {
	const file = path.join(pluginDir(v), JOURNAL_FILE);
	return fs.existsSync(file) ? parseJournal(fs.readFileSync(file, 'utf8')) : [];
}

function setMtime(v: string, rel: string, iso: string): void {
	const t = new Date(iso);
	fs.utimesSync(path.join(v, rel), t, t);
}

describe('agent changes: post-tool-use records, report and brief show, review marks clear', () => {
	it("an agent's Write of Notes/x.md shows in report --json and the brief until it is marked reviewed", () => {
		const v = vault();
		const hook = write(v, 'Notes/x.md');
		// Recording never changes the hook's output: silent for a note outside the rule scope.
		expect(hook).toEqual({ status: 0, stdout: '' });
		expect(journal(v)).toEqual([{ path: 'Notes/x.md', tool: 'Write', session: 'sess-1', at: '2026-11-29T10:00:00.000Z' }]);
		expect(report(v).items.agentChanges).toEqual({ count: 1, paths: ['Notes/x.md'] });
		expect(sessionStart(v, 'resume', '2026-11-29T11:00:00.000Z')).toContain('Changed by agents, not yet reviewed: 1 (Notes/x.md)');
		// The human marks it reviewed (the sidebar writes this file).
		fs.writeFileSync(path.join(pluginDir(v), REVIEW_FILE), JSON.stringify({ notes: { 'Notes/x.md': '2026-11-29T10:30:00.000Z' } }));
		expect(report(v).items.agentChanges).toEqual({ count: 0, paths: [] });
		expect(sessionStart(v, 'resume', '2026-11-29T11:00:00.000Z')).toContain('Changed by agents, not yet reviewed: 0');
		// A later edit shows it again.
		write(v, 'Notes/x.md', 'sess-2', 'Edit', '2026-11-29T10:45:00.000Z');
		expect(report(v).items.agentChanges).toEqual({ count: 1, paths: ['Notes/x.md'] });
	}, SLOW);

	it('marks per session and for all; a deleted note drops out; German label', () => {
		const v = vault();
		write(v, 'Notes/x.md', 'a', 'Write', '2026-11-29T09:00:00.000Z');
		write(v, 'Notes/y.md', 'b', 'Edit', '2026-11-29T09:10:00.000Z');
		expect(report(v).items.agentChanges?.paths).toEqual(['Notes/x.md', 'Notes/y.md']);
		fs.writeFileSync(path.join(pluginDir(v), REVIEW_FILE), JSON.stringify({ sessions: { a: '2026-11-29T09:00:00.000Z' } }));
		expect(report(v).items.agentChanges?.paths).toEqual(['Notes/y.md']);
		fs.writeFileSync(path.join(pluginDir(v), REVIEW_FILE), JSON.stringify({ all: '2026-11-29T09:30:00.000Z' }));
		expect(report(v).items.agentChanges?.count).toBe(0);
		fs.rmSync(path.join(pluginDir(v), REVIEW_FILE));
		fs.rmSync(path.join(v, 'Notes/x.md'));
		expect(report(v).items.agentChanges?.paths).toEqual(['Notes/y.md']);
		const de = run(hookScript(v), ['session-start', '--lang', 'de'], '{"source":"resume"}', { env: env('2026-11-29T11:00:00.000Z') });
		expect(de.stdout.toString('utf8')).toContain('Von Agenten ge\\u00e4ndert, noch nicht gepr\\u00fcft: 1 (Notes/y.md)');
	}, SLOW);

	it('attack classes: what is no edit of a counted note of this vault is not recorded, and the output stays the same', () => {
		const v = vault({ 'Notes/pic.png': 'x', '.hidden/n.md': 'x' });
		const outside = vault();
		fs.symlinkSync(path.join(outside, 'Notes'), path.join(v, 'Linked'));
		const inputs: unknown[] = [
			'',
			'not json',
			'[]',
			{ tool_input: null },
			{ tool_input: { file_path: 42 } },
			{ session_id: 'a', tool_input: { file_path: path.join(outside, 'Notes/x.md') } },
			{ session_id: 'a', tool_input: { file_path: `${v}/../${path.basename(outside)}/Notes/x.md` } },
			{ session_id: 'a', tool_input: { file_path: `${v}-old/Notes/x.md` } },
			{ session_id: 'a', tool_input: { file_path: path.join(v, 'Notes/pic.png') } },
			{ session_id: 'a', tool_input: { file_path: path.join(v, '.hidden/n.md') } },
			{ session_id: 'a', tool_input: { file_path: path.join(v, '.obsidian/plugins/session-brief/data.md') } },
		];
		for (const input of inputs) expect(postToolUse(v, input)).toEqual({ status: 0, stdout: '' });
		expect(journal(v)).toEqual([]);
		// Missing or mistyped session and tool: recorded with null; a huge tool_input costs nothing.
		expect(postToolUse(v, { tool_input: { file_path: path.join(v, 'Notes/x.md'), content: 'z'.repeat(3_000_000) } })).toEqual({ status: 0, stdout: '' });
		expect(postToolUse(v, { session_id: 7, tool_name: ['Edit'], tool_input: { file_path: 'Notes/./y.md' } })).toEqual({ status: 0, stdout: '' });
		// `..` that stays inside the vault, and a symlink (not resolved, as for the rule scope): the path as written.
		expect(postToolUse(v, { session_id: 's', tool_name: 'Edit', tool_input: { file_path: path.join(v, 'Notes/../Inbox/old.md') } })).toEqual({ status: 0, stdout: '' });
		expect(postToolUse(v, { session_id: 's', tool_name: 'Edit', tool_input: { file_path: path.join(v, 'Linked/x.md') } })).toEqual({ status: 0, stdout: '' });
		expect(journal(v).map((r) => [r.path, r.session, r.tool])).toEqual([
			['Notes/x.md', null, null],
			['Notes/y.md', null, null],
			['Inbox/old.md', 's', 'Edit'],
			['Linked/x.md', 's', 'Edit'],
		]);
	}, SLOW);

	it('a journal that cannot be written changes neither the output nor the exit code of a rule finding', () => {
		// In the default rules folder: neither vault has a data.json.
		const broken = { 'Rules/r.md': '---\ntype: rule\n---\nSee [[missing-note]].\n' };
		const a = vault(broken);
		const b = vault(broken);
		// In `b` the plugin folder is a file: every journal write fails.
		fs.rmSync(pluginDir(b), { recursive: true, force: true, maxRetries: 30 });
		fs.mkdirSync(path.dirname(pluginDir(b)), { recursive: true });
		fs.writeFileSync(pluginDir(b), 'not a folder');
		const outA = write(a, 'Rules/r.md');
		const outB = write(b, 'Rules/r.md');
		expect(outA.status).toBe(0);
		expect(outA.stdout).toContain('missing-note');
		expect(outB).toEqual({ status: 0, stdout: outA.stdout.split(a).join(b) });
		expect(journal(a).map((r) => r.path)).toEqual(['Rules/r.md']);
	}, SLOW);
});

describe('sinceLastSession: news since the previous new conversation', () => {
	it('first session ever says so; a note flagged after a startup shows at the next startup and not after; resume repeats', () => {
		const v = vault({ 'Notes/flag.md': 'plain\n' });
		setMtime(v, 'Notes/flag.md', '2026-11-29T07:00:00.000Z');
		setMtime(v, 'Inbox/old.md', '2026-11-29T07:00:00.000Z');
		const first = sessionStart(v, 'startup', '2026-11-29T08:00:00.000Z');
		expect(first).toContain('New since the last session: 0 (this is the first recorded session)');
		expect(report(v, '2026-11-29T08:30:00.000Z').items.sinceLastSession).toEqual({ since: null, count: 0, paths: [] });

		fs.writeFileSync(path.join(v, 'Notes/flag.md'), 'now #needs-review\n');
		setMtime(v, 'Notes/flag.md', '2026-11-29T09:00:00.000Z');
		const second = sessionStart(v, 'startup', '2026-11-29T10:00:00.000Z');
		expect(second).toMatch(/New since the last session \(2026-11-29 \d\d:00\): 1 \(Notes\/flag\.md\)/);
		const since = report(v, '2026-11-29T10:05:00.000Z').items.sinceLastSession;
		expect(since).toEqual({ since: '2026-11-29T08:00:00.000Z', count: 1, paths: ['Notes/flag.md'] });
		// `resume` and `compact` continue the conversation: the same news again.
		expect(sessionStart(v, 'resume', '2026-11-29T10:10:00.000Z')).toContain(': 1 (Notes/flag.md)');
		expect(sessionStart(v, 'compact', '2026-11-29T10:20:00.000Z')).toContain(': 1 (Notes/flag.md)');

		const third = sessionStart(v, 'clear', '2026-11-29T11:00:00.000Z');
		expect(third).toMatch(/New since the last session \(2026-11-29 \d\d:00\): 0/);
		expect(readConversationStarts(v, pluginDir(v))).toEqual({ previous: '2026-11-29T10:00:00.000Z', current: '2026-11-29T11:00:00.000Z' });
		// One line per firing, nothing rewritten: the old file of conversation starts is not written any more.
		expect(fs.readFileSync(path.join(pluginDir(v), STARTS_LOG), 'utf8').split('\n').filter(Boolean)).toHaveLength(5);
		expect(fs.existsSync(path.join(pluginDir(v), SESSION_STARTS_FILE))).toBe(false);
	}, SLOW);

	it('tier 1 answers from the cache alone (no index) when its writer stored the recent news', () => {
		const v = vault({ 'Notes/flag.md': 'x #needs-review\n', 'Notes/old.md': 'x #needs-review\n' });
		setMtime(v, 'Notes/flag.md', '2026-11-29T09:00:00.000Z');
		setMtime(v, 'Notes/old.md', '2026-11-29T07:00:00.000Z');
		setMtime(v, 'Inbox/old.md', '2026-11-29T07:00:00.000Z');
		fs.mkdirSync(pluginDir(v), { recursive: true });
		// The conversation start as an earlier version recorded it (still read; the scan below folds it into the log).
		fs.writeFileSync(path.join(pluginDir(v), SESSION_STARTS_FILE), JSON.stringify({ previous: null, current: '2026-11-29T08:00:00.000Z' }));
		// A scan writes the cache with the news after 08:00; then the cache is made to look plugin-written and the index is removed.
		report(v, '2026-11-29T09:30:00.000Z');
		const file = path.join(pluginDir(v), 'brief-cache.json');
		const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { news?: unknown };
		expect(cache.news).toEqual([{ since: '2026-11-29T08:00:00.000Z', count: 1, paths: ['Notes/flag.md'] }]);
		const started = processIdentity(process.pid) ?? undefined;
		expect(started, 'tier 1 needs the writer start time (Linux, macOS)').toBeDefined();
		fs.writeFileSync(file, JSON.stringify({ ...cache, writer: 'plugin', plugin: { pid: process.pid, pending: false, started } }));
		fs.rmSync(path.join(pluginDir(v), 'brief-index.json'));
		const text = sessionStart(v, 'startup', '2026-11-29T10:00:00.000Z');
		expect(text).toContain('(cached brief,');
		expect(text).toMatch(/New since the last session \(2026-11-29 \d\d:00\): 1 \(Notes\/flag\.md\)/);
		expect(text).not.toContain('Session brief: sinceLastSession');
	}, SLOW);
});
