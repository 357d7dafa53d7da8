/**
 * `session-brief mcp` against what a vault or a client can throw at it, with the built bridge as a
 * child process spoken to in raw JSON-RPC lines: a line too long to hold, `mark_reviewed` on a note
 * an agent changed, `mark_reviewed` while a folder is swapped for a link out of the vault, notes
 * that are links to files outside the vault.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BUNDLE, FIXED_NOW, makeVault, run, type Files } from '../helpers/bridge';

const made: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
	for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
});
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true });
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

	constructor(v: string) {
		this.child = spawn(process.execPath, [BUNDLE, 'mcp', '--vault', v], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
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

async function server(v: string): Promise<RawServer> {
	const s = new RawServer(v);
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
	}, 90_000);
});
