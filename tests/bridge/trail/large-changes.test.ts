/**
 * Bounded at any size, through the built files in child processes: changes past the cap of
 * src/core/trail/line-counts.ts are named by their sizes (no count, no diff) in the session start,
 * `report`, `changes` and MCP, while a one-line edit of a 1 MB note is still counted and shown;
 * MCP `agent_changes` answers a journal of 10,000 sessions one bounded page at a time; `changes`
 * lists a note deleted and one renamed through the shell as `report` does.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { sizesText } from '../../../src/core/trail/line-counts';
import { BUNDLE, FIXED_NOW, makeVault, run } from '../../helpers/bridge';
import { mcpClients } from '../../helpers/mcp-client';
import { bigNote } from '../../../bench/lib/large-changes';

/** Each test runs the bridge several times over megabytes; a loaded machine needs the room (a hang still fails). */
const SLOW = 240_000;
const RUN_TIMEOUT = 90_000;

const made: string[] = [];
const connectMcp = mcpClients();
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH ?? '', SESSION_BRIEF_STATE_DIR: process.env.SESSION_BRIEF_STATE_DIR ?? '', SESSION_BRIEF_NOW: FIXED_NOW, SESSION_BRIEF_BASELINE: 'off', ...extra };
}

function bridge(v: string, args: string[], input: unknown = '', extra: Record<string, string> = {}): string {
	const r = run(BUNDLE, [...args, '--vault', v], typeof input === 'string' ? input : JSON.stringify(input), { env: env(extra), timeout: RUN_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
	expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
	return r.stdout.toString('utf8');
}

function hook(v: string, event: 'pre-tool-use' | 'post-tool-use', session: string, tool: string, toolInput: Record<string, unknown>): void {
	bridge(v, [event], { session_id: session, cwd: v, hook_event_name: event === 'pre-tool-use' ? 'PreToolUse' : 'PostToolUse', tool_name: tool, tool_input: toolInput, tool_response: { success: true } });
}

/** An agent's Edit of a note: the hook keeps the before-version, the note becomes `after`, the edit is journaled. */
function agentEdit(v: string, rel: string, after: string): void {
	const file = path.join(v, rel);
	hook(v, 'pre-tool-use', 'big', 'Edit', { file_path: file, old_string: 'a', new_string: 'b' });
	fs.writeFileSync(file, after);
	hook(v, 'post-tool-use', 'big', 'Edit', { file_path: file, old_string: 'a', new_string: 'b' });
}

const connect = (v: string): Promise<Client> => connectMcp(v, env() as Record<string, string>);

interface Result {
	isError?: boolean;
	content: Array<{ type: string; text: string }>;
	structuredContent?: Record<string, unknown>;
}

async function agentChanges(client: Client, args: Record<string, unknown> = {}): Promise<Result> {
	return (await client.callTool({ name: 'agent_changes', arguments: args }, undefined, { timeout: RUN_TIMEOUT })) as Result;
}

type Change = { path: string; lines: { added: number; removed: number } | null; large?: { before: number; after: number }; change?: string; from?: string };

describe('large changes', () => {
	it('a change past the cap is named by its sizes everywhere; a one-line edit of a 1 MB note is counted and shown', async () => {
		const v = makeVault({ 'Notes/small.md': 'small\n' });
		made.push(v);
		const sizes: Record<string, { before: number; after: number }> = {};
		for (const i of [0, 1]) {
			const lines = bigNote(i + 1);
			const rel = `Notes/big${i}.md`;
			fs.writeFileSync(path.join(v, rel), lines.join(''));
			// Every third line rewritten: far more than the cap of lines differ.
			const after = lines.map((l, j) => (j % 3 === 0 ? `rewritten ${j}\n` : l)).join('');
			agentEdit(v, rel, after);
			sizes[rel] = { before: Buffer.byteLength(lines.join('')), after: Buffer.byteLength(after) };
		}
		const one = bigNote(7);
		fs.writeFileSync(path.join(v, 'Notes/one.md'), one.join(''));
		agentEdit(v, 'Notes/one.md', one.map((l, j) => (j === 5000 ? 'the one changed line\n' : l)).join(''));

		const start = JSON.parse(bridge(v, ['session-start'], { session_id: 'next', source: 'startup' })) as { hookSpecificOutput: { additionalContext: string } };
		const brief = start.hookSpecificOutput.additionalContext;
		expect(brief).toContain('(lines added/removed: Notes/one.md +1 -1)');
		expect(brief).toContain(`(large change, more than 2000 lines differ: Notes/big0.md ${sizesText(sizes['Notes/big0.md'] as { before: number; after: number })}, Notes/big1.md ${sizesText(sizes['Notes/big1.md'] as { before: number; after: number })})`);

		const report = JSON.parse(bridge(v, ['report', '--json'])) as { items: { agentChanges: { lines?: unknown; large?: unknown } } };
		expect(report.items.agentChanges.lines).toEqual({ 'Notes/one.md': { added: 1, removed: 1 } });
		expect(report.items.agentChanges.large).toEqual(sizes);

		const listing = bridge(v, ['changes']);
		// Bounded: two sizes and one small diff, not megabytes of hunks.
		expect(listing.length).toBeLessThan(20_000);
		expect(listing).toContain(`Notes/big0.md ${sizesText(sizes['Notes/big0.md'] as { before: number; after: number })} (session big, Edit,`);
		expect(listing).toContain('  large change, more than 2000 lines differ: no diff');
		expect(listing).toContain('Notes/one.md +1 -1 (session big, Edit,');
		expect(listing).toContain('+the one changed line\n');
		const json = JSON.parse(bridge(v, ['changes', '--json'])) as { changes: Array<{ path: string; state: string; size?: unknown; diff: string | null; added: number | null }> };
		expect(json.changes.find((c) => c.path === 'Notes/big1.md')).toMatchObject({ state: 'large', size: sizes['Notes/big1.md'], diff: null, added: null });
		expect(json.changes.find((c) => c.path === 'Notes/one.md')).toMatchObject({ state: 'kept', added: 1 });

		const client = await connect(v);
		const r = await agentChanges(client);
		const changes = (r.structuredContent?.sessions as Array<{ changes: Change[] }>).flatMap((s) => s.changes);
		expect(changes.find((c) => c.path === 'Notes/big0.md')).toMatchObject({ lines: null, large: sizes['Notes/big0.md'] });
		expect(changes.find((c) => c.path === 'Notes/one.md')).toMatchObject({ lines: { added: 1, removed: 1 } });
		expect(r.content[0]?.text).toContain(`Notes/big1.md  (large change ${sizesText(sizes['Notes/big1.md'] as { before: number; after: number })}, Edit, 1 edit(s)`);
	}, SLOW);

	it('agent_changes answers a journal of 10,000 sessions a bounded page at a time, with a cursor to the rest', async () => {
		const names = Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? `Notes/${'long name '.repeat(20)}${i}.md` : `Notes/n${i}.md`));
		const v = makeVault(Object.fromEntries(names.map((n) => [n, `${n}\n`])));
		made.push(v);
		fs.mkdirSync(pluginDir(v), { recursive: true });
		const now = Date.parse('2026-11-29T10:00:00.000Z');
		const records = Array.from({ length: 10_000 }, (_, i) => `${JSON.stringify({ path: names[i % names.length], tool: 'Edit', session: `session-${i}`, at: new Date(now - 20 * 86_400_000 + i * 60_000).toISOString() })}\n`);
		fs.writeFileSync(path.join(pluginDir(v), 'agent-changes.jsonl'), records.join(''));
		const client = await connect(v);

		const first = await agentChanges(client);
		expect(first.isError).toBeFalsy();
		const s = first.structuredContent as { count: number; sessions: Array<{ session: string; changes: unknown[] }>; total: unknown; nextCursor?: string; remaining?: unknown };
		expect(s.count).toBe(200);
		expect(s.total).toEqual({ sessions: 10_000, changes: 10_000 });
		expect(s.sessions.length).toBe(50);
		expect(s.sessions[0]?.session).toBe('session-9999');
		expect(s.nextCursor).toBe('50');
		expect(s.remaining).toEqual({ changes: 9950, sessions: 9950 });
		expect(first.content[0]?.text).toContain('… and 9950 more change(s) in 9950 session(s): call agent_changes again with cursor "50"');
		expect(Buffer.byteLength(JSON.stringify(first))).toBeLessThan(100_000);

		const next = await agentChanges(client, { cursor: s.nextCursor });
		const n = next.structuredContent as { sessions: Array<{ session: string }>; nextCursor?: string };
		expect(n.sessions[0]?.session).toBe('session-9949');
		expect(n.nextCursor).toBe('100');

		// The largest page a call may ask for still ends before its text passes the byte bound.
		const most = await agentChanges(client, { limit: 200 });
		const m = most.structuredContent as { sessions: unknown[]; nextCursor?: string };
		expect(Buffer.byteLength(most.content[0]?.text ?? '')).toBeLessThan(40 * 1024);
		expect(m.sessions.length).toBeLessThan(200);
		expect(m.nextCursor).toBe(String(m.sessions.length));

		const last = await agentChanges(client, { cursor: '9990', limit: 20 });
		expect((last.structuredContent as { sessions: unknown[]; nextCursor?: string }).sessions.length).toBe(10);
		expect(last.structuredContent?.nextCursor).toBeUndefined();
		for (const cursor of ['x', '-1', '10001', '1e3']) expect((await agentChanges(client, { cursor })).isError, cursor).toBe(true);
	}, SLOW);

	it('changes lists a note deleted and one renamed through the shell as report does: old path, old → new', () => {
		const v = makeVault({ 'Notes/gone.md': 'one\ntwo\n', 'Notes/moved.md': 'moved as it is\n', 'Archive/.keep.md': '' });
		made.push(v);
		bridge(v, ['session-start'], { session_id: 'shell', source: 'startup' }, { SESSION_BRIEF_BASELINE: 'sync' });
		const command = 'rm Notes/gone.md && mv Notes/moved.md Archive/moved.md';
		hook(v, 'pre-tool-use', 'shell', 'Bash', { command });
		fs.rmSync(path.join(v, 'Notes/gone.md'));
		fs.renameSync(path.join(v, 'Notes/moved.md'), path.join(v, 'Archive/moved.md'));
		bridge(v, ['turn-end'], { session_id: 'shell' });

		const report = JSON.parse(bridge(v, ['report', '--json'])) as { items: { agentChanges: { deleted?: string[]; renamed?: Array<{ path: string; from: string }> } } };
		expect(report.items.agentChanges).toMatchObject({ deleted: ['Notes/gone.md'], renamed: [{ path: 'Archive/moved.md', from: 'Notes/moved.md' }] });

		const json = JSON.parse(bridge(v, ['changes', '--json'])) as { changes: Array<{ path: string; change?: string; from?: string; added: number | null; removed: number | null }> };
		expect(json.changes.filter((c) => c.change === 'deleted').map((c) => c.path)).toEqual(report.items.agentChanges.deleted);
		expect(json.changes.filter((c) => c.change === 'renamed').map((c) => ({ path: c.path, from: c.from }))).toEqual(report.items.agentChanges.renamed);
		// The rename kept every byte: diffed from the old path's before-version, nothing changed.
		expect(json.changes.find((c) => c.path === 'Archive/moved.md')).toMatchObject({ added: 0, removed: 0 });
		expect(json.changes.find((c) => c.path === 'Notes/gone.md')).toMatchObject({ added: 0, removed: 2 });

		const text = bridge(v, ['changes']);
		expect(text).toContain('Notes/moved.md → Archive/moved.md (renamed) +0 -0 (session shell, another tool,');
		expect(text).toContain('  the content is as it was\n');
		expect(text).not.toContain('(new note)');
		expect(text).toContain('Notes/gone.md (deleted) +0 -2 (session shell, another tool,');
		expect(text).toContain('--- a/Notes/gone.md\n+++ /dev/null\n');
	}, SLOW);
});
