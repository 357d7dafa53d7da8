/**
 * `session-brief mcp` against what a vault or a client can throw at it, with the built bridge as a
 * child process spoken to in raw JSON-RPC lines: a line too long to hold, `mark_reviewed` on a note
 * an agent changed, `mark_reviewed` while a folder is swapped for a link out of the vault, notes
 * that are links to files outside the vault.
 */
import { execFileSync, spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HANG_MS } from '../helpers/patience';
import { BUNDLE, FIXED_NOW, makeVault, run, type Files } from '../helpers/bridge';

const made: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
	for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
});
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Files): string {
	const v = makeVault(files);
	made.push(v);
	return v;
}

function tempDir(): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-outside-'));
	made.push(d);
	return d;
}

const env = (): Record<string, string> => ({ ...(process.env as Record<string, string>), SESSION_BRIEF_NOW: FIXED_NOW });

interface Reply {
	id?: number | string | null;
	result?: { isError?: boolean; content?: Array<{ text: string }>; structuredContent?: Record<string, unknown> };
	error?: { code: number; message: string };
}

/** A server spoken to line by line; `request` resolves with the reply of that id. */
class RawServer {
	readonly child: ChildProcessWithoutNullStreams;
	readonly replies: Reply[] = [];
	private waiting = new Map<number | string | null, (r: Reply) => void>();
	private rest = '';
	private next = 100;
	exited: Promise<number | null>;

	constructor(v: string, extra: Record<string, string> = {}) {
		this.child = spawn(process.execPath, [BUNDLE, 'mcp', '--vault', v], { env: { ...env(), ...extra }, stdio: ['pipe', 'pipe', 'pipe'] });
		children.push(this.child);
		this.child.stderr.resume();
		// A server that is gone fails the waiting request below, not the test run with EPIPE.
		this.child.stdin.on('error', () => undefined);
		this.exited = new Promise((resolve) => this.child.once('exit', resolve));
		this.child.once('exit', (code) => {
			for (const [id, w] of this.waiting) w({ id, error: { code: 0, message: `the server exited (code ${String(code)})` } });
			this.waiting.clear();
		});
		this.child.stdout.on('data', (d: Buffer) => {
			this.rest += d.toString('utf8');
			const lines = this.rest.split('\n');
			this.rest = lines.pop() ?? '';
			for (const l of lines) {
				const r = JSON.parse(l) as Reply;
				this.replies.push(r);
				const id = r.id ?? null;
				const w = this.waiting.get(id);
				if (w !== undefined) {
					this.waiting.delete(id);
					w(r);
				}
			}
		});
	}

