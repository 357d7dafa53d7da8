/** The live channel over real loopback sockets: answers the token holder, refuses everyone else. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TOKEN_HEADER } from '../../src/core/live-protocol';
import { askLive } from '../../src/node/live/client';
import { readDiscovery, writeDiscovery } from '../../src/node/live/discovery';
import { startLiveServer, type LiveServer } from '../../src/node/live/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-live-'));
const file = path.join(dir, 'live.json');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 }));

let server: LiveServer;
let calls = 0;
beforeEach(async () => {
	calls = 0;
	server = await startLiveServer(
		{
			brief: () => {
				calls++;
				return { secret: 'the brief' };
			},
			review: () => ({ review: true }),
			check: () => {
				throw new Error('check exploded');
			},
		},
		{ vaultRoot: path.dirname(file), discoveryFile: file, idleMs: 500 },
	);
});
afterEach(async () => {
	await server.close();
});

interface Outcome {
	status?: number;
	messages: string[];
	closeCode?: number;
}

/** Connects with the given headers, sends `send`, and collects what comes back until close or 1.5 s. */
function exchange(headers: Record<string, string>, send: Array<string | Buffer> = []): Promise<Outcome> {
	return new Promise((resolve) => {
		const out: Outcome = { messages: [] };
		const ws = new WebSocket(`ws://127.0.0.1:${server.port}`, { headers });
		const done = (): void => {
			clearTimeout(timer);
			ws.terminate();
			resolve(out);
		};
		const timer = setTimeout(done, 1500);
		ws.on('open', () => {
			for (const m of send) ws.send(m);
		});
		ws.on('message', (d: Buffer) => out.messages.push(d.toString()));
		ws.on('unexpected-response', (_q, res) => {
			out.status = res.statusCode;
			done();
		});
		ws.on('close', (code) => {
			out.closeCode = code;
			done();
		});
		ws.on('error', () => undefined);
	});
}

const good = (): Record<string, string> => ({ [TOKEN_HEADER]: server.token });

describe('live channel server', () => {
	it('writes a 0600 discovery file with port, pid, version and a long random token', () => {
		const d = readDiscovery(path.dirname(file), file);
		expect(d).toMatchObject({ version: 1, port: server.port, pid: process.pid });
		expect(d?.token).toMatch(/^[0-9a-f]{64}$/);
		if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
	});
	it('answers a client with the token', async () => {
		const answer = await askLive(path.dirname(file), file, 'brief', 1000);
		expect(answer).toEqual({ ok: true, result: { secret: 'the brief' } });
		const ping = await askLive(path.dirname(file), file, 'ping', 1000);
		expect(ping).toEqual({ ok: true, result: { pong: true, version: 1 } });
	});
	it('refuses a wrong or missing token without calling any handler', async () => {
		expect((await exchange({ [TOKEN_HEADER]: 'f'.repeat(64) }, ['{"id":1,"method":"brief"}'])).status).toBe(401);
		expect((await exchange({}, ['{"id":1,"method":"brief"}'])).status).toBe(401);
		expect(calls).toBe(0);
	});
	it('refuses any Origin header, even with the right token (browsers)', async () => {
		for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1']) {
			const r = await exchange({ ...good(), Origin: origin }, ['{"id":1,"method":"brief"}']);
			expect(r.status).toBe(403);
			expect(r.messages).toEqual([]);
		}
		expect(calls).toBe(0);
	});
	it('refuses a foreign Host header (DNS rebinding)', async () => {
		const r = await exchange({ ...good(), Host: `evil.example:${server.port}` }, ['{"id":1,"method":"brief"}']);
		expect(r.status).toBe(403);
		expect(calls).toBe(0);
	});
	it('closes on an oversized message without answering it', async () => {
		const r = await exchange(good(), [`{"id":1,"method":"brief","pad":"${'x'.repeat(10_000)}"}`]);
		expect(r.closeCode).toBe(1009);
		expect(r.messages).toEqual([]);
		expect(calls).toBe(0);
	});
	it('answers malformed JSON with an error and closes; the server keeps serving', async () => {
		const r = await exchange(good(), ['{nope']);
		expect(JSON.parse(r.messages[0] ?? '{}')).toEqual({ id: null, error: { code: 'bad-json', message: 'request is not JSON' } });
		expect(r.closeCode).toBe(1008);
		expect((await askLive(path.dirname(file), file, 'brief', 1000)).ok).toBe(true);
	});
	it('answers an unknown method with an error and runs nothing', async () => {
		const r = await exchange(good(), ['{"id":7,"method":"writeFile"}']);
		expect(JSON.parse(r.messages[0] ?? '{}')).toMatchObject({ id: 7, error: { code: 'unknown-method' } });
		expect(calls).toBe(0);
	});
	it('a failing handler gives an error answer, not a crash', async () => {
		expect(await askLive(path.dirname(file), file, 'check', 1000)).toEqual({ ok: false, reason: 'check exploded' });
		expect((await askLive(path.dirname(file), file, 'brief', 1000)).ok).toBe(true);
	});
	it('closes idle connections', async () => {
		const r = await exchange(good(), []);
		expect(r.closeCode).toBe(1000);
	});
	it('removes its discovery file on close, and a new start writes a new token', async () => {
		const first = server.token;
		await server.close();
		expect(fs.existsSync(file)).toBe(false);
		server = await startLiveServer({ brief: () => 1, review: () => 2, check: () => 3 }, { vaultRoot: path.dirname(file), discoveryFile: file });
		expect(readDiscovery(path.dirname(file), file)?.token).not.toBe(first);
	});
});

describe('live channel client falls through fast', () => {
	it('no discovery file, a dead pid, a closed port', async () => {
		const other = path.join(dir, 'other.json');
		expect(await askLive(path.dirname(other), other, 'brief', 300)).toEqual({ ok: false, reason: 'no live channel' });
		writeDiscovery(path.dirname(other), other, { version: 1, port: server.port, pid: 2 ** 22 + 4321, token: 'a'.repeat(64), startedAt: 0 });
		expect(await askLive(path.dirname(other), other, 'brief', 300)).toEqual({ ok: false, reason: 'live channel owner is not running' });
		const closed = await startLiveServer({ brief: () => 1, review: () => 1, check: () => 1 }, { vaultRoot: path.dirname(other), discoveryFile: other });
		const port = closed.port;
		await closed.close();
		writeDiscovery(path.dirname(other), other, { version: 1, port, pid: process.pid, token: 'a'.repeat(64), startedAt: 0 });
		// Refused at once, not given up at the budget: the reason is the refusal, not the time-out.
		const answer = await askLive(path.dirname(other), other, 'brief', 5000);
		expect(answer).toEqual({ ok: false, reason: expect.stringContaining('ECONNREFUSED') as unknown });
	});
});