	/** Resolves with the next reply of `id` (null: an error about an unreadable message). */
	replyOf(id: number | string | null, ms = 20_000): Promise<Reply> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no reply ${String(id)} within ${ms} ms (exit code ${String(this.child.exitCode)})`)), ms);
			this.waiting.set(id, (r) => {
				clearTimeout(timer);
				resolve(r);
			});
		});
	}

	write(text: string | Buffer): Promise<void> {
		return new Promise((resolve) => {
			if (this.child.stdin.write(text)) resolve();
			else this.child.stdin.once('drain', resolve);
		});
	}

	async request(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
		const id = this.next++;
		const reply = this.replyOf(id);
		await this.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
		return reply;
	}

	async init(): Promise<void> {
		await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
		await this.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
	}

	tool(name: string, args: Record<string, unknown> = {}): Promise<Reply> {
		return this.request('tools/call', { name, arguments: args });
	}
}

async function server(v: string, extra: Record<string, string> = {}): Promise<RawServer> {
	const s = new RawServer(v, extra);
	await s.init();
	return s;
}

describe('mcp: a line too long to hold', () => {
	it('answers an input line over 10 MB with a parse error and goes on serving', async () => {
		const s = await server(vault({ 'Notes/a.md': 'x #needs-review\n' }));
		expect((await s.request('ping')).result).toEqual({});
		const parseError = s.replyOf(null, 60_000);
		// 11 MB in pieces, as a pipe delivers it, then the end of the line.
		const piece = Buffer.alloc(1024 * 1024, 'a');
		await s.write('{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"');
		for (let i = 0; i < 11; i++) await s.write(piece);
		await s.write('"}}\n');
		const refused = await parseError;
		expect(refused.error?.code).toBe(-32700);
		expect(refused.error?.message).toMatch(/longer than 10485760 bytes/);
		expect(s.child.exitCode).toBeNull();
		expect((await s.request('ping')).result).toEqual({});
		const brief = await s.tool('brief');
		expect(brief.result?.isError).toBeFalsy();
		// A line that is no JSON, or no JSON-RPC, is answered too, and the next one served.
		const junk = s.replyOf(null);
		await s.write('not json\n');
		expect((await junk).error?.code).toBe(-32700);
		const invalid = s.replyOf(9);
		await s.write(`${JSON.stringify({ id: 9, method: 42 })}\n`);
		expect((await invalid).error?.code).toBe(-32600);
		expect((await s.request('ping')).result).toEqual({});
	}, HANG_MS);
});

describe('mcp: mark_reviewed never writes outside the vault', () => {
	it('while a folder is swapped for a link out of the vault and back, over 1,600 calls', async () => {
		const NOTES = 1600;
		const note = '---\ntags: [review]\n---\nLook at this.\n';
		const files: Files = {};
		for (let i = 0; i < NOTES; i++) files[`Notes/n${i}.md`] = note;
		const v = vault(files);
		const outside = tempDir();
		for (let i = 0; i < NOTES; i++) fs.writeFileSync(path.join(outside, `n${i}.md`), note);
		const s = await server(v);
		// Another process swaps the folder as fast as it can: the folder, then a link out, then the folder.
		const swap = `
			const fs = require('fs');
			const [dir, aside, out] = process.argv.slice(1);
			for (;;) {
				try { fs.renameSync(dir, aside); fs.symlinkSync(out, dir); fs.unlinkSync(dir); fs.renameSync(aside, dir); } catch {}
			}`;
		const swapper = spawn(process.execPath, ['-e', swap, path.join(v, 'Notes'), path.join(v, 'Notes.aside'), outside], { stdio: ['pipe', 'ignore', 'ignore'] });
		children.push(swapper);
		let marked = 0;
		try {
			for (let i = 0; i < NOTES; i++) {
				const r = await s.tool('mark_reviewed', { path: `Notes/n${i}.md` });
				if (r.result?.structuredContent?.changed === true) marked++;
			}
		} finally {
			swapper.kill('SIGKILL');
			await new Promise((resolve) => swapper.once('exit', resolve));
		}
		// Leave the vault as it was, whichever state the swapper stopped in.
		// A folder made where the swapper had just moved the real one away holds writes that lost their way.
		let strays: string[] = [];
		if (fs.existsSync(path.join(v, 'Notes.aside'))) {
			const left = path.join(v, 'Notes');
			if (fs.lstatSync(left, { throwIfNoEntry: false })?.isDirectory() === true) strays = fs.readdirSync(left);
			fs.rmSync(left, { recursive: true, force: true, maxRetries: 30 });
			fs.renameSync(path.join(v, 'Notes.aside'), left);
		}
		expect(strays).toEqual([]);
		const changedOutside = fs.readdirSync(outside).filter((n) => fs.readFileSync(path.join(outside, n), 'utf8') !== note);
		expect(changedOutside).toEqual([]);
		expect(fs.readdirSync(outside).sort()).toEqual(Object.keys(files).map((f) => path.basename(f)).sort());
		// The race must have been run: some calls got through to the folder inside.
		expect(marked).toBeGreaterThan(0);
		const inside = fs.readdirSync(path.join(v, 'Notes')).filter((n) => fs.readFileSync(path.join(v, 'Notes', n), 'utf8') !== note);
		expect(inside.length).toBe(marked);
	}, 240_000);
});

describe('mcp: the review trail is the human\'s', () => {
	const note = '---\ntags: [review]\n---\nPlease check.\n';

	function agentEdit(v: string, rel: string, session: string, tool: string): void {
		const input = { session_id: session, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: { file_path: path.join(v, rel), old_string: 'a', new_string: 'b' }, tool_response: { success: true } };
		expect(run(BUNDLE, ['post-tool-use', '--vault', v], JSON.stringify(input), { env: env() }).status).toBe(0);
	}

	const journal = (v: string): Array<{ path: string; tool: string; session: string | null }> =>
		fs
			.readFileSync(path.join(v, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), 'utf8')
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l) as { path: string; tool: string; session: string | null });

	it('refuses a #review note the agent has just edited, with what to do, and journals its own write', async () => {
		const v = vault({ 'Notes/edited.md': note, 'Notes/other.md': note });
		const s = await server(v, { CLAUDE_CODE_SESSION_ID: 'sess-42' });
		agentEdit(v, 'Notes/edited.md', 'sess-42', 'Edit');
		const refused = await s.tool('mark_reviewed', { path: 'Notes/edited.md' });
		expect(refused.result?.isError).toBe(true);
		const text = refused.result?.content?.[0]?.text ?? '';
		expect(text).toMatch(/^Session brief: Refused: Notes\/edited\.md has a change by an agent that the human has not reviewed yet \(an agent's "Edit" in session "sess-42", 2026-11-29 \d\d:\d\d UTC\)\./);
		expect(text).toContain('ask the human to review that change in Obsidian first');
		expect(text).toContain('"Changed by agents"');
		expect(fs.readFileSync(path.join(v, 'Notes/edited.md'), 'utf8')).toBe(note);

		// A note no agent changed is marked, and the mark is itself an agent change of this session.
		const marked = await s.tool('mark_reviewed', { path: 'Notes/other.md' });
		expect(marked.result?.structuredContent).toMatchObject({ changed: true });
		expect(journal(v)).toEqual([
			expect.objectContaining({ path: 'Notes/edited.md', tool: 'Edit', session: 'sess-42' }),
			expect.objectContaining({ path: 'Notes/other.md', tool: 'mark_reviewed', session: 'sess-42' }),
		]);
		const changes = await s.tool('agent_changes');
		expect(changes.result?.structuredContent?.count).toBe(2);
		// The human's review in Obsidian clears the way (the sidebar writes this mark).
		fs.writeFileSync(path.join(v, '.obsidian', 'plugins', 'session-brief', 'agent-review.json'), JSON.stringify({ all: '2026-12-31T00:00:00.000Z', sessions: {}, notes: {}, renames: [] }));
		expect((await s.tool('mark_reviewed', { path: 'Notes/edited.md' })).result?.structuredContent).toMatchObject({ changed: true });
	});

	it('refuses when the agent changes cannot be read or journaled, and leaves the note as it was', async () => {
		const v = vault({ 'Notes/a.md': note });
		// The journal's place is taken by a folder: nothing can be appended there.
		fs.mkdirSync(path.join(v, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), { recursive: true });
		const s = await server(v);
		const r = await s.tool('mark_reviewed', { path: 'Notes/a.md' });
		expect(r.result?.isError).toBe(true);
		expect(r.result?.content?.[0]?.text).toMatch(/record of agent changes could not be read|could not be recorded for the human to review/);
		expect(fs.readFileSync(path.join(v, 'Notes/a.md'), 'utf8')).toBe(note);
	});
});

describe.skipIf(process.platform === 'win32')('notes that are links out of the vault', () => {
	it('are never read into report --review, report --json or review_queue; links that stay inside count', async () => {
		const outside = tempDir();
		fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET-LINE-1 #review\nSECRET-LINE-2 #needs-review\n');
		const v = vault({ 'Other/real.md': 'inside line #review\n', 'Notes/plain.md': 'plain #needs-review\n' });
		fs.symlinkSync(path.join(outside, 'secret.md'), path.join(v, 'Notes', 'leak.md'));
		fs.symlinkSync(path.join(v, 'Other', 'real.md'), path.join(v, 'Notes', 'inside-link.md'));
		// A link that first points inside and is then turned outside, after a cache was written.
		fs.writeFileSync(path.join(v, 'Other', 'later.md'), 'harmless #review\n');
		fs.symlinkSync(path.join(v, 'Other', 'later.md'), path.join(v, 'Notes', 'turned.md'));
		expect(run(BUNDLE, ['report', '--vault', v]).status).toBe(0);
		fs.unlinkSync(path.join(v, 'Notes', 'turned.md'));
		fs.symlinkSync(path.join(outside, 'secret.md'), path.join(v, 'Notes', 'turned.md'));
		for (let i = 0; i < 2; i++) {
			// The first run after the change rescans; the second serves the bridge's cache.
			const text = run(BUNDLE, ['report', '--review', '--vault', v]).stdout.toString('utf8');
			expect(text).not.toContain('SECRET');
			expect(text).not.toContain('leak.md');
			expect(text).not.toContain('turned.md');
			expect(text).toContain('inside line');
			expect(text).toContain('Notes/inside-link.md');
			const json = run(BUNDLE, ['report', '--json', '--review', '--vault', v]).stdout.toString('utf8');
			expect(json).not.toContain('SECRET');
			expect(json).not.toContain('leak.md');
			expect(json).not.toContain('turned.md');
			const counts = JSON.parse(json) as { items: { reviewOpen: { count: number }; needsReview: { count: number } } };
			expect(counts.items.reviewOpen.count).toBe(3);
			expect(counts.items.needsReview.count).toBe(1);
		}
		const s = await server(v);
		const queue = await s.tool('review_queue');
		const answer = JSON.stringify(queue.result);
		expect(answer).not.toContain('SECRET');
		expect(answer).not.toContain('leak.md');
		expect(answer).toContain('inside line');
		const brief = JSON.stringify((await s.tool('brief')).result);
		expect(brief).not.toContain('leak.md');
	});
});

describe.skipIf(process.platform === 'win32')('rule files that are links out of the vault, or FIFOs', () => {
	it('are never read into check or rule_check, and a FIFO does not hang them', async () => {
		const outside = tempDir();
		fs.writeFileSync(path.join(outside, 'rules.md'), 'See [[SECRET-TARGET]] and [[Another SECRET]].\n');
		const v = vault({ '.claude/agents/helper.md': '---\nname: helper\ndescription: x\n---\nSee [[Missing inside]].\n' });
		fs.symlinkSync(path.join(outside, 'rules.md'), path.join(v, 'CLAUDE.md'));
		execFileSync('mkfifo', [path.join(v, '.claude', 'agents', 'fifo.md')]);
		const text = run(BUNDLE, ['check', '--vault', v]).stdout.toString('utf8');
		expect(text).not.toContain('SECRET');
		expect(text).toContain('Missing inside');
		const s = await server(v);
		const checked = JSON.stringify((await s.tool('rule_check')).result);
		expect(checked).not.toContain('SECRET');
		expect(checked).toContain('Missing inside');
	});
});
